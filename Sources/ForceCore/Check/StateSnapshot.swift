/// The core's semantic state at one moment, as named values: what `forcecanvas check` stores
/// beside each golden image (`SESSION-NAME.state.json`) and compares exactly, and what the
/// per-frame trace hashes.
///
/// Paths name the part and the value (`ConfirmButton.state`, `PreviewInteraction.previewProgress`,
/// `ink.points`). Only what the state decides is kept — never the clock itself — so a frame
/// the replay skips has the snapshot of the frame before it (time-based values such as the
/// indicator's alpha change only at a wake). Numbers keep six decimals (`StateValue`).
public struct StateSnapshot: Equatable, Sendable {
    /// Path → value.
    public private(set) var fields: [String: StateValue]

    /// A snapshot of these values.
    public init(fields: [String: StateValue]) { self.fields = fields }

    /// The snapshot of `state` at its own time.
    public init(_ state: AppState) {
        var f: [String: StateValue] = [:]
        func text(_ k: String, _ v: String) { f[k] = .text(v) }
        func number(_ k: String, _ v: Double) { f[k] = StateValue.rounded(v) }
        func count(_ k: String, _ v: Int) { f[k] = .number(Double(v)) }
        func flag(_ k: String, _ v: Bool) { f[k] = .flag(v) }
        func optional(_ k: String, _ v: String?) { f[k] = v.map(StateValue.text) ?? StateValue.null }

        text("scene", state.scene.name)
        let o = state.options
        flag("options.debug", o.debug)
        flag("options.precise", o.precise)
        flag("options.opacityFromPressure", o.opacityFromPressure)
        text("options.renderer", o.renderer.rawValue)
        flag("options.simulatePressure", o.simulatePressure)
        flag("options.help", o.showHelp)
        flag("options.hud", o.showHUD)
        flag("options.curvePanel", o.showCurve)
        flag("options.eventLog", o.showEventLog)
        flag("options.forcePlot", o.showForcePlot)
        // Panels added later appear only when open, so older goldens keep their bytes.
        if o.showDiagram { flag("options.diagram", true) }
        if o.showTrail { flag("options.trail", true) }

        let pressure = state.pressure
        number("pressure.force", pressure.force)
        number("pressure.raw", pressure.raw)
        number("pressure.level", pressure.emulator.level)
        number("pressure.sceneLevel", pressure.sceneEmulator.level)
        flag("pressure.deepPress", pressure.emulator.isDeepPress)
        optional("pressure.pressed", state.pressedSource?.rawValue)
        text("pressure.curve", pressure.curve.pressCurve)
        number("pressure.minimum", pressure.curve.minimumPressure)
        number("pressure.multiplier", pressure.curve.multiplier)

        text("device.name", state.device.name)
        text("device.kind", state.device.kind.rawValue)
        flag("device.forceCapability", state.forceCapability)

        for scene in state.scenes.all { scene.snapshot(into: &f, at: state.time) }

        let chrome = state.chrome
        text("EdgeGesture.state", Self.describe(chrome.edges.state))
        optional("EdgeGesture.arrow", chrome.edges.arrow?.edge.rawValue)
        text("EdgeDeferral.requested", chrome.preferences.appliedEdges.description)
        text("EdgeDeferral.owner", chrome.preferences.appliedOwner)
        text("EdgeDeferral.effective", chrome.policy.effectiveDeferral.description)
        flag("HomeIndicator.autoHide", chrome.indicator.autoHide)
        number("HomeIndicator.alpha", chrome.indicator.alpha(at: state.time))
        flag("SystemChrome.shadeOpen", chrome.isShadeOpen)
        text("SystemChrome.press", Self.describe(chrome.press))
        number("SystemChrome.shade", chrome.shade.progress(at: state.time))

        optional("eventLog.last", state.eventLog.entries.last?.text)
        self.fields = f
    }

    /// Who owns the current press, in words ("none" between presses).
    static func describe(_ owner: SystemChrome.PressOwner?) -> String {
        switch owner {
        case nil: return "none"
        case .scene: return "scene"
        case .held(let samples): return samples.count == 1 ? "held (1 sample)" : "held (\(samples.count) samples)"
        case .system(let edge): return "system (\(edge.rawValue))"
        case .shade(_, _, let moved): return moved ? "shade (dragging)" : "shade"
        }
    }

    /// "pressing Maps", "open ForceCanvas": the state with the app's name.
    public static func describe(_ s: QuickActionMenu.State, apps: [HomeApp]) -> String {
        func name(_ i: Int) -> String { apps.indices.contains(i) ? apps[i].name : "icon \(i)" }
        switch s {
        case .idle: return "idle"
        case .pressing(let i): return "pressing \(name(i))"
        case .tracking(let i): return "tracking \(name(i))"
        case .open(let i): return "open \(name(i))"
        }
    }

    /// "idle", "tracking top, left", "swiped bottom".
    static func describe(_ s: EdgeGesture.State) -> String {
        switch s {
        case .idle: return "idle"
        case .tracking(_, let candidates): return "tracking \(candidates)"
        case .swiped(let edge): return "swiped \(edge.rawValue)"
        }
    }
}
