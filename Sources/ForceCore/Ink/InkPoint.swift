/// One point of a stroke, as TouchCanvas's `LinePoint`.
public struct InkPoint: Equatable, Hashable, Sendable {
    /// Order of arrival within the canvas, for debugging and matching.
    public var sequence: Int
    /// Seconds from the session start.
    public var time: Double
    /// Normalised force 0…1 (clamped where a device's value enters: `PressureInput`).
    public var force: Double
    /// The location snapped to whole points (what a non-precise canvas draws).
    public var location: Point
    /// The sub-pixel location the device reported.
    public var preciseLocation: Point
    public var altitude: Double?
    public var azimuth: Double?
    public var type: PointType
    /// Matches the update that will replace this point's estimated force (`needsUpdate`).
    public var estimationUpdateIndex: Int?

    public init(
        sequence: Int, time: Double, force: Double, preciseLocation: Point,
        altitude: Double? = nil, azimuth: Double? = nil, type: PointType = .standard,
        estimationUpdateIndex: Int? = nil
    ) {
        self.sequence = sequence
        self.time = time
        self.force = force
        self.preciseLocation = preciseLocation
        self.location = Point(x: preciseLocation.x.rounded(), y: preciseLocation.y.rounded())
        self.altitude = altitude
        self.azimuth = azimuth
        self.type = type
        self.estimationUpdateIndex = estimationUpdateIndex
    }

    /// The location to draw at.
    public func location(precise: Bool) -> Point { precise ? preciseLocation : location }

    /// A real sample (not a prediction).
    public var isReal: Bool { !type.contains(.predicted) }

    /// Can be drawn once into the frozen cache: its values will not change.
    public var isSettled: Bool { type.isDisjoint(with: [.predicted, .needsUpdate]) }
}
