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
    /// What made a recording, as far as the device says: a session records it, the core
    /// does not use it.
    public var details = DeviceDetails()

    public init(name: String, kind: DeviceKind, hasForce: Bool, hasTilt: Bool = false, details: DeviceDetails = DeviceDetails()) {
        self.name = name
        self.kind = kind
        self.hasForce = hasForce
        self.hasTilt = hasTilt
        self.details = details
    }

    /// The mouse with the wheel emulator: the device every session starts with. It counts as
    /// force-capable because the emulator supplies force (the Simulator's "Use Trackpad Force").
    public static let emulatedMouse = InputDevice(name: "Mouse (wheel emulator)", kind: .mouse, hasForce: true)
}

/// A tablet's description, each part when the device reports it: its active area in
/// millimetres, resolution (units a millimetre), report rate (Hz), pressure levels, tilt range
/// (± degrees), and the tool's id and serial number.
public struct DeviceDetails: Equatable, Hashable, Sendable {
    public var widthMM: Double?
    public var heightMM: Double?
    public var resolution: Double?
    public var rate: Double?
    public var pressureLevels: Int?
    public var tiltRange: Double?
    public var toolID: Int?
    public var serial: Int?

    public init(widthMM: Double? = nil, heightMM: Double? = nil, resolution: Double? = nil, rate: Double? = nil,
                pressureLevels: Int? = nil, tiltRange: Double? = nil, toolID: Int? = nil, serial: Int? = nil) {
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.resolution = resolution
        self.rate = rate
        self.pressureLevels = pressureLevels
        self.tiltRange = tiltRange
        self.toolID = toolID
        self.serial = serial
    }

    /// The largest area, resolution, rate, pressure levels or tilt range a session keeps: 1e9.
    public static let largestMeasure = 1e9

    /// The largest tool id or serial: both are 32-bit numbers.
    public static let largestToolNumber = 4_294_967_295

    /// A tool id or serial as the kernel and the X server send it, a signed 32-bit integer (a
    /// serial above 2³¹ arrives negative: an Intuos4 pen's -1719661677 is 2575305619), as the
    /// number it is; nil for 0 (no tool) or a value outside 32 bits.
    public static func toolNumber(_ raw: Int) -> Int? {
        guard raw != 0, raw >= -2_147_483_648, raw <= largestToolNumber else { return nil }
        return raw < 0 ? raw + (1 << 32) : raw
    }
}
