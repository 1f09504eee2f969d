/// Guards shared by the interaction state machines: times and locations from a device or a
/// session file may be garbage, and garbage must never reach a state.
enum InteractionInput {
    /// A usable event time: non-finite times and times before `last` become `last`, so a
    /// machine's clock never runs backwards or becomes NaN.
    static func time(_ t: Double, after last: Double) -> Double {
        t.isFinite ? max(t, last) : last
    }

    /// The location itself if finite, else the fallback (the last good location).
    static func location(_ p: Point, else fallback: Point?) -> Point? {
        p.isFinite ? p : fallback
    }
}
