/// Where the window's parts go: the dock of teaching panels (the gauge, the HUD, the curve
/// panel, the debug legend, the force plot, the callback log), the device's screen beside or
/// above it, and the scene's area on that screen below the scene tabs.
///
/// The panels never cover the scene: when any of them is open they share a dock, a side
/// column on windows at least `sideDockMinimumWidth` wide, a bottom band on narrower ones, and
/// the scene is laid out in what remains. Without a dock the gauge floats at the bottom left
/// (or, where that would cover the scene, shrinks into the top strip; see `compactGauge`).
public struct ScreenLayout: Equatable, Sendable {
    /// A teaching panel.
    public enum Panel: String, CaseIterable, Equatable, Hashable, Sendable {
        case gauge, hud, curve, legend, diagram, plot, log
    }

    /// Where the dock is.
    public enum Dock: String, Equatable, Sendable { case none, side, bottom }

    /// Whether the dock takes its room from the device's screen or adds it to the window.
    public enum Placement: String, Equatable, Sendable {
        /// The dock inside the window, the device's screen beside or above it (a version 1
        /// session that opens a panel was recorded so, and replays so).
        case inside
        /// The device's screen is the whole of what the input and the scenes know, at the
        /// window's top left; the dock is added to its right (a side column) or below it (a
        /// band), and the window grows. A panel then never covers ink nor changes what the core
        /// does with input: the rule of docs/ARCHITECTURE.md.
        case outside
    }

    /// 1280 pt: from this width the dock is a side column, below it a bottom band (issue 9).
    public static let sideDockMinimumWidth = 1280.0
    /// 440 pt: a panel's width in the side column (the callback log's longest callbacks fit).
    public static let panelWidth = 440.0
    /// 16 pt around the dock's panels, 10 pt between them (chosen).
    public static let margin = 16.0
    public static let gap = 10.0
    /// 280 pt: the narrowest column of the bottom band; 480 pt the widest (chosen: HUD lines
    /// wrap to at most three lines at 280 pt).
    public static let bandColumnWidth = (minimum: 280.0, maximum: 480.0)
    /// 0.45: the bottom band takes at most this share of the height below the scene tabs.
    public static let bandShare = 0.45
    /// The floating gauge (no dock): 248×80 pt at the bottom left.
    public static let floatingGaugeSize = (width: 248.0, height: 80.0)
    /// How much larger than its points the floating gauge is drawn in a window `width` wide: as
    /// the dock's text (`uiScale`), or as large as the window holds it with its margins (never
    /// below 1×). At 3× in a 640 pt window it was 744 pt wide, its figure and bar cut off.
    public static func floatingGaugeScale(uiScale: Double, width: Double) -> Double {
        scale(uiScale, fitting: floatingGaugeSize.width + 2 * margin, in: width)
    }
    /// How much larger than its points something `needed` points wide is drawn in `room`: at
    /// the text size (`uiScale`) where it fits, else as large as fits, never below 1× (then it
    /// is cut or wraps as at 1×). The floating gauge, the messages and the dock's line.
    public static func scale(_ uiScale: Double, fitting needed: Double, in room: Double) -> Double {
        max(1, min(uiScale, room / needed))
    }
    /// The compact gauge in the top strip, left of the scene tabs: at most 150×28 pt.
    public static let compactGaugeSize = (width: 150.0, height: 28.0)
    /// 36 pt: the compact gauge's figure ("0.50" at 12 pt) and its margins, the least it is
    /// drawn at; under `compactGaugeBarWidth` it is the figure alone.
    public static let compactGaugeLeastWidth = 36.0
    /// 58 pt: from this width the compact gauge has its bar beside its figure.
    public static let compactGaugeBarWidth = 58.0

    public let viewport: Viewport
    public let dock: Dock
    /// The dock's area (null without a dock).
    public let dockFrame: Rect
    /// The device's screen: the window without the dock. System edges, the home indicator and
    /// the notification shade belong to it.
    public let screen: Rect
    /// Where the scene is laid out: the screen below the scene tabs.
    public let sceneArea: Rect
    /// Each shown panel's rect.
    public let panels: [Panel: Rect]
    /// Open panels the dock had no room for (smallest windows): named on screen instead.
    public let hidden: [Panel]
    /// Whether N (`AppState.dockRotation`) brings one of `hidden` in: a later turn of the panels
    /// shows one of them. When none does (a window too low for the curve panel at
    /// `--ui-scale 2`), the line that names them says what does show them instead.
    public let hiddenCanTurnIn: Bool
    /// The state diagram over the device's screen, when the dock beside it has no room for it
    /// (a dock outside the screen only: a version 1 session's dock inside keeps its layout);
    /// null otherwise. The window keeps presses on it from the core (and from the files), so
    /// the scene under it is paused for them and a replay with any panel is the same.
    public let overlay: Rect
    /// Whether the gauge is the compact one in the top strip.
    public let compactGauge: Bool
    /// The scenes on the tabs, in order.
    public let scenes: [SceneKind]
    /// How much larger than its points the dock and its panels are drawn (`Options.uiScale`):
    /// a panel's rect is in window points, and its painter draws it `uiScale` times larger.
    public let uiScale: Double

