import TestSupport
import XCTest
@testable import ForceCore

final class PressureCurveTests: XCTestCase {
    func testPresetsFixTheEndsAndAreMonotonic() {
        for preset in PressureCurve.Preset.allCases {
            let c = PressureCurve(preset)
            XCTAssertEqual(c.curve(0), 0, "\(preset)")
            XCTAssertEqual(c.curve(1), 1, "\(preset)")
            var previous = -1.0
            for k in 0...1000 {
                let y = c.curve(Double(k) / 1000)
                XCTAssertGreaterThanOrEqual(y, previous, "\(preset) at \(k)")
                previous = y
            }
        }
    }

    func testSoftRaisesAndFirmLowersTheMiddle() {
        // Independent bisection of the Bézier: soft (0,5,95,100) and firm (5,0,100,95) at 0.5.
        XCTAssertEqual(PressureCurve(.soft).curve(0.5), 0.5375, accuracy: 0.001)
        XCTAssertEqual(PressureCurve(.firm).curve(0.5), 0.4625, accuracy: 0.001)
        XCTAssertEqual(PressureCurve(.linear).curve(0.37), 0.37)
    }

    func testMatchesAHandComputedBezierPoint() {
        // Control points (0,50),(50,100): at t = 1/2, x = 3·¼·½·½ + ⅛ = 0.3125 and
        // y = 3·¼·½·½ + 3·½·¼·1 + ⅛ = 0.6875.
        let c = PressureCurve(x1: 0, y1: 50, x2: 50, y2: 100)
        XCTAssertEqual(c.curve(0.3125), 0.6875, accuracy: 0.002)
        // Mirrored (50,0),(100,50): at x = 0.6875 the output is 0.3125.
        XCTAssertEqual(PressureCurve(x1: 50, y1: 0, x2: 100, y2: 50).curve(0.6875), 0.3125, accuracy: 0.002)
    }

    func testMinimumAndMultiplier() {
        let c = PressureCurve(.linear, minimumPressure: 0.05, multiplier: 2)
        XCTAssertEqual(c.apply(0), 0, "a pen that does not press stays at zero")
        XCTAssertEqual(c.apply(0.01), 0.05, "a light touch is raised to the minimum")
        XCTAssertEqual(c.apply(0.3), 0.6, accuracy: 1e-12)
        XCTAssertEqual(c.apply(0.8), 1, "clamped after the multiplier")
    }

    func testGarbageNeverPropagates() {
        let c = PressureCurve(.firm)
        for v in [Double.nan, .infinity, -.infinity, -3, 7] {
            let y = c.apply(v)
            XCTAssertFalse(y.isNaN)
            XCTAssertTrue((0...1).contains(y), "\(v) → \(y)")
        }
        let odd = PressureCurve(x1: .nan, y1: -20, x2: 300, y2: .infinity, minimumPressure: .nan, multiplier: -1)
        XCTAssertEqual(odd.pressCurve, "0,0,100,100")
        XCTAssertEqual(odd.multiplier, 0)
    }

    func testParsing() throws {
        XCTAssertEqual(try PressureCurve.parse("firm"), PressureCurve(.firm))
        XCTAssertEqual(try PressureCurve.parse(" Soft "), PressureCurve(.soft))
        XCTAssertEqual(try PressureCurve.parse("5, 0, 100, 95").preset, .firm)
        XCTAssertEqual(try PressureCurve.parse("10,20,30,40").pressCurve, "10,20,30,40")
        XCTAssertThrowsError(try PressureCurve.parse("firmer")) { e in
            XCTAssertTrue("\(e)".contains("\"firmer\""), "\(e)")
        }
        XCTAssertThrowsError(try PressureCurve.parse("0,0,100")) { e in
            XCTAssertTrue("\(e)".contains("four numbers"), "\(e)")
        }
        XCTAssertThrowsError(try PressureCurve.parse("0,abc,100,100")) { e in
            XCTAssertTrue("\(e)".contains("\"abc\" is not a number"), "\(e)")
        }
        XCTAssertThrowsError(try PressureCurve.parse("0,0,101,100")) { e in
            XCTAssertTrue("\(e)".contains("101 is outside 0–100"), "\(e)")
        }
        XCTAssertThrowsError(try PressureCurve.parse("nan,0,100,100"))
        XCTAssertThrowsError(try PressureCurve.parseMinimum("1.5"))
        XCTAssertThrowsError(try PressureCurve.parseMultiplier("-2"))
    }

