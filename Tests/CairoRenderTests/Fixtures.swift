import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// The renders the golden and replay tests compare (the fixtures themselves are TestSupport's).
extension Fixtures {
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
