import ForceCore
@testable import ForceFiles
import ForcePlatform
import Foundation
import TestSupport
import XCTest

/// The window's status line in Chinese. The walk of `ChineseCompletenessTests` draws scenes,
/// panels and the player, but the status line's sentences are written by the window's code
/// as it acts (a document opened, a zoom, a restore), and one of them, the restore's "Restored
/// N strokes from the last session", was drawn in English. Every sentence the window's code
/// writes into the status line as a literal is found in the source and translated here, with
/// its values filled in; so is the restore's sentence, built piece by piece.
final class StatusLineChineseTests: XCTestCase {
    override func tearDown() {
        Translation.start(.english, localeFolder: nil)
        super.tearDown()
    }

    /// What a value in a sentence is replaced by: a number, which is no English word and takes
    /// the place of any `%s`.
    static let sampleValue = "42"

    /// Where the window's code writes a status line or its warning line (the red one that
    /// stays while a problem lasts), and what ends the text written there: the tuple's first
    /// element (`s.status = (TEXT, until)`, `say(TEXT, now, &s)`), the call's argument, or the
    /// line.
    static let markers: [(marker: String, endsAtComma: Bool)] = [
        ("status = (", true), ("say(", true), ("startStatus = ", false), ("firstLaunchHint = ", false),
        ("warningLines.append(", true), ("warningLine = ", false), ("recordingStopped = ", false),
    ]