    func testPresetCycle() {
        XCTAssertEqual(PressureCurve(.soft).nextPreset.preset, .linear)
        XCTAssertEqual(PressureCurve(.linear).nextPreset.preset, .firm)
        XCTAssertEqual(PressureCurve(.firm).nextPreset.preset, .soft)
        XCTAssertEqual(PressureCurve(x1: 1, y1: 2, x2: 3, y2: 4).nextPreset.preset, .linear)
    }

    func testConfigFile() throws {
        let text = """
            # ForceCanvas settings
            pressure-curve = firm
            minimum-pressure = 0.1   # a heavier hand

            pressure-multiplier = 1.5
            pressure-step = 0.05
            """
        let s = try Settings.parse(text, file: "config")
        XCTAssertEqual(s.pressureCurve.preset, .firm)
        XCTAssertEqual(s.pressureCurve.minimumPressure, 0.1)
        XCTAssertEqual(s.pressureCurve.multiplier, 1.5)
        XCTAssertEqual(s.pressureStep, 0.05)

        XCTAssertThrowsError(try Settings.parse("pressure-curve = 1,2,3\n", file: "cfg")) { e in
            XCTAssertTrue("\(e)".hasPrefix("cfg:1: invalid pressure curve value \"1,2,3\""), "\(e)")
        }
        XCTAssertThrowsError(try Settings.parse("\n\npresure-curve = soft", file: "cfg")) { e in
            XCTAssertTrue("\(e)".hasPrefix("cfg:3: unknown setting \"presure-curve\""), "\(e)")
        }
        XCTAssertThrowsError(try Settings.parse("just words", file: "cfg")) { e in
            XCTAssertTrue("\(e)".contains("cfg:1: expected \"key = value\", found \"just words\""), "\(e)")
        }
        XCTAssertThrowsError(try Settings.parse("pressure-step = 0", file: "cfg")) { e in
            XCTAssertTrue("\(e)".contains("\"0\""), "\(e)")
        }
    }

    func testTheCurveShapesDeviceForceInTheCanvas() {
        var d = Driver()
        d.state = AppState(viewport: Viewport(width: 800, height: 600), pressureCurve: PressureCurve(.firm))
        d.down(100, 100, source: .pen, force: 0.5)
        XCTAssertEqual(d.state.pressure.raw, 0.5)
        XCTAssertEqual(d.state.pressure.force, 0.4625, accuracy: 0.001)
        XCTAssertEqual(d.realPoints.last?.force ?? 0, 0.4625, accuracy: 0.001)
        d.command(.cyclePressureCurve)
        XCTAssertEqual(d.state.pressure.curve.preset, .soft)
        d.move(110, 100, source: .pen, force: 0.5)
        XCTAssertEqual(d.realPoints.last?.force ?? 0, 0.5375, accuracy: 0.001)
    }

    /// The gauge and the curve panel's dot read one force (`PressureInput.shown`): in a scene,
    /// between presses, both show what the next mouse press starts with (the scene's emulator),
    /// never the canvas's level on one and the scene's on the other.
    func testTheGaugeAndTheCurveDotAgreeInEveryScene() {
        var d = Driver()
        d.command(.toggleCurve)
        for scene in [Command.sceneCanvas, .sceneMessages, .sceneHome, .sceneConfirm] {
            d.command(scene)
            for pressed in [false, true] {
                if pressed { d.down(300, 300) }
                d.wheel(3)
                d.frame()
                let display = d.state.display
                XCTAssertEqual(display.gauge.force, display.curve.curved, "\(scene), pressed: \(pressed)")
                XCTAssertEqual(display.curve.curved, d.state.pressure.curve.apply(display.curve.raw), "\(scene)")
                if pressed { d.up(300, 300) }
            }
        }
    }

