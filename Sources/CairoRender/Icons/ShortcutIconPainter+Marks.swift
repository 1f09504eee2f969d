import Foundation
import ForceCore

/// Marks and states: add, search, prohibit, confirmation, task, task completed, favorite, love,
/// bookmark. Coordinates are on the 24-unit grid, y down.
extension ShortcutIconPainter {
    /// 8, half the length of the plus's arms.
    static let plusArm = 8.0

    /// A plus (SF `plus`).
    static func add(_ pen: GlyphPen) {
        let c = centre, arm = plusArm
        pen.move(c, c - arm)
        pen.line(c, c + arm)
        pen.move(c - arm, c)
        pen.line(c + arm, c)
        pen.stroke()
    }

    /// A magnifier: a lens up and left, its handle toward the bottom right (SF `magnifyingglass`).
    static func search(_ pen: GlyphPen) {
        let lens = p(10, 10), radius = 6.5
        pen.circle(lens.x, lens.y, radius)
        pen.stroke()
        let handleStart = GlyphPen.onCircle(lens.x, lens.y, radius, at: 45)
        pen.move(handleStart.x, handleStart.y)
        pen.line(20.5, 20.5)
        pen.stroke()
    }

    /// A circle struck through from top left to bottom right (SF `nosign`).
    static func prohibit(_ pen: GlyphPen) {
        pen.circle(centre, centre, ringRadius)
        let a = GlyphPen.onCircle(centre, centre, ringRadius, at: 225)
        let b = GlyphPen.onCircle(centre, centre, ringRadius, at: 45)
        pen.move(a.x, a.y)
        pen.line(b.x, b.y)
        pen.stroke()
    }

    /// The checkmark inside the circle of `confirmation` and `taskCompleted`.
    static func checkmark(_ pen: GlyphPen) {
        pen.lines([p(7.5, 12.5), p(10.7, 15.7), p(16.5, 8.8)])
    }

    /// A checkmark in a circle (SF `checkmark.circle`).
    static func confirmation(_ pen: GlyphPen) {
        pen.circle(centre, centre, ringRadius)
        pen.stroke()
        checkmark(pen)
        pen.stroke()
    }

    /// An empty circle, a task still to do (SF `circle`, as in Reminders).
    static func task(_ pen: GlyphPen) {
        pen.circle(centre, centre, ringRadius)
        pen.stroke()
    }

    /// A filled circle with the checkmark cut out of it, a task done (SF `checkmark.circle.fill`):
    /// filled, so it reads apart from `confirmation` at a glance.
    static func taskCompleted(_ pen: GlyphPen) {
        pen.knockout({
            // The disc covers what the outlined circles of `task` cover, line included.
            pen.circle(centre, centre, ringRadius + lineWidth / 2)
            pen.fill()
        }, holes: {
            checkmark(pen)
            pen.stroke()
        })
    }

    /// 0.42, the inner radius of the star as a fraction of its outer one: rounder than a
    /// geometric pentagram (0.38), as SF `star`.
    static let starInnerRatio = 0.42

    /// A five-pointed star outline (SF `star`).
    static func favorite(_ pen: GlyphPen) {
        // The star's centre sits below the grid's, so that its points balance in the square.
        let cx = centre, cy = 12.9, outer = 10.0, inner = outer * starInnerRatio
        let points = (0..<10).map { k in
            GlyphPen.onCircle(cx, cy, k.isMultiple(of: 2) ? outer : inner, at: -90 + Double(k) * 36)
        }
        pen.polygon(points, cornerRadius: 0.6)
        pen.stroke()
    }

    /// A heart outline (SF `heart`).
    static func love(_ pen: GlyphPen) {
        pen.move(12, 20.5)
        pen.curve(9, 18.2, 2.5, 13.8, 2.5, 8.6)
        pen.curve(2.5, 5.5, 4.8, 3.6, 7.4, 3.6)
        pen.curve(9.5, 3.6, 11.1, 4.9, 12, 6.6)
        pen.curve(12.9, 4.9, 14.5, 3.6, 16.6, 3.6)
        pen.curve(19.2, 3.6, 21.5, 5.5, 21.5, 8.6)
        pen.curve(21.5, 13.8, 15, 18.2, 12, 20.5)
        pen.close()
        pen.stroke()
    }

    /// A bookmark ribbon with a notched foot (SF `bookmark`).
    static func bookmark(_ pen: GlyphPen) {
        pen.polygon([p(6, 3), p(18, 3), p(18, 21), p(12, 16.2), p(6, 21)], cornerRadius: 1.8)
        pen.stroke()
    }
}
