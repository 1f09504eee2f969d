/// The rule that turns requested edge deferral into effective deferral (SPEC 8, seed 003),
/// with the reasons the HUD shows.
///
/// Two rules: the left edge (back) is never deferred; and when the home indicator auto-hides,
/// edge deferral does not take effect at all (seed 003's catch: "prefersHomeIndicatorAutoHidden
/// and preferredScreenEdgesDeferringSystemGestures cannot be used together; the latter does not
/// take effect").
public struct SystemGesturePolicy: Equatable, Hashable, Sendable {
    /// HUD reason when auto-hide cancels deferral.
    public static let autoHideReason = "edge deferral ignored: home indicator auto-hide is on"
    /// HUD reason when the left edge was requested.
    public static let leftEdgeReason = "left edge never deferred: the back gesture always wins"

    /// The edges the owning scene asked to defer (`EdgeDeferralPreferences.appliedEdges`).
    public var requestedDeferral: ScreenEdges
    /// Whether the home indicator auto-hides (`prefersHomeIndicatorAutoHidden`).
    public var homeIndicatorAutoHidden: Bool

    public init(requestedDeferral: ScreenEdges, homeIndicatorAutoHidden: Bool) {
        self.requestedDeferral = requestedDeferral
        self.homeIndicatorAutoHidden = homeIndicatorAutoHidden
    }

    /// The edges whose system gestures are really deferred (give these to `EdgeGesture`).
    public var effectiveDeferral: ScreenEdges {
        homeIndicatorAutoHidden ? [] : requestedDeferral.subtracting(.left)
    }

    /// Why the effective set differs from the requested one, in HUD words; empty when it does not.
    public var reasons: [String] {
        if requestedDeferral.isEmpty { return [] }
        if homeIndicatorAutoHidden { return [Self.autoHideReason] }
        return requestedDeferral.contains(.left) ? [Self.leftEdgeReason] : []
    }

    /// The reasons as one HUD line, or nil when there is nothing to explain.
    public var reason: String? { reasons.isEmpty ? nil : reasons.joined(separator: "; ") }
}
