import Dispatch
import ForceCore
import Synchronization

/// A session read on a background thread (Open Recent), so the frame loop never waits on a
/// file: the loop starts it, keeps drawing, and takes the result once it is there.
final class SessionLoad: Sendable {
    /// The file being read.
    let path: String
    private let outcome = Mutex<Result<Session, any Error>?>(nil)

    private init(path: String) { self.path = path }

    /// Starts reading `path` with `load` on a background queue.
    static func start(path: String, using load: @escaping @Sendable (String) throws -> Session) -> SessionLoad {
        let job = SessionLoad(path: path)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { try load(path) }
            job.outcome.withLock { $0 = result }
        }
        return job
    }

    /// The session or the error once reading has finished, else nil.
    func take() -> Result<Session, any Error>? {
        outcome.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
