import CCairo
import Foundation
import ForceCore

/// Draws strokes (or parts of strokes) into any Cairo context: the frozen cache, the live
/// frame, and the PNG / SVG / PDF exporters all share it, so every output looks the same.
public struct InkPainter {
    public let style: InkStyle

    /// 0.025, TouchCanvas's minimum force magnitude for a segment.
    public static let minimumMagnitude = 0.025
    /// 0.5, the alpha of predicted ink in normal mode.
    public static let predictedAlpha = 0.5
    /// Opacity mode: force 0 draws at this alpha, force 1 opaque.
    public static let minimumOpacity = 0.15
    /// Opacity mode splits an outline into runs of equal alpha, quantised to this many levels.
    static let opacityLevels = 12.0
    /// How far (in device pixels) Cairo may flatten outline curves from the true curve. 0.25 px
    /// is invisible at the outline's radii and halves the segments of Cairo's 0.1 default.
    static let curveTolerance = 0.25

    public init(style: InkStyle) { self.style = style }

    /// The classic width of a segment: `max(force, 0.025)` scaled so that force 0.5 matches the
    /// outline renderer's base diameter (TouchCanvas uses force in points of an iOS screen).
    public func classicWidth(force: Double) -> Double {
        max(force, Self.minimumMagnitude) * 2 * style.outline.size
    }

    /// The widest a point of this force can be drawn, for dirty rects.
    public func width(force: Double) -> Double {
        switch style.renderer {
        case .classic: return classicWidth(force: force)
        case .outline: return 2 * max(StrokeOutline.radius(pressure: force, options: style.outline),
                                      StrokeOutline.radius(pressure: 1, options: style.outline))
        }
    }

    /// The area points `range` of `stroke` can touch (SPEC: location outset by 3 × width + 2).
    public func bounds(of stroke: Stroke, range: Range<Int>) -> Rect {
        var r = Rect.null
        for i in range where i < stroke.points.count {
            let p = stroke.points[i]
            r = r.union(Rect(around: p.location(precise: style.precise), radius: 3 * width(force: p.force) + 2))
            if style.debug, p.altitude != nil { r = r.union(Rect(around: p.preciseLocation, radius: 14)) }
        }
        return r
    }

    /// Draws the part of `stroke` that covers input points `range`, joined to the point before
    /// `range` so that consecutive parts meet without a seam.
    public func draw(_ stroke: Stroke, points range: Range<Int>, into cr: OpaquePointer) {
        let range = range.clamped(to: 0..<stroke.points.count)
        guard !range.isEmpty else { return }
        if style.debug {
            drawDebug(stroke, range: range, cr: cr)
            return
        }
        let real = stroke.realCount
        switch style.renderer {
        case .classic:
            drawClassic(stroke, range: range.lowerBound..<min(range.upperBound, real), alpha: 1, cr: cr)
            if range.upperBound > real {
                drawClassic(stroke, range: max(real, range.lowerBound)..<range.upperBound, alpha: Self.predictedAlpha, cr: cr)
            }
        case .outline:
            let samples = StrokeOutline.preparedSamples(for: stroke, precise: style.precise, options: style.outline)
            drawOutline(samples, stroke: stroke, range: range.lowerBound..<min(range.upperBound, real), alpha: 1, cr: cr)
            if range.upperBound > real {
                drawOutline(samples, stroke: stroke, range: max(real, range.lowerBound)..<range.upperBound,
                            alpha: Self.predictedAlpha, cr: cr)
            }
        }
    }

    /// Draws a whole stroke.
    public func draw(_ stroke: Stroke, into cr: OpaquePointer) {
        draw(stroke, points: 0..<stroke.points.count, into: cr)
    }

    // MARK: Outline

    private func drawOutline(_ samples: [OutlineSample], stroke: Stroke, range: Range<Int>, alpha: Double, cr: OpaquePointer) {
        guard !range.isEmpty, let total = samples.last?.runningLength else { return }
        // Samples whose inputs fall in `range`, plus the one before (the seam).
        guard let first = samples.firstIndex(where: { $0.inputIndex >= range.lowerBound }) else { return }
        var last = first
        while last + 1 < samples.count, samples[last + 1].inputIndex < range.upperBound { last += 1 }
        guard samples[first].inputIndex < range.upperBound else { return }
        let lo = max(0, first - 1)
        guard style.opacityFromPressure else {
            fill(StrokeOutline.polygon(samples, range: lo...last, totalLength: total, options: style.outline),
                 colour: Palette.ink.with(alpha: alpha), cr: cr)
            return
        }
        // Runs of equal opacity overlap at their round caps; drawn with SOURCE inside a group,
        // the later run replaces the overlap instead of darkening it, and the group is then
        // composited over the canvas once.
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        var start = lo
        while start <= last {
            let level = opacityLevel(samples[start].pressure)
            var end = start
            while end + 1 <= last, opacityLevel(samples[end + 1].pressure) == level { end += 1 }
            fill(StrokeOutline.polygon(samples, range: max(lo, start - 1)...end, totalLength: total, options: style.outline),
                 colour: Palette.ink.with(alpha: alpha * level), cr: cr)
            start = end + 1
        }
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_paint(cr)
    }

