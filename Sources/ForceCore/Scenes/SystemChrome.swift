/// The system around the scenes (SPEC 8, seed 003): swipes from the edges (top: notification
/// shade, bottom: home), edge protection owned by the current scene or its child, and the
/// home indicator with auto-hide.
///
/// Every press has one owner, decided when it goes down (a new press always starts clean,
/// whatever became of the last one): the scene; the system, once it takes a swipe; the open
/// shade; or nobody yet — in the force scenes, a press near an edge whose swipe the system
/// would take is held back from the scene until it is a swipe (the scene never sees it) or
/// clearly not one (the scene then gets all of it). The canvas draws at once instead, and a
/// stroke the system then takes is cancelled (and taken off the canvas by the app state).
///
/// Deferral preferences are declared per scene; the Canvas scene delegates the choice to its
/// ink view (`childViewControllerForScreenEdgesDeferringSystemGestures`), which protects top
/// and bottom so strokes near the edges are not taken; Confirm protects the bottom, where its
/// bar is. Declarations take effect only on `update()` (as
/// `setNeedsUpdateOfScreenEdgesDeferringSystemGestures`), which a scene switch and the
/// edge-protection key call.
public struct SystemChrome: Equatable, Sendable {
    /// The window, the root of the deferral chain, and the canvas's ink view.
    public static let windowOwner = "window"
    public static let inkViewOwner = "canvas.ink"

    public private(set) var preferences: EdgeDeferralPreferences
    public private(set) var edges: EdgeGesture
    public private(set) var indicator: HomeIndicator
    public private(set) var shade = NotificationShade()
    /// The home (bottom edge) or back (left edge) swipe the system took, while it follows the
    /// finger and settles: the scene goes home or back when it settles done (`finishSwipe`).
    public private(set) var swipe: SceneSwipe?

    /// A home or back swipe: its edge and how far it is dragged (0 where it began … 1 done).
    public struct SceneSwipe: Equatable, Sendable {
        public let edge: ScreenEdge
        public internal(set) var drag = FollowedDrag()
    }

    /// Whether the system's swipe from `edge` follows the finger (home and back) rather than
    /// acting at once.
    static func follows(_ edge: ScreenEdge) -> Bool { edge == .bottom || edge == .left }

    /// Who owns the current press.
    public enum PressOwner: Equatable, Sendable {
        /// The scene (a deferred edge's swipe, or none near).
        case scene
        /// Held back: it began near an edge whose swipe the system would take; its samples so far.
        case held([PointerInput])
        /// The system took it as the swipe from this edge.
        case system(ScreenEdge)
        /// A press on the open shade: a tap closes it, a drag moves it.
        case shade(startY: Double, startProgress: Double, moved: Bool)
    }

    /// The current press's owner (nil between presses).
    public private(set) var press: PressOwner?
    /// Whether presses near an edge the system would take are held back from the scene (the
    /// force scenes, where a press shows at once: a ring, a peek); the canvas's ink view gets
    /// them at once.
    public private(set) var holdsEdgePresses: Bool

    /// 10 pt: a press on the open shade that moves less is a tap.
    public static let tapSlop = 10.0

    /// The chrome of a window showing `scene`; each scene's `deferrals` (in tab order) are
    /// declared once, the scene on screen owns the deferral. `holdsEdgePresses` is the scene's
    /// (the force scenes hold presses near an edge back; the canvas draws at once).
    public init(viewport: Viewport, scene: SceneKind, holdsEdgePresses: Bool,
                deferrals: [(scene: SceneKind, deferral: EdgeDeferral)], autoHideIndicator: Bool = false) {
        var p = EdgeDeferralPreferences(root: Self.windowOwner)
        p.setChildForDeferral(scene.name, of: Self.windowOwner)
        for (kind, d) in deferrals where !d.edges.isEmpty {
            if let child = d.child {
                p.setChildForDeferral(child, of: kind.name)
                p.setPreferredEdges(d.edges, for: child)
            } else {
                p.setPreferredEdges(d.edges, for: kind.name)
            }
        }
        _ = p.update()
        preferences = p
        edges = EdgeGesture(viewport: viewport)
        indicator = HomeIndicator(autoHide: autoHideIndicator, at: 0)
        self.holdsEdgePresses = holdsEdgePresses
        applyPolicy()
    }

    /// The rule that makes auto-hide beat deferral, with its reasons for the HUD.
    public var policy: SystemGesturePolicy {
        SystemGesturePolicy(requestedDeferral: preferences.appliedEdges, homeIndicatorAutoHidden: indicator.autoHide)
    }

