import TestSupport
import Foundation
import XCTest

/// The renderer draws with the files Assets/Fonts/fonts.txt names and nothing else: the
/// machine's fontconfig (FONTCONFIG_FILE) changes no checkpoint, and a missing file stops the
/// program with its name instead of drawing in another font.
final class PinnedFontTests: XCTestCase {
    static let bundled: [String] = {
        let fm = FileManager.default
        return ["Assets/Sessions", "Assets/Lessons"].flatMap { folder in
            ((try? fm.contentsOfDirectory(atPath: Binary.repository.path + "/" + folder)) ?? [])
                .filter { $0.hasSuffix(".jsonl") }.sorted().map { Binary.repository.path + "/\(folder)/\($0)" }
        }
    }()

    /// A fontconfig configuration offering one other family only (DejaVu Serif), as a machine
    /// whose font packages differ would.
    func otherFamilyOnly() throws -> String {
        let dir = try Binary.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/fonts/DejaVuSerif.ttf",
                                                   withDestinationPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        let config = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><dir>\(dir)/fonts</dir><cachedir>\(dir)/cache</cachedir></fontconfig>
            """
        try config.write(toFile: dir + "/fonts.conf", atomically: true, encoding: .utf8)
        let matched = try Binary.run("/usr/bin/env", ["fc-match", "DejaVu Sans"],
                                     environment: ProcessInfo.processInfo.environment.merging(["FONTCONFIG_FILE": dir + "/fonts.conf"]) { $1 })
        XCTAssertTrue(matched.stdout.hasPrefix("DejaVuSerif.ttf"), "the machine offers only DejaVu Serif: \(matched.stdout)")
        return dir + "/fonts.conf"
    }

    func testAnotherMachinesFontsChangeNoCheckpoint() throws {
        var environment = Binary.isolatedEnvironment()
        environment["FONTCONFIG_FILE"] = try otherFamilyOnly()
        let r = try Binary.forcecanvas(["check"] + Self.bundled + ["--goldens", Binary.repository.path + "/Tests/Goldens"],
                                       environment: environment)
        XCTAssertEqual(r.status, 0, String(r.stdout.suffix(2000)) + r.stderr)
        XCTAssertTrue(r.stdout.contains(": 86 passed"), String(r.stdout.suffix(300)))
        XCTAssertFalse(r.stdout.contains("FONTS DIFFER"), "the pinned fonts are the goldens' fonts")
    }

    /// A data folder whose fonts list names copies of the pinned files, one of them removed.
    func testARemovedPinnedFontStopsTheProgramNamingIt() throws {
        let data = try Binary.temporaryDirectory()
        let fm = FileManager.default
        try fm.createDirectory(atPath: data + "/fonts", withIntermediateDirectories: true)
        let list = try String(contentsOfFile: Binary.repository.path + "/Assets/Fonts/fonts.txt", encoding: .utf8)
        var lines: [String] = []
        for line in list.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let path = words.first, let package = words.last else { continue }
            let name = (String(path) as NSString).lastPathComponent
            try fm.copyItem(atPath: String(path), toPath: data + "/fonts/" + name)
            lines.append("\(name) \(package)")
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: data + "/fonts/fonts.txt", atomically: true, encoding: .utf8)
        var environment = Binary.isolatedEnvironment()
        environment["FORCECANVAS_DATA"] = data
        let session = Binary.repository.path + "/Assets/Sessions/scene-home.jsonl"
        let whole = try Binary.forcecanvas(["render", session, "--out", data + "/out"], environment: environment)
        XCTAssertEqual(whole.status, 0, "the copies draw: \(whole.stderr)")

        try fm.removeItem(atPath: data + "/fonts/DejaVuSans-Bold.ttf")
        for arguments in [["render", session, "--out", data + "/out2"],
                          ["check", session, "--goldens", Binary.repository.path + "/Tests/Goldens"]] {
            let r = try Binary.forcecanvas(arguments, environment: environment)
            XCTAssertEqual(r.status, 1, arguments[0])
            XCTAssertTrue(r.stderr.contains("the pinned font \(data)/fonts/DejaVuSans-Bold.ttf is missing (named in \(data)/fonts/fonts.txt); "
                                            + "install the Debian package fonts-dejavu-core"), r.stderr)
        }
        XCTAssertFalse(fm.fileExists(atPath: data + "/out2"), "nothing drawn")
    }
}
