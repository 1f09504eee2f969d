import CSDL2
import Foundation

extension WindowApp {
    /// The XI2 pen source for `window`, or nil (with one line on stderr) when the video driver
    /// is not x11 or the server lacks XInput 2.2: the mouse and touch still work.
    func makePenSource(for window: Window) -> XI2PenSource? {
        let connection: XI2Connection
        switch XI2Connection.open(for: window.window) {
        case .failure(let unavailable):
            Self.log("forcecanvas: no tablet pressure (\(unavailable.reason)); mouse and touch only")
            return nil
        case .success(let c):
            connection = c
        }
        let source = XI2PenSource(connection: connection)
        source.panButtons = Set([config.barrelAction, config.barrelAction2].enumerated().compactMap { i, action in
            action == .pan ? Int32(i + 2) : nil
        })
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window.window, &w, &h)
        source.windowResized(sdlWidth: w)
        source.start()
        if config.verbose {
            let pens = source.pens.map { "\($0.id) \"\($0.name)\" (\($0.kind.rawValue), \($0.force.reason ?? "force"))" }
            Self.log("forcecanvas: XInput \(connection.version.major).\(connection.version.minor) selection installed;"
                     + " pens: \(pens.isEmpty ? "none" : pens.joined(separator: ", "));"
                     + " other pointers: \(source.otherPointerCount)")
        }
        return source
    }
}
