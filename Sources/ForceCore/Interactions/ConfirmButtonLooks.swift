extension ConfirmButton {
    /// 1.1, the ring's scale when selected (reference `CATransform3DMakeScale(1.1, 1.1, 1)`).
    public static let selectedScale = 1.1
    /// 1.3, the ring's scale when confirmed (reference `CATransform3DMakeScale(1.3, 1.3, 1)`).
    public static let confirmedScale = 1.3
    /// "CONFIRM", the label when selected (reference).
    public static let selectedLabel = "CONFIRM"
    /// "OK", the label when confirmed (reference).
    public static let confirmedLabel = "OK"

    /// How the ring looks in a state: stroke and glow colour, scale about its centre, label.
    public struct Looks: Equatable, Hashable, Sendable {
        public var color: InteractionColor
        public var scale: Double
        public var label: String

        public init(color: InteractionColor, scale: Double, label: String) {
            self.color = color
            self.scale = scale
            self.label = label
        }
    }

    /// The reference's `selectionState.didSet`: idle/updating white, 1.0, ""; selected red,
    /// 1.1, "CONFIRM"; confirmed green, 1.3, "OK".
    public static func looks(for state: State) -> Looks {
        switch state {
        case .idle, .updating: return Looks(color: .white, scale: 1, label: "")
        case .selected: return Looks(color: .red, scale: selectedScale, label: selectedLabel)
        case .confirmed: return Looks(color: .green, scale: confirmedScale, label: confirmedLabel)
        }
    }

    /// The looks of the current state.
    public var looks: Looks { Self.looks(for: state) }
}