    public var isShadeOpen: Bool { shade.isOpen }

    /// How far the shade is down at `t`, 0…1.
    public func shadeProgress(at t: Double) -> Double { shade.progress(at: t) }

    /// When the chrome next looks different after `t` without input: the indicator's and the
    /// arrow's fades, every frame while the shade or a home or back swipe settles.
    public func nextWake(after t: Double) -> Double {
        min(indicator.nextWake(after: t), edges.nextWake(after: t), shade.nextWake(after: t),
            swipe?.drag.nextWake(after: t) ?? .infinity)
    }

    // MARK: Input

    /// What the system did with a pointer sample.
    public enum Outcome: Equatable, Sendable {
        /// The scene gets the sample.
        case scene
        /// The press is held back: the scene gets nothing yet.
        case held
        /// A held press is not a swipe: the scene gets these samples (from its down), then this one.
        case released([PointerInput])
        /// The system took the press as a swipe; `sceneHadPress` says whether the scene must
        /// get a cancel (it had the press) or never saw it.
        case taken(ScreenEdge, sceneHadPress: Bool)
        /// The sample belongs to the system (the shade, or a press it took).
        case consumed
    }

    public mutating func pointer(_ p: PointerInput, time t: Double, log: inout [String]) -> Outcome {
        let at = p.location
        switch p.phase {
        case .down: if indicator.handle(.press(at: at), at: t).contains(.shown) { log.append("home indicator shown (tap)") }
        case .move: _ = indicator.handle(.move(to: at), at: t)
        case .up: if indicator.handle(.release(at: at), at: t).contains(.shown) { log.append("home indicator shown (tap)") }
        case .cancel: _ = indicator.handle(.cancel, at: t)
        }
        if p.phase == .down { return pressDown(p, time: t) }
        guard let owner = press else { return .scene }
        let ends = p.phase == .up || p.phase == .cancel
        defer { if ends { press = nil } }
        switch owner {
        case .shade(let startY, let startProgress, var moved):
            moved = moved || abs(at.y - startY) > Self.tapSlop
            if ends {
                _ = edges.handle(.cancel, at: t)
                if !moved { shade.settle(open: false, at: t) } else { shade.letGo(at: t, fromOpen: true) }
                if !shade.isOpen { log.append("notification shade closed") }
            } else if moved {
                press = .shade(startY: startY, startProgress: startProgress, moved: true)
                shade.follow(startProgress + (at.y - startY) / max(1, edges.bounds.height), y: at.y, at: t)
            }
            return .consumed
        case .system(let edge):
            if ends { _ = edges.handle(.cancel, at: t) }
            if var s = swipe, s.edge == edge, s.drag.isFollowing {
                s.drag.follow(swipeProgress(at, edge), y: inward(at, edge), at: t)
                // Let go: it settles done or back, as the shade does; a cancel goes back.
                if p.phase == .up { s.drag.letGo(at: t, fromOpen: false) } else if p.phase == .cancel { s.drag.settle(open: false, at: t) }
                swipe = s
            }
            if edge == .top, shade.isFollowing {
                shade.follow(pull(at), y: at.y, at: t)
                if ends {
                    shade.letGo(at: t, fromOpen: false)
                    log.append(shade.isOpen ? "notification shade opened" : "notification shade let go: closed")
                }
            }
            return .consumed
        case .scene, .held:
            return edgeSample(p, owner: owner, time: t, log: &log)
        }
    }

    /// A press begins: the open shade's, held back near an edge the system would take, or the scene's.
    private mutating func pressDown(_ p: PointerInput, time t: Double) -> Outcome {
        press = nil
        if shade.isOpen {
            _ = edges.handle(.cancel, at: t)
            press = .shade(startY: p.location.y, startProgress: shade.progress(at: t), moved: false)
            return .consumed
        }
        _ = edges.handle(.press(at: p.location), at: t)
        if holdsEdgePresses, case .tracking(_, let candidates) = edges.state,
            candidates.edges.contains(where: { edges.systemTakes($0, at: t) }) {
            press = .held([p])
            return .held
        }
        press = .scene
        return .scene
    }

