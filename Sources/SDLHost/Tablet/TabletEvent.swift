import ForceCore

/// What the XI2 pen source tells the event translator, in X event order.
enum TabletEvent: Equatable {
    /// A pen or eraser sample from XI2 device `deviceID`, which `device` describes.
    case pen(deviceID: Int32, device: InputDevice, PointerInput)
    /// A pointer that is not a pen (mouse, touchpad, XTest) moved or pressed a button after a
    /// pen was the last to do so: the mouse takes over again.
    case otherPointer
    /// Something the user should know, shown once (a pen with an unusable pressure range).
    case notice(String)
    /// The pen moved this far while hovering with its pan button held (`XI2PenSource.panButton`).
    case pan(dx: Double, dy: Double)
    /// A barrel button that does not pan went down or up: 1 the lower (X button 2,
    /// BTN_STYLUS), 2 the upper (X button 3, BTN_STYLUS2).
    case barrel(button: Int, down: Bool)
    /// A tool came into the tablet's proximity, or left it (`ToolIdentity`), on XI2 device
    /// `deviceID`: `device` names the tool (its id and serial).
    case proximity(deviceID: Int32, device: InputDevice, source: InputSource, entering: Bool)
}

/// The tool a Wacom device reports through xf86-input-wacom's "Wacom Serial IDs" property:
/// five 32-bit integers — the tablet's id, the previous tool's serial and id, the current
/// tool's serial and id (both 0 while no tool is in proximity). X sends an XI2 property event
/// when they change, which is how a live pen's proximity, tool id and serial are read: XI2 has
/// no proximity events of its own and no valuator for them (nor for hover distance).
public struct ToolIdentity: Equatable, Sendable {
    public var serial: Int
    public var toolID: Int

    /// "Wacom Serial IDs".
    public static let property = "Wacom Serial IDs"

    public init(serial: Int, toolID: Int) {
        self.serial = serial
        self.toolID = toolID
    }

    /// The property's five values; nil when it has fewer.
    public init?(property values: [Int]) {
        guard values.count >= 5 else { return nil }
        // Format-32 INTEGER values come sign-extended: a serial above 2³¹ is negative.
        self.init(serial: DeviceDetails.toolNumber(values[3]) ?? 0, toolID: DeviceDetails.toolNumber(values[4]) ?? 0)
    }

    /// A tool is near the tablet.
    public var isInProximity: Bool { serial != 0 || toolID != 0 }
}
