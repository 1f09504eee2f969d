import CCairo
import CairoRender
import ForceCore
import SnapshotTesting
import TestSupport
import XCTest

/// Golden images of what is not a session's frame. A session's frames are checkpoints, checked
/// against Tests/Goldens by `forcecanvas check` (`./run.sh test` runs it). Re-record on purpose
/// only, after looking at old and new: `SNAPSHOT_TESTING_RECORD=failed swift test --filter GoldenImageTests`.
final class GoldenImageTests: XCTestCase {
    /// Pressure → opacity with eased notches (a ramp): 64 opacity levels and no visible band
    /// per notch, no darker overlaps where pieces meet.
    func testPressureToOpacityEasedRamp() throws {
        var s = try Fixtures.session("golden-pressure.jsonl")
        s.options.opacityFromPressure = true
        s.pressureEasing = PressureEmulator.defaultEasing
        let frame = try XCTUnwrap(Fixtures.render(s, at: [s.duration]).first)
        assertSnapshot(of: frame, as: .png())
    }

    /// A stroke turned down to 0.00 by the wheel, then a new stroke: it starts at the visible
    /// minimum (0.10), not hairline-thin (TouchCanvas's mapping, where 0 is 0.8 pt wide).
    func testAStrokeAfterOneEndingAtZeroIsVisible() throws {
        var options = Options()
        options.widthMapping = .touchCanvas
        var events: [TimedEvent] = []
        func add(_ t: Double, _ e: InputEvent) { events.append(TimedEvent(time: t, event: e)) }
        func pointer(_ phase: PointerPhase, _ x: Double, _ y: Double) -> InputEvent {
            .pointer(PointerInput(phase: phase, location: Point(x: x, y: y)))
        }
        add(0.1, pointer(.down, 60, 120))
        for i in 1...60 {
            add(0.1 + Double(i) / 120, pointer(.move, 60 + Double(i) * 6, 120 + 20 * sin(Double(i) / 8)))
            if i % 12 == 0 { add(0.1 + Double(i) / 120, .wheel(-1)) }
        }
        add(0.7, pointer(.up, 420, 120))
        add(1.0, pointer(.down, 60, 260))
        for i in 1...60 { add(1.0 + Double(i) / 120, pointer(.move, 60 + Double(i) * 6, 260 + 20 * sin(Double(i) / 8))) }
        add(1.6, pointer(.up, 420, 260))
        let s = Session(viewport: Viewport(width: 480, height: 360), options: options, pressureEasing: 0, events: events)
        let frame = try XCTUnwrap(Fixtures.render(s, at: [s.duration]).first)
        assertSnapshot(of: frame, as: .png())
    }

    /// The outline's weak spots, each fixture fitted into a cell at 2× (fast zigzags, hairpins,
    /// a spiral, backtracking, a press then a move, fat and zero starts, elbows, and one gesture
    /// at 60 Hz, 125 Hz and 1 kHz): look at it at 3× zoom when the outline changes.
    func testOutlineFixturesContactSheet() throws {
        var cases = StrokeFixtures.outlineCases.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        cases += [60.0, 125, 1000].map { ("gesture \(Int($0)) Hz", StrokeFixtures.gesture(rate: $0)) }
        let columns = 4, cell = (width: 300.0, height: 220.0)
        let rows = (cases.count + columns - 1) / columns
        let viewport = Viewport(width: Int(cell.width) * columns, height: Int(cell.height) * rows, scale: 2)
        let surface = try ImageSurface(viewport: viewport)
        let cr = try XCTUnwrap(surface.makeContext())
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, Palette.paper.r, Palette.paper.g, Palette.paper.b)
        cairo_paint(cr)
        let painter = InkPainter(style: InkStyle())
        for (k, (_, points)) in cases.enumerated() {
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for p in points {
                minX = min(minX, p.preciseLocation.x); maxX = max(maxX, p.preciseLocation.x)
                minY = min(minY, p.preciseLocation.y); maxY = max(maxY, p.preciseLocation.y)
            }
            // Fit the path (not the ink) into the cell, keeping its size when it fits.
            let fit = min(1, (cell.width - 40) / max(1, maxX - minX), (cell.height - 40) / max(1, maxY - minY))
            let origin = Point(x: Double(k % columns) * cell.width, y: Double(k / columns) * cell.height)
            let moved = points.map { p in
                InkPoint(sequence: p.sequence, time: p.time, force: p.force, preciseLocation: Point(
                    x: origin.x + cell.width / 2 + (p.preciseLocation.x - (minX + maxX) / 2) * fit,
                    y: origin.y + cell.height / 2 + (p.preciseLocation.y - (minY + maxY) / 2) * fit))
            }
            painter.draw(Stroke(id: k + 1, source: .pen, hasForce: true, points: moved, isFinished: true), into: cr)
        }
        surface.flush()
        assertSnapshot(of: surface, as: .png())
    }
}
