import ForceCore
@testable import ForceFiles
import ForcePlatform
import Foundation
import TestSupport
import XCTest

/// What is wrong with a file, in Chinese. The window says why it cannot open a file in its
/// status line, "Cannot open a.jsonl: line 3: "x" must be a number"; the frame was translated,
/// but the detail, written by the parsers in English (the command line's language), was not:
/// about 150 messages of sessions, their JSON, settings, checkpoints, Xournal++ documents and
/// tablet captures. Every message the parsers write as a literal is found in their source and
/// translated here, with its values filled in; so are the messages built from parts.
final class ProblemDetailsChineseTests: XCTestCase {
    override func tearDown() {
        Translation.start(.english, localeFolder: nil)
        super.tearDown()
    }

    /// The parsers whose messages reach the window.
    static let parsers = [
        "Sources/ForceCore/Session", "Sources/ForceCore/Input/Settings.swift",
        "Sources/ForceCore/Interactions/ForceThresholds.swift", "Sources/ForceFiles/XoppDocument.swift",
        "Sources/ForceFiles/XoppDocument+Zip.swift", "Sources/ForceFiles/PDFDocument.swift", "Sources/ForceFiles/SessionFileReader+Scan.swift",
        "Sources/ForceCore/Ink/InkTool.swift", "Sources/ForceCore/Ink/Paper.swift",
    ]

    /// Where a parser writes a problem: the argument of its failure, the message of its error,
    /// the text of a problem built before it is thrown.
    static let markers: [(marker: String, endsAtComma: Bool)] = [
        ("fail(", true), ("message: ", true), ("damaged(", true), ("failure(", true), ("reason: ", true),
        ("expected(", true), ("form = ", false),
    ]

    /// A literal the scan reads that is not a sentence of its own: a tail added to another
    /// message, or parts joined around values that stand side by side (the real messages are
    /// in `built`).
    static func isPart(_ text: String) -> Bool {
        text.hasPrefix(" ") || text.contains(StatusLineChineseTests.sampleValue + StatusLineChineseTests.sampleValue)
            || !text.contains { $0.isLetter }
    }

    /// Messages made of parts, as the parsers make them.
    static let built = [
        "unknown key \"treshold\"", "unknown key \"treshold\" in \"options\"",
        "unknown key \"treshold\" (did you mean \"threshold\"?)", "unknown key \"treshold\" in \"check\" (did you mean \"threshold\"?)",
        "\"mask\" must be a list of rectangles [[x, y, width, height], …] in points (at most 64)",
        "\"check\": \"tolerance\" must be a number",
        "\"paper\" page 2: missing \"height\"", "\"paper\" page 3: a page's width and height must be more than 0",
        "\"paper\" page 1: unknown ruling \"stave\" (expected plain, ruled, lined, graph, dotted, staves, isodotted, isograph)",
        "\"paper\" page 1: text 2: missing \"text\"", "\"paper\" page 4: text 1: a text's \"size\" must be from 0.5 to 1000 points",
        "\"paper\" page 1: picture 3: \"image\" 7 is not one of the header's 2 \"images\" (from 0)",
        "\"paper\" page 2: \"texts\" must be a list of texts {\"x\", \"y\", \"text\", …}",
        "\"paper\" page 2: \"pictures\" must be a list of pictures {\"x\", \"y\", \"width\", \"height\", \"image\"}",
        "not valid JSON (unexpected 'x', expected a value at column 5)",
        "not valid JSON (unexpected end of line inside an object at column 12)",
        "not valid JSON (unexpected byte 0x1F, expected ',' or '}' at column 9)",
        "not valid JSON (unexpected end of line, expected ':' after the key at column 7)",
        "not valid JSON (unexpected '.', expected a digit after the decimal point at column 3)",
        "a zip package whose central directory is damaged",
        "a zip package whose content.xml is missing: not a Xournal++ document",
        "checkpoint name \"a b\" may hold only letters, digits, \".\", \"_\" and \"-\" (it becomes part of a file name)",
        "invalid thresholds (peek 0.9, pop 0.5): pop must be above peek (0.9) and at most 1, got 0.5",
        // `FileSignature`'s kinds, as the session parser and the window name them.
        "a PNG image, not a session", "a JPEG image, not a session", "a GIF image, not a session", "a WebP image, not a session",
        "an MP4 or QuickTime video, not a session", "a WebM or Matroska video, not a session", "a program (ELF), not a session",
        "a PDF, not a session (`forcecanvas import` turns a Xournal++ document or a PDF into one)",
        "a zip archive, not a session (`forcecanvas import` turns a Xournal++ document or a PDF into one)",
        "a gzip-compressed file, not a session (`forcecanvas import` turns a Xournal++ document or a PDF into one)",
        "a PNG image: the window opens sessions, Xournal++ documents, PDFs and tablet captures",
    ]

