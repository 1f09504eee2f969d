/// What the player's strip shows: the caption, the play state, the time, the speed and the
/// timeline with its markers and play head.
public struct PlayerDisplay: Equatable, Sendable {
    public var layout: PlayerLayout
    public var frame: Int
    public var lastFrame: Int
    /// Session time on screen and the session's length, in seconds.
    public var time: Double
    public var duration: Double
    public var isPlaying: Bool
    public var speed: Double
    /// The user chose the speed (captions' speeds wait until 0 resets it).
    public var speedChosen: Bool
    /// Playback stopped at a caption marked `pause`.
    public var heldByCaption: Bool
    public var caption: Caption?
    /// The session's title (a lesson's), if it has one.
    public var title: String?
    public var markers: TimelineMarkers
    /// The line shown when there is no caption: what the keys do now.
    public var hint: String
    /// Text being typed in the strip (a caption, a checkpoint's name, a lesson's), shown in
    /// the caption's place.
    public var writing: CaptionWriting? = nil
}

/// The panels the player's viewer opens or closes over a replay without changing it: each key
/// flips the session's own setting, on the frame shown only (the replayed state, its keyframes
/// and its markers stay the session's). `render`'s `--hud`, `--debug` and `--ui-scale` are a
/// view too (`showing`, `uiScale`): what a frame shows never changes what the replay does.
public struct PlayerView: Equatable, Sendable {
    /// The commands flipped, in the order pressed (a second press takes one back off).
    public private(set) var flipped: Set<Command> = []
    /// Panels shown whatever the replay does with them (`render --hud`, `--debug`): each view
    /// command here is handled where the replayed state has it off.
    public private(set) var showing: Set<Command> = []
    /// The text size the viewer chose (U and Shift+U), over the session's own; nil: the session's.
    public private(set) var uiScale: Double?
    /// How many times the viewer pressed N: the panels a small window has no room for come in
    /// turn (`AppState.dockRotation`), as the dock's line says.
    public private(set) var rotation = 0

    /// The commands a viewer may flip: the teaching panels, the help and debug drawing.
    public static let viewCommands: Set<Command> = [
        .toggleHelp, .toggleHUD, .toggleCurve, .toggleEventLog, .toggleForcePlot, .toggleDiagram, .toggleTrail, .toggleDebug,
    ]

    /// A view with the session's panels, at `uiScale` if given (`--ui-scale`), and the view
    /// commands of `showing` always on (others are left out).
    public init(uiScale: Double? = nil, showing: Set<Command> = []) {
        self.uiScale = uiScale.map(Options.clampedUIScale)
        self.showing = showing.intersection(Self.viewCommands)
    }

    /// The view the command line asks for over a replay (`render`, `run --replay` and
    /// `--lesson`): the HUD (`--hud`) and the debug drawing (`--debug`) throughout, at `uiScale`
    /// (`--ui-scale`) when given.
    public init(uiScale: Double?, hud: Bool, debug: Bool) {
        var showing: Set<Command> = []
        if hud { showing.insert(.toggleHUD) }
        if debug { showing.insert(.toggleDebug) }
        self.init(uiScale: uiScale, showing: showing)
    }

    /// Whether this view shows a replayed state as it is.
    public var isEmpty: Bool { self == PlayerView() }

    /// Whether `command`'s panel (or drawing) is on in `options`.
    static func isOn(_ command: Command, in options: Options) -> Bool {
        switch command {
        case .toggleHelp: options.showHelp
        case .toggleHUD: options.showHUD
        case .toggleCurve: options.showCurve
        case .toggleEventLog: options.showEventLog
        case .toggleForcePlot: options.showForcePlot
        case .toggleDiagram: options.showDiagram
        case .toggleTrail: options.showTrail
        case .toggleDebug: options.debug
        default: false
        }
    }

