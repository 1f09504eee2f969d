/// The system around the scenes (SPEC 8, seed 003): swipes from the edges (top: notification
/// shade, bottom: home), edge protection owned by the current scene or its child, and the
/// home indicator with auto-hide.
///
/// Deferral preferences are declared per scene; the Canvas scene delegates the choice to its
/// ink view (`childViewControllerForScreenEdgesDeferringSystemGestures`), which protects top
/// and bottom so strokes near the edges are not taken; Confirm protects the bottom, where its
/// bar is. Declarations take effect only on `update()` (as
/// `setNeedsUpdateOfScreenEdgesDeferringSystemGestures`), which a scene switch and the
/// edge-protection key call.
public struct SystemChrome: Equatable, Sendable {
    /// 0.3 s to pull or push the notification shade.
    public static let shadeDuration = 0.3
    /// The window, the root of the deferral chain, and the canvas's ink view.
    public static let windowOwner = "window"
    public static let inkViewOwner = "canvas.ink"

    public private(set) var preferences: EdgeDeferralPreferences
    public private(set) var edges: EdgeGesture
    public private(set) var indicator: HomeIndicator
    /// The shade: opening (true) or closing, and since when; nil before it was ever pulled.
    public private(set) var shade: (open: Bool, since: Double)?
    /// Whether the current press was taken by the system (the scene got a cancel).
    public private(set) var pressTaken = false

    public init(viewport: Viewport, scene: SceneKind, autoHideIndicator: Bool = false) {
        var p = EdgeDeferralPreferences(root: Self.windowOwner)
        p.setChildForDeferral(scene.rawValue, of: Self.windowOwner)
        p.setChildForDeferral(Self.inkViewOwner, of: SceneKind.canvas.rawValue)
        p.setPreferredEdges([.top, .bottom], for: Self.inkViewOwner)
        p.setPreferredEdges([.bottom], for: SceneKind.confirm.rawValue)
        _ = p.update()
        preferences = p
        edges = EdgeGesture(viewport: viewport)
        indicator = HomeIndicator(autoHide: autoHideIndicator, at: 0)
        applyPolicy()
    }

    /// The rule that makes auto-hide beat deferral, with its reasons for the HUD.
    public var policy: SystemGesturePolicy {
        SystemGesturePolicy(requestedDeferral: preferences.appliedEdges, homeIndicatorAutoHidden: indicator.autoHide)
    }

    public var isShadeOpen: Bool { shade?.open ?? false }

    /// How far the shade is down at `t`, 0…1.
    public func shadeProgress(at t: Double) -> Double {
        guard let shade else { return 0 }
        let f = Force.normalized((t - shade.since) / Self.shadeDuration)
        let eased = 1 - (1 - f) * (1 - f)
        return shade.open ? eased : 1 - eased
    }

    /// When the chrome next looks different after `t` without input: the indicator's and the
    /// arrow's fades, every frame while the shade moves.
    public func nextWake(after t: Double) -> Double {
        var wake = min(indicator.nextWake(after: t), edges.nextWake(after: t))
        if let shade, t - shade.since < Self.shadeDuration { wake = t }
        return wake
    }

    // MARK: Input

    /// What the system did with a pointer sample.
    public enum Outcome: Equatable, Sendable {
        /// The scene gets the sample.
        case scene
        /// The system took the press: the scene must get a cancel, then nothing until the lift.
        case taken(ScreenEdge)
        /// The sample belongs to the system (the shade, or a press it already took).
        case consumed
    }