    func testEveryStatusLineTheWindowWritesIsInChinese() throws {
        let sentences = try Self.windowSources().flatMap { file in
            Self.sentences(in: file.text).map { (file.name, $0) }
        }
        // The scan finds the sentences it is meant to (a scan that finds nothing guards nothing).
        XCTAssertGreaterThan(sentences.count, 40)
        for expected in ["Zoom 42 % · Ctrl+0 the whole drawing, Ctrl+1 100 %, Space+drag or the middle button pans",
                         "Panels back", "Windowed", "Left as it was",
                         "“42” (42) · Ctrl+O lists the others",
                         "Opened 42 (42) as a new document",
                         "Autosave is off: 42"] {
            XCTAssertTrue(sentences.contains { $0.1 == expected }, "the scan missed “\(expected)”")
        }
        let restore = JournalRestore(state: AppState(viewport: Viewport(width: 800, height: 600)), eventCount: 3, validBytes: 100, skippedLines: [],
                                     headerDamaged: false, tornLine: nil, keptAs: nil)
        var damaged = restore
        damaged.skippedLines = [4, 9]
        damaged.headerDamaged = true
        damaged.keptAs = "/tmp/documents/x.damaged.jsonl"
        var oneLine = restore
        oneLine.skippedLines = [4]
        var built = [restore, damaged, oneLine].map { ("JournalRestore.status", $0.status) }
        // A PDF opened with more pages than a canvas holds.
        built.append(("PDFDocument.leftOut", (["Opened a.pdf (0 strokes) as a new document"]
                                              + PDFDocument.leftOut(PDFDocument.Summary(pages: 9000, pagesLeftOut: 5000))).joined(separator: " · ")))
        // A restored document whose PDF has gone (`RunCommand.status(_:adding:)`).
        built.append(("RunCommand.status", "Restored 3 strokes · not drawn: the PDF under 2 pages, /home/ann/slides.pdf, which cannot be read"))
        built.append(("RunCommand.status", damaged.status + " · not drawn: the PDF under 1 page, /home/ann/slides.pdf, which cannot be read"))
        built.append(("RunCommand.status", "Restored 3 strokes · not drawn: the PDF under 2 pages, /home/ann/slides.pdf, which cannot be read"
                      + " · image backgrounds not drawn: 1 page, /home/ann/scan.png, which cannot be read as a PNG or a JPEG"))
        // Why a recording stopped (`WindowApp.stopRecording(because:)`: a recording replays one canvas).
        for reason in ["another document was opened", "the document it recorded was deleted", "a file was opened as a new document"] {
            built.append(("WindowApp.stopRecording", "Recording stopped: \(reason); rec.jsonl keeps what was recorded until then"))
        }
        // What of a Xournal++ document the window does not draw, said as it opens.
        for skipped in [1, 2] {
            var summary = XoppDocument.Summary()
            summary.skipped = skipped
            summary.textsLeftOut = skipped
            summary.otherStyles = skipped
            summary.pdfBackgrounds = skipped
            summary.otherBackgrounds = skipped
            summary.imageBackgrounds = skipped
            summary.pagesPastReach = skipped
            if skipped == 2 {
                summary.unreadablePDF = "/home/ann/slides.pdf"
                summary.unreadableImage = "/home/ann/scan.png"
            }
            built.append(("XoppDocument.leftOut", (["Opened a.xopp (42) as a new document"] + XoppDocument.leftOut(summary)).joined(separator: " · ")))
        }

        let folder = try ChineseCatalogue.localeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertNil(Translation.start(.simplifiedChinese, localeFolder: folder))
        // An opened file that brings its own width mapping says so, in Chinese too.
        let opened = Translation.text("Opened a.xopp (42) as a new document · TouchCanvas widths (W switches) · “b” is kept: Ctrl+O lists it")
        XCTAssertTrue(opened.contains("作为新文档打开 · TouchCanvas 宽度（按 W 切换）"), opened)
        // So does what of a Xournal++ document the canvas does not show, every part of it.
        let leftOut = Translation.text("Opened a.xopp (1 stroke) as a new document · TouchCanvas widths (W switches)"
            + " · left out: 2 image or LaTeX elements · typed text past the most a session holds or the canvas reaches, left out: 1 text"
            + " · drawn solid, in a line style ForceCanvas does not draw: 1 stroke"
            + " · not drawn: the PDF under 3 pages · image backgrounds not drawn: 2 pages"
            + " · drawn on plain paper: 1 page (backgrounds ForceCanvas does not know)"
            + " · “b” is kept: Ctrl+O lists it")
        XCTAssertEqual(leftOut, "已将 a.xopp（1 笔）作为新文档打开 · TouchCanvas 宽度（按 W 切换） · 未显示：2 个图片或 LaTeX 元素"
            + " · 超出会话上限或画布范围的文字，未显示：1 段文字"
            + " · 线型 ForceCanvas 无法绘制，按实线绘制：1 笔 · 未绘制：3 页下的 PDF · 未绘制图片背景：2 页"
            + " · 按白纸绘制：1 页（ForceCanvas 不认识的背景）"
            + " · “b”已保留：Ctrl+O 可找到它")
        // An export names every file of its set.
        XCTAssertEqual(Translation.text("Exported /home/ann/f-1.{png,svg,pdf,jsonl,xopp} · Home → ForceCanvas → Open Recent opens it"),
                       "已导出 /home/ann/f-1.{png,svg,pdf,jsonl,xopp} · 主屏幕 → ForceCanvas → 打开最近 可打开它")
        // The dock's line for panels it has no room for: N where a turn brings one in, else
        // what does (`ScreenLayout.hiddenCanTurnIn`).
        XCTAssertTrue(Translation.text("no room for: curve · smaller text (Shift+U) or a larger window shows it")
            .hasSuffix(" · 缩小文字（Shift+U）或加大窗口即可显示"))
        XCTAssertTrue(Translation.text("no room for: curve, log · smaller text (Shift+U) or a larger window shows them")
            .hasSuffix(" · 缩小文字（Shift+U）或加大窗口即可显示"))
        XCTAssertTrue(Translation.text("no room for: hud · a larger window shows it").hasSuffix(" · 加大窗口即可显示"))
        XCTAssertTrue(Translation.text("no room for: hud, plot · a larger window shows them").hasSuffix(" · 加大窗口即可显示"))
        // An export says which file it is at (`ExportJob.progress`).
        XCTAssertEqual(Translation.text("Exporting… SVG (2 of 5)"), "正在导出…… SVG（第 2 个，共 5 个）")
        // Why a recording stopped, its reason too.
        XCTAssertEqual(Translation.text("Recording stopped: another document was opened; rec.jsonl keeps what was recorded until then"),
                       "录制已停止：打开了另一个文档；rec.jsonl 保留了此前录下的内容")
        let english = (sentences + built).filter { !Self.isChinese(Translation.text($0.1)) }
        XCTAssertTrue(english.isEmpty, "status lines drawn in English in Chinese (\(english.count)):\n"
            + english.map { "\($0.0): \($0.1)" }.joined(separator: "\n"))
    }

