import ForceCore

/// One XInput 2 device as `XIQueryDevice` describes it: what `forcecanvas devices` lists and
/// what the pen source reads pressure and tilt from. A pure value; `DeviceQuery` builds it.
public struct TabletDevice: Equatable, Sendable {
    /// The device's place in the X input hierarchy (XI2's `use`).
    public enum Use: String, Equatable, Sendable, CaseIterable {
        case masterPointer = "master pointer"
        case masterKeyboard = "master keyboard"
        case slavePointer = "slave pointer"
        case slaveKeyboard = "slave keyboard"
        case floating = "floating slave"
    }

    /// XI2 device id (2 and 3 are the virtual core pointer and keyboard).
    public var id: Int32
    public var name: String
    public var use: Use
    public var axes: [ValuatorAxis]
    /// Whether the device has an XITouchClass in direct mode (a touch screen, not a touchpad).
    public var hasDirectTouch: Bool
    /// Whether the device has keys (an XIKeyClass).
    public var hasKeys: Bool
    /// Disabled devices send no events (`xinput disable`).
    public var isEnabled: Bool
    /// The Wacom driver's "Wacom Tool Type" property ("STYLUS", "ERASER", "CURSOR", "PAD",
    /// "TOUCH"), when the device has one.
    public var toolType: String?

    public init(id: Int32, name: String, use: Use, axes: [ValuatorAxis] = [], hasDirectTouch: Bool = false,
                hasKeys: Bool = false, isEnabled: Bool = true, toolType: String? = nil) {
        self.id = id
        self.name = name
        self.use = use
        self.axes = axes
        self.hasDirectTouch = hasDirectTouch
        self.hasKeys = hasKeys
        self.isEnabled = isEnabled
        self.toolType = toolType
    }

    /// The label of the pressure valuator (xf86-input-wacom, xf86-input-libinput, XWayland).
    public static let pressureLabel = "Abs Pressure"
    /// The labels of the tilt valuators.
    public static let tiltXLabel = "Abs Tilt X"
    public static let tiltYLabel = "Abs Tilt Y"

    public var pressureAxis: ValuatorAxis? { axis(labelled: Self.pressureLabel) }
    public var tiltXAxis: ValuatorAxis? { axis(labelled: Self.tiltXLabel) }
    public var tiltYAxis: ValuatorAxis? { axis(labelled: Self.tiltYLabel) }
    public var hasTilt: Bool { tiltXAxis != nil && tiltYAxis != nil }

    public func axis(labelled label: String) -> ValuatorAxis? { axes.first { $0.label == label } }

    public var isMaster: Bool { use == .masterPointer || use == .masterKeyboard }

    /// What the device is. The rules, first match wins:
    /// 1. master devices are the core mouse or keyboard (their axes follow the last slave used);
    /// 2. slave keyboards, and floating devices with keys and no axes, are keyboards;
    /// 3. a direct-touch class makes a touch screen;
    /// 4. an "Abs Pressure" valuator makes a pen, or an **eraser** when the Wacom tool type is
    ///    "ERASER" or the name contains "eraser" in any case (xf86-input-wacom names it
    ///    "… Pen eraser", xf86-input-libinput's per-tool sub-device "… Eraser (0x…)", XWayland
    ///    "xwayland-tablet eraser:…");
    /// 5. a Wacom "PAD" or a name ending in " pad" is a tablet's button pad: other;
    /// 6. any other pointer is a mouse (mice, touchpads, the XTest pointer).
    public var kind: DeviceKind {
        switch use {
        case .masterPointer: return .mouse
        case .masterKeyboard, .slaveKeyboard: return .keyboard
        case .floating where axes.isEmpty && hasKeys: return .keyboard
        case .slavePointer, .floating: break
        }
        if hasDirectTouch { return .touch }
        let lowered = name.lowercased()
        if pressureAxis != nil {
            return toolType == "ERASER" || lowered.contains("eraser") ? .eraser : .pen
        }
        if toolType == "PAD" || lowered.hasSuffix(" pad") { return .other }
        return .mouse
    }

    /// Whether the pen source reads this device: a slave or floating pen or eraser.
    public var isPen: Bool { isEnabled && (kind == .pen || kind == .eraser) }

    /// Whether the device really reports force, and why not.
    public var force: ForceSupport {
        if isMaster { return .masterDevice }
        guard let p = pressureAxis else { return .noPressureAxis }
        guard p.min.isFinite, p.max.isFinite, p.min != p.max else { return .emptyRange(p.min) }
        guard p.min < p.max else { return .invertedRange(min: p.min, max: p.max) }
        return .pressure(min: p.min, max: p.max)
    }

    /// The device as the core names it (sent as `.device` when it starts driving the pointer).
    public var inputDevice: InputDevice {
        InputDevice(name: name, kind: kind, hasForce: force.reportsForce, hasTilt: hasTilt)
    }
}

/// One valuator (axis) of a device.
public struct ValuatorAxis: Equatable, Sendable {
    /// The valuator number: its bit in event masks.
    public var number: Int
    /// The axis label atom's name ("Abs Pressure"), or "" when unlabelled.
    public var label: String
    public var min: Double
    public var max: Double
    /// Units per metre for positions; units per radian for xf86-input-wacom's tilt; 0 if unknown.
    public var resolution: Int
    public var isAbsolute: Bool
    /// The range the device reports, nil when it reports none (X gives relative axes -1 to -1).
    public var range: ClosedRange<Double>? { min < max ? min...max : nil }
    /// The axis value when the device was queried (by default 0, or the nearest value in range).
    public var value: Double

    public init(number: Int, label: String, min: Double, max: Double, resolution: Int = 0,
                isAbsolute: Bool = true, value: Double? = nil) {
        self.number = number
        self.label = label
        self.min = min
        self.max = max
        self.resolution = resolution
        self.isAbsolute = isAbsolute
        self.value = value ?? Swift.min(max, Swift.max(min, 0))
    }
}

/// Whether a device reports force (seed 001's `ForceTouchCapability`), and the reason if not.
public enum ForceSupport: Equatable, Sendable {
    case pressure(min: Double, max: Double)
    case noPressureAxis
    /// min == max: the driver declares pressure but cannot measure it.
    case emptyRange(Double)
    case invertedRange(min: Double, max: Double)
    /// Master devices carry the axes of whichever slave moved last: never a force source.
    case masterDevice

    public var reportsForce: Bool {
        if case .pressure = self { return true }
        return false
    }

    /// Why the device has no force, or nil when it has.
    public var reason: String? {
        switch self {
        case .pressure: return nil
        case .noPressureAxis: return "no pressure axis"
        case .emptyRange(let v): return "empty pressure range \(Self.format(v))…\(Self.format(v))"
        case .invertedRange(let lo, let hi): return "inverted pressure range \(Self.format(lo))…\(Self.format(hi))"
        case .masterDevice: return "master device: its axes follow the last slave used"
        }
    }

    static func format(_ v: Double) -> String {
        v.rounded() == v && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
