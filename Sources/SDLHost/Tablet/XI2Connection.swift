import CSDL2
import CXInput2

/// SDL's own X connection and window, for the XInput 2 selections the pen source needs.
///
/// Selection rules (SPEC 7): pens get XI_Motion, XI_ButtonPress and XI_ButtonRelease on their
/// own device ids; other slave pointers XI_Motion and XI_ButtonPress (so the pen source sees
/// the mouse take over again); the root window XI_HierarchyChanged for all devices. Never
/// anything on XIAllMasterDevices: that replaces SDL's own selection and silently ends the core
/// button events SDL reads. Selections are merged with what the client already selected on the
/// same window and device (SDL shares this connection), never overwritten.
struct XI2Connection {
    let display: OpaquePointer
    /// SDL's X window (an X11 `Window`, an XID; `Window` is SDLHost's own class here).
    let window: XID
    let opcode: Int32
    let version: (major: Int32, minor: Int32)

    /// The connection behind SDL's window, or why there is none (one line for the log).
    static func open(for sdlWindow: OpaquePointer) -> Result<XI2Connection, Unavailable> {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        guard driver == "x11" else { return .failure(.init(reason: "video driver \(driver), not x11")) }
        var info = SDL_SysWMinfo()
        SDL_GetVersion(&info.version)
        guard SDL_GetWindowWMInfo(sdlWindow, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
              let display = info.info.x11.display
        else { return .failure(.init(reason: "no X11 window info (\(String(cString: SDL_GetError())))")) }
        guard let opcode = DeviceQuery.opcode(on: display) else { return .failure(.init(reason: "no XInput extension")) }
        guard let version = DeviceQuery.version(on: display),
              (version.major, version.minor) >= (DeviceQuery.wantedVersion.major, DeviceQuery.wantedVersion.minor)
        else { return .failure(.init(reason: "XInput 2.2 not available")) }
        return .success(XI2Connection(display: display, window: info.info.x11.window, opcode: opcode, version: version))
    }

    struct Unavailable: Error, Equatable {
        var reason: String
    }

    /// Queries every device and installs the selections for it; returns the device table.
    func refresh() -> [TabletDevice] {
        var devices: [TabletDevice] = []
        ignoringErrors {
            devices = DeviceQuery.devices(on: display)
            select(for: devices)
        }
        return devices
    }

    /// Window points per X pixel: SDL2's X11 backend has no point/pixel split (the renderer's
    /// HiDPI scale is applied by the renderer), so this is SDL's window width over the X
    /// window's width, 1 in practice; computed rather than assumed.
    func pointsPerPixel(sdlWidth: Int32) -> Double {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0, attributes.width > 0, sdlWidth > 0 else { return 1 }
        return Double(sdlWidth) / Double(attributes.width)
    }

    // MARK: Selection

    /// The events each kind of device is selected for.
    static let penEvents = [XI_Motion, XI_ButtonPress, XI_ButtonRelease]
    static let otherPointerEvents = [XI_Motion, XI_ButtonPress]
    static let rootEvents = [XI_HierarchyChanged]
    /// A pen's property changes ("Wacom Serial IDs": proximity, the tool), on the root window.
    static let penRootEvents = [XI_PropertyEvent]

    private func select(for devices: [TabletDevice]) {
        var masks: [Int32: [Int32]] = [:], rootMasks: [Int32: [Int32]] = [XIAllDevices: Self.rootEvents]
        let hasToolIdentity = toolIdentityAtom != 0
        for d in devices where !d.isMaster && d.isEnabled {
            if d.isPen {
                masks[d.id] = Self.penEvents
                if hasToolIdentity { rootMasks[d.id] = Self.penRootEvents }
            } else if d.kind == .mouse {
                masks[d.id] = Self.otherPointerEvents
            }
        }
        merge(masks, on: window)
        merge(rootMasks, on: XDefaultRootWindow(display))
    }

    // MARK: The tool

    /// The "Wacom Serial IDs" atom; 0 when no driver on the server made it.
    var toolIdentityAtom: UInt { UInt(XInternAtom(display, ToolIdentity.property, 1)) }

    /// Device `id`'s tool, from its "Wacom Serial IDs" (`atom`, `toolIdentityAtom`); nil when it
    /// has none.
    func toolIdentity(of id: Int32, atom: UInt) -> ToolIdentity? {
        guard atom != 0 else { return nil }
        var values: [Int] = []
        ignoringErrors {
            values = DeviceQuery.values(of: id, property: Atom(atom), type: Atom(XA_INTEGER), count: 5, display: display)
        }
        return ToolIdentity(property: values)
    }

    /// Adds `events` to the client's existing XI2 selection of each device on `target`.
    private func merge(_ events: [Int32: [Int32]], on target: XID) {
        var existing: [Int32: [UInt8]] = [:]
        var count: Int32 = 0
        if let selected = XIGetSelectedEvents(display, target, &count) {
            for m in UnsafeBufferPointer(start: selected, count: Int(count)) {
                existing[m.deviceid] = Array(UnsafeBufferPointer(start: m.mask, count: Int(m.mask_len)))
            }
            XFree(selected)
        }
        for (device, wanted) in events {
            var bytes = existing[device] ?? []
            for e in wanted {
                let byte = Int(e) >> 3  // XISetMask, written out: Swift does not import the macro
                if bytes.count <= byte { bytes += Array(repeating: 0, count: byte + 1 - bytes.count) }
                bytes[byte] |= UInt8(1 << (Int(e) & 7))
            }
            bytes.withUnsafeMutableBufferPointer { buffer in
                var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
                _ = XISelectEvents(display, target, &mask, 1)
            }
        }
    }

    /// Runs X requests with errors ignored, then syncs. A device may vanish between the query
    /// and the selection; the X error that follows must not reach SDL's handler, which exits.
    private func ignoringErrors(_ body: () -> Void) {
        let previous = XSetErrorHandler { _, _ in 0 }
        body()
        XSync(display, 0)
        XSetErrorHandler(previous)
    }
}
