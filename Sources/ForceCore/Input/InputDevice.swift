/// What kind of device a sample comes from, as `forcecanvas devices` and the HUD name it.
public enum DeviceKind: String, Equatable, Hashable, Sendable, CaseIterable {
    case mouse, pen, eraser, touch, keyboard, other
}

/// A device that drives (or may drive) the pointer: what the HUD shows and sessions record.
public struct InputDevice: Equatable, Hashable, Sendable {
    /// The device's name as the system reports it ("Wacom Intuos Pro M Pen stylus").
    public var name: String
    public var kind: DeviceKind
    /// Whether the device really reports force (ForceTouchCapability.available). A device with
    /// an empty or inverted pressure range, a mouse, and X11/Wayland touch screens have none.
    public var hasForce: Bool
    /// Whether the device reports tilt.
    public var hasTilt: Bool

    public init(name: String, kind: DeviceKind, hasForce: Bool, hasTilt: Bool = false) {
        self.name = name
        self.kind = kind
        self.hasForce = hasForce
        self.hasTilt = hasTilt
    }

    /// The mouse with the wheel emulator: the device every session starts with. It counts as
    /// force-capable because the emulator supplies force (the Simulator's "Use Trackpad Force").
    public static let emulatedMouse = InputDevice(name: "Mouse (wheel emulator)", kind: .mouse, hasForce: true)
}