    func testEveryProblemWithAFileIsInChinese() throws {
        var sentences: [(String, String)] = []
        for file in try StatusLineChineseTests.sources(Self.parsers) {
            // What `Checkpoint.problem`, `InkTool.dashProblem` and `PaperPage.problem` return is a
            // problem; elsewhere a return is not.
            let returnsProblems = ["/Checkpoint.swift", "/InkTool.swift", "/Paper.swift"].contains { file.name.hasSuffix($0) }
            let markers = returnsProblems ? Self.markers + [("return ", false)] : Self.markers
            sentences += StatusLineChineseTests.sentences(in: file.text, markers: markers)
                .filter { !Self.isPart($0) }.map { (file.name, $0) }
        }
        // The scan finds the messages it is meant to (a scan that finds nothing guards nothing).
        XCTAssertGreaterThan(sentences.count, 100)
        for expected in ["\"42\" must be a number", "not UTF-8 text", "unknown command \"42\"",
                         "content.xml is cut short", "no evdev events: not a `libinput record` capture of a device",
                         "unterminated string", "checkpoint name \"42\" must begin with a letter or a digit"] {
            XCTAssertTrue(sentences.contains { $0.1 == expected }, "the scan missed “\(expected)”")
        }
        let folder = try ChineseCatalogue.localeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertNil(Translation.start(.simplifiedChinese, localeFolder: folder))
        let english = (sentences + Self.built.map { ("built", $0) }).filter { !Self.isAllChinese(Translation.text($0.1)) }
        XCTAssertTrue(english.isEmpty, "problems drawn in English in Chinese (\(english.count)):\n"
            + english.map { "\($0.0)\t\($0.1)" }.joined(separator: "\n"))

        // As the window shows one: what could not be done, the line, and what is wrong there.
        let error = SessionError(file: "/tmp/a.jsonl", line: 3, message: "\"x\" must be a number")
        let status = UserMessage(error, context: "opening a file", status: "Cannot open a.jsonl").status
        XCTAssertEqual(status, "Cannot open a.jsonl: line 3: \"x\" must be a number")
        XCTAssertEqual(Translation.text(status), "无法打开 a.jsonl：第 3 行：“x”必须是数字")
        // A file that is no session at all: no line.
        let image = SessionError(file: "/tmp/a.png", line: 1, message: "a PNG image, not a session", isAboutTheWholeFile: true)
        XCTAssertEqual(Translation.text(UserMessage(image, status: "Cannot open a.png").status), "无法打开 a.png：PNG 图像，不是会话文件")
    }

    /// Translated through and through: Chinese, and no English phrase (a word and a word
    /// after it) left but in the names a message quotes (keys, values, formats), which stay
    /// as written.
    static func isAllChinese(_ text: String) -> Bool {
        guard StatusLineChineseTests.isChinese(text) else { return false }
        var unquoted = ""
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil }
                continue
            }
            switch c {
            case "\"", "'", "`": quote = c
            case "“": quote = "”"
            default: unquoted.append(c)
            }
        }
        return unquoted.range(of: "[A-Za-z]{2,} [a-z]{2,}", options: .regularExpression) == nil
    }
}
