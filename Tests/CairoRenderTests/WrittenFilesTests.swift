import CCairo
@testable import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// The files Cairo writes (every PNG, SVG and PDF ForceCanvas makes: frames, goldens, diffs,
/// diagrams, icons, exports) go through `AtomicFile`: their folder is made if missing, as
/// `render --out` and the session files' writer make theirs, and a failure is said in the
/// system's words, with nothing half-written left behind.
final class WrittenFilesTests: XCTestCase {
    private func surface() throws -> ImageSurface {
        let s = try ImageSurface(viewport: Viewport(width: 40, height: 30, scale: 1))
        let cr = try XCTUnwrap(s.makeContext())
        cairo_set_source_rgb(cr, 0.2, 0.4, 0.8)
        cairo_paint(cr)
        cairo_destroy(cr)
        return s
    }

    private func drawSomething(_ cr: OpaquePointer) {
        cairo_rectangle(cr, 5, 5, 20, 10)
        cairo_fill(cr)
    }

    func testEachFileCairoWritesMakesItsMissingFolder() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = dir + "/a/b/frame.png", svg = dir + "/c/diagram.svg", pdf = dir + "/d/e/f/page.pdf"
        try surface().writePNG(to: png)
        try Exporter.writeVector(.svg, width: 40, height: 30, to: svg, draw: drawSomething)
        try Exporter.writeVector(.pdf, width: 40, height: 30, to: pdf, draw: drawSomething)

        let read = try ImageSurface.readPNG(png)
        XCTAssertEqual([read.pixelWidth, read.pixelHeight], [40, 30])
        let svgText = try String(contentsOfFile: svg, encoding: .utf8)
        XCTAssertTrue(svgText.contains("<svg") && svgText.contains("</svg>"), svgText)
        let pdfBytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
        XCTAssertEqual(Array(pdfBytes.prefix(5)), Array("%PDF-".utf8))
        XCTAssertTrue(String(decoding: pdfBytes.suffix(8), as: UTF8.self).contains("%%EOF"))
        // Only the files: no temporary one left beside any of them.
        for (folder, name) in [(dir + "/a/b", "frame.png"), (dir + "/c", "diagram.svg"), (dir + "/d/e/f", "page.pdf")] {
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [name])
        }
    }

    func testAFolderThatCannotBeMadeIsSaidAndNothingIsWritten() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/notes", contents: Data("x".utf8)))
        let png = dir + "/notes/frames/frame.png"
        XCTAssertThrowsError(try surface().writePNG(to: png)) { error in
            XCTAssertEqual(error as? RenderError, .write(png, "its folder cannot be made: \(dir)/notes/frames: a part of the path is not a folder"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["notes"])
    }

    func testAFullOrReadOnlyDiskIsSaidInPlainWordsAndLeavesNoPartialFile() throws {
        let disk = try SmallDisk()
        disk.fill()
        let png = disk.path + "/frame.png", pdf = disk.path + "/page.pdf"
        XCTAssertThrowsError(try surface().writePNG(to: png)) { error in
            XCTAssertEqual(error as? RenderError, .write(png, "the disk is full"))
        }
        XCTAssertThrowsError(try Exporter.writeVector(.pdf, width: 40, height: 30, to: pdf, draw: drawSomething)) { error in
            XCTAssertEqual(error as? RenderError, .write(pdf, "the disk is full"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), ["filler"])

        disk.free()
        try disk.makeReadOnly()
        let svg = disk.path + "/diagram.svg"
        XCTAssertThrowsError(try Exporter.writeVector(.svg, width: 40, height: 30, to: svg, draw: drawSomething)) { error in
            XCTAssertEqual(error as? RenderError, .write(svg, "the disk is read-only"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), [])
    }
}
