/// A user command, independent of the key that triggers it.
public enum Command: String, Equatable, Hashable, Sendable, CaseIterable {
    case pressureUp = "pressure-up"
    case pressureDown = "pressure-down"
    case toggleDebug = "toggle-debug"
    case togglePrecise = "toggle-precise"
    case toggleOpacity = "toggle-opacity"
    case toggleRenderer = "toggle-renderer"
    case toggleSimulatedPressure = "toggle-simulated-pressure"
    case toggleHelp = "toggle-help"
    case toggleHUD = "toggle-hud"
    case closeOverlay = "close-overlay"
    case toggleCurve = "toggle-curve"
    case cyclePressureCurve = "cycle-curve"
    case clear
    case undo
    case redo
}
