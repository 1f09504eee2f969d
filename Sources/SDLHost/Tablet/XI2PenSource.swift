import CSDL2
import CXInput2
import ForceCore

/// Tablet pens read through XInput 2 beside SDL (SPEC 7): SDL reports a pen as a plain mouse.
///
/// SDL hands every X generic event to an event watch as an `SDL_SYSWMEVENT` whose cookie data is
/// freed right after dispatch, so the watch translates XI2 device events at once into
/// `TabletEvent`s, batched under the cookie's identity. The window loop takes each batch when it
/// polls that SYSWMEVENT, which keeps pen samples in X order among SDL's own mouse events.
///
/// Rules:
/// - **Duplicates**: only events whose device *and* source are a known pen are read; the master
///   pointer's copy of a pen event (SDL selects XI_Motion on the masters) is dropped.
/// - **Pen down/up**: XI_ButtonPress/Release of button 1 (the tip; the driver's own threshold
///   decides contact); other buttons only update the valuators. One pen stroke at a time.
/// - **Location**: `event_x/event_y` (sub-pixel, relative to SDL's window) × `pointsPerPixel`,
///   in window points like SDL's mouse events.
/// - **Hot-plug**: XI_HierarchyChanged re-queries the devices and re-selects (this is how
///   xf86-input-libinput's per-tool sub-devices are picked up). A device removed or disabled
///   mid-stroke ends the stroke with an `.up` at its last location and force.
/// - A force-less pen (empty or inverted pressure range) draws with simulated pressure and is
///   reported once, on first use.
/// - **Proximity and the tool**: where the driver publishes "Wacom Serial IDs"
///   (`ToolIdentity`), its XI_PropertyEvent says a tool came near or left: `.proximity`, and
///   the pen's samples carry the tool's id and serial.
final class XI2PenSource {
    /// The XInput extension opcode: the `extension` of the cookies read.
    let opcode: Int32
    /// Window points per event pixel (see `XI2Connection.pointsPerPixel`).
    var pointsPerPixel = 1.0
    /// Every device, by XI2 id.
    private(set) var devices: [Int32: TabletDevice] = [:]
    private var decoders: [Int32: PenSampleDecoder] = [:]
    private var otherPointers: Set<Int32> = []
    private var last: [Int32: (location: Point, axes: PenAxes)] = [:]
    private var strokeDevice: Int32?
    /// The pen holding its upper barrel button while hovering, and where it last was: its
    /// motion pans the canvas.
    private var panning: (device: Int32, at: Point)?
    /// The barrel buttons (X buttons 2 and 3) that pan (`BarrelAction.pan`).
    var panButtons: Set<Int32> = [panButton]
    /// Whether a pen produced the last pointer input this source saw.
    private var penWasLast = false
    private var reported: Set<Int32> = []
    private var pending: [Batch] = []
    private let refresh: (() -> [TabletDevice])?
    private let connection: XI2Connection?
    private var watching = false
    /// The "Wacom Serial IDs" atom (0: the server has none), and its reader.
    private let identityAtom: UInt
    private let identity: ((Int32) -> ToolIdentity?)?
    /// Each pen's tool as last read.
    private var tools: [Int32: ToolIdentity] = [:]

    /// Events from one X event, under its cookie's identity.
    private struct Batch {
        var key: Key
        var events: [TabletEvent]
    }

    /// A cookie's identity: Xlib numbers every generic event it queues (`cookie`).
    struct Key: Equatable {
        var serial: UInt
        var cookie: UInt32
    }

    /// A source over a known device table. `refresh` re-queries (and re-selects) after a
    /// hierarchy change; without it the removed devices are simply dropped (tests).
    /// `identity` reads a pen's tool (the property named by `identityAtom`); tests give both.
    init(devices: [TabletDevice], opcode: Int32, refresh: (() -> [TabletDevice])? = nil,
         identityAtom: UInt = 0, identity: ((Int32) -> ToolIdentity?)? = nil) {
        self.opcode = opcode
        self.refresh = refresh
        self.identityAtom = identityAtom
        self.identity = identity
        connection = nil
        install(devices)
    }

    /// The source of a real window: queries the devices and installs the selections.
    init(connection: XI2Connection) {
        opcode = connection.opcode
        refresh = { connection.refresh() }
        let atom = connection.toolIdentityAtom
        identityAtom = atom
        identity = { connection.toolIdentity(of: $0, atom: atom) }
        self.connection = connection
        install(connection.refresh())
    }

    deinit { stop() }

    /// The window's width in SDL points changed: recompute `pointsPerPixel`.
    func windowResized(sdlWidth: Int32) {
        if let connection { pointsPerPixel = connection.pointsPerPixel(sdlWidth: sdlWidth) }
    }

