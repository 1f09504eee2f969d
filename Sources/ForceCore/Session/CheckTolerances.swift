/// How far a session's checkpoint images may differ from their goldens before `check` fails
/// them, as the session header's `"check":{"threshold":0.1,"maxDiffPixels":40,"maxDiffRatio":0.001}`.
/// Each one left out falls back to the command line, then to the comparer's default; a suite
/// needs no manifest beside its sessions.
public struct CheckTolerances: Equatable, Hashable, Sendable {
    /// The per-pixel perceptual distance (0…1, pixelmatch's YIQ scale) below which a pixel is the same.
    public var threshold: Double?
    /// How many differing pixels are allowed.
    public var maxDiffPixels: Int?
    /// The share of the image's pixels (0…1) that may differ.
    public var maxDiffRatio: Double?

    public init(threshold: Double? = nil, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }

    /// Whether none is set.
    public var isEmpty: Bool { threshold == nil && maxDiffPixels == nil && maxDiffRatio == nil }

    /// These, with each one left out taken from `fallback`.
    public func over(_ fallback: CheckTolerances) -> CheckTolerances {
        CheckTolerances(threshold: threshold ?? fallback.threshold, maxDiffPixels: maxDiffPixels ?? fallback.maxDiffPixels,
                        maxDiffRatio: maxDiffRatio ?? fallback.maxDiffRatio)
    }

    /// Why these cannot be used, in words, or nil when they can.
    public var problem: String? {
        if let t = threshold, !(0...1).contains(t) { return "\"threshold\" must be between 0 and 1, not \(t)" }
        if let n = maxDiffPixels, n < 0 { return "\"maxDiffPixels\" must be 0 or more, not \(n)" }
        if let r = maxDiffRatio, !(0...1).contains(r) { return "\"maxDiffRatio\" must be between 0 and 1, not \(r)" }
        return nil
    }
}

extension SessionParser {
    /// The header's `"check"` object, if any.
    static func parseCheckTolerances(_ f: SessionFields) throws(SessionError) -> CheckTolerances {
        guard let c = try f.object("check") else { return CheckTolerances() }
        try c.allowOnly(SessionKeys.tolerances, in: "check")
        return try parseTolerances(c, within: "\"check\": ")
    }

    /// `threshold`, `maxDiffPixels` and `maxDiffRatio` among `c`'s keys (a checkpoint line's own,
    /// or the header's `"check"` object), each in range.
    static func parseTolerances(_ c: SessionFields, within: String = "") throws(SessionError) -> CheckTolerances {
        var tolerances = CheckTolerances(threshold: try c.optionalNumber("threshold"),
                                         maxDiffRatio: try c.optionalNumber("maxDiffRatio"))
        if try c.value("maxDiffPixels") != nil { tolerances.maxDiffPixels = try c.integer("maxDiffPixels") }
        if let problem = tolerances.problem { throw c.fail(within + problem) }
        return tolerances
    }

    /// The `"mask"` of a header or a checkpoint: `[[x, y, width, height], …]` in points, each
    /// rectangle finite, within the coordinate range and not empty.
    static func parseMasks(_ f: SessionFields) throws(SessionError) -> [Rect] {
        guard let raw = try f.value("mask") else { return [] }
        let form = "\"mask\" must be a list of rectangles [[x, y, width, height], …] in points"
        guard case .array(let items) = raw, items.count <= maximumMasks else {
            throw f.fail(form + " (at most \(maximumMasks))")
        }
        var masks: [Rect] = []
        for item in items {
            guard case .array(let values) = item, values.count == 4 else { throw f.fail(form) }
            var n: [Double] = []
            for v in values {
                guard case .number(let x) = v, x.isFinite, abs(x) <= InputLimits.maximumCoordinate else { throw f.fail(form) }
                n.append(x)
            }
            guard n[2] > 0, n[3] > 0 else { throw f.fail("\"mask\" rectangle \(SessionCoding.num(n[0])),\(SessionCoding.num(n[1])),\(SessionCoding.num(n[2])),\(SessionCoding.num(n[3])) is empty: width and height must be more than 0") }
            masks.append(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
        }
        return masks
    }

    /// 1,000: more rectangles than a frame needs to hide its clocks and cursors.
    static let maximumMasks = 1000
}

extension SessionCoding {
    /// The header's `"check"` member with its leading comma, or "" when nothing is set.
    static func checkMember(_ c: CheckTolerances) -> String {
        let parts = toleranceMembers(c)
        return parts.isEmpty ? "" : ",\"check\":{" + parts.joined(separator: ",") + "}"
    }

    /// `"threshold"`, `"maxDiffPixels"`, `"maxDiffRatio"`, those that are set (a checkpoint line
    /// holds them as they are, the header inside `"check"`).
    static func toleranceMembers(_ c: CheckTolerances) -> [String] {
        var parts: [String] = []
        if let t = c.threshold { parts.append("\"threshold\":\(num(t))") }
        if let n = c.maxDiffPixels { parts.append("\"maxDiffPixels\":\(n)") }
        if let r = c.maxDiffRatio { parts.append("\"maxDiffRatio\":\(num(r))") }
        return parts
    }

    /// The header's `"mask"` member with its leading comma, or "" when there is none.
    static func maskMember(_ masks: [Rect]) -> String {
        guard !masks.isEmpty else { return "" }
        return ",\"mask\":[" + masks.map { "[\(num($0.x)),\(num($0.y)),\(num($0.width)),\(num($0.height))]" }.joined(separator: ",") + "]"
    }
}
