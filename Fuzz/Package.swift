// swift-tools-version:6.0
// libFuzzer targets for ForceCanvas. Built apart from the main package, with the fuzzer's
// instrumentation (`./run.sh fuzz` builds them with -sanitize=fuzzer,address), so the normal
// build is untouched.
import PackageDescription

let package = Package(
    name: "ForceCanvasFuzz",
    dependencies: [.package(name: "ForceCanvas", path: "..")],
    targets: [
        // libFuzzer's driver, declared for Swift.
        .target(name: "CLibFuzzer"),
        // Session lines → parser (whole and streamed) → replay → a few rendered frames.
        .executableTarget(name: "FuzzSession", dependencies: [
            "CLibFuzzer",
            .product(name: "ForceCore", package: "ForceCanvas"),
            .product(name: "CairoRender", package: "ForceCanvas"),
        ]),
        // What `import` reads (a tablet's libinput record or evemu capture, a Xournal++
        // document) → session → written and read back.
        .executableTarget(name: "FuzzCapture", dependencies: [
            "CLibFuzzer", .product(name: "ForceCore", package: "ForceCanvas"), .product(name: "ForceFiles", package: "ForceCanvas"),
        ]),
        // The config file, an Info.plist and the dynamic quick actions' JSON, from the same bytes.
        .executableTarget(name: "FuzzSettings", dependencies: [
            "CLibFuzzer", .product(name: "ForceCore", package: "ForceCanvas"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
