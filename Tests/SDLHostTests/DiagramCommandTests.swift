import Foundation
import TestSupport
import XCTest

/// `forcecanvas diagram MACHINE`: each machine's diagram as a file for slides.
final class DiagramCommandTests: XCTestCase {
    func testEveryMachineWritesPNGSVGAndPDF() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for machine in ["ink", "preview", "confirm", "quick-actions", "edge-gesture", "home-indicator"] {
            let r = try Binary.forcecanvas(["diagram", machine, "--png", "\(dir)/\(machine).png", "--svg", "\(dir)/\(machine).svg",
                                            "--pdf", "\(dir)/\(machine).pdf"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdout, "\(dir)/\(machine).png\n\(dir)/\(machine).svg\n\(dir)/\(machine).pdf\n")
            let png = try XCTUnwrap(PNGPixels(path: "\(dir)/\(machine).png"))
            XCTAssertGreaterThanOrEqual(png.width, 2 * 448, "\(machine): at least the dock's width, at scale 2")
            XCTAssertTrue(try String(contentsOfFile: "\(dir)/\(machine).svg", encoding: .utf8).hasPrefix("<?xml"))
            XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/\(machine).pdf")?.prefix(4), Data("%PDF".utf8))
        }
        let unknown = try Binary.forcecanvas(["diagram", "toaster", "--png", "\(dir)/t.png"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("the machines are ink, preview, confirm"), unknown.stderr)
        XCTAssertEqual(try Binary.forcecanvas(["diagram", "confirm", "--png", "\(dir)/confirm.png"]).status, 64, "never replaced unasked")
        XCTAssertEqual(try Binary.forcecanvas(["diagram", "confirm"]).status, 64, "an output is needed")
    }
}