    /// How a bottom band treats a panel taller than the band can be (the diagram in a low
    /// window, or at a large text size).
    public enum TallPanels: Sendable {
        /// The panel is given a column it cannot fill, then named: the band version 1 sessions
        /// were recorded with. Their replays keep it (the screen above the band is where their
        /// presses landed).
        case keepTheirColumn
        /// The panel is named before the columns are made and its room goes to the others (the
        /// log fills the column it left), and a band with room for no panel is only as high as
        /// its line: the player's frame of such a session at another text size or with other
        /// panels, a view the replay never saw.
        case yieldTheirRoom
    }

    /// The layout for a window with the `open` panels (the gauge is implied). `bottomReserve`
    /// keeps the floating gauge above a bar at the bottom of the scene (Confirm's). At a
    /// `uiScale` above 1 the dock is the one a window `uiScale` times smaller would have, drawn
    /// that much larger (`Options.uiScale`).
    public init(viewport: Viewport, open: Set<Panel>, bottomReserve: Double = 0, scenes: [SceneKind] = SceneKind.builtIn,
                rotation: Int = 0, uiScale: Double = 1, tallPanels: TallPanels = .keepTheirColumn) {
        let s = uiScale
        let bounds = viewport.bounds
        let shown = Self.order(open, rotation: rotation)
        if shown.count == 1 {
            let g = Self.floatingGaugeSize, k = Self.floatingGaugeScale(uiScale: s, width: bounds.width)
            let gauge = Rect(x: Self.margin * k, y: bounds.maxY - bottomReserve - (Self.margin + g.height) * k,
                             width: g.width * k, height: g.height * k)
            self.init(viewport: viewport, dock: .none, dockFrame: .null, screen: bounds, panels: [.gauge: gauge], hidden: [],
                      scenes: scenes, uiScale: s)
            return
        }
        // The dock of a window `s` times smaller, then every rect of it `s` times larger.
        let small = bounds.scaled(by: 1 / s)
        let big = { (r: Rect) in r.scaled(by: s) }
        if small.width >= Self.sideDockMinimumWidth {
            let width = Self.dockWidth(uiScale: s)
            let column = Rect(x: 0, y: 0, width: Self.dockWidth, height: small.height).insetBy(Self.margin)
            let placed = Self.stack(shown, in: column)
            self.init(viewport: viewport, dock: .side, dockFrame: Rect(x: 0, y: 0, width: width, height: bounds.height),
                      screen: Rect(x: width, y: 0, width: bounds.width - width, height: bounds.height),
                      panels: placed.rects.mapValues(big), hidden: placed.hidden,
                      hiddenCanTurnIn: Self.aTurnShows(placed.hidden, open: open, rotation: rotation) { Self.stack($0, in: column).hidden },
                      scenes: scenes, uiScale: s)
        } else {
            let band = Self.band(shown, viewport: small, tallPanels: tallPanels)
            let frame = big(band.frame)
            self.init(viewport: viewport, dock: .bottom, dockFrame: frame,
                      screen: Rect(x: 0, y: 0, width: bounds.width, height: frame.y),
                      panels: band.rects.mapValues(big), hidden: band.hidden,
                      hiddenCanTurnIn: Self.aTurnShows(band.hidden, open: open, rotation: rotation) {
                          Self.band($0, viewport: small, tallPanels: tallPanels).hidden
                      },
                      scenes: scenes, uiScale: s)
        }
    }

