import ForceCore
import Foundation

/// The repository's fixtures: its bundled sessions and lessons, its Info.plist's quick actions.
public enum Fixtures {
    /// The repository, found from this file's path.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Assets/Sessions and Assets/Lessons.
    public static let sessions = root.appendingPathComponent("Assets/Sessions")
    public static let lessons = root.appendingPathComponent("Assets/Lessons")

    /// The bundled sessions every replay test goes through (the idle ones apart).
    public static let bundled = ["demo.jsonl", "golden-point-types.jsonl", "golden-pressure.jsonl", "golden-tablet.jsonl",
                                 "scene-confirm.jsonl", "scene-home.jsonl", "scene-messages.jsonl", "scene-system.jsonl",
                                 "scene-shade.jsonl"]
    /// The sessions with long idle gaps in every scene (tools/make_idle_sessions.py).
    public static let idle = ["idle-messages.jsonl", "idle-confirm.jsonl", "idle-home.jsonl", "idle-system.jsonl",
                              "idle-canvas.jsonl"]

    /// A session of Assets/Sessions by file name.
    public static func session(_ name: String) throws -> Session {
        try session(at: sessions.appendingPathComponent(name))
    }

    /// A session file, parsed.
    public static func session(at url: URL) throws -> Session {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try SessionCoding.parse(text, file: url.lastPathComponent)
    }

    /// The lessons' files, by name.
    public static var lessonFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: lessons.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { lessons.appendingPathComponent($0) }
    }

    /// The reference replay: `session` stepping every frame (`Replayer.stepEveryFrame`), its
    /// state at each frame 0…`last`.
    public static func stepped(_ session: Session, through last: Int) -> [AppState] {
        var replay = Replayer(state: session.initialState(), events: TimedEventList(session.events))
        replay.stepEveryFrame = true
        var out: [AppState] = []
        while replay.step(toward: last) != nil { out.append(replay.state) }
        return out
    }

    /// The state at the frame of the session's last event, stepping every frame.
    /// `strokes` short mouse strokes, 9 samples each 20 pt apart from (40, 60), one below the
    /// other, 10 ms a sample: a small drawing for journals and documents.
    public static func shortStrokes(_ strokes: Int) -> [TimedEvent] {
        var events: [TimedEvent] = []
        var t = 0.0
        for s in 0..<strokes {
            let y = 60 + Double(s) * 20
            for (i, x) in stride(from: 40.0, through: 200, by: 20).enumerated() {
                t += 0.01
                let phase: PointerPhase = i == 0 ? .down : (x >= 200 ? .up : .move)
                events.append(TimedEvent(time: t, event: .pointer(PointerInput(phase: phase, location: Point(x: x, y: y)))))
            }
        }
        return events
    }

    public static func finalState(_ session: Session) -> AppState {
        stepped(session, through: ReplaySchedule.frame(atOrAfter: session.duration)).last ?? session.initialState()
    }

    /// ForceCanvas's static quick actions, read from the repository's Info.plist.
    public static var shortcuts: ShortcutCatalog {
        let url = root.appendingPathComponent("Assets/Info.plist")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return ShortcutCatalog(staticItems: ShortcutCatalog.staticItems(fromInfoPlist: data).items)
    }
}

extension Options {
    /// Every teaching panel open, the debug drawing and the trail on (`uiScale` as given).
    public static func everyPanel(uiScale: Double = 1) -> Options {
        var o = Options()
        o.showHUD = true
        o.showCurve = true
        o.debug = true
        o.showEventLog = true
        o.showForcePlot = true
        o.showDiagram = true
        o.showTrail = true
        o.uiScale = uiScale
        return o
    }
}
