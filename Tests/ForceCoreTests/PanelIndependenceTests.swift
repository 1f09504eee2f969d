import ForceCore
import TestSupport
import XCTest

/// View-only options never change what the core does with the input (docs/ARCHITECTURE.md):
/// every bundled session and lesson, and a long tablet recording whose strokes start where a
/// dock would be, end in the same ink with any panel open, at another scale, and — for the
/// sessions the dock is outside of — whichever panels the window shows.
final class PanelIndependenceTests: XCTestCase {
    /// What the ink is: every stroke's real points' positions (the live one included).
    struct Ink: Equatable, CustomStringConvertible {
        var strokes: [[Point]]
        var description: String { "\(strokes.count) strokes, \(strokes.reduce(0) { $0 + $1.count }) points" }
    }

    func ink(_ session: Session) -> Ink {
        var replay = Replayer(state: session.initialState(shortcuts: Fixtures.shortcuts), events: TimedEventList(session.events))
        while replay.step(toward: ReplaySchedule.frame(atOrAfter: session.duration) + 1) != nil {}
        return Ink(strokes: (replay.state.ink.strokes + (replay.state.ink.live.map { [$0] } ?? [])).map { $0.points.filter(\.isReal).map(\.preciseLocation) })
    }

    /// Each view-only option by itself, then all of them.
    var views: [(String, WritableKeyPath<Options, Bool>?)] { [
        ("hud", \.showHUD), ("curve", \.showCurve), ("debug", \.debug), ("diagram", \.showDiagram),
        ("plot", \.showForcePlot), ("log", \.showEventLog), ("help", \.showHelp), ("trail", \.showTrail), ("all", nil),
    ] }

    func checkIndependence(_ session: Session, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let base = ink(session)
        for (view, key) in views {
            var s = session
            for k in key.map({ [$0] }) ?? views.compactMap(\.1) { s.options[keyPath: k] = true }
            XCTAssertEqual(ink(s), base, "\(name) with \(view)", file: file, line: line)
        }
        var scaled = session
        scaled.viewport.scale = 2
        XCTAssertEqual(ink(scaled), base, "\(name) at scale 2", file: file, line: line)
    }

    func testEveryBundledSessionAndLessonDrawsTheSameInkWithAnyPanel() throws {
        let sessions = try FileManager.default.contentsOfDirectory(atPath: Fixtures.sessions.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertGreaterThan(sessions.count, 10)
        var legacyBands: [String] = []
        for (name, session) in try sessions.map({ ($0, try Fixtures.session($0)) }) + Fixtures.lessonFiles.map({ ($0.lastPathComponent, try Fixtures.session(at: $0)) }) {
            // A version 1 session that opens the dock replays as recorded, the dock inside:
            // a side column keeps its width whatever it holds, so nothing changes; a bottom
            // band (windows under 1280 pt) grows with what it holds and is the one exception.
            if session.placement == .inside, session.initialState().screenLayout.dock == .bottom {
                legacyBands.append(name)
                continue
            }
            checkIndependence(session, name)
        }
        XCTAssertEqual(legacyBands, ["golden-point-types.jsonl", "golden-pressure-overlays.jsonl"])
    }

    /// A pen recording over the whole window (version 2, as the window records now): strokes
    /// start at the left edge's 20 pt, in the 472 pt a dock inside used to take, at the right
    /// edge and under the scene tabs. Opening any panel loses none of them.
    func testALongTabletRecordingKeepsEveryStrokeWithAnyPanel() {
        var session = Session(viewport: Viewport(width: 1280, height: 800))
        var t = 0.0
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for k in 0..<300 {
            let start = Point(x: 30 + next() * 1220, y: 60 + next() * 700)
            let n = 20 + Int(next() * 40)
            for i in 0..<n {
                t += 1.0 / 133
                let phase: PointerPhase = i == 0 ? .down : (i == n - 1 ? .up : .move)
                let p = Point(x: start.x + Double(i) * 3 * cos(Double(k)), y: start.y + Double(i) * 2 * sin(Double(k)))
                session.events.append(TimedEvent(time: t, event: .pointer(PointerInput(
                    phase: phase, location: p, source: .pen, rawForce: 0.2 + 0.6 * next(), maximumForce: 1))))
            }
            t += 0.05
        }
        let base = ink(session)
        XCTAssertEqual(base.strokes.count, 300, "every stroke is drawn: \(base)")
        checkIndependence(session, "tablet recording")
        // Version 1 files that open no panel replay the same way (they were drawn without a dock).
        var v1 = session
        v1.version = 1
        let reparsed = try? SessionCoding.parse(SessionCoding.encode(v1), file: "v1.jsonl")
        XCTAssertEqual(reparsed?.placement, .outside)
        if let reparsed { checkIndependence(reparsed, "version 1 tablet recording") }
    }
}