    /// The layout for a device of `device`'s size with the `open` panels outside it
    /// (`Placement.outside`): the same screen and scene area whatever is open; `viewport` is
    /// the window, the device plus the dock. The dock is always a side column on the device's
    /// right (the screen is never narrowed, so no band is needed), `dockWidth(uiScale:)` wide;
    /// panels that do not fit its height are hidden, as in a side column inside.
    public init(device: Viewport, open: Set<Panel>, bottomReserve: Double = 0, scenes: [SceneKind] = SceneKind.builtIn,
                rotation: Int = 0, uiScale: Double = 1) {
        let shown = Self.order(open, rotation: rotation)
        guard shown.count > 1 else {
            self.init(viewport: device, open: [], bottomReserve: bottomReserve, scenes: scenes, uiScale: uiScale)
            return
        }
        let s = uiScale
        let bounds = device.bounds
        let frame = Rect(x: bounds.maxX, y: 0, width: Self.dockWidth(uiScale: s), height: bounds.height)
        // The column of a window `s` times lower, then every rect of it `s` times larger.
        let column = Rect(x: 0, y: 0, width: Self.dockWidth, height: bounds.height / s).insetBy(Self.margin)
        var placed = Self.stack(shown, in: column)
        placed.rects = placed.rects.mapValues { $0.scaled(by: s).offsetBy(dx: frame.x, dy: 0) }
        // A diagram the column has no room for goes over the screen, below the scene tabs.
        var overlay = Rect.null
        if let i = placed.hidden.firstIndex(of: .diagram) {
            placed.hidden.remove(at: i)
            let top = bounds.y + SceneTabs.reservedHeight
            overlay = Rect(x: bounds.x + Self.margin, y: top, width: max(0, bounds.width - 2 * Self.margin),
                           height: max(0, bounds.maxY - top - Self.margin))
            placed.rects[.diagram] = overlay
        }
        self.init(viewport: Viewport(width: device.width + Int(frame.width), height: device.height, scale: device.scale),
                  dock: .side, dockFrame: frame, screen: bounds, panels: placed.rects, hidden: placed.hidden,
                  // (A diagram the column has no room for is shown over the screen, never hidden.)
                  hiddenCanTurnIn: Self.aTurnShows(placed.hidden, open: open, rotation: rotation) {
                      Self.stack($0, in: column).hidden.filter { $0 != .diagram }
                  }, overlay: overlay,
                  scenes: scenes, uiScale: s)
    }

    /// The gauge, then the open panels in their order turned by `rotation` (N: the panels the
    /// dock had no room for come first in turn).
    static func order(_ open: Set<Panel>, rotation: Int) -> [Panel] {
        let others = Panel.allCases.filter { $0 != .gauge && open.contains($0) }
        guard !others.isEmpty else { return [.gauge] }
        let k = ((rotation % others.count) + others.count) % others.count
        return [.gauge] + others[k...] + others[..<k]
    }


    /// Whether a later turn of the `open` panels than `rotation` shows one of `hidden`, the
    /// panels `hiddenAt` leaves out of each order (N's promise).
    static func aTurnShows(_ hidden: [Panel], open: Set<Panel>, rotation: Int, hiddenAt: ([Panel]) -> [Panel]) -> Bool {
        let turns = open.subtracting([.gauge]).count
        guard !hidden.isEmpty, turns > 1 else { return false }
        return (1..<turns).contains { k in
            let left = hiddenAt(order(open, rotation: rotation + k))
            return hidden.contains { !left.contains($0) }
        }
    }

    /// 472 pt: the side column's width (a panel and its margins).
    public static var dockWidth: Double { panelWidth + 2 * margin }

    /// The side column's width at `uiScale`, in whole points (the window grows by it).
    public static func dockWidth(uiScale: Double) -> Double { (dockWidth * uiScale).rounded() }

    private init(viewport: Viewport, dock: Dock, dockFrame: Rect, screen: Rect, panels: [Panel: Rect], hidden: [Panel],
                 hiddenCanTurnIn: Bool = false, overlay: Rect = .null, scenes: [SceneKind], uiScale: Double) {
        self.viewport = viewport
        self.uiScale = uiScale
        self.overlay = overlay
        self.dock = dock
        self.dockFrame = dockFrame
        self.screen = screen
        sceneArea = Rect(x: screen.x, y: screen.y + SceneTabs.reservedHeight, width: screen.width,
                         height: max(0, screen.height - SceneTabs.reservedHeight))
        self.panels = panels
        self.hidden = hidden
        self.hiddenCanTurnIn = hiddenCanTurnIn
        compactGauge = false
        self.scenes = scenes
    }

