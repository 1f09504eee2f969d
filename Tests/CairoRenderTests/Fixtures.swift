import CairoRender
import ForceCore
import Foundation
import XCTest

/// The repository's Assets/Sessions folder, found from this file's path.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sessions = root.appendingPathComponent("Assets/Sessions")

    static func session(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Session {
        let url = sessions.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        return try SessionCoding.parse(text, file: name)
    }

    /// ForceCanvas's static quick actions, read from the repository's Info.plist.
    static var shortcuts: ShortcutCatalog {
        let url = root.appendingPathComponent("Assets/Info.plist")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return ShortcutCatalog(staticItems: ShortcutCatalog.staticItems(fromInfoPlist: data).items)
    }

    /// Replays `session` and returns the surfaces of the frames at `times` (seconds), in order;
    /// `stepEveryFrame` simulates (and, with `renderEveryFrame`, renders) every frame instead of
    /// jumping over idle ones.
    static func render(_ session: Session, at times: [Double], stepEveryFrame: Bool = false,
                       renderEveryFrame: Bool = true) throws -> [ImageSurface] {
        try renderWithStates(session, at: times, stepEveryFrame: stepEveryFrame, renderEveryFrame: renderEveryFrame)
            .map(\.surface)
    }

    /// Like `render`, with the state each frame was drawn from.
    static func renderWithStates(_ session: Session, at times: [Double], stepEveryFrame: Bool = false,
                                 renderEveryFrame: Bool = true) throws -> [(surface: ImageSurface, state: AppState)] {
        var out: [Int: (ImageSurface, AppState)] = [:]
        let frames = times.map(HeadlessReplay.frame(at:))
        var replay = HeadlessReplay(session: session, shortcuts: shortcuts)
        replay.stepEveryFrame = stepEveryFrame
        replay.renderEveryFrame = renderEveryFrame
        try replay.run(frames: Set(frames)) { frame, state, surface in
            // Copy the frame: the renderer keeps drawing into its own surface.
            let copy = try ImageSurface(viewport: Viewport(width: surface.pixelWidth, height: surface.pixelHeight))
            if let cr = copy.makeContext() {
                cairo_set_source_surface(cr, surface.surface, 0, 0)
                cairo_paint(cr)
                cairo_destroy(cr)
            }
            out[frame] = (copy, state)
        }
        return frames.compactMap { out[$0] }
    }
}

import CCairo
