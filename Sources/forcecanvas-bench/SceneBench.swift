import CairoRender
import ForceCore
import SDLHost

/// Section 4 of the bench: each force-interaction scene at its busiest moment, with its
/// content changing every frame (so every frame is a full redraw and upload).
extension BenchCommand {
    struct SceneCost {
        var name: String
        var first: Double
        var timing: Timing
    }

    /// A scripted press that reaches the busy moment, then a per-frame change that keeps it busy.
    struct SceneScenario {
        var name: String
        var scene: SceneKind
        var setUp: (inout AppState, inout Double) -> Void
        var wiggle: (inout AppState, Double, Int) -> Void
    }

    static func sceneScenarios() -> [SceneScenario] {
        let v = viewport
        let layout = MessagesLayout(viewport: v, top: SceneTabs.reservedHeight)
        let row = layout.row(2).center
        let icons = HomeLayout(viewport: v, count: HomeApp.samples.count, top: SceneTabs.reservedHeight).icons
        let bar = DeleteEventDemo.barRect(in: v).center
        func press(_ s: inout AppState, _ t: inout Double, at p: Point, notches: Int) {
            s.handle(.pointer(PointerInput(phase: .down, location: p)), at: t)
            for _ in 0..<notches {
                t += 0.05
                s.handle(.wheel(1), at: t)
                s.advance(to: t)
            }
        }
        return [
            SceneScenario(name: "Messages · peek over the blurred backdrop, commit ring moving", scene: .messages,
                          setUp: { s, t in press(&s, &t, at: row, notches: 4) },
                          wiggle: { s, t, f in s.handle(.wheel(f % 2 == 0 ? 1 : -1), at: t) }),
            SceneScenario(name: "Home · quick-action menu open, highlight moving", scene: .home,
                          setUp: { s, t in press(&s, &t, at: icons[4].center, notches: 2) },
                          wiggle: { s, t, f in
                              let p = Point(x: icons[4].center.x + 60, y: icons[4].maxY + HomeLayout.labelClearance + 30 + Double(f % 3) * 50)
                              s.handle(.pointer(PointerInput(phase: .move, location: p)), at: t)
                          }),
            SceneScenario(name: "Confirm · ring filling on the DELETE EVENT bar", scene: .confirm,
                          setUp: { s, t in press(&s, &t, at: bar, notches: 5) },
                          wiggle: { s, t, f in s.handle(.wheel(f % 2 == 0 ? 1 : -1), at: t) }),
        ]
    }

    func sceneCosts() throws -> [SceneCost] {
        try Self.sceneScenarios().map { scenario in
            // Notches land at once (no easing): each wiggle changes the force by a whole step, so
            // every frame redraws, as the section promises.
            var state = AppState(viewport: Self.viewport, emulator: PressureEmulator(easing: 0), scene: scenario.scene,
                                 shortcuts: ShortcutCatalog(staticItems: AppShortcut.allCases.map(\.item)))
            var t = 0.0
            let renderer = try FrameRenderer(viewport: Self.viewport)
            let texture = try OffscreenTexture(width: Self.viewport.pixelWidth, height: Self.viewport.pixelHeight)
            texture.upload(renderer.frame, dirty: try renderer.render(state.display))
            // One idle frame, as in the window before a press (the renderer prepares the backdrop then).
            texture.upload(renderer.frame, dirty: try renderer.render(state.display))
            scenario.setUp(&state, &t)
            let clock = ContinuousClock()
            var costs: [Double] = []
            var first = 0.0
            for f in 0...frames {
                t += 1.0 / 60
                scenario.wiggle(&state, t, f)
                state.advance(to: t)
                let display = state.display
                let start = clock.now
                texture.upload(renderer.frame, dirty: try renderer.render(display))
                let cost = seconds(clock.now - start)
                if f == 0 { first = cost } else { costs.append(cost) }
            }
            return SceneCost(name: scenario.name, first: first, timing: Timing(costs))
        }
    }

    func printSceneCosts() throws {
        print("6. Scenes at their busiest moment, \(Self.viewport.width)x\(Self.viewport.height), \(frames) frames each (every frame a full redraw + upload)")
        for c in try sceneCosts() {
            print(String(format: "   %@\n      mean %.2f ms · p50 %.2f ms · p99 %.2f ms · first frame %.2f ms",
                         c.name, c.timing.mean * 1000, c.timing.median * 1000, c.timing.p99 * 1000, c.first * 1000))
        }
        print("   target: under 8 ms a frame")
    }
}
