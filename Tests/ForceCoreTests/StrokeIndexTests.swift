@testable import ForceCore
import XCTest

/// The stroke index answers exactly what a look at every stroke's bounds would: each stroke
/// whose bounds share area with the query, once, ascending. Its strokes span one cell or many,
/// lie on the cells' edges, are too large for the grid, or are removed and indexed again.
final class StrokeIndexTests: XCTestCase {
    private func brute(_ strokes: [Int: Rect], _ query: Rect) -> [Int] {
        guard !query.isNull else { return [] }
        return strokes.filter { $0.value.intersects(query) }.map(\.key).sorted()
    }

    /// Coordinates on a cell's edge often, so strokes and queries meet there.
    private func coordinate(_ g: inout StrokeFixtures.Generator, _ extent: Double) -> Double {
        let v = (g.next() * extent).rounded()
        return g.next() < 0.3 ? (v / StrokeIndex.cellSize).rounded() * StrokeIndex.cellSize : v
    }

    private func rect(_ g: inout StrokeFixtures.Generator, largest: Double) -> Rect {
        Rect(x: coordinate(&g, 2_000) - 200, y: coordinate(&g, 1_200) - 200,
             width: coordinate(&g, largest), height: coordinate(&g, largest))
    }

    func testAnswersAsEveryStrokesBoundsWouldOnceEachAscending() {
        var g = StrokeFixtures.Generator(seed: 24)
        var index = StrokeIndex()
        var strokes: [Int: Rect] = [:]
        for id in 0..<600 {
            // Most strokes a cell or a few; some across many cells; a few past the grid's limit
            // of cells (kept apart); some with no area.
            let largest = id % 50 == 0 ? 200_000.0 : id % 7 == 0 ? 900 : 150
            let r = rect(&g, largest: largest)
            index.insert(id, bounds: r)
            if !r.isNull { strokes[id] = r }
        }
        // Some removed, some indexed again elsewhere.
        for id in stride(from: 0, to: 600, by: 9) {
            index.remove(id)
            strokes[id] = nil
        }
        for id in stride(from: 1, to: 600, by: 11) {
            let r = rect(&g, largest: 400)
            index.insert(id, bounds: r)
            strokes[id] = r.isNull ? nil : r
        }
        for q in 0..<2_000 {
            // Small queries (the eraser's), large ones, one past the grid's limit, none.
            let query = q == 0 ? Rect(x: -1e6, y: -1e6, width: 4e6, height: 4e6)
                : q == 1 ? .null : rect(&g, largest: q % 3 == 0 ? 1_500 : 60)
            XCTAssertEqual(index.ids(intersecting: query), brute(strokes, query), "query \(q): \(query)")
        }
    }

    /// Equal indexes hold the same strokes with the same bounds, whatever order they were
    /// indexed in and whatever was removed on the way (slots reused, cells in another order).
    func testIndexesHoldingTheSameStrokesAreEqualWhateverTheirHistory() {
        let a = Rect(x: 10, y: 10, width: 300, height: 40), b = Rect(x: 200, y: 100, width: 30, height: 300)
        var first = StrokeIndex(), second = StrokeIndex()
        first.insert(1, bounds: a)
        first.insert(2, bounds: b)
        second.insert(3, bounds: a)
        second.insert(2, bounds: b)
        second.remove(3)
        second.insert(1, bounds: a)  // into the slot stroke 3 left
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.ids(intersecting: Rect(x: 0, y: 0, width: 1000, height: 1000)), [1, 2])
        XCTAssertEqual(second.ids(intersecting: Rect(x: 0, y: 0, width: 1000, height: 1000)), [1, 2])
        second.insert(2, bounds: a)
        XCTAssertNotEqual(first, second, "stroke 2 moved")
        second.remove(2)
        XCTAssertNotEqual(first, second, "stroke 2 gone")
        XCTAssertEqual(second.ids(intersecting: b), [])
    }

    /// A stroke and a query that only touch along a cell's edge share no area.
    func testTouchingEdgesDoNotCount() {
        var index = StrokeIndex()
        index.insert(1, bounds: Rect(x: 0, y: 0, width: 128, height: 128))
        index.insert(2, bounds: Rect(x: 100, y: 100, width: 200, height: 200))
        XCTAssertEqual(index.ids(intersecting: Rect(x: 128, y: 0, width: 10, height: 10)), [])
        XCTAssertEqual(index.ids(intersecting: Rect(x: 127, y: 127, width: 10, height: 10)), [1, 2])
        XCTAssertEqual(index.ids(intersecting: Rect(x: 250, y: 250, width: 300, height: 300)), [2])
    }
}
