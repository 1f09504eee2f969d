/// The scenes of a state, in tab order: ForceCanvas's four, then any added (a test's fifth).
///
/// The one place that knows which scenes exist: `AppState` asks for "the scene of this kind"
/// and talks to it through `Scene`. Each scene is changed in place (`send`), so the canvas's
/// live stroke keeps its storage to itself and appending never copies it.
public struct SceneSet: Equatable, Sendable {
    public internal(set) var canvas: CanvasScene
    public internal(set) var messages: MessagesScene
    public internal(set) var home: HomeScene
    public internal(set) var confirm: ConfirmScene
    /// Scenes added after the four, in tab order.
    public internal(set) var added: [AnyScene]

    /// The four scenes, and `added` after them.
    public init(canvas: CanvasScene, messages: MessagesScene, home: HomeScene, confirm: ConfirmScene,
                added: [any Scene] = []) {
        self.canvas = canvas
        self.messages = messages
        self.home = home
        self.confirm = confirm
        self.added = added.filter { !SceneKind.builtIn.contains($0.kind) }.map(AnyScene.init)
    }

    /// How many scenes there are.
    public var count: Int { 4 + added.count }

    /// Every scene's kind, in tab order.
    public var kinds: [SceneKind] { SceneKind.builtIn + added.map(\.base.kind) }

    /// The scene of `kind` (the canvas for a kind this set does not have).
    public func scene(_ kind: SceneKind) -> any Scene {
        switch kind {
        case .canvas: canvas
        case .messages: messages
        case .home: home
        case .confirm: confirm
        case .added: added.first { $0.base.kind == kind }?.base ?? canvas
        }
    }

    /// Every scene, in tab order.
    public var all: [any Scene] { kinds.map(scene) }

    /// Asks the scene of `kind` a question without copying it (on the paths every sample and
    /// tick take: a canvas copied into a box is a copy of its ink's references).
    @inline(__always)
    func ask<Q: SceneQuestion>(_ question: Q, of kind: SceneKind) -> Q.Answer {
        switch kind {
        case .canvas: return question.ask(canvas)
        case .messages: return question.ask(messages)
        case .home: return question.ask(home)
        case .confirm: return question.ask(confirm)
        case .added:
            guard let i = added.firstIndex(where: { $0.base.kind == kind }) else { return question.ask(canvas) }
            return question.ask(added[i].base)
        }
    }

    /// Every scene's timeline signals, in tab order (the player reads them around every frame).
    var timelineSignals: [TimelineSignal] {
        canvas.timelineSignals + messages.timelineSignals + home.timelineSignals + confirm.timelineSignals
            + added.flatMap(\.base.timelineSignals)
    }

    /// Hands every scene's place on the tabs, kind and machine steps to `body`, in tab order
    /// (the diagram's tracker reads them after every event).
    @inline(__always)
    func forEachMachine(_ body: (Int, SceneKind, TransitionLog) -> Void) {
        body(0, .canvas, canvas.machineSteps)
        body(1, .messages, messages.machineSteps)
        body(2, .home, home.machineSteps)
        body(3, .confirm, confirm.machineSteps)
        for (i, s) in added.enumerated() { body(4 + i, s.base.kind, s.base.machineSteps) }
    }

    /// What `AppState` asks a scene to do.
    enum Request {
        case pointer(PointerInput)
        case pressureChanged
        case advance
        case scroll(Double)
        case close
        case back
        case undo
    }

    /// Carries out `request` on the scene of `kind`, in place. Nil: the scene had nothing to do
    /// (`close` and `scroll` that changed nothing, `undo` without a history of its own).
    mutating func send(_ request: Request, to kind: SceneKind, context: SceneContext) -> SceneOutcome? {
        switch kind {
        case .canvas: return Self.perform(request, on: &canvas, context)
        case .messages: return Self.perform(request, on: &messages, context)
        case .home: return Self.perform(request, on: &home, context)
        case .confirm: return Self.perform(request, on: &confirm, context)
        case .added:
            guard let i = added.firstIndex(where: { $0.base.kind == kind }) else { return nil }
            return Self.perform(request, on: &added[i].base, context)
        }
    }

    /// Lays every scene out in `area`.
    mutating func layOut(in area: Rect) {
        canvas.layOut(in: area)
        messages.layOut(in: area)
        home.layOut(in: area)
        confirm.layOut(in: area)
        for i in added.indices { added[i].base.layOut(in: area) }
    }

    /// Every scene notes its machine's steps (after each event and tick).
    mutating func noteMachineSteps() {
        canvas.noteMachineSteps()
        messages.noteMachineSteps()
        home.noteMachineSteps()
        confirm.noteMachineSteps()
        for i in added.indices { added[i].base.noteMachineSteps() }
    }

    private static func perform<S: Scene>(_ request: Request, on s: inout S, _ c: SceneContext) -> SceneOutcome? {
        switch request {
        case .pointer(let p): return s.pointer(p, context: c)
        case .pressureChanged: return s.pressureChanged(context: c)
        case .advance: return s.advance(context: c)
        case .scroll(let notches): return s.scroll(byNotches: notches, context: c) ? SceneOutcome() : nil
        case .close: return s.close(context: c) ? SceneOutcome() : nil
        case .back: return s.back(context: c)
        case .undo: return s.undo(context: c)
        }
    }
}

/// A scene of any type, compared by its type and value (the added scenes of a `SceneSet`).
public struct AnyScene: Equatable, Sendable {
    public var base: any Scene

    /// `base`, boxed.
    public init(_ base: any Scene) { self.base = base }

    public static func == (a: AnyScene, b: AnyScene) -> Bool { Self.equal(a.base, b.base) }

    private static func equal<S: Scene>(_ a: S, _ b: any Scene) -> Bool { (b as? S) == a }
}

/// A question `SceneSet.ask` puts to one scene, generic over its type.
protocol SceneQuestion {
    associatedtype Answer
    func ask<S: Scene>(_ scene: S) -> Answer
}

/// How the scene takes the mouse's force.
struct PressStyleQuestion: SceneQuestion {
    func ask<S: Scene>(_ scene: S) -> PressureInput.PressStyle { scene.pressStyle }
}

/// Whether a sample is a press of the force path.
struct UsesPressureQuestion: SceneQuestion {
    let input: PointerInput
    func ask<S: Scene>(_ scene: S) -> Bool { scene.usesPressure(for: input) }
}

/// The level a timed fallback drives the press with.
struct FallbackForceQuestion: SceneQuestion {
    func ask<S: Scene>(_ scene: S) -> Double? { scene.fallbackForce }
}

/// When the scene next changes after `t`.
struct NextWakeQuestion: SceneQuestion {
    let t: Double
    func ask<S: Scene>(_ scene: S) -> Double { scene.nextWake(after: t) }
}