    /// The scan itself: literals, ternaries, concatenations, values and nested strings.
    func testTheScanReadsSentencesAsTheyAreWritten() {
        let code = #"""
            s.status = ("Zoom \(percent) % · pans", t + 1)
            s.status = (p ? "Presentation \(x(y: "a, b"))" : "Panels back", now)
            s.status = ("“\(name)” (\(n))" + (opened?.status.map { " · \($0)" } ?? "") + " · others", t)
            s.status = (line, t)
            say("Not saved: \"\(name)\"", now, &s)
            config.startStatus = "Could not (\(u.reason)); \(kept)"
            """#
        XCTAssertEqual(Self.sentences(in: code), [
            "Zoom 42 % · pans", "Presentation 42", "Panels back", "“42” (42) · others",
            "Not saved: \"42\"", "Could not (42); 42",
        ])
    }

    static func isChinese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }

    /// The window's sources (`Sources/SDLHost`) and the command that starts it (its restore
    /// lines), with their names.
    static func windowSources() throws -> [(name: String, text: String)] {
        try sources(["Sources/SDLHost", "Sources/ForceCommands"])
    }

    /// The Swift files of `paths` (folders, walked, or files), with their names.
    static func sources(_ paths: [String]) throws -> [(name: String, text: String)] {
        var out: [(String, String)] = []
        for path in paths {
            let root = Fixtures.root.appendingPathComponent(path)
            if path.hasSuffix(".swift") {
                out.append((path, try String(contentsOf: root, encoding: .utf8)))
                continue
            }
            guard let walk = FileManager.default.enumerator(atPath: root.path) else {
                throw MissingPrerequisite("cannot list \(root.path)")
            }
            for case let file as String in walk where file.hasSuffix(".swift") {
                out.append(("\(path)/\(file)", try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)))
            }
        }
        return out
    }

    /// Every sentence written at one of `markers` in `code`: its literal with each value
    /// (`\(…)`) replaced by `sampleValue`; each branch of a ternary on its own; the literals
    /// of a concatenation joined, whatever is not a literal (an optional part) left out. A
    /// text with no literal (a variable) is not a sentence of its own.
    static func sentences(in code: String, markers: [(marker: String, endsAtComma: Bool)] = markers) -> [String] {
        let chars = Array(code)
        var out: [String] = []
        var i = 0
        while i < chars.count {
            // A comment's text is not the code's (a doc comment's example is not a message).
            if starts(chars, at: i, with: "//") {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            guard let (marker, endsAtComma) = markers.first(where: { starts(chars, at: i, with: $0.marker) }) else {
                i += 1
                continue
            }
            // A marker inside a longer name (`fooStatus = (`) is still this marker's text.
            i += marker.count
            var literals: [String] = []
            var ternary = false
            var depth = 0
            scan: while i < chars.count {
                let c = chars[i]
                switch c {
                case "\"":
                    let (text, end) = literal(chars, from: i)
                    if depth == 0 { literals.append(text) }
                    i = end
                    continue scan
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    if depth == 0 { break scan }
                    depth -= 1
                case ",": if depth == 0, endsAtComma { break scan }
                case "\n": if depth == 0, !endsAtComma { break scan }
                case "?":
                    // ` ? `, not `?.` nor `??`.
                    if depth == 0, i > 0, chars[i - 1] == " ", i + 1 < chars.count, chars[i + 1] == " " { ternary = true }
                default: break
                }
                i += 1
            }
            guard !literals.isEmpty else { continue }
            if ternary { out += literals } else { out.append(literals.joined()) }
        }
        return out
    }

    static func starts(_ chars: [Character], at i: Int, with s: String) -> Bool {
        var j = i
        for c in s {
            guard j < chars.count, chars[j] == c else { return false }
            j += 1
        }
        return true
    }

    /// The string literal opening at `start` (a `"`), its escapes read and its values replaced
    /// by `sampleValue`, and the index just past its closing quote.
    static func literal(_ chars: [Character], from start: Int) -> (String, Int) {
        var text = ""
        var i = start + 1
        while i < chars.count, chars[i] != "\"" {
            guard chars[i] == "\\", i + 1 < chars.count else {
                text.append(chars[i])
                i += 1
                continue
            }
            switch chars[i + 1] {
            case "(":
                // A value: skipped to its closing parenthesis, strings within it included.
                var depth = 1
                i += 2
                while i < chars.count, depth > 0 {
                    if chars[i] == "\"" {
                        i = literal(chars, from: i).1
                        continue
                    }
                    if chars[i] == "(" { depth += 1 } else if chars[i] == ")" { depth -= 1 }
                    i += 1
                }
                text += sampleValue
                continue
            case "n": text.append("\n")
            case "t": text.append("\t")
            default: text.append(chars[i + 1])
            }
            i += 2
        }
        return (text, i + 1)
    }
}
