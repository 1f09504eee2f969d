// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ForceCanvas",
    products: [
        .executable(name: "forcecanvas", targets: ["forcecanvas"]),
        // The performance figures (`./run.sh bench`): a program of its own, beside the commands users run.
        .executable(name: "forcecanvas-bench", targets: ["forcecanvas-bench"]),
        .library(name: "ForceCore", targets: ["ForceCore"]),
        // For the fuzz targets in Fuzz/ (a package of its own, built with -sanitize=fuzzer).
        .library(name: "CairoRender", targets: ["CairoRender"]),
        .library(name: "ForceFiles", targets: ["ForceFiles"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        // System libraries: a module map and a shim header each, nothing else.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        // XInput 2: tablet pressure and tilt read beside SDL (SPEC 7); links X11 and Xi.
        .systemLibrary(name: "CXInput2", pkgConfig: "xi", providers: [.apt(["libxi-dev", "libx11-dev"])]),
        // OpenGL 3.3 core headers (GL/glcorearb.h) for the GL presenter; functions are loaded through
        // SDL_GL_GetProcAddress, nothing is linked.
        .systemLibrary(name: "CGL", providers: [.apt(["libgl-dev"])]),
        // zlib: Xournal++ documents are gzipped XML.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CIntl"),
        // Graphviz's dot layout (libgvc): the state diagrams are laid out by it, drawn by Cairo.
        .systemLibrary(name: "CGraphviz", pkgConfig: "libgvc", providers: [.apt(["libgraphviz-dev"])]),
        // Poppler (GLib): the PDF under an annotated Xournal++ document's pages, drawn by Cairo.
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),

        // The pure core: no SDL, no Cairo, no clock, no files.
        .target(name: "ForceCore"),
        // What the program reads of its surroundings, in one place each: the environment (typed
        // keys), the user's XDG folders, and the resource locator for ForceCanvas's own files.
        .target(name: "ForcePlatform", dependencies: ["CIntl"]),
        // Display values -> Cairo surfaces, caches, text (in the pinned fonts), exporters.
        .target(name: "CairoRender", dependencies: ["ForceCore", "ForcePlatform", "CCairo", "CPangoCairo", "CGraphviz", "CPoppler", "CTurboJPEG"]),
        // The files ForceCanvas keeps: session files read and written line by line, the autosave
        // journal, export sets; every write error in plain words, stderr that never traps.
        .target(name: "ForceFiles", dependencies: ["ForceCore", "ForcePlatform", "CairoRender", "CZlib"]),
        // The window: event translation (SDL and XInput 2 tablets), frame pacing, presenting.
        .target(name: "SDLHost", dependencies: ["ForceCore", "ForcePlatform", "CairoRender", "ForceFiles", "CSDL2", "CXInput2", "CGL"]),
        // The commands users run (run, render, check, devices, lessons), a library so the bench can
        // run them in process; `--version` from the BuildStamp plugin.
        .target(
            name: "ForceCommands",
            dependencies: [
                "ForceCore", "ForcePlatform", "CairoRender", "ForceFiles", "SDLHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildStamp"]
        ),
        .executableTarget(name: "forcecanvas", dependencies: ["ForceCommands"]),
        // `forcecanvas-bench`: frame cost, renderers, sessions, check, the player, presenting.
        .executableTarget(
            name: "forcecanvas-bench",
            dependencies: [
                "ForceCommands", "ForceCore", "ForcePlatform", "CairoRender", "ForceFiles", "SDLHost", "CCairo", "CFreehandPort",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The bench's peers in C: a plain port of perfect-freehand (section 3 measures the
        // outline generation against it in the same run) and an allocation counter.
        .target(name: "CFreehandPort", linkerSettings: [.linkedLibrary("m")]),
        // The version (VERSION) and the commit (git describe) a build is made from, for --version.
        .plugin(name: "BuildStamp", capability: .buildTool()),

        // What more than one test target needs (as swift-argument-parser's
        // ArgumentParserTestHelpers): the driver of a state, the repository's fixtures, the
        // built binary, a fifth scene, a tiny disk to fill, prerequisites that fail.
        .target(name: "TestSupport", dependencies: ["ForceCore"], path: "Tests/TestSupport"),
        .testTarget(name: "ForceCoreTests", dependencies: ["ForceCore", "TestSupport"]),
        // The environment's keys, the XDG folders and the resource locator's search.
        .testTarget(name: "ForcePlatformTests", dependencies: ["ForcePlatform", "TestSupport"]),
        // Line files, the writer thread, the journal and export sets on real (and full) disks.
        .testTarget(name: "ForceFilesTests", dependencies: ["ForceCore", "ForceFiles", "ForcePlatform", "CairoRender", "TestSupport"]),
        .testTarget(
            name: "CairoRenderTests",
            dependencies: [
                "ForceCore", "ForcePlatform", "CairoRender", "CCairo", "TestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        // End to end: the built `forcecanvas` binary and the real window under Xvfb.
        // Fake XI2 events pushed through SDL's event watch, and the translator's rules.
        .testTarget(name: "SDLHostTests", dependencies: ["ForceCore", "CairoRender", "CCairo", "SDLHost", "CSDL2", "CXInput2", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
