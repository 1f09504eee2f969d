/// Pressure → opacity: the alpha of a piece, quantised to levels (`StrokeTessellator.opacityLevels`).
extension OutlineBuilder {
    /// Opacity mode: force 0 draws at this alpha, force 1 opaque.
    public static let minimumOpacity = 0.15
    /// A whole level: how far a pressure's opacity must move from its piece's level before a
    /// new piece starts (a waver of up to half a level either side of a level's edge stays in
    /// one piece; a ramp still steps one level at a time).
    public static let opacityHysteresis = 1.0

    /// The opacity of a pressure (not quantised).
    public static func opacity(_ pressure: Double) -> Double {
        minimumOpacity + (1 - minimumOpacity) * Force.normalized(pressure)
    }

    /// The opacity of a pressure, quantised to `levels` steps.
    public static func opacityLevel(_ pressure: Double, levels: Double) -> Double {
        (opacity(pressure) * levels).rounded() / levels
    }

    /// A lone sample's alpha (a dot): its level, or opaque without opacity mode.
    func alpha(of s: OutlineSample) -> Double {
        opacityLevels.map { Self.opacityLevel(s.pressure, levels: $0) } ?? 1
    }
}
