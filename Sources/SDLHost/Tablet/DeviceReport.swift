import CSDL2
import CXInput2
import ForcePlatform
import Foundation

/// Every input device the program sees: the X input devices of DISPLAY and SDL's touch devices.
/// What `forcecanvas devices` prints.
public struct DeviceReport: Sendable {
    /// A touch device as SDL lists it.
    public struct TouchDevice: Equatable, Sendable {
        public var id: Int64
        public var name: String
        /// "direct" (a touch screen), "indirect absolute", "indirect relative" (touchpads).
        public var type: String
    }

    /// The X display name (DISPLAY).
    public var display: String
    /// The XInput version the server grants, "2.4" at most (the newest this program knows).
    public var xinputVersion: String
    public var devices: [TabletDevice]
    public var touchDevices: [TouchDevice]
    /// The displays a window may open on (`run --display N`): "N: NAME WxH".
    public var displays: [String] = []
    /// Why SDL's touch devices could not be listed, if they could not.
    public var touchNote: String?

    /// The newest XI2 version asked for when listing: 2.4.
    static let listingVersion: (major: Int32, minor: Int32) = (2, 4)

    /// Opens DISPLAY, lists its devices, and asks SDL for touch devices.
    public static func current() throws(HostError) -> DeviceReport {
        let env = Environment.current
        guard let name = env[.display] else { throw env[.waylandDisplay] == nil ? HostError.noDisplay : HostError.cannotOpenDisplay("") }
        guard let display = XOpenDisplay(nil) else { throw HostError.cannotOpenDisplay(name) }
        defer { XCloseDisplay(display) }
        guard let version = DeviceQuery.version(on: display, wanted: listingVersion) else { throw HostError.noXInput2(name) }
        var report = DeviceReport(display: name, xinputVersion: "\(version.major).\(version.minor)",
                                  devices: DeviceQuery.devices(on: display), touchDevices: [])
        (report.touchDevices, report.touchNote, report.displays) = sdlDevices()
        return report
    }

    /// SDL registers touch devices and displays when its video subsystem starts.
    private static func sdlDevices() -> ([TouchDevice], String?, [String]) {
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { return ([], "SDL video: \(String(cString: SDL_GetError()))", []) }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let displays = Window.displays().map(\.description)
        var list: [TouchDevice] = []
        for i in 0..<SDL_GetNumTouchDevices() {
            let id = SDL_GetTouchDevice(i)
            let type: String
            switch SDL_GetTouchDeviceType(id) {
            case SDL_TOUCH_DEVICE_DIRECT: type = "direct"
            case SDL_TOUCH_DEVICE_INDIRECT_ABSOLUTE: type = "indirect absolute"
            case SDL_TOUCH_DEVICE_INDIRECT_RELATIVE: type = "indirect relative"
            default: type = "unknown"
            }
            let name = SDL_GetTouchName(i).map { String(cString: $0) } ?? ""
            list.append(TouchDevice(id: id, name: name.isEmpty ? EventTranslator.defaultTouchName : name, type: type))
        }
        return (list, nil, displays)
    }
}
