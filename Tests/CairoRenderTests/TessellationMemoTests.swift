@testable import CairoRender
import ForceCore
import XCTest

/// The ink cache keeps the pieces its repaints tessellated (`TessellationMemo`): they are reused
/// only for the very stroke and style they were made from, and the bytes held stay under the
/// budget.
final class TessellationMemoTests: XCTestCase {
    static func stroke(_ id: Int, seed: UInt64 = 1) -> Stroke {
        StrokeFixtures.stroke(id: id, count: 60, in: Rect(x: 40, y: 40, width: 200, height: 90), seed: seed)
    }

    func testAStrokesPiecesAreMadeOnceAndAreThoseOfTessellatingIt() {
        var memo = TessellationMemo(budget: 1 << 20)
        let s = Self.stroke(1), style = InkStyle()
        let first = memo.pieces(of: s, style: style)
        XCTAssertEqual(first, StrokeTessellator.pieces(of: s, style: style).real)
        XCTAssertEqual(memo.count, 1)
        XCTAssertEqual(memo.bytes, TessellationMemo.bytes(of: first, s))
        let bytes = memo.bytes
        XCTAssertEqual(memo.pieces(of: s, style: style), first)
        XCTAssertEqual(memo.count, 1)
        XCTAssertEqual(memo.bytes, bytes, "the second call made nothing new")
    }

    /// Where a stroke's pieces lie is known once it is tessellated (or handed on by a full
    /// redraw), also after its pieces were let go, for that stroke in that style only.
    func testItKnowsWhetherAStrokesPiecesReachAnArea() throws {
        let style = InkStyle(), s = Self.stroke(3)
        let pieces = StrokeTessellator.pieces(of: s, style: style).real
        let first = try XCTUnwrap(pieces.first?.bounds)
        let far = Rect(x: -5000, y: -5000, width: 10, height: 10)
        var memo = TessellationMemo(budget: 1 << 20)
        XCTAssertNil(memo.reaches(s, into: first, style: style))
        _ = memo.pieces(of: s, style: style)
        XCTAssertEqual(memo.reaches(s, into: first, style: style), true)
        XCTAssertEqual(memo.reaches(s, into: far, style: style), false)
        memo.removeAll()
        XCTAssertEqual(memo.count, 0)
        XCTAssertEqual(memo.reaches(s, into: far, style: style), false, "the pieces let go, where they lay is still known")
        XCTAssertNil(memo.reaches(Self.stroke(3, seed: 2), into: far, style: style), "other samples under the same id")
        var thin = InkStyle()
        thin.outline.size /= 2
        XCTAssertNil(memo.reaches(s, into: far, style: thin))
        memo.forget()
        XCTAssertNil(memo.reaches(s, into: far, style: style))
        memo.keepBounds(of: pieces, of: s, style: style)
        XCTAssertEqual(memo.reaches(s, into: far, style: style), false)
        XCTAssertEqual(memo.tessellated, 1)
    }

    /// Strokes tessellated again and again (other samples under the same ids) leave rectangles
    /// no stroke refers to; once most are, the rest are gathered, and every stroke's are right.
    func testWhereStrokesLieStaysRightAsItIsGathered() throws {
        let style = InkStyle()
        var memo = TessellationMemo(budget: 1 << 20)
        var latest: [Int: Stroke] = [:]
        for round in 0..<60 {
            for id in 1...10 {
                let s = StrokeFixtures.stroke(id: id, count: 30, in: Rect(x: Double(id) * 300, y: Double(round) * 40, width: 120, height: 30),
                                              seed: UInt64(round * 10 + id))
                memo.keepBounds(of: StrokeTessellator.pieces(of: s, style: style).real, of: s, style: style)
                latest[id] = s
            }
        }
        for (id, s) in latest {
            for piece in StrokeTessellator.pieces(of: s, style: style).real {
                XCTAssertEqual(memo.reaches(s, into: piece.bounds, style: style), true, "stroke \(id)")
            }
            XCTAssertEqual(memo.reaches(s, into: Rect(x: Double(id) * 300, y: 0, width: 120, height: 30), style: style), false, "stroke \(id): the first round's place")
        }
    }

    func testAStrokeThatChangedUnderItsIdIsTessellatedAgain() {
        var memo = TessellationMemo(budget: 1 << 20)
        let style = InkStyle()
        _ = memo.pieces(of: Self.stroke(7, seed: 1), style: style)
        // The same id with other samples (other ink under the same ids).
        let changed = Self.stroke(7, seed: 2)
        XCTAssertEqual(memo.pieces(of: changed, style: style), StrokeTessellator.pieces(of: changed, style: style).real)
        XCTAssertEqual(memo.count, 1)
        XCTAssertEqual(memo.bytes, TessellationMemo.bytes(of: memo.pieces(of: changed, style: style), changed))
    }

    func testAnotherStyleLetsGoOfThePiecesOfTheLast() {
        var memo = TessellationMemo(budget: 1 << 20)
        let s = Self.stroke(1)
        _ = memo.pieces(of: s, style: InkStyle())
        _ = memo.pieces(of: Self.stroke(2), style: InkStyle())
        var thin = InkStyle()
        thin.outline.size /= 2
        XCTAssertEqual(memo.pieces(of: s, style: thin), StrokeTessellator.pieces(of: s, style: thin).real)
        XCTAssertEqual(memo.count, 1)
    }

    func testTheBytesHeldStayUnderTheBudget() {
        let style = InkStyle()
        let one = TessellationMemo.bytes(of: StrokeTessellator.pieces(of: Self.stroke(1), style: style).real, Self.stroke(1))
        var memo = TessellationMemo(budget: 3 * one + one / 2)
        for id in 1...3 { _ = memo.pieces(of: Self.stroke(id), style: style) }
        XCTAssertEqual(memo.count, 3)
        // The fourth would pass the budget: the three are let go, the fourth kept.
        _ = memo.pieces(of: Self.stroke(4), style: style)
        XCTAssertEqual(memo.count, 1)
        XCTAssertLessThanOrEqual(memo.bytes, memo.budget)
        // A stroke larger than the whole budget is tessellated and not kept.
        var tiny = TessellationMemo(budget: one / 2)
        XCTAssertEqual(tiny.pieces(of: Self.stroke(1), style: style), StrokeTessellator.pieces(of: Self.stroke(1), style: style).real)
        XCTAssertEqual(tiny.count, 0)
        XCTAssertEqual(tiny.bytes, 0)
    }
}
