/// An opaque colour of an interaction's looks, components 0…1 (sRGB), for the renderer to map
/// onto its own colour type.
public struct InteractionColor: Equatable, Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `UIColor.white` (1, 1, 1): the idle/updating ring of the reference button (seed 004).
    public static let white = InteractionColor(red: 1, green: 1, blue: 1)
    /// `UIColor.red` (1, 0, 0): the selected ring (seed 004).
    public static let red = InteractionColor(red: 1, green: 0, blue: 0)
    /// `UIColor.green` (0, 1, 0): the confirmed ring (seed 004).
    public static let green = InteractionColor(red: 0, green: 1, blue: 0)
}