    /// Non-pen slave pointers selected for (the mouse taking over).
    var otherPointerCount: Int { otherPointers.count }

    /// Pens and erasers in the current table.
    var pens: [TabletDevice] { decoders.values.map(\.device).sorted { $0.id < $1.id } }

    /// Enables SDL_SYSWMEVENT and installs the event watch.
    func start() {
        guard !watching else { return }
        SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)
        SDL_AddEventWatch(xi2PenWatch, Unmanaged.passUnretained(self).toOpaque())
        watching = true
    }

    func stop() {
        guard watching else { return }
        SDL_DelEventWatch(xi2PenWatch, Unmanaged.passUnretained(self).toOpaque())
        watching = false
    }

    // MARK: Taking events (window loop)

    /// The events queued up to and including the batch of the SYSWMEVENT `event` (nothing for
    /// another event, or an X event that produced none).
    func take(through event: SDL_Event) -> [TabletEvent] {
        guard !pending.isEmpty, event.type == SDL_SYSWMEVENT.rawValue, let msg = event.syswm.msg,
              msg.pointee.subsystem == SDL_SYSWM_X11, msg.pointee.msg.x11.event.type == GenericEvent
        else { return [] }
        let key = Self.key(msg.pointee.msg.x11.event.xcookie)
        guard let i = pending.firstIndex(where: { $0.key == key }) else { return [] }
        let events = pending[...i].flatMap(\.events)
        pending.removeFirst(i + 1)
        return events
    }

    /// Everything still queued (at the end of a frame's event drain).
    func takeAll() -> [TabletEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending.flatMap(\.events)
    }

    static func key(_ cookie: XGenericEventCookie) -> Key { Key(serial: cookie.serial, cookie: cookie.cookie) }

    // MARK: Reading cookies (event watch)

    /// Translates one X generic event (called inside SDL's dispatch, while its data is valid).
    func receive(_ cookie: XGenericEventCookie) {
        guard cookie.type == GenericEvent, cookie.extension == opcode, let data = cookie.data else { return }
        var out: [TabletEvent] = []
        switch cookie.evtype {
        case XI_Motion, XI_ButtonPress, XI_ButtonRelease:
            deviceEvent(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, type: cookie.evtype, into: &out)
        case XI_HierarchyChanged:
            hierarchyChanged(data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee, into: &out)
        case XI_PropertyEvent:
            propertyChanged(data.assumingMemoryBound(to: XIPropertyEvent.self).pointee, into: &out)
        default:
            return
        }
        if !out.isEmpty { pending.append(Batch(key: Self.key(cookie), events: out)) }
    }

    private func deviceEvent(_ e: XIDeviceEvent, type: Int32, into out: inout [TabletEvent]) {
        guard decoders[e.sourceid] != nil else {
            let emulated = Int(e.flags) & Int(XIPointerEmulated) != 0
            if otherPointers.contains(e.sourceid), !emulated, type != XI_ButtonRelease, penWasLast, strokeDevice == nil {
                penWasLast = false
                out.append(.otherPointer)
            }
            return
        }
        guard e.deviceid == e.sourceid else { return }  // the master's copy of a pen event
        let id = e.sourceid
        let mask = UnsafeBufferPointer(start: e.valuators.mask, count: Int(max(0, e.valuators.mask_len)))
        let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        let values = UnsafeBufferPointer(start: e.valuators.values, count: e.valuators.values == nil ? 0 : count)
        guard let axes = decoders[id]?.decode(mask: mask, values: values), let decoder = decoders[id] else { return }

        let location = Point(x: e.event_x * pointsPerPixel, y: e.event_y * pointsPerPixel)
        let phase: PointerPhase
        switch type {
        case XI_ButtonPress:
            if Self.barrelButtons.contains(e.detail), !panButtons.contains(e.detail) {
                out.append(.barrel(button: Int(e.detail) - 1, down: true))
                return
            }
            if panButtons.contains(e.detail), strokeDevice == nil {
                panning = (id, location)
                return
            }
            guard e.detail == Self.tipButton, strokeDevice == nil else { return }
            phase = .down
            strokeDevice = id
            panning = nil
        case XI_ButtonRelease:
            if Self.barrelButtons.contains(e.detail), !panButtons.contains(e.detail) {
                out.append(.barrel(button: Int(e.detail) - 1, down: false))
                return
            }
            if panButtons.contains(e.detail), panning?.device == id {
                panning = nil
                return
            }
            guard e.detail == Self.tipButton, strokeDevice == id else { return }
            phase = .up
            strokeDevice = nil
        default:
            if let p = panning, p.device == id, strokeDevice == nil {
                // Hovering with the barrel button held: the canvas follows the pen.
                panning = (id, location)
                if location != p.at { out.append(.pan(dx: location.x - p.at.x, dy: location.y - p.at.y)) }
                return
            }
            phase = .move
        }
        last[id] = (location, axes)
        penWasLast = true
        if !decoder.inputDevice.hasForce, reported.insert(id).inserted, let reason = decoder.device.force.reason {
            out.append(.notice("\(decoder.device.name): \(reason); drawing with simulated pressure"))
        }
        out.append(.pen(deviceID: id, device: decoder.inputDevice, decoder.sample(phase, at: location, axes: axes)))
    }

    /// Button 1: the pen tip in xf86-input-wacom, xf86-input-libinput and XWayland.
    static let tipButton: Int32 = 1
    /// Buttons 2 and 3: the pen's lower and upper barrel switches (BTN_STYLUS and BTN_STYLUS2
    /// in libinput; a middle and a right click by default in xf86-input-wacom). What each does
    /// is the config's `barrel-button` and `barrel-button-2`: a button that pans (the upper
    /// one by default) pans the canvas while held hovering; the others are reported.
    static let barrelButtons: Set<Int32> = [2, 3]
    /// The upper barrel switch, the one that pans by default.
    static let panButton: Int32 = 3

    /// The hierarchy flags after which a device may be gone.
    static let goneFlags = Int32(XISlaveRemoved) | Int32(XIDeviceDisabled)

    private func hierarchyChanged(_ h: XIHierarchyEvent, into out: inout [TabletEvent]) {
        let infos = UnsafeBufferPointer(start: h.info, count: h.info == nil ? 0 : Int(h.num_info))
        let gone = Set(infos.filter { $0.flags & Self.goneFlags != 0 }.map(\.deviceid))
        let changed = infos.contains { $0.flags != 0 } || h.flags != 0
        let table = changed ? (refresh?() ?? devices.values.filter { !gone.contains($0.id) }) : nil
        if let id = strokeDevice, let decoder = decoders[id], let l = last[id],
           gone.contains(id) || !(table?.contains { $0.id == id && $0.isPen } ?? true) {
            strokeDevice = nil
            out.append(.pen(deviceID: id, device: decoder.inputDevice, decoder.sample(.up, at: l.location, axes: l.axes)))
        }
        if let table { install(table) }
    }

    /// A pen's "Wacom Serial IDs" changed: a tool came into proximity (its id and serial now
    /// on the pen's samples), left, or another took its place (out, then in).
    private func propertyChanged(_ e: XIPropertyEvent, into out: inout [TabletEvent]) {
        guard identityAtom != 0, UInt(e.property) == identityAtom, var decoder = decoders[e.deviceid],
              let now = identity?(e.deviceid) else { return }
        let before = tools[e.deviceid] ?? ToolIdentity(serial: 0, toolID: 0)
        guard now != before else { return }
        tools[e.deviceid] = now
        if before.isInProximity {
            out.append(.proximity(deviceID: e.deviceid, device: decoder.inputDevice, source: decoder.source, entering: false))
        }
        if now.isInProximity {
            decoder.setTool(now)
            decoders[e.deviceid] = decoder
            out.append(.proximity(deviceID: e.deviceid, device: decoder.inputDevice, source: decoder.source, entering: true))
        }
    }

    /// Replaces the device table; a pen whose description did not change keeps its valuators
    /// (a new one reads its tool, where the driver says).
    private func install(_ table: [TabletDevice]) {
        devices = Dictionary(table.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var next: [Int32: PenSampleDecoder] = [:]
        for d in table where d.isPen && !d.isMaster {
            if let kept = decoders[d.id], kept.device == d {
                next[d.id] = kept
                continue
            }
            var decoder = PenSampleDecoder(device: d)
            if let tool = identity?(d.id) {
                tools[d.id] = tool
                decoder.setTool(tool)
            }
            next[d.id] = decoder
        }
        decoders = next
        tools = tools.filter { next[$0.key] != nil }
        otherPointers = Set(table.filter { !$0.isMaster && $0.kind == .mouse }.map(\.id))
        last = last.filter { next[$0.key] != nil }
        if let id = strokeDevice, next[id] == nil { strokeDevice = nil }
    }
}

/// The SDL event watch: reads the XI2 cookie of every SYSWMEVENT while its data is still valid.
private func xi2PenWatch(_ userdata: UnsafeMutableRawPointer?, _ event: UnsafeMutablePointer<SDL_Event>?) -> Int32 {
    guard let userdata, let event, event.pointee.type == SDL_SYSWMEVENT.rawValue,
          let msg = event.pointee.syswm.msg, msg.pointee.subsystem == SDL_SYSWM_X11
    else { return 1 }
    Unmanaged<XI2PenSource>.fromOpaque(userdata).takeUnretainedValue().receive(msg.pointee.msg.x11.event.xcookie)
    return 1
}
