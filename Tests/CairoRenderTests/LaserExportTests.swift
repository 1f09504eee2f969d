import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// The laser is never in the document: exporting after a laser stroke (while its line still
/// shows) gives the very bytes of the export before it, in every format.
final class LaserExportTests: XCTestCase {
    func testTheLaserIsInNoExport() throws {
        var d = Driver(width: 640, height: 400)
        d.penStroke(y: 100, step: 10, every: 0.01)
        d.at(0.5)
        d.frame()
        let before = d.state
        d.command(.toggleLaser)
        d.penStroke(y: 200, step: 10, every: 0.01)
        d.frame()
        XCTAssertNotNil(d.state.display.laser, "the laser's line is on screen")
        let dir = NSTemporaryDirectory() + "forcecanvas-laser-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for format in Exporter.Format.allCases where format != .pdf {
            try Exporter.export(before.display.ink, viewport: before.viewport, format: format, to: "\(dir)/before.\(format.rawValue)")
            try Exporter.export(d.state.display.ink, viewport: d.state.viewport, format: format, to: "\(dir)/after.\(format.rawValue)")
            let a = try XCTUnwrap(FileManager.default.contents(atPath: "\(dir)/before.\(format.rawValue)"))
            let b = try XCTUnwrap(FileManager.default.contents(atPath: "\(dir)/after.\(format.rawValue)"))
            if format == .svg {
                // Cairo numbers its SVG surfaces per process: the paths are what is drawn.
                func paths(_ d: Data) -> [Substring] { String(decoding: d, as: UTF8.self).split(separator: " d=\"").dropFirst().map { $0.prefix { $0 != "\"" } } }
                XCTAssertEqual(paths(a).count, paths(b).count, "svg: as many paths")
                XCTAssertEqual(paths(a), paths(b), "svg: the same drawing")
            } else {
                XCTAssertEqual(a, b, "\(format.rawValue): the same drawing")
            }
        }
    }
}
