/// TouchCanvas's point types. A point can be several at once (coalesced and needsUpdate, say).
public struct PointType: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The last real sample of a frame.
    public static let standard = PointType(rawValue: 1 << 0)
    /// A real sample that arrived between frames before the frame's last one.
    public static let coalesced = PointType(rawValue: 1 << 1)
    /// Extrapolated ahead of the pointer; removed when the next real sample arrives.
    public static let predicted = PointType(rawValue: 1 << 2)
    /// Its force is still expected to change.
    public static let needsUpdate = PointType(rawValue: 1 << 3)
    /// Its expected update arrived.
    public static let updated = PointType(rawValue: 1 << 4)
    /// The stroke was cancelled.
    public static let cancelled = PointType(rawValue: 1 << 5)
    /// From a finger, not a pen or mouse.
    public static let finger = PointType(rawValue: 1 << 6)

    /// Names in TouchCanvas order, for sessions, logs and the debug legend.
    public static let names: [(PointType, String)] = [
        (.standard, "standard"), (.coalesced, "coalesced"), (.predicted, "predicted"),
        (.needsUpdate, "needsUpdate"), (.updated, "updated"), (.cancelled, "cancelled"), (.finger, "finger"),
    ]

    /// The debug-mode category: first match wins, in TouchCanvas's order.
    public var debugCategory: DebugCategory {
        if contains(.cancelled) { return .cancelled }
        if contains(.needsUpdate) { return .needsUpdate }
        if contains(.finger) { return .finger }
        if contains(.coalesced) { return .coalesced }
        if contains(.predicted) { return .predicted }
        return .standard
    }
}

/// The colour class a point gets in debug mode (TouchCanvas: red, orange, purple, green, blue, black).
public enum DebugCategory: String, CaseIterable, Sendable {
    case cancelled, needsUpdate, finger, coalesced, predicted, standard
}
