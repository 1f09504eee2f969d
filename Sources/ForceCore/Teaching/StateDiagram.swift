/// A state machine's states and transitions as data: the table each machine publishes next to
/// itself, which the state-diagram panel (`M`) lays out and a test checks against what the
/// machine really does. No hand-drawn picture: change the machine, change its table.
public struct StateDiagram: Equatable, Sendable {
    /// Where a transition comes from.
    public enum Source: Equatable, Sendable {
        /// One of these states.
        case states([String])
        /// Any state (a cancel, say).
        case any
        /// From outside the machine: a new point entering it (the ink's point typing).
        case entry
    }

    /// One transition and its condition, as the panel labels it.
    public struct Edge: Equatable, Sendable {
        public var source: Source
        public var to: String
        /// The condition: "force ≥ 0.20", "intention > 0.97 and inside the ring", "lift".
        public var label: String

        /// An edge from state `from` to `to`, labelled with its condition.
        public init(_ from: String, _ to: String, _ label: String) {
            self.init(.states([from]), to, label)
        }

        /// An edge from `source` (states, any state, or entering) to `to`.
        public init(_ source: Source, _ to: String, _ label: String) {
            self.source = source
            self.to = to
            self.label = label
        }

        /// Whether this edge covers the step `from` → `to` (nil `from`: a new point).
        public func covers(from: String?, to: String) -> Bool {
            guard to == self.to else { return false }
            switch source {
            case .states(let names): return from.map(names.contains) ?? false
            case .any: return from != nil
            case .entry: return from == nil
            }
        }
    }

    /// What the panel's title says ("PreviewInteraction").
    public var title: String
    /// A line under the title: where the machine is and what drives it.
    public var subtitle: String
    /// The states, in the order the panel stacks them (the usual path first).
    public var states: [String]
    public var edges: [Edge]

    /// A table of `states` (in the panel's order) and `edges`.
    public init(title: String, subtitle: String, states: [String], edges: [Edge]) {
        self.title = title
        self.subtitle = subtitle
        self.states = states
        self.edges = edges
    }

    /// The edge that covers `from` → `to`: one naming `from` first, else an any-state edge.
    public func edge(from: String?, to: String) -> Int? {
        if let i = edges.firstIndex(where: { if case .any = $0.source { return false }; return $0.covers(from: from, to: to) }) {
            return i
        }
        return edges.firstIndex { $0.covers(from: from, to: to) }
    }
}

/// The steps a state machine took, newest last: its state's name before and after each change.
/// Machines record every change of state here (so a press that jumps from idle through the peek
/// to the pop in one sample shows both steps), and the diagram panel flashes the edges taken.
public struct TransitionLog: Equatable, Sendable {
    /// One change of state.
    public struct Step: Equatable, Sendable {
        /// The state left (nil: something new entering the machine, such as an ink point).
        public var from: String?
        public var to: String
    }

    /// 8 steps: more than one input can cause (a press that also peeks and pops is three).
    public static let capacity = 8

    /// Steps taken since the machine was made.
    public private(set) var count = 0
    /// The latest steps: at least the last `capacity` (trimmed back to `capacity` when it
    /// holds twice as many, so a step costs no shifting of the rest).
    public private(set) var recent: [Step] = []

    public init() {}

    /// Records a change from `from` to `to` (nothing when they are the same).
    public mutating func record(from: String, to: String) {
        guard from != to else { return }
        append(Step(from: from, to: to))
    }

    /// Records something new entering the machine in state `to` (an ink point arriving).
    public mutating func record(entering to: String) { append(Step(from: nil, to: to)) }

    private mutating func append(_ step: consuming Step) {
        count += 1
        recent.append(step)
        if recent.count >= 2 * Self.capacity { recent.removeFirst(recent.count - Self.capacity) }
    }

    /// The steps after the first `seen` (those that are still kept, at most `capacity`).
    public func steps(after seen: Int) -> ArraySlice<Step> {
        let new = max(0, min(Self.capacity, recent.count, count - seen))
        return recent.suffix(new)
    }
}
