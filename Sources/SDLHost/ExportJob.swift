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
    /// The file being written: its place in `ExportSet.extensions`.
    private let file = Atomic<Int>(0)
    /// One export at a time, in the order asked: the second Ctrl+S in a second gets the `-2` name.
    private static let queue = DispatchQueue(label: "forcecanvas.export", qos: .userInitiated)

    private init() {}

    /// Starts writing `ink` as an export set into `directory`.
    static func start(_ ink: InkLayer, viewport: Viewport, options: Options, directory: String) -> ExportJob {
        let job = ExportJob()
        let date = Date()
        queue.async {
            let result = Result { () throws(ExportSet.Failure) in
                try ExportSet.write(ink, viewport: viewport, options: options, directory: directory, date: date) { i in
                    job.file.store(i, ordering: .relaxed)
                }
            }
            job.outcome.withLock { $0 = result }
        }
        return job
    }

    /// What the job is writing, as the status says it while it runs: "Exporting… SVG (2 of 5)".
    var progress: String {
        let kinds = ExportSet.extensions, i = min(file.load(ordering: .relaxed), kinds.count - 1)
        return "Exporting… \(kinds[i].uppercased()) (\(i + 1) of \(kinds.count))"
    }

    /// The set's path (without extension) or the failure once writing has finished, else nil.
    func take() -> Result<String, ExportSet.Failure>? {
        outcome.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
