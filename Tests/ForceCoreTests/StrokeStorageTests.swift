@testable import ForceCore
import XCTest

/// A stroke's points keep no room they will not use: a live stroke's first block grows as an
/// array does, and every way a stroke is finished (the pointer up, a snapshot read back, a
/// stroke made whole) gives the spare room back. A 100,000-point restore from the ink snapshot
/// held 8 KiB a 60-point stroke (a whole 512-point block each) before.
final class StrokeStorageTests: XCTestCase {
    private func drawn(_ count: Int) -> (live: Stroke?, finished: Stroke?) {
        var canvas = InkCanvas()
        canvas.begin(at: Point(x: 10, y: 10), force: 0.5, time: 0, source: .pen, hasForce: true)
        for i in 1..<count {
            canvas.move(to: Point(x: 10 + Double(i), y: 10 + Double(i % 7)), force: 0.5, time: Double(i) / 240)
        }
        let live = canvas.live
        canvas.end(at: nil, force: nil, time: Double(count) / 240)
        return (live, canvas.strokes.last)
    }

    func testALiveStrokeHoldsRoomForAboutItsPointsNotAWholeBlock() throws {
        let short = try XCTUnwrap(drawn(60).live)
        XCTAssertEqual(short.realCount, 60)
        XCTAssertLessThanOrEqual(short.points.capacity, 128, "a 60-point stroke holds room for 512")
        // Past the first block the blocks are taken whole: appending never moves them. Each
        // block may hold up to `mallocSlack` points more than asked; the first block does not
        // double past a block (CI once found 520 + 512 + 512 slots: 65 → 130 → 260 → 520).
        let long = try XCTUnwrap(drawn(1_300).live)
        XCTAssertLessThanOrEqual(long.points.capacity, 3 * (BlockList<PackedInkPoint>.blockSize + mallocSlack), "three blocks for 1,300 points")
    }

    /// How many 16-byte points an array may hold beyond what it asked for. Swift takes an
    /// array's capacity from malloc's usable size. glibc rounds a request (plus its 8-byte
    /// header) up to 16 bytes, which with the array's 32-byte header leaves half a point; and it
    /// may hand back a free chunk up to 31 bytes bigger rather than split it, which is up to two
    /// points in all. CI once found 1,302 slots for 1,300 points and 515 for 513, after other
    /// tests had left the heap so.
    private let mallocSlack = 2

    /// At most `mallocSlack` points over, whatever the heap holds before.
    func testEveryWayAStrokeIsFinishedGivesTheRoomBack() throws {
        for count in [1, 60, 512, 513, 1_300] {
            let finished = try XCTUnwrap(drawn(count).finished)
            XCTAssertLessThanOrEqual(finished.points.capacity, count + mallocSlack, "the pointer up, \(count) points")
            let decoded = try XCTUnwrap(DrawingSnapshot.decode(DrawingSnapshot.encode([finished])))
            XCTAssertEqual(decoded, [finished])
            XCTAssertLessThanOrEqual(decoded[0].points.capacity, count + mallocSlack, "a snapshot read back, \(count) points")
            let whole = StrokeFixtures.stroke(id: 1, count: count, in: Rect(x: 0, y: 0, width: 400, height: 300))
            XCTAssertLessThanOrEqual(whole.points.capacity, count + mallocSlack, "a stroke made whole from points, \(count) points")
        }
        // An unfinished stroke in a snapshot keeps growing: it is not made tight.
        let live = try XCTUnwrap(drawn(60).live)
        let decoded = try XCTUnwrap(DrawingSnapshot.decode(DrawingSnapshot.encode([live]))?.first)
        XCTAssertFalse(decoded.isFinished)
        XCTAssertEqual(decoded, live)
    }
}
