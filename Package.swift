// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ForceCanvas",
    products: [
        .executable(name: "forcecanvas", targets: ["forcecanvas"]),
        .library(name: "ForceCore", targets: ["ForceCore"]),
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

        // The pure core: no SDL, no Cairo, no clock, no files.
        .target(name: "ForceCore"),
        // Display values -> Cairo surfaces, caches, text, exporters.
        .target(name: "CairoRender", dependencies: ["ForceCore", "CCairo", "CPangoCairo"]),
        // The window: event translation (SDL and XInput 2 tablets), frame pacing, presenting.
        .target(name: "SDLHost", dependencies: ["ForceCore", "CairoRender", "CSDL2", "CXInput2"]),
        .executableTarget(
            name: "forcecanvas",
            dependencies: [
                "ForceCore", "CairoRender", "SDLHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "ForceCoreTests", dependencies: ["ForceCore"]),
        .testTarget(
            name: "CairoRenderTests",
            dependencies: [
                "ForceCore", "CairoRender", "CCairo",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        // End to end: the built `forcecanvas` binary and the real window under Xvfb.
        // Fake XI2 events pushed through SDL's event watch, and the translator's rules.
        .testTarget(name: "SDLHostTests", dependencies: ["ForceCore", "CairoRender", "CCairo", "SDLHost", "CSDL2", "CXInput2"]),
    ],
    swiftLanguageModes: [.v6]
)
