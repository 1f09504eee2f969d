import Foundation
import ForceCore

/// Media and time: play, pause, shuffle, audio, capture photo, capture video, update, time,
/// alarm. Coordinates are on the 24-unit grid, y down.
extension ShortcutIconPainter {
    /// A solid triangle pointing right (SF `play.fill`), shifted right of centre so that it
    /// looks centred (its area's centre, not its box's, sits on the grid's centre).
    static func play(_ pen: GlyphPen) {
        pen.lines([p(7.5, 4.5), p(20, 12), p(7.5, 19.5)])
        pen.close()
        pen.fillSoft()
    }

    /// Two solid bars (SF `pause.fill`).
    static func pause(_ pen: GlyphPen) {
        pen.roundedRect(5.5, 4, 4.5, 16, radius: 1.3)
        pen.roundedRect(14, 4, 4.5, 16, radius: 1.3)
        pen.fill()
    }

    /// Two arrows that cross on their way right (SF `shuffle`).
    static func shuffle(_ pen: GlyphPen) {
        pen.move(3, 7)
        pen.line(6.5, 7)
        pen.curve(11, 7, 12, 17, 16.5, 17)
        pen.line(20.5, 17)
        pen.move(3, 17)
        pen.line(6.5, 17)
        pen.curve(11, 17, 12, 7, 16.5, 7)
        pen.line(20.5, 7)
        pen.lines([p(17.5, 4), p(20.5, 7), p(17.5, 10)])
        pen.lines([p(17.5, 14), p(20.5, 17), p(17.5, 20)])
        pen.stroke()
    }

    /// A speaker with two sound waves (SF `speaker.wave.2.fill`).
    static func audio(_ pen: GlyphPen) {
        pen.lines([p(3, 9.5), p(6.8, 9.5), p(11.5, 5), p(11.5, 19), p(6.8, 14.5), p(3, 14.5)])
        pen.close()
        pen.fillSoft()
        for radius in [4.5, 8.5] {
            pen.arc(11.5, centre, radius, from: -48, to: 48)
            pen.stroke()
        }
    }

    /// A camera: a body with a viewfinder hump and a lens (SF `camera`).
    static func capturePhoto(_ pen: GlyphPen) {
        pen.polygon([p(2.5, 7), p(8, 7), p(9.6, 4.5), p(14.4, 4.5), p(16, 7), p(21.5, 7), p(21.5, 20), p(2.5, 20)],
                    cornerRadius: boxCorner)
        pen.circle(centre, 13.4, 3.8)
        pen.stroke()
    }

    /// A video camera: a body with its lens horn on the right (SF `video`).
    static func captureVideo(_ pen: GlyphPen) {
        pen.roundedRect(2, 6.5, 13.5, 11, radius: boxCorner)
        pen.polyline([p(15.5, 10.3), p(21.5, 7), p(21.5, 17), p(15.5, 13.7)], cornerRadius: 1)
        pen.stroke()
    }

    /// 8, the radius of the arrows' circle of `update`.
    static let updateRadius = 8.0

    /// Two arrows chasing each other round a circle (SF `arrow.triangle.2.circlepath`).
    static func update(_ pen: GlyphPen) {
        // Each arrow runs clockwise for 150° and ends in a solid head; the second is the first
        // turned by half a turn.
        for start in [170.0, 350.0] {
            let end = start + 150
            pen.arc(centre, centre, updateRadius, from: start, to: end)
            pen.stroke()
            arrowHead(pen, at: end + 8, radius: updateRadius)
        }
    }

    /// A solid head on a clockwise arc, its point at `degrees`.
    private static func arrowHead(_ pen: GlyphPen, at degrees: Double, radius: Double) {
        let tip = GlyphPen.onCircle(centre, centre, radius, at: degrees)
        let back = GlyphPen.onCircle(centre, centre, radius, at: degrees - 24)
        let outward = (back - p(centre, centre)).normalized, halfWidth = 2.6
        pen.lines([tip, back + outward * halfWidth, back - outward * halfWidth])
        pen.close()
        pen.fillSoft()
    }

    /// A clock face, its hands at twelve and four (SF `clock`).
    static func time(_ pen: GlyphPen) {
        pen.circle(centre, centre, ringRadius)
        pen.lines([p(centre, 6.5), p(centre, centre), p(15.8, 14.2)])
        pen.stroke()
    }

    /// An alarm clock: a face with hands, two bells and two feet (SF `alarm`).
    static func alarm(_ pen: GlyphPen) {
        let c = p(centre, 13), r = 7.8
        pen.circle(c.x, c.y, r)
        pen.lines([p(c.x, 9.3), c, p(14.6, 15)])
        pen.stroke()
        // The bells: arcs outside the face, over its top left and top right.
        let bell = r + 2.7
        pen.arc(c.x, c.y, bell, from: 200, to: 245)
        pen.stroke()
        pen.arc(c.x, c.y, bell, from: 295, to: 340)
        pen.stroke()
        // The feet: short lines out of the face's bottom left and right.
        for (degrees, foot) in [(125.0, p(5.8, 21.5)), (55.0, p(18.2, 21.5))] {
            let from = GlyphPen.onCircle(c.x, c.y, r, at: degrees)
            pen.move(from.x, from.y)
            pen.line(foot.x, foot.y)
        }
        pen.stroke()
    }
}
