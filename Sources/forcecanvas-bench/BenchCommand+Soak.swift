import CairoRender
import ForceCore
import ForcePlatform
import Foundation
import SDLHost

/// Section 18: resident memory over a long session through every scene, the window's way
/// (a presenter in a window when there is a display, else the canonical renderer).
extension BenchCommand {
    /// What one cycle does, 60 frames a second of the core's time: a stroke on the canvas
    /// (undone, so the ink stays the same size), a peek and pop in Messages, a quick-action
    /// menu opened and dismissed on Home, a press on Confirm's bar, each panel opened and
    /// closed, the next scene by command.
    static func soakCycle(_ s: inout AppState, _ t: inout Double, _ frame: (AppState) throws -> Void) rethrows {
        func tick(_ n: Int = 1) throws {
            for _ in 0..<n {
                t += 1.0 / 60
                s.advance(to: t)
                try frame(s)
            }
        }
        func press(at p: Point, notches: Int, move: Point? = nil) throws {
            s.handle(.pointer(PointerInput(phase: .down, location: p)), at: t)
            for _ in 0..<notches {
                try tick(3)
                s.handle(.wheel(1), at: t)
            }
            if let move { s.handle(.pointer(PointerInput(phase: .move, location: move)), at: t) }
            try tick(10)
            s.handle(.pointer(PointerInput(phase: .up, location: move ?? p)), at: t)
            try tick(20)
        }
        let v = s.screenSize
        let area = s.screenLayout.sceneArea
        s.handle(.command(.sceneCanvas), at: t)
        s.handle(.pointer(PointerInput(phase: .down, location: Point(x: area.x + 80, y: area.center.y))), at: t)
        for i in 1...40 {
            s.handle(.pointer(PointerInput(phase: .move, location: Point(x: area.x + 80 + Double(i) * 12, y: area.center.y + Double(i % 7) * 4))), at: t)
            try tick()
        }
        s.handle(.pointer(PointerInput(phase: .up, location: Point(x: area.x + 560, y: area.center.y))), at: t)
        try tick(5)
        s.handle(.command(.undo), at: t)
        s.handle(.command(.sceneMessages), at: t)
        try tick(5)
        if let row = s.display.scene.messages?.layout.row(1) { try press(at: row.center, notches: 9) }
        s.handle(.command(.sceneMessages), at: t)
        s.handle(.command(.sceneHome), at: t)
        try tick(5)
        let icons = HomeLayout(area: s.screenLayout.sceneArea, count: HomeApp.samples.count).icons
        if icons.count > 4 { try press(at: icons[4].center, notches: 3) }
        s.handle(.pointer(PointerInput(phase: .down, location: Point(x: area.center.x, y: area.maxY - 40))), at: t)
        s.handle(.pointer(PointerInput(phase: .up, location: Point(x: area.center.x, y: area.maxY - 40))), at: t)
        try tick(10)
        s.handle(.command(.sceneConfirm), at: t)
        try tick(5)
        try press(at: DeleteEventDemo.barRect(in: v).center, notches: 6)
        for c in [Command.toggleHUD, .toggleCurve, .toggleEventLog, .toggleForcePlot, .toggleDiagram, .toggleTrail, .toggleHelp] {
            s.handle(.command(c), at: t)
            try tick(2)
            s.handle(.command(c), at: t)
            try tick(2)
        }
    }

    func printSoakSection() throws {
        let v = Viewport(width: 1280, height: 800)
        var state = AppState(viewport: v, emulator: PressureEmulator(easing: 0),
                             shortcuts: ShortcutCatalog(staticItems: AppShortcut.allCases.map(\.item)), placement: .outside)
        state.handle(.command(.toggleEventLog), at: 0)
        state.handle(.command(.toggleForcePlot), at: 0)
        var t = 0.0
        let window = Environment.current[.display] != nil ? try? PresentingWindow(.auto, viewport: state.viewport) : nil
        let renderer = window == nil ? try FrameRenderer(viewport: state.viewport) : nil
        print("18. Memory over time: \(soakCycles) cycles through every scene (a stroke undone, a peek and pop, a quick-action menu, "
              + "the confirm ring, each panel opened and closed), \(window.map { "presented in a window: \($0.summary)" } ?? "rendered without a window")")
        var samples: [(cycle: Int, seconds: Double, bytes: Int)] = []
        for cycle in 1...soakCycles {
            try Self.soakCycle(&state, &t) { s in
                if let window {
                    if try window.presenter.render(FrameRequest(display: s.display)) { try window.presenter.present() }
                } else if let renderer {
                    _ = try renderer.render(s.display)
                }
            }
            if cycle == 1 || cycle % max(1, soakCycles / 10) == 0 { samples.append((cycle, t, PeakMemory.currentResidentBytes() ?? 0)) }
        }
        for s in samples {
            print(String(format: "   after %4d cycles (%6.0f s of the core's time): %.1f MB resident", s.cycle, s.seconds, Double(s.bytes) / 1e6))
        }
        if let mid = samples.dropFirst(samples.count / 2).first, let last = samples.last, last.cycle > mid.cycle {
            let perHundred = Double(last.bytes - mid.bytes) / Double(last.cycle - mid.cycle) * 100
            print(String(format: "   second half: %+.2f MB per 100 cycles (a leak grows without bound; target: within ±1 MB, allocator noise)", perHundred / 1e6))
        }
        print("")
    }
}
