import TestSupport
import Foundation
import XCTest

/// Every input that once crashed ForceCanvas (the fuzz run's and the hand tests'), checked in
/// under `Fuzz/Crashers/`, goes through the real binary again: each must end with status 0 or
/// 1 and a message, never a signal.
final class CrasherCorpusTests: XCTestCase {
    static let corpus = Binary.repository.appendingPathComponent("Fuzz/Crashers")

    func files(_ kind: String) throws -> [String] {
        let dir = Self.corpus.appendingPathComponent(kind).path
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertFalse(names.isEmpty, "no \(kind) crashers in \(dir)")
        return names.map { "\(dir)/\($0)" }
    }

    func expectCleanEnd(_ r: Binary.Result, _ file: String, line: UInt = #line) {
        XCTAssertFalse(r.signaled, "\(file): killed by signal \(r.status)\n\(r.stderr)", line: line)
        XCTAssertTrue([0, 1].contains(r.status), "\(file): status \(r.status)\n\(r.stderr)", line: line)
        if r.status == 1 { XCTAssertFalse(r.stderr.isEmpty, "\(file): status 1 says why", line: line) }
    }

    func testSessionCrashersRenderOrAreRefusedWithTheirLine() throws {
        let out = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        for file in try files("session") {
            let r = try Binary.forcecanvas(["render", file, "--out", out])
            expectCleanEnd(r, file)
            if r.status == 1 { XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: \(file):"), "\(file): the error names FILE:LINE\n\(r.stderr)") }
        }
    }

    /// The same files replayed in the window (the path Open Recent takes): the window's
    /// incremental renderer converts pixel rects that a headless render never does.
    func testSessionCrashersReplayInTheWindow() throws {
        try Binary.requireDisplay()
        for file in try files("session") {
            let r = try Binary.forcecanvas(["run", "--replay", file, "--exit-after-frames", "45", "--size", "320x200"])
            expectCleanEnd(r, file)
        }
    }

    /// What `import` reads (captures, Xournal++ documents) that once trapped it or made a
    /// session it could not open: each is refused with its reason, or imported into a session
    /// that renders.
    func testImportCrashersAreRefusedOrImportIntoSessionsThatOpen() throws {
        let out = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        for file in try files("import") {
            let session = "\(out)/\((file as NSString).lastPathComponent).jsonl"
            let r = try Binary.forcecanvas(["import", file, "--out", session])
            expectCleanEnd(r, file)
            guard r.status == 0 else { continue }
            let rendered = try Binary.forcecanvas(["render", session, "--out", out])
            XCTAssertEqual(rendered.status, 0, "\(file): its session does not open\n\(rendered.stderr)")
        }
    }

    func testConfigCrashersAreRefusedAtTheirLine() throws {
        var env = Binary.isolatedEnvironment()
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let expected = [
            "crlf.conf": "forcecanvas: no display",  // read fine: then there is no window to open
            "embedded-nul.conf": "embedded-nul.conf:2: holds a NUL byte",
            "hex.conf": "hex.conf:1: invalid pressure-step \"0x10\"",
            "invalid-utf8-line-1.conf": "invalid-utf8-line-1.conf:1: not UTF-8 text",
            "nan-inf.conf": "nan-inf.conf:1: invalid peek-threshold \"nan\"",
        ]
        for file in try files("config") {
            let r = try Binary.forcecanvas(["run", "--config", file], environment: env)
            expectCleanEnd(r, file)
            XCTAssertEqual(r.status, 1, file)
            if let text = expected[(file as NSString).lastPathComponent] {
                XCTAssertTrue(r.stderr.contains(text), "\(file): expected \(text)\n\(r.stderr)")
            }
        }
    }

    func testInfoPlistCrashersAreReportedAndHomeStillRenders() throws {
        let out = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let session = Binary.repository.appendingPathComponent("Assets/Sessions/scene-home.jsonl").path
        for file in try files("plist") {
            let r = try Binary.forcecanvas(["render", session, "--out", out, "--at", "0.6", "--info-plist", file])
            expectCleanEnd(r, file)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
    }

    /// A 10 MB quick-action title: cut before layout, so the menu opens at once.
    func testATenMegabyteTitleOpensTheMenu() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let title = String(repeating: "Lorem ipsum ", count: 900_000)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>
            <dict><key>UIApplicationShortcutItemType</key><string>com.forcecanvas.new-canvas</string>
            <key>UIApplicationShortcutItemTitle</key><string>\(title)</string>
            <key>UIApplicationShortcutItemSubtitle</key><string>\(title)</string></dict>
            </array></dict></plist>
            """
        try plist.write(toFile: "\(dir)/Info.plist", atomically: true, encoding: .utf8)
        let session = Binary.repository.appendingPathComponent("Assets/Sessions/scene-home.jsonl").path
        let r = try Binary.forcecanvas(["render", session, "--out", dir, "--at", "0.3", "0.6", "1", "--info-plist", "\(dir)/Info.plist"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 3)
    }

    /// Error messages on a stderr that cannot be written (`2>/dev/full`) are dropped, not fatal.
    func testAnUnwritableStderrNeverTraps() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Binary.path)
        p.arguments = ["render", "/nonexistent/s.jsonl", "--out", NSTemporaryDirectory()]
        p.standardError = FileHandle(forWritingAtPath: "/dev/full")
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .exit)
        XCTAssertEqual(p.terminationStatus, 1, "the error, unwritten; before: a trap (132)")
    }
}
