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
        var tolerances = CheckTolerances(threshold: try c.optionalNumber("threshold"),
                                         maxDiffRatio: try c.optionalNumber("maxDiffRatio"))
        if try c.value("maxDiffPixels") != nil { tolerances.maxDiffPixels = try c.integer("maxDiffPixels") }
        if let problem = tolerances.problem { throw f.fail("\"check\": \(problem)") }
        return tolerances
    }
}

extension SessionCoding {
    /// The header's `"check"` member with its leading comma, or "" when nothing is set.
    static func checkMember(_ c: CheckTolerances) -> String {
        var parts: [String] = []
        if let t = c.threshold { parts.append("\"threshold\":\(num(t))") }
        if let n = c.maxDiffPixels { parts.append("\"maxDiffPixels\":\(n)") }
        if let r = c.maxDiffRatio { parts.append("\"maxDiffRatio\":\(num(r))") }
        return parts.isEmpty ? "" : ",\"check\":{" + parts.joined(separator: ",") + "}"
    }
}