    private init(copy l: ScreenLayout, panels: [Panel: Rect], compactGauge: Bool) {
        viewport = l.viewport
        uiScale = l.uiScale
        dock = l.dock
        dockFrame = l.dockFrame
        screen = l.screen
        sceneArea = l.sceneArea
        hidden = l.hidden
        hiddenCanTurnIn = l.hiddenCanTurnIn
        overlay = l.overlay
        self.panels = panels
        self.compactGauge = compactGauge
        scenes = l.scenes
    }

    /// The scene tabs, centred over the screen.
    public var tabs: SceneTabs { SceneTabs(screen: screen, scenes: scenes) }

    /// The panel's rect, if it is shown.
    public func rect(of panel: Panel) -> Rect? { panels[panel] }

    /// This layout with the floating gauge moved into the top strip, left of the scene tabs,
    /// when it would cover one of `content` (the scene's own rects); unchanged with a dock.
    public func clearingGauge(of content: [Rect]) -> ScreenLayout {
        clearingGauge { r in content.contains { $0.intersects(r) } }
    }

    /// This layout with the floating gauge where it `covers` nothing: its place at the bottom
    /// left, else the same at the bottom right, else compact in the top strip, left of the
    /// scene tabs (the chrome's row, over the scene as the tabs are); unchanged with a dock,
    /// and where the strip leaves no room for the compact gauge's figure (a screen so narrow
    /// that the tabs reach its left side: its figure ran under them), over the scene.
    public func clearingGauge(where covers: (Rect) -> Bool) -> ScreenLayout {
        guard dock == .none, let gauge = panels[.gauge], covers(gauge) else { return self }
        var moved = panels
        let mirrored = Rect(x: screen.maxX - (gauge.x - screen.x) - gauge.width, y: gauge.y, width: gauge.width, height: gauge.height)
        if !covers(mirrored) {
            moved[.gauge] = mirrored
            return ScreenLayout(copy: self, panels: moved, compactGauge: false)
        }
        let room = tabs.frame.x - screen.x - 2 * Self.gap
        guard room >= Self.compactGaugeLeastWidth else { return self }
        let s = Self.compactGaugeSize
        moved[.gauge] = Rect(x: screen.x + Self.gap, y: SceneTabs.top, width: min(s.width, room), height: s.height)
        return ScreenLayout(copy: self, panels: moved, compactGauge: true)
    }

    // MARK: Panel sizes

    /// A panel's height at a width (the log's is its least; it takes what is left).
    static func height(of panel: Panel, width: Double) -> Double {
        switch panel {
        case .gauge: return floatingGaugeSize.height
        // Seven lines of 12 pt text, two of which may wrap (three times at the narrowest).
        case .hud: return width >= 400 ? 176 : 232
        case .curve: return 200
        // Six debug colours in three columns (two rows), or two columns at narrow widths.
        case .legend: return width >= 400 ? 62 : 81
        // The state diagram: up to six states with their edges' labels (`StateDiagramLayout`).
        case .diagram: return diagramHeight
        case .plot: return 140
        case .log: return logMinimumHeight
        }
    }

    /// 300 pt: the state-diagram panel's height (six states and their labels at 10 pt).
    public static let diagramHeight = 300.0
    /// 110 pt: the force plot's least height (the thresholds stay apart).
    static let plotMinimumHeight = 110.0
    /// The log's least height: its title and three lines.
    public static let logMinimumHeight = 34.0 + 3 * 17

    // MARK: Side column

    /// Panels stacked top to bottom; the log takes what is left (the plot shrinks first, then
    /// the log is hidden when even three lines do not fit).
    private static func stack(_ shown: [Panel], in inner: Rect) -> (rects: [Panel: Rect], hidden: [Panel]) {
        var heights = shown.map { height(of: $0, width: inner.width) }
        let gaps = Double(max(0, shown.count - 1)) * gap
        let logIndex = shown.firstIndex(of: .log)
        func fixed() -> Double { zip(shown, heights).filter { $0.0 != .log }.reduce(0) { $0 + $1.1 } }
        var hidden: [Panel] = []
        if let i = logIndex, i < shown.count - 1 {
            // N turned the log ahead of others: it comes first in turn, at least three lines,
            // and takes what the panels after it that fit leave.
            var reserve = 0.0
            let top = inner.y + heights.prefix(i).reduce(0) { $0 + $1 + gap }
            for h in heights[(i + 1)...] where top + logMinimumHeight + gap + reserve + h <= inner.maxY + 0.5 { reserve += gap + h }
            heights[i] = max(logMinimumHeight, inner.maxY - top - reserve)
        } else if let i = logIndex {
            var rest = inner.height - gaps - fixed()
            if rest < logMinimumHeight, let p = shown.firstIndex(of: .plot) {
                heights[p] = max(plotMinimumHeight, heights[p] - (logMinimumHeight - rest))
                rest = inner.height - gaps - fixed()
            }
            heights[i] = rest
            if rest < logMinimumHeight { hidden.append(.log) }
        }
        var rects: [Panel: Rect] = [:]
        var y = inner.y
        for (panel, h) in zip(shown, heights) where !hidden.contains(panel) {
            guard y + h <= inner.maxY + 0.5 else { hidden.append(panel); continue }
            rects[panel] = Rect(x: inner.x, y: y, width: inner.width, height: h)
            y += h + gap
        }
        return (rects, hidden)
    }

