import CSDL2
import CXInput2
import ForceCore
@testable import SDLHost

/// Builds XI2 events in memory and delivers them as SDL does: an SDL_SYSWMEVENT whose X11
/// message holds the generic-event cookie, pushed with SDL_PushEvent so the event watches run
/// synchronously (only SDL_INIT_EVENTS, no display).
final class FakeXServer {
    /// Any opcode will do; the source only compares it.
    let opcode: Int32 = 131
    private var cookies: UInt32 = 0

    /// An XI2 device event. `source` defaults to `device` (a slave's own event); valuators are
    /// given by number and packed as the server packs them.
    @discardableResult
    func push(_ evtype: Int32, device: Int32, source: Int32? = nil, x: Double = 0, y: Double = 0, button: Int32 = 0,
              valuators: [Int: Double] = [:], flags: Int32 = 0) -> Bool {
        let numbers = valuators.keys.sorted()
        var mask = [UInt8](repeating: 0, count: ((numbers.last ?? 0) >> 3) + 1)
        for n in numbers { mask[n >> 3] |= UInt8(1 << (n & 7)) }
        var values = numbers.map { valuators[$0] ?? 0 }
        return mask.withUnsafeMutableBufferPointer { m in
            values.withUnsafeMutableBufferPointer { v in
                var e = XIDeviceEvent()
                e.type = GenericEvent
                e.extension = opcode
                e.evtype = evtype
                e.deviceid = device
                e.sourceid = source ?? device
                e.detail = button
                e.event_x = x
                e.event_y = y
                e.flags = flags
                e.valuators = XIValuatorState(mask_len: Int32(m.count), mask: m.baseAddress, values: v.baseAddress)
                return withUnsafeMutablePointer(to: &e) { deliver(evtype, data: UnsafeMutableRawPointer($0)) }
            }
        }
    }

    /// An XI_HierarchyChanged event with one info per (device, flags).
    @discardableResult
    func pushHierarchy(_ changes: [(device: Int32, flags: Int32)]) -> Bool {
        var infos = changes.map { XIHierarchyInfo(deviceid: $0.device, attachment: 2, use: XISlavePointer, enabled: 1, flags: $0.flags) }
        return infos.withUnsafeMutableBufferPointer { buffer in
            var h = XIHierarchyEvent()
            h.type = GenericEvent
            h.extension = opcode
            h.evtype = XI_HierarchyChanged
            h.flags = changes.reduce(0) { $0 | $1.flags }
            h.num_info = Int32(buffer.count)
            h.info = buffer.baseAddress
            return withUnsafeMutablePointer(to: &h) { deliver(XI_HierarchyChanged, data: UnsafeMutableRawPointer($0)) }
        }
    }

    /// An XI_PropertyEvent: device `device`'s property `property` (an atom) changed.
    @discardableResult
    func pushProperty(device: Int32, property: UInt) -> Bool {
        var e = XIPropertyEvent()
        e.type = GenericEvent
        e.extension = opcode
        e.evtype = XI_PropertyEvent
        e.deviceid = device
        e.property = Atom(property)
        e.what = XIPropertyModified
        return withUnsafeMutablePointer(to: &e) { deliver(XI_PropertyEvent, data: UnsafeMutableRawPointer($0)) }
    }

    /// Pushes the cookie; true when SDL queued the event.
    private func deliver(_ evtype: Int32, data: UnsafeMutableRawPointer) -> Bool {
        cookies += 1
        var x = XEvent()
        x.xcookie.type = GenericEvent
        x.xcookie.serial = UInt(cookies)
        x.xcookie.extension = opcode
        x.xcookie.evtype = evtype
        x.xcookie.cookie = cookies
        x.xcookie.data = data
        var msg = SDL_SysWMmsg()
        SDL_GetVersion(&msg.version)
        msg.subsystem = SDL_SYSWM_X11
        msg.msg.x11.event = x
        return withUnsafeMutablePointer(to: &msg) { m in
            var event = SDL_Event()
            event.syswm.type = SDL_SYSWMEVENT.rawValue
            event.syswm.msg = m
            return SDL_PushEvent(&event) == 1
        }
    }

    /// Polls SDL's queue as the window loop does and returns what the source hands over.
    func drain(_ source: XI2PenSource) -> [TabletEvent] {
        var out: [TabletEvent] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 { out += source.take(through: e) }
        return out + source.takeAll()
    }
}

extension TabletEvent {
    /// The pointer sample, if this is a pen event.
    var sample: PointerInput? {
        if case .pen(_, _, let p) = self { return p }
        return nil
    }
}
