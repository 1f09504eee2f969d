/// What the Confirm scene shows: an event card, the DELETE EVENT bar, the ring while pressed,
/// the DELETED pill after the action, and the button's state for teaching.
public struct ConfirmDisplay: Equatable, Sendable {
    /// The event on screen (nil once all were deleted) and how many remain.
    public var event: CalendarEvent?
    public var remaining: Int
    /// Where things go in the scene's area.
    public var layout: ConfirmLayout
    /// The full-width bar at the bottom.
    public var bar: Rect { layout.bar }
    /// The ring, while the bar is pressed.
    public var ring: ConfirmRing?
    /// The DELETED pill's opacity (fading in after the action), 0 when not shown.
    public var pillAlpha: Double
    /// The state's name, the intention and the input driving it ("force" or "timed fallback").
    public var stateName: String
    public var intention: Double
    public var usesTimedFallback: Bool

    /// Presentation mode: no state lines.
    public var hidesState = false

    /// The button's state on screen: its state, then the intention and what drives it.
    public var state: [String] {
        guard !hidesState else { return [] }
        let source = usesTimedFallback ? "timed fallback (0.1 s ticks)" : "force: min(f, 3) / min(max, 3)"
        return ["ConfirmButton.state = .\(stateName)", String(format: "intention %.2f · %@", intention, source)]
    }

    public init(event: CalendarEvent?, remaining: Int, layout: ConfirmLayout, ring: ConfirmRing?, pillAlpha: Double,
                stateName: String, intention: Double, usesTimedFallback: Bool) {
        self.event = event
        self.remaining = remaining
        self.layout = layout
        self.ring = ring
        self.pillAlpha = pillAlpha
        self.stateName = stateName
        self.intention = intention
        self.usesTimedFallback = usesTimedFallback
    }
}

/// The confirm button's ring as drawn: centre, size, stroke end, colour, scale and label.
public struct ConfirmRing: Equatable, Sendable {
    public enum Colour: String, Equatable, Sendable { case white, red, green }
    public var center: Point
    /// 100 pt in the reference.
    public var diameter: Double
    public var strokeEnd: Double
    public var colour: Colour
    public var scale: Double
    public var label: String

    public init(center: Point, diameter: Double, strokeEnd: Double, colour: Colour, scale: Double, label: String) {
        self.center = center
        self.diameter = diameter
        self.strokeEnd = strokeEnd
        self.colour = colour
        self.scale = scale
        self.label = label
    }
}
