import Foundation

/// JUnit XML for CI: a testsuite per session, a testcase per checkpoint; a `<failure>` with the
/// summary, the first divergence and the paths of the images; an unreadable session is an `<error>`.
struct CheckJUnit {
    let results: [SessionResult]
    let seconds: Double
    /// Where the failing checkpoints' images were written (nil: none were).
    let artifacts: ArtifactLayout?

    var xml: String {
        let cases = results.reduce(0) { $0 + max(1, $1.checkpoints.count) + ($1.traceProblem == nil ? 0 : 1) }
        let failures = results.flatMap(\.checkpoints).filter(\.verdict.fails).count + results.filter { $0.traceProblem != nil }.count
        let errors = results.filter { $0.error != nil }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"forcecanvas check\" tests=\"\(cases)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\(attr(seconds))>\n"
        for r in results { out += suite(r) }
        return out + "</testsuites>\n"
    }

    private func suite(_ r: SessionResult) -> String {
        let failures = r.checkpoints.filter(\.verdict.fails).count + (r.traceProblem == nil ? 0 : 1)
        var out = "  <testsuite name=\(attr(r.name)) file=\(attr(r.path)) tests=\"\(max(1, r.checkpoints.count) + (r.traceProblem == nil ? 0 : 1))\" "
            + "failures=\"\(failures)\" errors=\"\(r.error == nil ? 0 : 1)\" time=\(attr(r.seconds))>\n"
        if let error = r.error {
            out += "    <testcase classname=\(attr(r.name)) name=\"(session)\" time=\"0\">\n"
            out += "      <error message=\(attr(error)) type=\"session not checked\"/>\n    </testcase>\n"
        }
        if let problem = r.traceProblem {
            out += "    <testcase classname=\(attr(r.name)) name=\"(trace)\" time=\"0\">\n"
            out += "      <failure message=\(attr(problem)) type=\"trace\"/>\n    </testcase>\n"
        }
        let each = r.checkpoints.isEmpty ? 0 : r.seconds / Double(r.checkpoints.count)
        for c in r.checkpoints {
            out += "    <testcase classname=\(attr(r.name)) name=\(attr(c.checkpoint.name)) time=\(attr(each))>\n"
            if c.verdict.fails {
                let message = c.verdict == .missing ? "missing golden" : "\(c.pixelsText) · \(c.stateText)"
                out += "      <failure message=\(attr(message)) type=\"\(c.verdict.rawValue)\">\(text(details(c)))</failure>\n"
            } else if !c.wrote.isEmpty {
                out += "      <system-out>\(text("wrote " + c.wrote.joined(separator: ", ")))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        return out + "  </testsuite>\n"
    }

    /// The failure's body: the summary, the divergence, and where the images are.
    private func details(_ c: CheckpointResult) -> String {
        var lines = [c.line]
        if let d = c.divergence { lines.append(d.description) } else if let note = c.divergenceNote { lines.append(note) }
        for change in c.stateChanges ?? [] { lines.append("state: \(change)") }
        lines.append("golden image: \(c.goldenImage)")
        lines.append("golden state: \(c.goldenState)")
        let images: [(String, String?)] = [("expected", c.artifacts.expected), ("actual", c.artifacts.actual), ("diff", c.artifacts.diff),
                                           ("last matching frame", c.artifacts.before), ("first diverging frame", c.artifacts.diverged)]
        for (label, relative) in images {
            if let relative, let artifacts { lines.append("\(label) image: \(artifacts.path(relative))") }
        }
        return lines.joined(separator: "\n")
    }

    private func attr(_ s: String) -> String { "\"" + Self.escape(s, quotes: true) + "\"" }
    private func attr(_ v: Double) -> String { "\"" + String(format: "%.3f", v) + "\"" }
    private func text(_ s: String) -> String { Self.escape(s, quotes: false) }

    /// XML text with `&`, `<`, `>` (and quotes in attributes) escaped and control characters dropped.
    static func escape(_ s: String, quotes: Bool) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "\n" where quotes: out += "&#10;"
            default:
                if u.value < 0x20 && u != "\n" && u != "\t" { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
