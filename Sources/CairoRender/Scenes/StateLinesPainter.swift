import CCairo
import ForceCore

/// A scene's state lines for teaching ("ConfirmButton.state = .selected" over its values): the
/// one painter Messages, Home and Confirm share, each with its own look. Hidden in presentation
/// mode (the lines are empty then).
struct StateLinesPainter {
    var lines: [String]
    var rect: Rect
    /// A rounded background behind the lines, if any, and its corner radius.
    var background: (colour: RGBA, radius: Double)?
    /// From the rect's sides and top.
    var inset: Double
    var top: Double
    var alignment: TextPainter.Alignment
    /// The first line (the state, in mono) and the rest.
    var sizes: (first: Double, rest: Double)
    var colours: (first: RGBA, rest: RGBA)

    func draw(_ cr: OpaquePointer) {
        guard rect.width > 0, !lines.isEmpty else { return }
        if let background { CairoDrawing.fillRoundedRect(rect, radius: background.radius, colour: background.colour, cr) }
        var y = rect.y + top
        for (i, line) in lines.enumerated() {
            y += TextPainter.draw(line, at: Point(x: rect.x + inset, y: y),
                                  style: .init(size: i == 0 ? sizes.first : sizes.rest, mono: i == 0, colour: i == 0 ? colours.first : colours.rest),
                                  width: rect.width - 2 * inset, alignment: alignment, overflow: .ellipsize, in: cr) + 1
        }
    }
}
