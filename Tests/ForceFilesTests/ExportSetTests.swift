import ForceCore
@testable import ForceFiles
import Foundation
import Synchronization
import TestSupport
import XCTest

/// Ctrl+S's export set: four files or none, never a name taken twice, the same ink in each.
final class ExportSetTests: XCTestCase {
    /// A canvas with one finished stroke and one still being drawn (both clear of the screen
    /// edges' 24 pt margins: a press there is the system's swipe, and its stroke is removed).
    func inkWithALiveStroke() -> (InkLayer, Viewport, Options) {
        var state = AppState(viewport: Viewport(width: 200, height: 120))
        var t = 0.0
        for (y, lift) in [(40.0, true), (80.0, false)] {
            state.handle(.pointer(PointerInput(phase: .down, location: Point(x: 40, y: y))), at: t)
            for x in stride(from: 50.0, through: 170, by: 10) {
                t += 0.01
                state.handle(.pointer(PointerInput(phase: .move, location: Point(x: x, y: y))), at: t)
            }
            if lift { state.handle(.pointer(PointerInput(phase: .up, location: Point(x: 170, y: y))), at: t) }
        }
        state.advance(to: t)
        return (state.display.ink, state.viewport, state.options)
    }

    func files(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    func testTwoExportsInOneSecondGetTwoNamesAndHoldTheLiveStroke() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (ink, viewport, options) = inkWithALiveStroke()
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        // Each file is heard of as it starts, in the set's order: what the window's status says.
        var started: [Int] = []
        let first = try ExportSet.write(ink, viewport: viewport, options: options, directory: dir, date: date) { started.append($0) }
        XCTAssertEqual(started, Array(ExportSet.extensions.indices))
        let second = try ExportSet.write(ink, viewport: viewport, options: options, directory: dir, date: date)
        XCTAssertEqual(second, first + "-2")
        let stamp = ExportSet.timestamp(date)
        XCTAssertEqual(files(in: dir), ["png", "svg", "pdf", "jsonl", "xopp"].flatMap { ["forcecanvas-\(stamp).\($0)", "forcecanvas-\(stamp)-2.\($0)"] }.sorted(),
                       "two whole sets, no temporaries left")
        let session = try SessionCoding.parse(try String(contentsOfFile: first + ".jsonl", encoding: .utf8), file: "x")
        let downs = session.events.filter { if case .pointer(let p) = $0.event { return p.phase == .down } else { return false } }
        XCTAssertEqual(downs.count, 2, "the .jsonl redraws the live stroke too")
        XCTAssertEqual(FileManager.default.contents(atPath: first + ".png"), FileManager.default.contents(atPath: second + ".png"))
    }

    /// Two sets written at the same moment (two Ctrl+S on two threads) must not share a
    /// temporary file: one removed the other's, which then "did not exist".
    func testTwoSetsWrittenAtOnceAreBothWhole() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (ink, viewport, options) = inkWithALiveStroke()
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let results = Mutex<[Result<String, ExportSet.Failure>]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let r = Result { () throws(ExportSet.Failure) in
                try ExportSet.write(ink, viewport: viewport, options: options, directory: dir, date: date)
            }
            results.withLock { $0.append(r) }
        }
        let names = try results.withLock { try $0.map { try $0.get() } }
        XCTAssertEqual(Set(names).count, 4)
        XCTAssertEqual(files(in: dir).count, 4 * ExportSet.extensions.count, "four whole sets, no temporaries")
    }

    func testAFullDiskExportsNothing() throws {
        let disk = try SmallDisk()
        let (ink, viewport, options) = inkWithALiveStroke()
        disk.fill(leaving: 4096)
        XCTAssertThrowsError(try ExportSet.write(ink, viewport: viewport, options: options, directory: disk.path + "/exports")) { error in
            XCTAssertEqual("\(error)", "the disk is full: nothing was exported")
        }
        XCTAssertEqual(files(in: disk.path + "/exports"), [], "no partial set, no temporary file")
    }

    func testAFolderThatCannotBeMadeIsSaidInPlainWords() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/file", contents: Data())
        let (ink, viewport, options) = inkWithALiveStroke()
        XCTAssertThrowsError(try ExportSet.write(ink, viewport: viewport, options: options, directory: dir + "/file/exports")) { error in
            XCTAssertEqual("\(error)", "a part of the path is not a folder: nothing was exported")
        }
    }
}
