import Dispatch
import ForceCore
import Synchronization

/// A drawing opened off the frame loop (Open Recent): the session is read and replayed to its
/// last frame on a background thread, so the loop never waits on a file or a long replay; it
/// shows the progress in numbers and takes the strokes once they are there, all at once.
final class SessionLoad: Sendable {
    /// The file being read.
    let path: String
    private let outcome = Mutex<Result<Opened, any Error>?>(nil)

    /// What an opened file draws: its strokes, and the width mapping it draws them with at its
    /// end (a Xournal++ document's pressure widths are TouchCanvas's, `XoppDocument`).
    struct Opened: Sendable {
        var strokes: [Stroke]
        var widthMapping: InkWidthMapping
        /// The file's pages (`Session.paper`).
        var paper: [PaperPage] = []
        /// What of the file is not drawn (`LoadedSession.leftOut`).
        var leftOut: [String] = []
    }
    /// Events replayed so far and in all (0 of 0 while the file is read).
    private let progress = Mutex((done: 0, total: 0))

    private init(path: String) { self.path = path }

    /// Starts reading `path` with `load` and replaying it on a background queue. The replay
    /// shows no panel: view-only options never change what a replay draws (a drawing exported
    /// with the HUD on would lose every stroke that starts under the dock).
    static func start(path: String, shortcuts: ShortcutCatalog,
                      using load: @escaping @Sendable (String) throws -> LoadedSession) -> SessionLoad {
        let job = SessionLoad(path: path)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws -> Opened in
                let loaded = try load(path)
                var session = loaded.session
                session.options = session.options.withoutPanels
                job.progress.withLock { $0 = (0, session.events.count) }
                var replay = StateReplay(header: session, shortcuts: shortcuts)
                for (i, e) in session.events.enumerated() {
                    replay.handle(e)
                    if i % 1_000 == 999 { job.progress.withLock { $0.done = i + 1 } }
                }
                let end = replay.finish()
                return Opened(strokes: end.ink.strokes, widthMapping: end.options.widthMapping, paper: end.paper, leftOut: loaded.leftOut)
            }
            job.outcome.withLock { $0 = result }
        }
        return job
    }

    /// "Opening NAME… 40 %" while it replays.
    var status: String {
        let p = progress.withLock { $0 }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard p.total > 0 else { return "Opening \(name)…" }
        return "Opening \(name)… \(p.done * 100 / p.total) % (\(p.done) of \(p.total) events)"
    }

    /// What was opened, or the error, once the replay has finished; else nil.
    func take() -> Result<Opened, any Error>? {
        outcome.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