    /// Whether parts of a live stroke may be drawn into the cache one after another. Translucent
    /// ink may not: where two parts' round caps overlap it would darken, so such a stroke is
    /// drawn whole, in one pass, until it is finished.
    public var drawsInPieces: Bool { !style.opacityFromPressure }

    private func opacityLevel(_ force: Double) -> Double {
        let a = Self.minimumOpacity + (1 - Self.minimumOpacity) * Force.normalized(force)
        return (a * Self.opacityLevels).rounded() / Self.opacityLevels
    }

    /// Fills a polygon through the midpoints of its edges with quadratic curves (as
    /// perfect-freehand's SVG path), so the skipped points leave no facets.
    private func fill(_ polygon: [Point], colour: RGBA, cr: OpaquePointer) {
        guard polygon.count >= 3 else { return }
        cairo_new_path(cr)
        let n = polygon.count
        func mid(_ i: Int) -> Point { polygon[i % n].lerp(to: polygon[(i + 1) % n], 0.5) }
        var current = mid(0)
        cairo_move_to(cr, current.x, current.y)
        for i in 1...n {
            let control = polygon[i % n], end = mid(i)
            // Quadratic → cubic: control points at 2/3 of the way to the quadratic control.
            let c1 = current.lerp(to: control, 2.0 / 3), c2 = end.lerp(to: control, 2.0 / 3)
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
            current = end
        }
        cairo_close_path(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        set(colour, cr)
        cairo_save(cr)
        cairo_set_tolerance(cr, Self.curveTolerance)
        // Cairo's FAST antialiasing still smooths edges (fewer coverage samples): side by side
        // at 3× zoom it is indistinguishable on ink, and fills twice as fast as DEFAULT.
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    // MARK: Classic

    private func drawClassic(_ stroke: Stroke, range: Range<Int>, alpha: Double, cr: OpaquePointer) {
        guard !range.isEmpty else { return }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for i in range {
            let p = stroke.points[i]
            let from = stroke.points[max(0, i - 1)].location(precise: style.precise)
            let to = p.location(precise: style.precise)
            let a = style.opacityFromPressure
                ? Self.minimumOpacity + (1 - Self.minimumOpacity) * p.force : 1
            set(Palette.ink.with(alpha: alpha * a), cr)
            cairo_set_line_width(cr, classicWidth(force: p.force))
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
        }
    }

    // MARK: Debug

    /// TouchCanvas's debug drawing: each segment in its end point's type colour, a dot per
    /// sample, and a tilt whisker of length `0.5 + 10·cos(altitude)` along the azimuth.
    private func drawDebug(_ stroke: Stroke, range: Range<Int>, cr: OpaquePointer) {
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for i in range {
            let p = stroke.points[i]
            let from = stroke.points[max(0, i - 1)].location(precise: style.precise)
            let to = p.location(precise: style.precise)
            set(Palette.debug(p.type.debugCategory).with(alpha: 0.55), cr)
            cairo_set_line_width(cr, max(1, classicWidth(force: p.force) * 0.5))
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
        }
        for i in range {
            let p = stroke.points[i]
            let at = p.location(precise: style.precise)
            set(Palette.debug(p.type.debugCategory), cr)
            cairo_new_path(cr)
            cairo_arc(cr, at.x, at.y, 1.75, 0, 2 * Double.pi)
            cairo_fill(cr)
            if let altitude = p.altitude, let azimuth = p.azimuth {
                let length = 0.5 + 10 * cos(altitude)
                cairo_set_line_width(cr, 1)
                cairo_move_to(cr, at.x, at.y)
                cairo_line_to(cr, at.x + length * cos(azimuth), at.y + length * sin(azimuth))
                cairo_stroke(cr)
            }
        }
    }

    private func set(_ c: RGBA, _ cr: OpaquePointer) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a) }
}
