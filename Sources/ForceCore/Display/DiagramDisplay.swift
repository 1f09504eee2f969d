/// The state-diagram panel's content: the table of the machine in focus, its current state and
/// the edges just taken, fading.
public struct DiagramDisplay: Equatable, Sendable {
    /// An edge taken `age` seconds ago: drawn highlighted at `alpha` (1 at once, 0 when done).
    public struct EdgeFlash: Equatable, Sendable {
        /// The index into `diagram.edges`.
        public var edge: Int
        /// 1 when just taken, fading to 0.
        public var alpha: Double
    }

    /// The table of the machine in focus.
    public var diagram: StateDiagram
    /// The current state's name (nil: none, such as no ink point yet).
    public var current: String?
    /// The edges just taken, each at most once.
    public var flashes: [EdgeFlash]

    public init(diagram: StateDiagram, current: String?, flashes: [EdgeFlash] = []) {
        self.diagram = diagram
        self.current = current
        self.flashes = flashes
    }
}

extension AppState {
    /// The table of the machine in focus and its current state (nil: a scene without one).
    var focusedDiagram: SceneMachine? {
        switch diagram.focus {
        case .scene(let kind): scenes.scene(kind).machine(at: time)
        case .edges: SceneMachine(table: EdgeGesture.diagram, current: chrome.edges.state.name)
        case .indicator: SceneMachine(table: HomeIndicator.diagram, current: chrome.indicator.phase(at: time).rawValue)
        }
    }

    /// The panel's content while it is open.
    var diagramDisplay: DiagramDisplay? { options.showDiagram ? diagramContent : nil }

    /// The diagram of the machine in focus, open or not (a second window shows it:
    /// `run --diagram-window`); nil in a scene without one.
    public var diagramContent: DiagramDisplay? {
        guard let machine = focusedDiagram else { return nil }
        let table = machine.table
        var flashes: [DiagramDisplay.EdgeFlash] = []
        for f in diagram.flashes where f.focus == diagram.focus {
            let age = time - f.time
            guard age >= 0, age < DiagramTracker.flashDuration, let edge = table.edge(from: f.from, to: f.to) else { continue }
            let alpha = 1 - age / DiagramTracker.flashDuration
            if let i = flashes.firstIndex(where: { $0.edge == edge }) {
                flashes[i].alpha = max(flashes[i].alpha, alpha)
            } else {
                flashes.append(.init(edge: edge, alpha: alpha))
            }
        }
        return DiagramDisplay(diagram: table, current: machine.current, flashes: flashes)
    }
}
