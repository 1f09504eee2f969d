import XCTest
@testable import ForceCore

/// The fuzz run's crashers and their kin: every value out of range is refused at the line that
/// holds it, and whatever reaches the core anyway is clamped, never trapped on.
final class InputLimitsTests: XCTestCase {
    let header = #"{"format":"forcecanvas-session","version":1,"width":640,"height":400}"#

    func expectError(_ lines: [String], line: Int, containing text: String, file: StaticString = #filePath, lineNo: UInt = #line) {
        do {
            _ = try SessionCoding.parse(lines.joined(separator: "\n"), file: "s.jsonl")
            XCTFail("expected an error", file: file, line: lineNo)
        } catch {
            XCTAssertEqual(error.line, line, error.description, file: file, line: lineNo)
            XCTAssertTrue(error.message.contains(text), error.message, file: file, line: lineNo)
        }
    }

    func testCoordinatesOutsideTheDocumentedRangeAreRefusedAtTheirLine() {
        expectError([header, #"{"t":0,"type":"down","x":1e19,"y":10}"#], line: 2, containing: "\"x\" 1e+19 is out of range (±1000000 points)")
        expectError([header, #"{"t":0,"type":"down","x":1,"y":1}"#, #"{"t":0.1,"type":"move","x":1,"y":-1000000.5}"#],
                    line: 3, containing: "\"y\"")
        XCTAssertNoThrow(try SessionCoding.parse([header, #"{"t":0,"type":"down","x":-1e6,"y":1e6}"#].joined(separator: "\n"), file: "s"))
    }

    func testTimesPastTheReplayClockAreRefused() {
        expectError([header, #"{"t":1.5e17,"type":"down","x":10,"y":10}"#], line: 2, containing: "past the replay clock's reach")
        XCTAssertNoThrow(try SessionCoding.parse([header, #"{"t":1e12,"type":"wheel","dy":1}"#].joined(separator: "\n"), file: "s"))
    }

    func testScalesAndSurfacesThatCannotExistAreRefusedAtTheirLine() {
        expectError([header, #"{"t":0.1,"type":"resize","width":200,"height":150,"scale":1e300}"#], line: 2, containing: "\"scale\" 1e+300 is out of range (0.1…8)")
        expectError([header, #"{"t":0.1,"type":"resize","width":16000,"height":16000,"scale":8}"#], line: 2,
                    containing: "needs more than 16384 pixels a side")
        expectError([#"{"format":"forcecanvas-session","version":1,"width":9000,"height":10,"scale":2}"#], line: 1,
                    containing: "needs more than 16384 pixels a side")
        expectError([header, #"{"t":0.1,"type":"resize","width":0,"height":150}"#], line: 2, containing: "out of range (1…16384 points a side)")
    }

    func testOverlongNamesAreRefused() {
        let name = String(repeating: "n", count: InputLimits.maximumNameBytes + 1)
        expectError([header, #"{"t":0,"type":"device","name":"\#(name)","kind":"pen","force":true}"#], line: 2, containing: "bytes long")
        expectError([header, #"{"t":0,"type":"shortcut","item":"\#(name)"}"#], line: 2, containing: "bytes long")
    }

    func testViewportClampsByConstruction() {
        let huge = Viewport(width: 1 << 40, height: -5, scale: 1e300)
        XCTAssertEqual(huge.width, Viewport.maximumSide)
        XCTAssertEqual(huge.height, 1)
        XCTAssertEqual(huge.scale, 8)
        XCTAssertEqual(huge.pixelWidth, Viewport.maximumPixelSide)
        XCTAssertEqual(huge.pixelHeight, 8)
        XCTAssertEqual(Viewport(width: 100, height: 100, scale: .nan).scale, 1)
        XCTAssertEqual(Viewport(width: 100, height: 100, scale: 1e-300).pixelWidth, 10)
        XCTAssertTrue(Viewport.fits(width: 8192, height: 100, scale: 2))
        XCTAssertFalse(Viewport.fits(width: 8193, height: 100, scale: 2))
    }

    func testClampingConversionNeverTraps() {
        let range = 0...100
        XCTAssertEqual(Int(clamping: .nan, to: range), 0)
        XCTAssertEqual(Int(clamping: .infinity, to: range), 100)
        XCTAssertEqual(Int(clamping: -.infinity, to: range), 0)
        XCTAssertEqual(Int(clamping: 1e300, to: range), 100)
        XCTAssertEqual(Int(clamping: 42.9, to: range), 42)
        XCTAssertEqual(Int(clamping: 1e19, to: Int.min...Int.max), Int.max)
        XCTAssertEqual(Int(clamping: -1e19, to: Int.min...Int.max), Int.min)
    }

    func testTheCoreClampsWhatNoReaderChecked() {
        var state = AppState(viewport: Viewport(width: 640, height: 400))
        state.handle(.pointer(PointerInput(phase: .down, location: Point(x: 1e19, y: 10))), at: 1e300)
        state.handle(.pointer(PointerInput(phase: .move, location: Point(x: -1e300, y: 1e300))), at: 1e300)
        state.advance(to: .infinity)
        state.handle(.pointer(PointerInput(phase: .up, location: Point(x: 1e19, y: 10))), at: 1e300)
        XCTAssertEqual(state.time, InputLimits.maximumTime)
        let points = state.ink.strokes.flatMap(\.points).map(\.preciseLocation)
        XCTAssertFalse(points.isEmpty)
        for p in points { XCTAssertLessThanOrEqual(max(abs(p.x), abs(p.y)), InputLimits.maximumCoordinate) }
        _ = state.display
        XCTAssertTrue(state.nextWake(after: state.time) >= state.time)
    }

    /// Found by the fuzz run: a stroke from one corner of the ±1e6 pt range to the other was
    /// resampled every 4 pt (700,000 samples), and undoing it in the window took seconds.
    func testASegmentAcrossTheWholeRangeHasBoundedSamples() {
        var builder = OutlineBuilder(options: .default, simulatesPressure: false)
        let far = InputLimits.maximumCoordinate
        builder.add(Point(x: -far, y: far), force: 0.5, time: 0)
        builder.add(Point(x: far, y: -far), force: 0.5, time: 0.1)
        let samples = builder.finish().reduce(0) { $0 + $1.samples.count }
        XCTAssertLessThanOrEqual(samples, OutlineBuilder.maximumSamplesPerSegment * 2)
        // A window-sized segment keeps its 4 pt spacing.
        var near = OutlineBuilder(options: .default, simulatesPressure: false)
        near.add(Point(x: 0, y: 0), force: 0.5, time: 0)
        near.add(Point(x: 4000, y: 0), force: 0.5, time: 0.1)
        XCTAssertGreaterThanOrEqual(near.finish().reduce(0) { $0 + $1.samples.count }, 1000)
    }

    func testTitlesAreCutBeforeAnythingLaysThemOut() {
        let long = String(repeating: "Ü", count: 10_000_000)
        let item = ShortcutItem(type: "t", title: long, subtitle: long)
        XCTAssertEqual(item.title.count, InputLimits.maximumTitleLength)
        XCTAssertTrue(item.title.hasSuffix("…"))
        XCTAssertEqual(item.subtitle?.count, InputLimits.maximumTitleLength)
        var changed = item
        changed.title = long
        XCTAssertEqual(changed.title.count, InputLimits.maximumTitleLength)
        XCTAssertEqual(ShortcutItem(type: "t", title: "New Canvas").title, "New Canvas")
        // Short in characters but long in bytes stays whole.
        let wide = String(repeating: "漢", count: 100)
        XCTAssertEqual(ShortcutItem(type: "t", title: wide).title, wide)
    }

    func testALongTitleInAnInfoPlistIsCut() throws {
        let title = String(repeating: "x", count: 1_000_000)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array><dict>
            <key>UIApplicationShortcutItemType</key><string>t</string>
            <key>UIApplicationShortcutItemTitle</key><string>\(title)</string>
            </dict></array></dict></plist>
            """
        let loaded = ShortcutCatalog.staticItems(fromInfoPlist: Data(plist.utf8))
        XCTAssertEqual(loaded.items.first?.title.count, InputLimits.maximumTitleLength)
    }
}
