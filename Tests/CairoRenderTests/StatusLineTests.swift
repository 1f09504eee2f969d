@testable import CairoRender
import ForceCore
import XCTest

/// A status or warning line too long for its panel loses its middle: what happened (its start)
/// and the file or the reason (its end) both stay on screen. It lost its end before: "recording
/// to /home/…/.local/state/forcecanvas/recordings/m…" never named the recording.
final class StatusLineTests: XCTestCase {
    private func frame(status: String? = nil, warning: String? = nil) throws -> [UInt8] {
        let state = AppState(viewport: Viewport(width: 640, height: 400))
        let renderer = try FrameRenderer(viewport: state.viewport)
        _ = try renderer.render(state.display, status: status, warning: warning)
        return RGBAImage(surface: renderer.frame).pixels
    }

    func testALongLineKeepsItsStartAndItsEnd() throws {
        // Starts longer than half the line, and ends longer than half the line.
        let start = "Drawing from 270.50 s of a session with a rather long name · recording to "
        let end = "/home/someone/.local/state/forcecanvas/recordings/"
        for line in [{ (text: String) in try self.frame(status: text) }, { (text: String) in try self.frame(warning: text) }] {
            let one = try line(start + String(repeating: "deep/", count: 40) + end + "one.jsonl")
            // (Compared as Bools: a failing XCTAssertEqual of two frames prints a megabyte.)
            XCTAssertFalse(one == (try line(start + String(repeating: "deep/", count: 40) + end + "two.jsonl")), "the file's name shows")
            XCTAssertTrue(one == (try line(start + String(repeating: "dark/", count: 40) + end + "one.jsonl")), "the middle is cut")
            XCTAssertFalse(one == (try line("Opening " + start.dropFirst(7) + String(repeating: "deep/", count: 40) + end + "one.jsonl")),
                           "the start shows")
        }
    }
}
