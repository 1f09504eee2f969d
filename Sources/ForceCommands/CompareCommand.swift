import ArgumentParser
import CairoRender
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// `forcecanvas compare EXPECTED.png ACTUAL.png`: `check`'s comparer and words for any two
/// images (a screenshot from elsewhere, two goldens).
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNG images with check's comparer.",
        discussion: """
            The perceptual distance of pixelmatch 7.x (YIQ, anti-aliasing left out) per pixel, \
            against --threshold; the images are the same when at most --max-diff-pixels (or \
            --max-diff-ratio) of the pixels differ — by default none. Masks are in pixels. \
            Exit status: 0 the same, 1 different (or sizes differ) or no answer (an image \
            that cannot be read, a --diff or --json that cannot be written: said on stderr, \
            with no SAME or DIFFERENT line), 64 usage errors, as every command ends.
            """)

    @Argument(help: "The expected image (a golden).")
    var expected: String

    @Argument(help: "The image to compare with it.")
    var actual: String

    @Option(help: "Per-pixel perceptual distance, 0…1, below which a pixel is the same (default 0.1).")
    var threshold: Double = ImageComparer.Tolerance.standardThreshold

    @Option(name: .customLong("max-diff-pixels"), help: "How many pixels may differ (default 0).")
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"), help: "The share of pixels, 0…1, that may differ.")
    var maxDiffRatio: Double?

    @Option(name: .customLong("mask"), help: ArgumentHelp("A region never compared, in pixels; repeatable.", valueName: "X,Y,W,H"),
            transform: MaskOption.parse)
    var masks: [Rect] = []

    @Option(help: ArgumentHelp("Write the diff image here (red differs, yellow anti-aliasing, masks hatched).", valueName: "OUT.png"))
    var diff: String?

    @Option(help: ArgumentHelp("Write the result as JSON here.", valueName: "FILE"))
    var json: String?

    @Flag(help: "Replace --diff and --json files that exist.")
    var overwrite = false

    func validate() throws {
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be between 0 and 1") }
        if let n = maxDiffPixels, n < 0 { throw ValidationError("--max-diff-pixels must be 0 or more") }
        if let r = maxDiffRatio, !(0...1).contains(r) { throw ValidationError("--max-diff-ratio must be between 0 and 1") }
        for path in [diff, json].compactMap({ $0 }) {
            try OutputFiles.refuse(path, overwrite: overwrite, inputs: [expected, actual], command: "compare")
        }
        if let diff { try OutputFiles.refuseMisnamed(diff, option: "--diff", writes: ["png"], others: ["json": "--json"]) }
        if let json { try OutputFiles.refuseMisnamed(json, option: "--json", writes: ["json"], others: ["png": "--diff"]) }
    }

    /// What `--json` writes.
    struct Result: Codable {
        var expected: String
        var actual: String
        var same: Bool
        var expectedSize: String
        var actualSize: String
        var pixelsDiffering: Int
        var ratio: Double
        var antialiasedPixels: Int
        var maskedPixels: Int
        var allowedPixels: Int
        var worstDistance: Double
        var threshold: Double
        var diff: String?
    }

    func run() throws {
        let e: ImageSurface, a: ImageSurface
        do {
            e = try ImageSurface.readPNGFile(expected)
            a = try ImageSurface.readPNGFile(actual)
        } catch {
            printProblem("\(error.description)")
            throw ExitCode.failure
        }
        let tolerance = ImageComparer.Tolerance(threshold: threshold, maxDiffPixels: maxDiffPixels ?? (maxDiffRatio == nil ? 0 : nil),
                                                maxDiffRatio: maxDiffRatio)
        let pixels = masks.compactMap { PixelRect(covering: $0, scale: 1, width: e.pixelWidth, height: e.pixelHeight) }
        let (result, image) = ImageComparer(tolerance: tolerance, masks: pixels).compare(e, a, diff: diff != nil)
        var wroteDiff: String?
        if let diff {
            do {
                // Same bytes draw no diff image: the faded expected image is the diff then.
                let drawn = try image?.surface() ?? (try ImageComparer(tolerance: tolerance, masks: pixels)
                    .compareWithDiff(RGBAImage(surface: e), RGBAImage(surface: a)).1?.surface())
                if let drawn {
                    try drawn.writePNG(to: diff)
                    wroteDiff = diff
                }
            } catch {
                printProblem("\(error)")
                throw ExitCode.failure
            }
        }
        print((result.passed ? "SAME      " : "DIFFERENT ") + "\(expected) · \(actual): \(result.summary)")
        if let wroteDiff { print("diff: \(wroteDiff)") }
        if let json {
            let out = Result(expected: expected, actual: actual, same: result.passed, expectedSize: result.expectedSize.description,
                             actualSize: result.actualSize.description, pixelsDiffering: result.differentPixels, ratio: result.ratio,
                             antialiasedPixels: result.antialiasedPixels, maskedPixels: result.maskedPixels,
                             allowedPixels: result.allowedPixels, worstDistance: result.worstDistance, threshold: threshold, diff: wroteDiff)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            do {
                try WholeFile.write(Array(try encoder.encode(out) + Data("\n".utf8)), to: json)
            } catch {
                printError(UserMessage(error).log)
                throw ExitCode.failure
            }
        }
        if !result.passed { throw ExitCode.failure }
    }
}
