import CairoRender
import Dispatch
import ForceCore
import ForceFiles
import Foundation
import Synchronization

/// A Ctrl+S export written on a background thread, so the frame loop never waits on the disk:
/// the loop starts it with the ink as it is (a value), keeps drawing, and takes the outcome.
final class ExportJob: Sendable {
    private let outcome = Mutex<Result<String, ExportSet.Failure>?>(nil)
    /// One export at a time, in the order asked: the second Ctrl+S in a second gets the `-2` name.
    private static let queue = DispatchQueue(label: "forcecanvas.export", qos: .userInitiated)

    private init() {}

    /// Starts writing `ink` as an export set into `directory`.
    static func start(_ ink: InkLayer, viewport: Viewport, options: Options, directory: String) -> ExportJob {
        let job = ExportJob()
        let date = Date()
        queue.async {
            let result = Result { () throws(ExportSet.Failure) in
                try ExportSet.write(ink, viewport: viewport, options: options, directory: directory, date: date)
            }
            job.outcome.withLock { $0 = result }
        }
        return job
    }

    /// The set's path (without extension) or the failure once writing has finished, else nil.
    func take() -> Result<String, ExportSet.Failure>? {
        outcome.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
