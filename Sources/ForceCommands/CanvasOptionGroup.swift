import ArgumentParser
import ForceCore
import ForcePlatform

/// Canvas options shared by `run` and `render`.
struct CanvasOptionGroup: ParsableArguments {
    @Option(help: "Ink renderer: outline (perfect-freehand) or classic (TouchCanvas segments).")
    var renderer: InkRenderer?

    @Option(help: "How force becomes width in every renderer: perfect-freehand (default) or touchcanvas.")
    var widthMapping: InkWidthMapping?

    @Flag(help: "Debug drawing (TouchCanvas colours per point type): from the start in the window, in every frame of a replay.")
    var debug = false

    @Flag(help: "The HUD (fps, frame time, pressure): from the start in the window, in every frame of a replay.")
    var hud = false

    @Option(help: ArgumentHelp("Text around the scene this many times larger, 1–3 (the dock, its panels, the help, the player's strip; U and Shift+U in the window).",
                               valueName: "factor"))
    var uiScale: Double?

    @Option(help: ArgumentHelp("The interface's language: en or zh-Hans (default: what LC_ALL, LC_MESSAGES or LANG say; English for any other).",
                               valueName: "language"))
    var lang: String?

    @Flag(help: "Refuse a session whose time steps back (by default such an event is moved to 1 µs after the one before, and counted).")
    var strictTime = false

    mutating func validate() throws {
        if let lang, Translation.Language(name: lang) == nil {
            throw ValidationError("--lang \(lang) is not a language of ForceCanvas: en or zh-Hans")
        }
        if let uiScale, !Options.uiScaleRange.contains(uiScale) {
            throw ValidationError("--ui-scale \(uiScale) is out of range: it must be 1–3")
        }
    }

    /// Chooses the interface's language (`--lang`, else the locale's variables) before anything
    /// is drawn; a translation that is not installed is said on stderr, and English is drawn.
    func startTranslation() {
        let language = lang.flatMap(Translation.Language.init(name:)) ?? Translation.language(in: .current)
        let folder = language == .english ? nil : try? ResourceLocator.current.path(of: .locale)
        if let problem = Translation.start(language, localeFolder: folder) {
            printProblem(problem)
        }
    }

    /// Applies the flags over `base`.
    func apply(to base: Options) -> Options {
        var o = base
        if let uiScale { o.uiScale = uiScale }
        if let renderer { o.renderer = renderer }
        if let widthMapping { o.widthMapping = widthMapping }
        if debug { o.debug = true }
        if hud { o.showHUD = true }
        return o
    }

    /// The flags that change how ink is drawn, over `base`: `--renderer`, `--width-mapping`
    /// (what `render` gives the replay itself).
    func applyInk(to base: Options) -> Options {
        var o = base
        if let renderer { o.renderer = renderer }
        if let widthMapping { o.widthMapping = widthMapping }
        return o
    }

    /// What `render`'s frames show over the replay: the HUD (`--hud`) and the debug drawing
    /// (`--debug`) throughout, at `--ui-scale`. A view, not the session's options: a version 1
    /// session's dock inside the window, laid out at another text size, moved the device's
    /// screen, and the replay's presses missed what they pressed (`AppState.display(view:)`).
    var replayView: PlayerView { PlayerView(uiScale: uiScale, hud: hud, debug: debug) }

    /// The events that give a canvas whose options are `options` (a restored one) what the
    /// flags ask: `apply(to:)` as events, which the window handles and records in the
    /// canvas's journal first thing, so the journal replays to what the window shows. A
    /// flag not given leaves its option as the canvas had it.
    func events(over options: Options) -> [InputEvent] {
        var events: [InputEvent] = []
        let wanted = apply(to: options)
        if wanted.renderer != options.renderer { events.append(.command(.toggleRenderer)) }
        if wanted.widthMapping != options.widthMapping { events.append(.command(.toggleWidthMapping)) }
        if wanted.debug != options.debug { events.append(.command(.toggleDebug)) }
        if wanted.showHUD != options.showHUD { events.append(.command(.toggleHUD)) }
        if wanted.uiScale != options.uiScale { events.append(.uiScale(wanted.uiScale)) }
        return events
    }
}

extension InkRenderer: ExpressibleByArgument {}
extension InkWidthMapping: ExpressibleByArgument {}
extension SceneKind: ExpressibleByArgument {
    /// A built-in scene by name (`--scene messages`).
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { builtIn.map(\.name) }
}

/// A `WxH` size argument in points, each side 1…`Viewport.maximumSide`.
struct Size: CustomStringConvertible {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    var description: String { "\(width)x\(height)" }

    /// The frame a replay of a `screen`-sized session is drawn at for `--size` and `--scale`:
    /// the session's own screen (what the replay does never depends on them), at `scale`
    /// (default the session's) times the factor that fits it in `size` with its aspect kept.
    static func frame(of screen: Viewport, size: Size?, scale: Double?) -> Viewport {
        var s = scale ?? screen.scale
        if let size { s *= min(Double(size.width) / Double(screen.width), Double(size.height) / Double(screen.height)) }
        return Viewport(width: screen.width, height: screen.height, scale: s)
    }

    /// What an option's help says about the range.
    static let rangeHelp = "WIDTHxHEIGHT in points, each side 1–\(Viewport.maximumSide) (e.g. 1280x800)"

    /// Parses `WxH`; a wrong one is refused with the allowed range.
    static func parse(_ argument: String) throws -> Size {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ValidationError("\"\(argument)\" is not a size: expected \(rangeHelp)")
        }
        let sides = 1...Viewport.maximumSide
        guard sides.contains(w), sides.contains(h) else {
            throw ValidationError("\(argument) is out of range: each side must be 1–\(Viewport.maximumSide) points")
        }
        return Size(width: w, height: h)
    }
}