    /// A move, lift or cancel of a press the scene has or that is held: the swipe decides.
    private mutating func edgeSample(_ p: PointerInput, owner: PressOwner, time t: Double, log: inout [String]) -> Outcome {
        let event: EdgeGesture.Event = switch p.phase {
        case .down: .press(at: p.location)
        case .move: .move(to: p.location)
        case .up: .release(at: p.location)
        case .cancel: .cancel
        }
        let effects = edges.handle(event, at: t)
        for effect in effects {
            switch effect {
            case .deferred(let edge):
                log.append("\(edge.rawValue) edge swipe deferred to the scene (again within \(EdgeGesture.deferralWindow) s for the \(edge.systemGestureName))")
            case .systemGesture(let edge):
                log.append("system gesture: \(edge.systemGestureName) (\(edge.rawValue) edge)")
                if edge == .top { shade.follow(pull(p.location), y: p.location.y, at: t) }
                if Self.follows(edge) {
                    var s = SceneSwipe(edge: edge)
                    s.drag.follow(swipeProgress(p.location, edge), y: inward(p.location, edge), at: t)
                    if p.phase == .up || p.phase == .cancel { s.drag.letGo(at: t, fromOpen: false) }
                    swipe = s
                }
                if p.phase != .up, p.phase != .cancel { press = .system(edge) }
                if edge == .top, p.phase == .up || p.phase == .cancel { shade.letGo(at: t, fromOpen: false) }
                if case .held = owner { return .taken(edge, sceneHadPress: false) }
                return .taken(edge, sceneHadPress: true)
            }
        }
        guard case .held(let samples) = owner else { return .scene }
        // Held: released to the scene once it is clearly no swipe (it ended, a swipe was
        // deferred, or it moved a swipe's distance some other way).
        let start = samples.first?.location ?? p.location
        let settled = p.phase == .up || p.phase == .cancel || !effects.isEmpty
            || (p.location - start).length > EdgeGesture.triggerDistance
        guard settled else {
            press = .held(samples + [p])
            return .held
        }
        edges.abandon()
        press = .scene
        return .released(samples)
    }

    /// The shade's progress for a finger at `p`: it hangs from the finger.
    private func pull(_ p: Point) -> Double {
        Force.normalized((p.y - edges.bounds.y) / max(1, edges.bounds.height))
    }

    /// How far a finger at `p` has come in from `edge`, in points.
    private func inward(_ p: Point, _ edge: ScreenEdge) -> Double {
        edge.distance(from: p, in: edges.bounds)
    }

    /// A home or back swipe's progress for a finger at `p`: how far in from its edge, as a share
    /// of the screen's height (home) or width (back).
    private func swipeProgress(_ p: Point, _ edge: ScreenEdge) -> Double {
        let across = edge == .left || edge == .right ? edges.bounds.width : edges.bounds.height
        return Force.normalized(inward(p, edge) / max(1, across))
    }

    /// The swipe's end: once it has settled at `t` (or at once, `now`: a new press comes), it is
    /// over; returns its edge when it settled done (the scene then goes home or back), nil when
    /// it went back where it began or there is none.
    public mutating func finishSwipe(at t: Double, now: Bool = false) -> ScreenEdge? {
        guard let s = swipe, now || (!s.drag.isFollowing && s.drag.nextWake(after: t) == .infinity) else { return nil }
        swipe = nil
        return s.drag.endsOpen ? s.edge : nil
    }

    /// Closes the shade (Esc); returns whether it was open.
    public mutating func closeShade(at t: Double) -> Bool {
        guard shade.isOpen else { return false }
        shade.settle(open: false, at: t)
        return true
    }

    // MARK: Settings

    /// A scene switch: the window's child becomes the new scene, and the system re-reads.
    public mutating func sceneChanged(to scene: SceneKind, holdsEdgePresses: Bool) {
        self.holdsEdgePresses = holdsEdgePresses
        preferences.setChildForDeferral(scene.name, of: Self.windowOwner)
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

    // MARK: Display

    /// The chrome at `t`; the deferral arrow keeps off the scene's `labels` along the edges.
    public func display(at t: Double, labels: [Rect] = []) -> ChromeDisplay {
        let arrow = edges.arrow.map {
            ChromeDisplay.Arrow(edge: $0.edge, position: ChromeDisplay.arrowPosition(edge: $0.edge, at: $0.position, on: edges.bounds, clearOf: labels),
                                alpha: edges.arrowAlpha(at: t))
        }
        var d = ChromeDisplay(
            screen: edges.bounds, indicatorAlpha: indicator.alpha(at: t), indicatorAutoHide: indicator.autoHide,
            arrow: arrow.flatMap { $0.alpha > 0 ? $0 : nil }, shade: shadeProgress(at: t),
            owner: preferences.appliedOwner, requested: preferences.appliedEdges,
            effective: policy.effectiveDeferral, reason: policy.reason)
        if let s = swipe { d.swipe = ChromeDisplay.Swipe(edge: s.edge, progress: s.drag.progress(at: t)) }
        return d
    }
}
