import CXInput2

/// Lists every XInput 2 device of a display (`XIQueryDevice(XIAllDevices)`) as `TabletDevice`
/// values: what the pen source selects events on and what `forcecanvas devices` prints.
enum DeviceQuery {
    /// The Wacom driver's tool type property (an atom: "STYLUS", "ERASER", "PAD", …).
    static let wacomToolTypeProperty = "Wacom Tool Type"
    /// XA_ATOM, the predefined atom 4 of X11/Xatom.h (a cast macro Swift does not import).
    static let atomType: Atom = 4
    /// The XI2 version the program asks for: 2.2 (touch events; SDL2 asks for the same).
    static let wantedVersion: (major: Int32, minor: Int32) = (2, 2)

    /// The XInput extension's major opcode (the `extension` of its generic events), or nil when
    /// the server has no XInput.
    static func opcode(on display: OpaquePointer) -> Int32? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        return XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 ? opcode : nil
    }

    /// The XI2 version the server grants for `wanted` (capped at it), or nil without XI2.
    static func version(on display: OpaquePointer, wanted: (major: Int32, minor: Int32) = wantedVersion) -> (major: Int32, minor: Int32)? {
        guard opcode(on: display) != nil else { return nil }
        var major = wanted.major, minor = wanted.minor
        guard XIQueryVersion(display, &major, &minor) == Success, major >= 2 else { return nil }
        return (major, minor)
    }

    static func devices(on display: OpaquePointer) -> [TabletDevice] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        var atoms = AtomNames(display: display)
        let toolTypeAtom = XInternAtom(display, wacomToolTypeProperty, 1)  // only if it exists
        var result: [TabletDevice] = []
        for info in UnsafeBufferPointer(start: infos, count: Int(count)) {
            var device = TabletDevice(id: info.deviceid, name: info.name.map { String(cString: $0) } ?? "",
                                      use: use(info.use), isEnabled: info.enabled != 0)
            for cls in UnsafeBufferPointer(start: info.classes, count: Int(info.num_classes)) {
                guard let cls else { continue }
                let raw = UnsafeRawPointer(cls)
                switch cls.pointee.type {
                case XIValuatorClass:
                    let v = raw.assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    device.axes.append(ValuatorAxis(number: Int(v.number), label: atoms.name(v.label), min: v.min, max: v.max,
                                                    resolution: Int(v.resolution), isAbsolute: v.mode == XIModeAbsolute,
                                                    value: v.value))
                case XITouchClass:
                    let t = raw.assumingMemoryBound(to: XITouchClassInfo.self).pointee
                    if t.mode == XIDirectTouch { device.hasDirectTouch = true }
                case XIKeyClass:
                    device.hasKeys = true
                default:
                    break
                }
            }
            device.axes.sort { $0.number < $1.number }
            if toolTypeAtom != 0, !device.isMaster {
                device.toolType = toolType(of: info.deviceid, property: toolTypeAtom, display: display, atoms: &atoms)
            }
            result.append(device)
        }
        return result
    }

    private static func use(_ raw: Int32) -> TabletDevice.Use {
        switch raw {
        case XIMasterPointer: return .masterPointer
        case XIMasterKeyboard: return .masterKeyboard
        case XISlavePointer: return .slavePointer
        case XISlaveKeyboard: return .slaveKeyboard
        default: return .floating
        }
    }

    /// The atom name stored in the device's "Wacom Tool Type" property, if it has one.
    private static func toolType(of id: Int32, property: Atom, display: OpaquePointer, atoms: inout AtomNames) -> String? {
        guard let atom = values(of: id, property: property, type: atomType, count: 1, display: display).first else { return nil }
        return atoms.name(Atom(UInt(bitPattern: atom)))
    }

    /// Up to `count` values of device `id`'s format-32 property `property` of type `type`;
    /// none when it has no such property.
    static func values(of id: Int32, property: Atom, type wanted: Atom, count: Int, display: OpaquePointer) -> [Int] {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XIGetProperty(display, id, property, 0, count, 0, wanted, &type, &format, &items, &after, &data) == Success
        else { return [] }
        defer { if let data { XFree(data) } }
        // Format-32 properties come back as C longs, whatever their wire size.
        guard let data, type == wanted, format == 32 else { return [] }
        let raw = UnsafeRawPointer(data)
        return (0..<Int(items)).map { raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<Int>.stride, as: Int.self) }
    }
}

/// Atom → name, asking the server once per atom.
struct AtomNames {
    let display: OpaquePointer
    private var cache: [Atom: String] = [:]

    init(display: OpaquePointer) { self.display = display }

    mutating func name(_ atom: Atom) -> String {
        guard atom != 0 else { return "" }
        if let known = cache[atom] { return known }
        var text = ""
        if let p = XGetAtomName(display, atom) {
            text = String(cString: p)
            XFree(p)
        }
        cache[atom] = text
        return text
    }
}
