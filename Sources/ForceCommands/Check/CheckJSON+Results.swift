import CairoRender
import ForceCore
import ForcePlatform
import Foundation

/// Reading a `--json` summary back into results, for `check merge`: everything the report and
/// JUnit show is in it.
extension CheckJSON {
    /// The summary at `path`, or why it cannot be read.
    static func read(_ path: String) throws(FileReadError) -> CheckJSON {
        let data: Data
        do throws(FileKind.ReadProblem) { data = try FileKind.readWhole(path) } catch { throw FileReadError(file: path, reason: error.reason) }
        do {
            let summary = try JSONDecoder().decode(CheckJSON.self, from: data)
            guard summary.schema == 1 else { throw FileReadError(file: path, reason: "schema \(summary.schema), not 1") }
            return summary
        } catch let error as FileReadError {
            throw error
        } catch {
            throw FileReadError(file: path, reason: "not a check summary (\(error))")
        }
    }

    /// The sessions' results as `check` had them.
    var results: [SessionResult] {
        sessions.map { s in
            var r = SessionResult(path: s.path, name: s.name, error: s.error)
            r.traceProblem = s.traceProblem
            r.wroteTrace = s.wroteTrace
            r.seconds = s.seconds
            r.checkpoints = s.checkpoints.map { CheckpointResult($0, session: s.name) }
            return r
        }
    }
}

extension CheckpointResult {
    /// A checkpoint's result from its summary entry.
    init(_ e: CheckJSON.CheckpointEntry, session: String) {
        self.init(session: session, checkpoint: Checkpoint(name: e.name, time: e.time, line: e.line ?? 0), frame: e.frame,
                  verdict: Verdict(rawValue: e.status) ?? .fail, goldenImage: e.images.golden, goldenState: e.images.goldenState)
        if let differing = e.pixelsDiffering, let expected = e.expectedSize.flatMap(PixelSize.init(text:)),
           let actual = e.actualSize.flatMap(PixelSize.init(text:)) {
            var p = ImageComparison(expectedSize: expected, actualSize: actual,
                                    tolerance: ImageComparer.Tolerance(threshold: e.threshold ?? ImageComparer.Tolerance.standardThreshold))
            p.differentPixels = differing
            p.antialiasedPixels = e.antialiasedPixels ?? 0
            p.maskedPixels = e.maskedPixels ?? 0
            p.totalPixels = e.totalPixels ?? 0
            p.allowedPixels = e.allowedPixels ?? 0
            p.worstDistance = e.worstDistance ?? 0
            pixels = p
        }
        pixelProblem = e.pixelProblem
        stateChanges = e.stateChanges?.map(\.stateChange)
        stateProblem = e.stateProblem
        divergence = e.firstDivergence.map {
            StateDivergence(frame: $0.frame, lastMatchingFrame: $0.lastMatchingFrame, changes: $0.changes.map(\.stateChange))
        }
        divergenceNote = e.divergenceNote
        wrote = e.wrote ?? []
        accept = e.accept
        artifacts = CheckpointArtifacts(expected: e.images.expected, actual: e.images.actual, diff: e.images.diff,
                                        before: e.images.before, diverged: e.images.diverged)
    }
}

extension PixelSize {
    /// "1280x800" read back.
    init?(text: String) {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 0, h >= 0 else { return nil }
        self.init(width: w, height: h)
    }
}

extension StateValue: Codable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null } else if let b = try? c.decode(Bool.self) { self = .flag(b) } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else {
            self = .text(try c.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .text(let s): try c.encode(s)
        case .number(let n): try c.encode(n)
        case .flag(let b): try c.encode(b)
        case .null: try c.encodeNil()
        }
    }
}
