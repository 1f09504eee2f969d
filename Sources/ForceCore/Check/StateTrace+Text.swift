/// The trace file: a JSON header line, then one line per change,
/// `FRAME HASH {"path":value,…}` (the hash as 16 hex digits, the values that changed, sorted).
extension StateTrace {
    /// What the header tells a reader about the lines.
    static let layout = "every frame 0…lastFrame at 60 fps; one line per frame where the state changed: "
        + "frame, the state's FNV-1a 64 hash (StateSnapshot.hash), the values that changed"

    /// The file's text (LF line ends, a final newline).
    public var text: String {
        var out = "{\"format\":\"\(Self.formatName)\",\"version\":\(Self.currentVersion),\"session\":\(SessionCoding.quoted(session)),"
            + "\"lastFrame\":\(lastFrame),\"lines\":\(SessionCoding.quoted(Self.layout))}\n"
        for e in entries {
            let values = e.changed.keys.sorted().map { "\(SessionCoding.quoted($0)):\(e.changed[$0]?.json ?? "null")" }
            out += "\(e.frame) \(StableHash.hex(e.hash)) {\(values.joined(separator: ","))}\n"
        }
        return out
    }

    /// Reads a trace file's text; errors are `FILE:LINE: what is wrong`. Each line's hash is
    /// checked against the values it leads to, so an edited or damaged trace is refused.
    public init(text: String, file: String) throws(FileReadError) {
        func fail(_ line: Int, _ reason: String) -> FileReadError { FileReadError(file: "\(file):\(line)", reason: reason) }
        // "\r\n" is one Character in Swift: both line ends split.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { throw fail(1, "empty file: expected a trace header") }
        let header: JSONValue?
        do { header = try JSONParser.parse(String(first)) } catch { throw fail(1, "not valid JSON (\(error))") }
        guard case .object(let members)? = header,
            members.contains(where: { $0.key == "format" && $0.value == .string(Self.formatName) })
        else { throw fail(1, "expected a header with \"format\":\"\(Self.formatName)\"") }
        guard members.contains(where: { $0.key == "version" && $0.value == .number(Double(Self.currentVersion)) }) else {
            throw fail(1, "trace version not supported (this build reads version \(Self.currentVersion))")
        }
        var session = ""
        var last = 0.0
        for m in members {
            if m.key == "session", case .string(let s) = m.value { session = s }
            if m.key == "lastFrame", case .number(let n) = m.value { last = n }
        }
        guard last >= 0, last == last.rounded(), last < Double(ReplaySchedule.maximumFrame) else {
            throw fail(1, "\"lastFrame\" must be a whole number of frames")
        }
        self.init(session: session)
        var fields: [String: StateValue] = [:]
        for (k, raw) in lines.dropFirst().enumerated() {
            let number = k + 2
            let parts = raw.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let frame = Int(parts[0]), frame >= 0, let hash = UInt64(parts[1], radix: 16) else {
                throw fail(number, "expected FRAME HASH {values}")
            }
            guard frame > (entries.last?.frame ?? -1) else { throw fail(number, "frame \(frame) is not after the line before") }
            let value: JSONValue?
            do { value = try JSONParser.parse(String(parts[2])) } catch { throw fail(number, "not valid JSON (\(error))") }
            guard case .object(let members)? = value else { throw fail(number, "expected a JSON object of values") }
            var changed: [String: StateValue] = [:]
            for m in members {
                guard let v = StateValue(m.value) else { throw fail(number, "\"\(m.key)\" must be text, a number, true/false or null") }
                changed[m.key] = v
                fields[m.key] = v
            }
            guard StateSnapshot(fields: fields).hash == hash else {
                throw fail(number, "the hash does not match the values (the trace was edited or damaged: re-record it with --update)")
            }
            entries.append(Entry(frame: frame, hash: hash, changed: changed))
            current = fields
        }
        lastFrame = max(Int(last), entries.last?.frame ?? 0)
    }
}
