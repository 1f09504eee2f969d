/// How strokes are turned into ink.
public enum InkRenderer: String, Equatable, Hashable, Sendable, CaseIterable {
    /// One variable-width outline polygon per stroke (perfect-freehand style).
    case outline
    /// One round-capped `stroke` per segment with width from force (TouchCanvas style).
    case classic
}

/// The canvas options a user toggles; part of every session header.
public struct Options: Equatable, Hashable, Sendable {
    /// TouchCanvas debug drawing: colours per point type, sample dots, tilt whiskers.
    public var debug = false
    /// Draw at sub-pixel (precise) locations rather than whole points.
    public var precise = true
    /// More pressure, more opaque ink (seed 001).
    public var opacityFromPressure = false
    public var renderer: InkRenderer = .outline
    /// How force becomes width, in every renderer (`W`).
    public var widthMapping: InkWidthMapping = .perfectFreehand
    /// Treat the mouse as force-less: simulated pressure from speed (perfect-freehand's rule).
    public var simulatePressure = false
    public var showHelp = false
    public var showHUD = false
    /// The pressure-curve panel (a teaching view; its handles edit the curve live).
    public var showCurve = false
    /// The log of delegate callbacks (a teaching view, every scene).
    public var showEventLog = false
    /// The force-over-time plot with peek and pop thresholds (a teaching view, every scene).
    public var showForcePlot = false
    /// The live state diagram of the interaction in focus (a teaching view, every scene: `M`).
    public var showDiagram = false
    /// The pointer's trail: its samples of the last second, coloured by force (`T`).
    public var showTrail = false
    /// How large the text around the scene is drawn (`--ui-scale`, U and Shift+U): the dock and
    /// its panels, the help, the player's strip and the diagrams, for a projector. The scene, the
    /// ink and the system chrome belong to the device and keep their size.
    public var uiScale: Double = 1 {
        didSet { uiScale = Self.clampedUIScale(uiScale) }
    }

    public init() {}

    /// 1…3: the text's scales (a value outside is taken to the nearer end).
    public static let uiScaleRange = 1.0...3.0
    /// The steps U and Shift+U go through.
    public static let uiScaleSteps = [1.0, 1.25, 1.5, 1.75, 2, 2.5, 3]

    public static func clampedUIScale(_ s: Double) -> Double {
        s.isFinite ? min(uiScaleRange.upperBound, max(uiScaleRange.lowerBound, s)) : 1
    }

    /// The next step up (`larger`) or down from `scale`, staying at the ends (U and Shift+U, in
    /// the window and in the player's view).
    public static func uiScale(after scale: Double, larger: Bool) -> Double {
        let steps = uiScaleSteps
        if larger { return steps.first { $0 > scale + 1e-9 } ?? steps[steps.count - 1] }
        return steps.last { $0 < scale - 1e-9 } ?? steps[0]
    }

    /// The options that change how existing ink looks (a change redraws all ink).
    public var inkStyleKey: [Bool] {
        [debug, precise, opacityFromPressure, renderer == .classic, widthMapping == .touchCanvas]
    }

    /// The panels and the debug drawing: the options that only change what is shown.
    static var panelFlags: [WritableKeyPath<Options, Bool>] {
        [\.showHelp, \.showHUD, \.showCurve, \.showEventLog, \.showForcePlot, \.showDiagram, \.showTrail, \.debug]
    }

    /// These options with every panel closed (help, HUD, curve, log, plot, diagram, trail, the
    /// debug drawing): what a replay that must not depend on the view runs with, and what
    /// presentation mode shows.
    public var withoutPanels: Options {
        var o = self
        for flag in Self.panelFlags { o[keyPath: flag] = false }
        return o
    }

    /// These options with `other`'s panels and debug drawing (presentation mode ending).
    public func withPanels(of other: Options) -> Options {
        var o = self
        for flag in Self.panelFlags { o[keyPath: flag] = other[keyPath: flag] }
        return o
    }

    /// The teaching panels these options open in the dock (the gauge is always shown): the HUD,
    /// the curve panel, the debug legend (on the canvas only), the diagram, the force plot and
    /// the callback log.
    public func dockPanels(onCanvas: Bool) -> Set<ScreenLayout.Panel> {
        var open: Set<ScreenLayout.Panel> = []
        if showHUD { open.insert(.hud) }
        if showCurve { open.insert(.curve) }
        if debug, onCanvas { open.insert(.legend) }
        if showDiagram { open.insert(.diagram) }
        if showForcePlot { open.insert(.plot) }
        if showEventLog { open.insert(.log) }
        return open
    }
}
