import ArgumentParser
import ForceCore

/// Canvas options shared by `run` and `render`.
struct CanvasOptionGroup: ParsableArguments {
    @Option(help: "Ink renderer: outline (perfect-freehand) or classic (TouchCanvas segments).")
    var renderer: InkRenderer?

    @Option(help: "How force becomes width in every renderer: perfect-freehand (default) or touchcanvas.")
    var widthMapping: InkWidthMapping?

    @Flag(help: "Start in debug drawing (TouchCanvas colours per point type).")
    var debug = false

    @Flag(help: "Start with the HUD (fps, frame time, pressure) shown.")
    var hud = false

    /// Applies the flags over `base`.
    func apply(to base: Options) -> Options {
        var o = base
        if let renderer { o.renderer = renderer }
        if let widthMapping { o.widthMapping = widthMapping }
        if debug { o.debug = true }
        if hud { o.showHUD = true }
        return o
    }
}

extension InkRenderer: ExpressibleByArgument {}
extension InkWidthMapping: ExpressibleByArgument {}
extension SceneKind: ExpressibleByArgument {}

/// A `WxH` size argument.
struct Size: ExpressibleByArgument, CustomStringConvertible {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    var description: String { "\(width)x\(height)" }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
            (1...16384).contains(w), (1...16384).contains(h)
        else { return nil }
        width = w
        height = h
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