    /// The commands that make a replayed state (its `options`) show what this view shows, for
    /// "continue drawing from here" to go on from what is on screen: the panels shown where the
    /// state has them off, then the ones flipped (the help, a passing overlay, stays behind),
    /// N as often as it was pressed, and U or Shift+U from the state's text size toward the
    /// view's, each step one that does not go past it. Handled and recorded as the user's own
    /// keys, they replay to the same state.
    public func continuingCommands(over options: Options) -> [Command] {
        var out = showing.filter { !Self.isOn($0, in: options) }.sorted { $0.rawValue < $1.rawValue }
        out += flipped.sorted { $0.rawValue < $1.rawValue }
        out.removeAll { $0 == .toggleHelp }
        out += Array(repeating: .cyclePanels, count: rotation)
        guard let target = self.uiScale else { return out }
        var scale = Options.clampedUIScale(options.uiScale)
        for _ in Options.uiScaleSteps.indices {
            let larger = target > scale
            let next = Options.uiScale(after: scale, larger: larger)
            guard abs(target - scale) > 1e-9, next != scale, larger ? next <= target + 1e-9 : next >= target - 1e-9 else { break }
            out.append(larger ? .uiLarger : .uiSmaller)
            scale = next
        }
        return out
    }

    /// Flips `command` if it is a view command (U and Shift+U step the text size from `shownScale`,
    /// the one on screen; N brings the next panels in); returns whether it was.
    public mutating func flip(_ command: Command, shownScale: Double = 1) -> Bool {
        if command == .uiLarger || command == .uiSmaller {
            uiScale = Options.uiScale(after: Options.clampedUIScale(shownScale), larger: command == .uiLarger)
            return true
        }
        if command == .cyclePanels {
            rotation += 1
            return true
        }
        guard Self.viewCommands.contains(command) else { return false }
        if flipped.contains(command) { flipped.remove(command) } else { flipped.insert(command) }
        return true
    }
}

extension AppState {
    /// What this replayed state looks like with `view`'s panels and text size: its own display
    /// when the view changes nothing. Where the view moves the device's screen (a version 1
    /// session's dock inside the window, at another text size or with other panels), the scene
    /// is drawn as the replay laid it out (where its presses landed), with the view's flips,
    /// fitted into the view's screen (`ScreenFit`).
    public func display(view: PlayerView) -> Display {
        guard !view.isEmpty else { return display }
        let s = shown(view)
        var d = s.display
        if s.screenLayout.screen != screenLayout.screen {
            var onScreen = s
            onScreen.screenLayout = screenLayout
            onScreen.viewport = viewport
            onScreen.scenes = scenes
            onScreen.chrome = chrome
            d.screenFit = ScreenFit(screen: onScreen.display, in: d.layout.screen)
        }
        return d
    }

    /// This state with `view`'s panels shown and flipped and its text size. A view that changes
    /// anything is laid out as a view, not as the recording was: a panel too tall for a
    /// version 1 session's band yields its room (`ScreenLayout.TallPanels`).
    func shown(_ view: PlayerView) -> AppState {
        var shown = self
        var changed = false
        if let s = view.uiScale, s != shown.options.uiScale {
            shown.options.uiScale = s
            changed = true
        }
        for c in view.showing.sorted(by: { $0.rawValue < $1.rawValue }) where !PlayerView.isOn(c, in: shown.options) {
            shown.handleCommand(c)
            changed = true
        }
        if !view.flipped.isEmpty || view.rotation != 0 {
            for c in view.flipped.sorted(by: { $0.rawValue < $1.rawValue }) { shown.handleCommand(c) }
            shown.dockRotation += view.rotation
            changed = true
        }
        if changed { shown.relayout(tallPanels: .yieldTheirRoom) }
        return shown
    }
}

extension Player {
    /// The frame to show: the replayed state with `view`'s panels flipped, over the strip.
    public func display(view: PlayerView = PlayerView(), hint: String = "", writing: CaptionWriting? = nil) -> Display {
        var d = state.display(view: view)
        let layout = PlayerLayout(viewport: d.viewport, uiScale: d.layout.uiScale)
        d.viewport = layout.frameViewport
        d.player = PlayerDisplay(layout: layout, frame: frame, lastFrame: lastFrame, time: time, duration: duration,
                                 isPlaying: isPlaying, speed: speed, speedChosen: speedChosen, heldByCaption: heldByCaption, caption: caption,
                                 title: session.title, markers: markers, hint: hint, writing: writing)
        return d
    }

    /// Where the frame shown with `view`'s panels and the strip go.
    public func layout(view: PlayerView = PlayerView()) -> PlayerLayout {
        let s = state.shown(view)
        return PlayerLayout(viewport: s.viewport, uiScale: s.options.uiScale)
    }

    /// The text size on screen with `view` (the viewer's, else the session's).
    public func uiScale(view: PlayerView) -> Double { view.uiScale ?? state.options.uiScale }
}