    public mutating func pointer(_ phase: PointerPhase, at p: Point, time t: Double, log: inout [String]) -> Outcome {
        switch phase {
        case .down: if indicator.handle(.press(at: p), at: t).contains(.shown) { log.append("home indicator shown (tap)") }
        case .move: _ = indicator.handle(.move(to: p), at: t)
        case .up: if indicator.handle(.release(at: p), at: t).contains(.shown) { log.append("home indicator shown (tap)") }
        case .cancel: _ = indicator.handle(.cancel, at: t)
        }
        if isShadeOpen {
            // Any press on the open shade pushes it back up.
            if phase == .down {
                shade = (false, t)
                log.append("notification shade closed")
            }
            return .consumed
        }
        if pressTaken {
            if phase == .up || phase == .cancel {
                pressTaken = false
                _ = edges.handle(phase == .up ? .release(at: p) : .cancel, at: t)
            }
            return .consumed
        }
        let event: EdgeGesture.Event = switch phase {
        case .down: .press(at: p)
        case .move: .move(to: p)
        case .up: .release(at: p)
        case .cancel: .cancel
        }
        for effect in edges.handle(event, at: t) {
            switch effect {
            case .deferred(let edge):
                log.append("\(edge.rawValue) edge swipe deferred to the scene (again within \(EdgeGesture.deferralWindow) s for the \(edge.systemGestureName))")
            case .systemGesture(let edge):
                log.append("system gesture: \(edge.systemGestureName) (\(edge.rawValue) edge)")
                if edge == .top { shade = (true, t) }
                pressTaken = phase != .up
                return .taken(edge)
            }
        }
        return .scene
    }

    /// Closes the shade (Esc); returns whether it was open.
    public mutating func closeShade(at t: Double) -> Bool {
        guard isShadeOpen else { return false }
        shade = (false, t)
        return true
    }

    // MARK: Settings

    /// A scene switch: the window's child becomes the new scene, and the system re-reads.
    public mutating func sceneChanged(to scene: SceneKind) {
        preferences.setChildForDeferral(scene.rawValue, of: Self.windowOwner)
        _ = preferences.update()
        applyPolicy()
    }

    /// Cycles the owning scene's preferred edges (none → top → bottom → left → right → all →
    /// none; left is asked for but never granted: the back gesture wins) and calls
    /// the update; returns the log lines.
    public mutating func cycleProtection() -> [String] {
        let owner = preferences.declaredOwner
        let cycle: [ScreenEdges] = [[], .top, .bottom, .left, .right, .all]
        let current = preferences.declaredEdges
        let next = cycle[((cycle.firstIndex(of: current) ?? -1) + 1) % cycle.count]
        preferences.setPreferredEdges(next, for: owner)
        _ = preferences.update()
        applyPolicy()
        var lines = ["\(owner): preferredScreenEdgesDeferringSystemGestures = \(next)",
                     "setNeedsUpdateOfScreenEdgesDeferringSystemGestures()"]
        if let reason = policy.reason { lines.append(reason) }
        return lines
    }

    public mutating func toggleAutoHide(at t: Double) -> [String] {
        _ = indicator.handle(.setAutoHide(!indicator.autoHide), at: t)
        applyPolicy()
        var lines = ["prefersHomeIndicatorAutoHidden = \(indicator.autoHide)"]
        if let reason = policy.reason, indicator.autoHide { lines.append(reason) }
        return lines
    }

    /// The device's screen changed (the window resized, the teaching dock opened or closed).
    public mutating func resize(screen: Rect) { edges.bounds = screen }

    private mutating func applyPolicy() { edges.deferredEdges = policy.effectiveDeferral }

    public static func == (a: SystemChrome, b: SystemChrome) -> Bool {
        a.preferences == b.preferences && a.edges == b.edges && a.indicator == b.indicator
            && a.shade?.open == b.shade?.open && a.shade?.since == b.shade?.since && a.pressTaken == b.pressTaken
    }

    // MARK: Display

    public func display(at t: Double) -> ChromeDisplay {
        let arrow = edges.arrow.map { ChromeDisplay.Arrow(edge: $0.edge, position: $0.position, alpha: edges.arrowAlpha(at: t)) }
        return ChromeDisplay(
            screen: edges.bounds, indicatorAlpha: indicator.alpha(at: t), indicatorAutoHide: indicator.autoHide, arrow: arrow.flatMap { $0.alpha > 0 ? $0 : nil }, shade: shadeProgress(at: t),
            owner: preferences.appliedOwner, requested: preferences.appliedEdges,
            effective: policy.effectiveDeferral, reason: policy.reason)
    }
}
