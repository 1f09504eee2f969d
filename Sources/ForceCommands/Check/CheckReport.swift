import Foundation

/// The static report of `check --report DIR`: `DIR/index.html` with the images beside it in
/// `DIR/images/`. No network, no external scripts or styles: a few lines of inline script drive
/// the slider and the onion skin, and without it the three images still stand side by side.
struct CheckReport {
    let results: [SessionResult]
    let goldens: GoldenLayout
    let seconds: Double
    /// The fonts in use differ from the goldens' (`GoldenFonts`): said under the summary.
    var fontsNote: String? = nil

    var checkpoints: [CheckpointResult] { results.flatMap(\.checkpoints) }

    var html: String {
        let all = checkpoints
        let failing = all.filter { $0.verdict != .pass && $0.verdict != .recorded }
        let passing = all.filter { $0.verdict == .pass || $0.verdict == .recorded }
        let errors = results.filter { $0.error != nil }
        let bad = all.filter(\.verdict.fails).count + errors.count
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>forcecanvas check: \(bad == 0 ? "all passed" : "\(bad) failing")</title>
            <style>\(Self.style)</style></head><body>
            <h1>forcecanvas check</h1>
            <p class="summary \(bad == 0 ? "ok" : "bad")">\(Self.escape(summary))</p>
            \(fontsNote.map { "<p class=\"summary bad\">\(Self.escape($0))</p>" } ?? "")
            <p class="meta">goldens: <code>\(Self.escape(goldens.directory))</code> · re-record after looking:
            <code>forcecanvas check … --goldens \(Self.escape(goldens.directory)) --update changed</code></p>

            """
        out += table(all, errors: errors)
        if !errors.isEmpty {
            out += "<h2>Sessions that could not be checked</h2>\n<ul class=\"errors\">\n"
            for e in errors { out += "<li><code>\(Self.escape(e.error ?? ""))</code></li>\n" }
            out += "</ul>\n"
        }
        if !failing.isEmpty {
            out += "<h2>Failing and changed checkpoints</h2>\n"
            for c in failing { out += section(c) }
        }
        out += "<h2>Passed</h2>\n<details class=\"passed\"><summary>\(passing.count) checkpoint\(passing.count == 1 ? "" : "s") passed</summary>\n<ul>\n"
        for c in passing {
            out += "<li><code>\(Self.escape(c.id))</code> · \(Self.escape(c.pixelsText)) · \(Self.escape(c.stateText))</li>\n"
        }
        out += "</ul></details>\n<script>\(Self.script)</script>\n</body></html>\n"
        return out
    }

    private var summary: String {
        let tally = CheckTally(results)
        return tally.scope + String(format: ", %.2f s: ", seconds) + tally.verdicts(separator: " · ")
    }

    private func table(_ all: [CheckpointResult], errors: [SessionResult]) -> String {
        var out = "<table class=\"results\"><thead><tr><th>result</th><th>checkpoint</th><th>t (s)</th><th>pixels differing</th>"
            + "<th>worst distance</th><th>state</th></tr></thead><tbody>\n"
        for c in all {
            let anchor = c.verdict == .pass || c.verdict == .recorded ? Self.escape(c.id) : "<a href=\"#\(Self.anchor(c))\">\(Self.escape(c.id))</a>"
            let pixels = c.pixels.map { p in p.sizeMismatch ? "size differs" : String(format: "%d (%.3f%%)", p.differentPixels, p.ratio * 100) }
                ?? (c.pixelProblem.map { _ in "—" } ?? "")
            let worst = c.pixels.map { String(format: "%.3f", $0.worstDistance) } ?? "—"
            let state = c.stateChanges.map { $0.isEmpty ? "same" : "\($0.count) changed" } ?? "—"
            out += "<tr class=\"\(c.verdict.rawValue)\"><td class=\"verdict\">\(c.verdict.label)</td><td>\(anchor)</td>"
                + String(format: "<td>%.3f</td>", c.checkpoint.time)
                + "<td class=\"\(c.pixels == nil ? "" : c.pixelsPassed ? "ok" : "bad")\">\(pixels)</td><td>\(worst)</td>"
                + "<td class=\"\(c.stateChanges == nil ? "" : c.statePassed ? "ok" : "bad")\">\(state)</td></tr>\n"
        }
        for e in errors {
            out += "<tr class=\"fail\"><td class=\"verdict\">ERROR</td><td>\(Self.escape(e.name))</td><td colspan=\"4\">"
                + "\(Self.escape(e.error ?? ""))</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    private func section(_ c: CheckpointResult) -> String {
        var out = "<section class=\"checkpoint \(c.verdict.rawValue)\" id=\"\(Self.anchor(c))\">\n"
        out += String(format: "<h3><span class=\"verdict\">%@</span> %@ <small>t = %.3f s · frame %d</small></h3>\n",
                      c.verdict.label, Self.escape(c.id), c.checkpoint.time, c.frame)
        out += "<p class=\"\(c.pixelsPassed ? "ok" : "bad")\">\(Self.escape(c.pixelsText))</p>\n"
        out += "<p class=\"\(c.statePassed ? "ok" : "bad")\">\(Self.escape(c.stateText))</p>\n"
        if let accept = c.accept, c.verdict.fails {
            out += "<p class=\"meta\">accept only this change (after looking): <code>\(Self.escape(accept))</code></p>\n"
        }
        if let masked = c.pixels?.maskedPixels, masked > 0 {
            out += "<p class=\"meta\">\(masked) px masked (hatched in the diff), never compared</p>\n"
        }
        if !c.wrote.isEmpty { out += "<p class=\"meta\">re-recorded: \(c.wrote.map { "<code>\(Self.escape($0))</code>" }.joined(separator: " "))</p>\n" }
        let a = c.artifacts
        let figures = [("expected (golden)", a.expected), ("actual", a.actual), ("diff: red differs, yellow anti-aliasing", a.diff)]
            .compactMap { label, src in src.map { Self.figure($0, label) } }
        if !figures.isEmpty { out += "<div class=\"images\">\(figures.joined())</div>\n" }
        if let e = a.expected, let act = a.actual {
            out += """
                <div class="compare" data-mode="slider">
                <div class="controls"><label><input type="radio" name="m-\(Self.anchor(c))" value="slider" checked> slider</label>
                <label><input type="radio" name="m-\(Self.anchor(c))" value="onion"> onion skin</label>
                <input type="range" min="0" max="100" value="50" aria-label="expected ↔ actual">
                <span class="hint">left: expected · right: actual</span></div>
                <div class="stack"><img src="\(Self.escape(e))" alt="expected"><img class="over" src="\(Self.escape(act))" alt="actual"></div>
                </div>

                """
        }
        if let changes = c.stateChanges, !changes.isEmpty {
            out += "<h4>State: expected → actual</h4>\n<ul class=\"state\">\n"
            for ch in changes {
                out += "<li><code>\(Self.escape(ch.path))</code>: <span class=\"was\">\(Self.escape(ch.expected?.description ?? "(absent)"))</span>"
                    + " → <span class=\"now\">\(Self.escape(ch.actual?.description ?? "(absent)"))</span></li>\n"
            }
            out += "</ul>\n"
        }
        out += "<h4>First divergence</h4>\n"
        if let d = c.divergence {
            out += "<p class=\"bad\">\(Self.escape(d.description))</p>\n<ul class=\"state\">\n"
            for ch in d.changes {
                out += "<li><code>\(Self.escape(ch.path))</code>: golden trace <span class=\"was\">\(Self.escape(ch.expected?.description ?? "(absent)"))</span>"
                    + " → now <span class=\"now\">\(Self.escape(ch.actual?.description ?? "(absent)"))</span></li>\n"
            }
            out += "</ul>\n"
            let before = a.before.map { Self.figure($0, "frame \(d.lastMatchingFrame ?? 0): the last whose state matched the golden trace") }
            let after = a.diverged.map { Self.figure($0, "frame \(d.frame): the first that went differently (now)") }
            let pair = [before, after].compactMap { $0 }
            if !pair.isEmpty { out += "<div class=\"images\">\(pair.joined())</div>\n" }
        } else {
            out += "<p class=\"meta\">\(Self.escape(c.divergenceNote ?? "not looked for"))</p>\n"
        }
        return out + "</section>\n"
    }

    static func figure(_ src: String, _ caption: String) -> String {
        "<figure><a href=\"\(escape(src))\"><img src=\"\(escape(src))\" alt=\"\(escape(caption))\" loading=\"lazy\"></a>"
            + "<figcaption>\(escape(caption))</figcaption></figure>"
    }

    static func anchor(_ c: CheckpointResult) -> String {
        String((c.session + "--" + c.checkpoint.name).map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }

    /// HTML text: `&`, `<`, `>`, `"` escaped.
    static func escape(_ s: String) -> String {
        CheckJUnit.escape(s, quotes: true).replacingOccurrences(of: "&#10;", with: "\n")
    }
}