    func testDraggingAHandleEditsTheCurveInsteadOfDrawing() throws {
        var d = Driver()
        d.command(.toggleCurve)
        let panel = try XCTUnwrap(d.state.curvePanel, "the dock has room for the curve panel")
        // Linear puts the control point on (0,0): its handle is drawn along the diagonal.
        XCTAssertTrue(panel.isOffset(handle: 0, of: d.state.pressure.curve))
        let h = panel.displayedHandles(of: d.state.pressure.curve)[0]
        XCTAssertEqual(h.distance(to: panel.point(x: 0, y: 0)), CurvePanel.handleOffset, accuracy: 1e-9)
        d.down(h.x + 3, h.y - 2)
        XCTAssertNil(d.live, "a press on a handle does not draw")
        XCTAssertEqual(d.state.curveDrag, 0)
        let target = panel.point(x: 0.2, y: 0.6)
        d.move(target.x, target.y)
        d.up(target.x, target.y)
        XCTAssertNil(d.state.curveDrag)
        XCTAssertEqual(d.state.pressure.curve.x1, 20)
        XCTAssertEqual(d.state.pressure.curve.y1, 60)
        XCTAssertEqual(d.state.ink.strokes.count, 0)
        // With the panel hidden (and the dock closed) a press there draws.
        d.command(.toggleCurve)
        d.down(h.x, h.y)
        XCTAssertNotNil(d.live)
        d.up(h.x, h.y)
        // A press elsewhere on the dock does nothing.
        d.command(.toggleCurve)
        let dock = d.state.screenLayout.dockFrame
        d.down(dock.x + 4, dock.maxY - 4)
        XCTAssertNil(d.live, "the dock is not paper")
        d.up(dock.x + 4, dock.maxY - 4)
        XCTAssertEqual(d.state.ink.strokes.count, 1)
    }
}

final class InteractionSettingsTests: XCTestCase {
    func testThresholdsAndFallbackFromAConfigFileInAnyOrder() throws {
        let s = try Settings.parse("peek-threshold = 0.8\npop-threshold = 0.9\nfallback-interval = 2\n", file: "cfg")
        let t = try s.thresholds()
        XCTAssertEqual(t.peek, 0.8)
        XCTAssertEqual(t.pop, 0.9)
        XCTAssertLessThanOrEqual(t.hysteresis, 0.05, "the band narrows to fit between close thresholds")
        XCTAssertEqual(s.fallbackInterval, 2)
        XCTAssertThrowsError(try Settings.parse("peek-threshold = 0.9\npop-threshold = 0.5\n", file: "cfg")) { e in
            XCTAssertTrue("\(e)".hasPrefix("cfg: invalid thresholds (peek 0.9, pop 0.5)"), "\(e)")
        }
        XCTAssertThrowsError(try Settings.parse("peek-threshold = lots\n", file: "cfg")) { e in
            XCTAssertTrue("\(e)".contains("cfg:1: invalid peek-threshold \"lots\""), "\(e)")
        }
        XCTAssertThrowsError(try Settings.parse("fallback-interval = 0\n", file: "cfg"))
    }

    func testSessionsCarryThresholdsAndTheFallbackInterval() throws {
        let thresholds = try ForceThresholds(peek: 0.3, pop: 0.6, hysteresis: 0.03)
        let s = Session(viewport: Viewport(width: 640, height: 480), scene: .confirm, thresholds: thresholds, fallbackInterval: 0.5)
        let back = try SessionCoding.parse(SessionCoding.encode(s), file: "s.jsonl")
        XCTAssertEqual(back.thresholds, thresholds)
        XCTAssertEqual(back.fallbackInterval, 0.5)
        let state = back.initialState()
        XCTAssertEqual(state.scenes.messages.preview.thresholds.peek, 0.3)
        XCTAssertEqual(state.scenes.confirm.button.fallback.ticksToFull, 5)
    }
}