    // MARK: Bottom band

    /// Panels in columns across the bottom: each goes to the shortest column, the log last to
    /// the column where it makes the band lowest. The band is as high as its tallest column, at
    /// most `bandShare` of the height below the tabs; what does not fit is hidden. A panel
    /// taller than that keeps a column it cannot fill, or yields its room (`TallPanels`).
    private static func band(_ open: [Panel], viewport bounds: Rect, tallPanels: TallPanels)
        -> (frame: Rect, rects: [Panel: Rect], hidden: [Panel]) {
        let innerWidth = bounds.width - 2 * margin
        let fitting = Int((innerWidth + gap) / (bandColumnWidth.minimum + gap))
        let cap = (bounds.height - SceneTabs.reservedHeight) * bandShare - 2 * margin
        func columns(for panels: Int) -> (count: Int, width: Double) {
            let count = max(1, min(panels, fitting))
            return (count, min(bandColumnWidth.maximum, (innerWidth - Double(count - 1) * gap) / Double(count)))
        }
        // Fewer columns are wider, and no panel is taller wider: this ends in two rounds.
        var shown = open, tooTall: [Panel] = []
        while tallPanels == .yieldTheirRoom {
            let width = columns(for: shown.count).width
            let tall = shown.filter { $0 != .log && height(of: $0, width: width) > cap + 0.5 }
            if tall.isEmpty { break }
            tooTall += tall
            shown.removeAll { tall.contains($0) }
        }
        let (count, columnWidth) = columns(for: shown.count)
        var columns: [[(Panel, Double)]] = Array(repeating: [], count: count)
        func used(_ c: [(Panel, Double)]) -> Double {
            c.reduce(0) { $0 + $1.1 } + Double(max(0, c.count - 1)) * gap
        }
        func extra(_ c: [(Panel, Double)]) -> Double { c.isEmpty ? 0 : gap }
        for panel in shown where panel != .log {
            let k = columns.indices.min { used(columns[$0]) < used(columns[$1]) } ?? 0
            columns[k].append((panel, height(of: panel, width: columnWidth)))
        }
        var bandHeight = min(cap, columns.map(used).max() ?? 0)
        if shown.contains(.log) {
            // The log fills the column where it keeps the band lowest, at least three lines.
            let k = columns.indices.min {
                max(bandHeight, used(columns[$0]) + extra(columns[$0]) + logMinimumHeight)
                    < max(bandHeight, used(columns[$1]) + extra(columns[$1]) + logMinimumHeight)
            } ?? 0
            let needed = used(columns[k]) + extra(columns[k])
            let withLog = min(cap, max(bandHeight, needed + logMinimumHeight))
            // Below three lines (a band capped by a low window) the log is named, not cut; a
            // band laid out as a view is then no higher than what it shows.
            let fits = withLog - needed >= logMinimumHeight
            if fits || tallPanels == .keepTheirColumn { bandHeight = withLog }
            columns[k].append((.log, fits ? withLog - needed : .infinity))
        }
        let frame = Rect(x: 0, y: bounds.maxY - bandHeight - 2 * margin, width: bounds.width, height: bandHeight + 2 * margin)
        var rects: [Panel: Rect] = [:]
        var hidden = tooTall
        for (k, column) in columns.enumerated() {
            var y = frame.y + margin
            let x = margin + Double(k) * (columnWidth + gap)
            for (panel, h) in column {
                guard y + h <= frame.maxY - margin + 0.5 else { hidden.append(panel); continue }
                rects[panel] = Rect(x: x, y: y, width: columnWidth, height: h)
                y += h + gap
            }
        }
        return (frame, rects, Panel.allCases.filter(hidden.contains))
    }
}
