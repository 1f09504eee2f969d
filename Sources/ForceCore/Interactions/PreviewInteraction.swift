/// Peek and pop as `UIPreviewInteraction` reports them (SPEC 4): a preview transition whose
/// progress is `force / peek`, then a commit transition whose progress is
/// `(force − peek) / (pop − peek)`.
///
/// Effects come in UIKit's delegate order: `shouldBegin` at the press, preview updates, the
/// preview's `ended`, commit updates, the commit's `ended`; `cancel` when the press ends before
/// the commit completed. A progress effect is emitted only when the value changed. Force goes
/// through `ForceThresholds.filtered` (rises at once, falls beyond the hysteresis band), and
/// both `ended`s latch for the rest of the press, so noise around a threshold gives exactly
/// one `ended` and no flicker. The input is any normalised 0…1 level: the device's force, or
/// `TimedFallback.intention` on a force-less device.
public struct PreviewInteraction: Equatable, Sendable {
    /// Where the press is in the peek/pop sequence.
    public enum State: Equatable, Hashable, Sendable, CaseIterable {
        /// No press, or a press that `shouldBegin` refused.
        case idle
        /// The preview transition runs (progress toward the peek).
        case previewing
        /// The peek is shown (preview ended) and the commit transition runs.
        case committing
        /// Popped: the commit ended. Lifting now ends quietly.
        case committed
    }

    /// What the caller tells the interaction.
    public enum Event: Equatable, Hashable, Sendable {
        /// The press began at `location` with a force level; `allowed` is the caller's answer
        /// to `shouldBegin` (e.g. whether `location` is over a previewable item).
        case press(location: Point, force: Double, allowed: Bool)
        /// The pointer moved or its force changed (a force change is a move, SPEC 1).
        case change(location: Point, force: Double)
        /// The press was lifted.
        case lift(location: Point)
        /// The system took the press away (window lost focus, device unplugged).
        case cancel
    }

    /// The delegate callbacks, in order, for the caller to perform.
    public enum Effect: Equatable, Hashable, Sendable {
        /// `previewInteractionShouldBegin` was asked at `location`; `answer` is what the caller said.
        case shouldBegin(location: Point, answer: Bool)
        /// `didUpdatePreviewTransition(progress, ended)`.
        case previewTransition(progress: Double, ended: Bool)
        /// `didUpdateCommitTransition(progress, ended)`.
        case commitTransition(progress: Double, ended: Bool)
        /// `previewInteractionDidCancel`: the press ended before the commit completed.
        case cancel
    }

    public let thresholds: ForceThresholds
    public private(set) var state: State = .idle {
        didSet { transitions.record(from: oldValue.name, to: state.name) }
    }
    /// Every change of `state`, for the state-diagram panel (`StateDiagram`).
    public private(set) var transitions = TransitionLog()
    /// Preview progress 0…1 (1 from the peek on).
    public private(set) var previewProgress = 0.0
    /// Commit progress 0…1 (0 until the peek).
    public private(set) var commitProgress = 0.0
    /// Where the current press began (nil when idle): the rings' centre at the press.
    public private(set) var pressLocation: Point?
    /// The pointer's latest location during the press (nil when idle): where the rings follow.
    public private(set) var location: Point?
    /// The force level acted on, after clamping and the hysteresis filter.
    public private(set) var level = 0.0
    /// When the current press began.
    public private(set) var pressTime: Double?
    private var lastTime = -Double.infinity

    public init(thresholds: ForceThresholds = .standard) {
        self.thresholds = thresholds
    }

    /// Whether a press is being tracked.
    public var isActive: Bool { state != .idle }

    /// The macOS Force Touch analogue: stage 0 before the peek, 1 peeked, 2 popped.
    public var stage: Int {
        switch state {
        case .idle, .previewing: return 0
        case .committing: return 1
        case .committed: return 2
        }
    }

    /// Applies one event and returns the callbacks it caused, in delegate order.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        let t = InteractionInput.time(time, after: lastTime)
        lastTime = t
        switch event {
        case .press(let at, let force, let allowed):
            // A press during a press means the lift was lost: end the old one first.
            var effects = isActive ? end() : []
            guard at.isFinite else { return effects }
            effects.append(.shouldBegin(location: at, answer: allowed))
            guard allowed else { return effects }
            state = .previewing
            pressLocation = at
            location = at
            pressTime = t.isFinite ? t : nil
            return effects + follow(force)
        case .change(let at, let force):
            guard isActive else { return [] }
            location = InteractionInput.location(at, else: location)
            return follow(force)
        case .lift(let at):
            guard isActive else { return [] }
            location = InteractionInput.location(at, else: location)
            return end()
        case .cancel:
            return isActive ? end() : []
        }
    }

    /// Follows a new force sample through the phases, latching each `ended`.
    private mutating func follow(_ force: Double) -> [Effect] {
        level = thresholds.filtered(force, previous: level)
        var effects: [Effect] = []
        if state == .previewing {
            let progress = thresholds.previewProgress(level)
            let ended = level >= thresholds.peek
            if ended || progress != previewProgress {
                previewProgress = ended ? 1 : progress
                effects.append(.previewTransition(progress: previewProgress, ended: ended))
            }
            if ended { state = .committing }
        }
        if state == .committing {
            let progress = thresholds.commitProgress(level)
            let ended = level >= thresholds.pop
            if ended || progress != commitProgress {
                commitProgress = ended ? 1 : progress
                effects.append(.commitTransition(progress: commitProgress, ended: ended))
            }
            if ended { state = .committed }
        }
        return effects
    }

    /// Ends the press: `cancel` unless the commit completed; back to idle either way.
    private mutating func end() -> [Effect] {
        let effects: [Effect] = state == .committed ? [] : [.cancel]
        state = .idle
        previewProgress = 0
        commitProgress = 0
        pressLocation = nil
        location = nil
        level = 0
        pressTime = nil
        return effects
    }
}
