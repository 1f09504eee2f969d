import Foundation
import ForceCore

/// Things and places: compose, share, contact, home, location, mark location, cloud,
/// invitation, mail, message, date. Coordinates are on the 24-unit grid, y down.
extension ShortcutIconPainter {
    /// 2.5, the corner radius of square-ish outlines (compose, share, date, mail, camera).
    static let boxCorner = 2.5

    /// A square open at its top right, with a pencil writing into it (SF `square.and.pencil`).
    static func compose(_ pen: GlyphPen) {
        pen.polyline([p(11, 4.5), p(3.5, 4.5), p(3.5, 20.5), p(19.5, 20.5), p(19.5, 13)], cornerRadius: boxCorner)
        pen.stroke()
        // The pencil, filled so it stays solid at small sizes: along the diagonal, tip down left.
        let tip = p(9.8, 14.2), direction = p(1, -1).normalized, across = direction.perpendicular
        let length = 12.8, halfWidth = 1.7, tipLength = 3.4
        let shoulder = tip + direction * tipLength, end = tip + direction * length
        pen.lines([tip, shoulder + across * halfWidth, end + across * halfWidth,
                   end - across * halfWidth, shoulder - across * halfWidth])
        pen.close()
        pen.fillSoft()
    }

    /// A box open at the top with an arrow rising out of it (SF `square.and.arrow.up`).
    static func share(_ pen: GlyphPen) {
        pen.polyline([p(8.5, 9), p(5, 9), p(5, 21), p(19, 21), p(19, 9), p(15.5, 9)], cornerRadius: boxCorner)
        pen.move(12, 15)
        pen.line(12, 2.5)
        pen.lines([p(8, 6.5), p(12, 2.5), p(16, 6.5)])
        pen.stroke()
    }

    /// A person's head and shoulders in a circle (SF `person.crop.circle`).
    static func contact(_ pen: GlyphPen) {
        let c = centre, r = ringRadius
        pen.circle(c, c, r)
        pen.circle(c, 9.4, 3.6)
        pen.stroke()
        // The shoulders: the top of a circle below the head, ending where it meets the ring.
        let shoulders = p(c, 22.2), shouldersRadius = 7.4
        guard let left = GlyphPen.crossing(shoulders, shouldersRadius, p(c, c), r) else { return }
        pen.arc(shoulders.x, shoulders.y, shouldersRadius, from: left, to: -180 - left)
        pen.stroke()
    }

    /// A house: a pitched roof over its walls and a door (SF `house`).
    static func home(_ pen: GlyphPen) {
        pen.lines([p(2.5, 11.5), p(12, 3.5), p(21.5, 11.5)])
        pen.polyline([p(5.5, 9.5), p(5.5, 20.5), p(18.5, 20.5), p(18.5, 9.5)], cornerRadius: 1.5)
        pen.polyline([p(10, 20.5), p(10, 15), p(14, 15), p(14, 20.5)], cornerRadius: 1)
        pen.stroke()
    }

    /// The navigation arrow of Maps, pointing up and right (SF `location.fill`).
    static func location(_ pen: GlyphPen) {
        pen.lines([p(20, 4), p(3.5, 11.2), p(11.8, 12.2), p(12.8, 20.5)])
        pen.close()
        pen.fillSoft()
    }

    /// A map pin: a drop with a hole, its point down (SF `mappin`, as Maps' marked locations).
    static func markLocation(_ pen: GlyphPen) {
        let head = p(centre, 9.5), radius = 6.8, point = p(centre, 21.5)
        // The sides are tangent to the head: they leave it at acos(r / d) either side of the point.
        let spread = acos(radius / head.distance(to: point)) * 180 / Double.pi
        pen.move(point.x, point.y)
        pen.arc(head.x, head.y, radius, from: 90 + spread, to: 90 - spread + 360)
        pen.close()
        pen.stroke()
        pen.circle(head.x, head.y, 2.4)
        pen.stroke()
    }

