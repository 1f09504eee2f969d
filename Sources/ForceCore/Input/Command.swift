/// A user command, independent of the key that triggers it.
public enum Command: String, Equatable, Hashable, Sendable, CaseIterable {
    case pressureUp = "pressure-up"
    case pressureDown = "pressure-down"
    case toggleDebug = "toggle-debug"
    case togglePrecise = "toggle-precise"
    case toggleOpacity = "toggle-opacity"
    case toggleRenderer = "toggle-renderer"
    /// The width mapping: perfect-freehand ↔ TouchCanvas, in every renderer.
    case toggleWidthMapping = "toggle-width-mapping"
    case toggleSimulatedPressure = "toggle-simulated-pressure"
    case toggleHelp = "toggle-help"
    case toggleHUD = "toggle-hud"
    case closeOverlay = "close-overlay"
    case toggleCurve = "toggle-curve"
    case cyclePressureCurve = "cycle-curve"
    case clear
    /// A new canvas (Ctrl+N): the ink and its undo history go, the canvas scene shows.
    case newCanvas = "new-canvas"
    case undo
    case redo
    case sceneCanvas = "scene-canvas"
    case sceneMessages = "scene-messages"
    case sceneHome = "scene-home"
    case sceneConfirm = "scene-confirm"
    case nextScene = "next-scene"
    /// The event log of delegate callbacks (a teaching view).
    case toggleEventLog = "toggle-event-log"
    /// The force-over-time plot with the thresholds (a teaching view).
    case toggleForcePlot = "toggle-force-plot"
    /// The live state diagram of the interaction in focus (a teaching view).
    case toggleDiagram = "toggle-diagram"
    /// Turns the order of the open panels (N): those the dock had no room for come in turn.
    case cyclePanels = "cycle-panels"
    /// The pointer's trail: the last second of samples, coloured by force.
    case toggleTrail = "toggle-trail"
    /// Cycles the current scene's edge protection: none → top → bottom → all.
    case cycleEdgeProtection = "cycle-edge-protection"
    /// The home indicator's auto-hide.
    case toggleIndicatorAutoHide = "toggle-indicator-auto-hide"
    /// The pen's next colour in `InkTool.palette` (X).
    case nextColour = "next-colour"
    /// Pen ↔ highlighter (Shift+X).
    case toggleHighlighter = "toggle-highlighter"
    /// The next smaller or larger size in `InkTool.sizes` (Shift+[ and Shift+]).
    case smallerTool = "tool-smaller"
    case largerTool = "tool-larger"
    /// The presenter's laser pointer, on or off (Ctrl+L): a dot and a line that fades, no ink.
    case toggleLaser = "toggle-laser"
    /// Presentation mode (Ctrl+P): only the scene and the ink; the panels, the state lines, the
    /// debug drawing and the gauge hidden, and back as they were.
    case togglePresentation = "toggle-presentation"
    /// Text around the scene one step larger (U) or smaller (Shift+U): `Options.uiScale`.
    case uiLarger = "ui-larger"
    case uiSmaller = "ui-smaller"
}

extension Command {
    /// The command that opens `scene` (nil for a scene added by a test: Tab and its tab reach it).
    public static func show(_ scene: SceneKind) -> Command? {
        switch scene {
        case .canvas: .sceneCanvas
        case .messages: .sceneMessages
        case .home: .sceneHome
        case .confirm: .sceneConfirm
        case .added: nil
        }
    }
}
