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

        // The pure core: no SDL, no Cairo, no clock, no files.
        .target(name: "ForceCore"),
        // Display values -> Cairo surfaces, caches, text, exporters.
        .target(name: "CairoRender", dependencies: ["ForceCore", "CCairo", "CPangoCairo"]),
        // The window: event translation, frame pacing, presenting.
        .target(name: "SDLHost", dependencies: ["ForceCore", "CairoRender", "CSDL2"]),
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
        .testTarget(name: "SDLHostTests", dependencies: ["ForceCore", "CairoRender", "CCairo"]),
    ],
    swiftLanguageModes: [.v6]
)