    /// A cloud: three bumps over a flat base (SF `cloud`).
    static func cloud(_ pen: GlyphPen) {
        let left = p(7.5, 14.5), leftRadius = 4.5
        let top = p(12.8, 10.5), topRadius = 6.0
        let right = p(17, 14.5), rightRadius = 4.5
        let base = left.y + leftRadius
        guard let leftToTop = GlyphPen.crossing(left, leftRadius, top, topRadius),
            let topToRight = GlyphPen.crossing(top, topRadius, right, rightRadius)
        else { return }
        // The same crossings seen from the other circle's centre.
        let topFromLeft = angle(of: GlyphPen.onCircle(left.x, left.y, leftRadius, at: leftToTop), from: top)
        let rightFromTop = angle(of: GlyphPen.onCircle(top.x, top.y, topRadius, at: topToRight), from: right)
        pen.move(right.x, base)
        pen.line(left.x, base)
        pen.arc(left.x, left.y, leftRadius, from: 90, to: leftToTop + 360)
        pen.arc(top.x, top.y, topRadius, from: topFromLeft, to: topToRight + 360)
        pen.arc(right.x, right.y, rightRadius, from: rightFromTop, to: 90 + 360)
        pen.close()
        pen.stroke()
    }

    /// The angle (degrees, 0…360) of `point` seen from `centre`.
    static func angle(of point: Point, from centre: Point) -> Double {
        let a = atan2(point.y - centre.y, point.x - centre.x) * 180 / Double.pi
        return a < 0 ? a + 360 : a
    }

    /// An open envelope with a card rising out of it (SF `envelope.open` with a letter).
    static func invitation(_ pen: GlyphPen) {
        // The card, hidden below the envelope's front.
        pen.polyline([p(6.8, 13.3), p(6.8, 3.5), p(17.2, 3.5), p(17.2, 13.3)], cornerRadius: 1.5)
        pen.move(9.8, 7.5)
        pen.line(14.2, 7.5)
        // The envelope's back, from the card's sides, and its front.
        pen.polyline([p(6.8, 8.3), p(3, 10.8), p(3, 20.5), p(21, 20.5), p(21, 10.8), p(17.2, 8.3)], cornerRadius: 1.5)
        pen.lines([p(3, 10.8), p(12, 16.5), p(21, 10.8)])
        pen.stroke()
    }

    /// A closed envelope (SF `envelope`).
    static func mail(_ pen: GlyphPen) {
        pen.roundedRect(2.5, 5, 19, 14, radius: boxCorner)
        pen.lines([p(3.5, 6.5), p(12, 13), p(20.5, 6.5)])
        pen.stroke()
    }

    /// A speech bubble with a curled tail at its bottom left (SF `message`).
    static func message(_ pen: GlyphPen) {
        let c = p(centre, 10.8), rx = 9.5, ry = 7.6
        func onEllipse(_ degrees: Double) -> Point {
            p(c.x + rx * cos(GlyphPen.radians(degrees)), c.y + ry * sin(GlyphPen.radians(degrees)))
        }
        // The tail leaves the bubble at 112° and comes back at 140° (0° right, 90° down).
        let back = onEllipse(112), out = onEllipse(140), tip = p(3.6, 20.6)
        pen.ellipticArc(c.x, c.y, rx: rx, ry: ry, from: 140, to: 112 + 360)
        pen.curve(back.x - 1.2, back.y + 1.6, tip.x + 2.6, tip.y + 0.1, tip.x, tip.y)
        pen.curve(tip.x + 1.0, tip.y - 1.1, out.x + 0.3, out.y + 2.2, out.x, out.y)
        pen.close()
        pen.stroke()
    }

    /// A calendar page: rings, a header line and a few days (SF `calendar`).
    static func date(_ pen: GlyphPen) {
        pen.roundedRect(3, 5, 18, 16, radius: boxCorner)
        pen.move(3, 10)
        pen.line(21, 10)
        pen.move(8, 3)
        pen.line(8, 6.5)
        pen.move(16, 3)
        pen.line(16, 6.5)
        pen.stroke()
        for (x, y) in [(8.0, 13.8), (12.0, 13.8), (16.0, 13.8), (8.0, 17.3), (12.0, 17.3)] {
            pen.circle(x, y, 1.2)
        }
        pen.fill()
    }
}
