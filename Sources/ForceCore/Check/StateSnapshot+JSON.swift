/// A difference between two snapshots at one path, in words:
/// `ConfirmButton.state: selected → confirmed`.
public struct StateChange: Equatable, Sendable, CustomStringConvertible {
    /// The value's path (`ConfirmButton.state`).
    public var path: String
    /// The golden's value (nil: the golden has no such field).
    public var expected: StateValue?
    /// The value now (nil: no longer a field).
    public var actual: StateValue?

    /// A change at `path`.
    public init(path: String, expected: StateValue?, actual: StateValue?) {
        self.path = path
        self.expected = expected
        self.actual = actual
    }

    /// `path: expected → actual`.
    public var description: String {
        "\(path): \(expected?.description ?? "(absent)") → \(actual?.description ?? "(absent)")"
    }
}

extension StateSnapshot {
    /// The differences from `expected`, by path.
    public func changes(from expected: StateSnapshot) -> [StateChange] {
        Set(fields.keys).union(expected.fields.keys).sorted().compactMap { path in
            let e = expected.fields[path], a = fields[path]
            return e == a ? nil : StateChange(path: path, expected: e, actual: a)
        }
    }

    /// Stable, sorted, readable JSON: one object per part (`"ConfirmButton": {"state": …}`),
    /// keys sorted at both levels, two-space indents, a final newline. The same state always
    /// gives the same bytes.
    public var json: String {
        var groups: [String: [(String, StateValue)]] = [:]
        var plain: [String: StateValue] = [:]
        for (path, value) in fields {
            if let dot = path.firstIndex(of: ".") {
                groups[String(path[..<dot]), default: []].append((String(path[path.index(after: dot)...]), value))
            } else {
                plain[path] = value
            }
        }
        var members: [(String, String)] = plain.map { ($0.key, $0.value.json) }
        for (group, values) in groups {
            let inner = values.sorted { $0.0 < $1.0 }.map { "    \(SessionCoding.quoted($0.0)): \($0.1.json)" }
            members.append((group, "{\n" + inner.joined(separator: ",\n") + "\n  }"))
        }
        let lines = members.sorted { $0.0 < $1.0 }.map { "  \(SessionCoding.quoted($0.0)): \($0.1)" }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// A stable 64-bit hash of the fields (FNV-1a: the same on every run and machine, unlike
    /// Swift's seeded `Hasher`). It is taken, path by sorted path, of the path's bytes and the
    /// value's kind and bytes, each with its length (a number as its IEEE bits, little-endian),
    /// so no text is built for it: the trace hashes every frame.
    public var hash: UInt64 {
        var h = StableHash()
        for path in sortedPaths {
            h.add(path)
            switch fields[path] ?? .null {
            case .text(let t): h.add(UInt8(ascii: "s")); h.add(t)
            case .number(let v): h.add(UInt8(ascii: "n")); h.add(v.bitPattern)
            case .flag(let b): h.add(UInt8(ascii: "b")); h.add(UInt8(b ? 1 : 0))
            case .null: h.add(UInt8(ascii: "0"))
            }
        }
        return h.value
    }

    /// The paths in order; the usual set is sorted once.
    var sortedPaths: [String] {
        let usual = Self.usualPaths
        if fields.count == usual.count, usual.allSatisfy({ fields[$0] != nil }) { return usual }
        return fields.keys.sorted()
    }

    /// The sorted paths of every snapshot of an `AppState`.
    static let usualPaths: [String] = StateSnapshot(AppState(viewport: Viewport(width: 1, height: 1))).fields.keys.sorted()

    /// Reads a snapshot written by `json` (`file` names it in errors).
    public init(json text: String, file: String) throws(FileReadError) {
        let value: JSONValue?
        do { value = try JSONParser.parse(text) } catch {
            throw FileReadError(file: file, reason: "not valid JSON (\(error))")
        }
        guard case .object(let members)? = value else { throw FileReadError(file: file, reason: "expected a JSON object {...}") }
        var f: [String: StateValue] = [:]
        for m in members {
            if case .object(let inner) = m.value {
                for i in inner {
                    guard let v = StateValue(i.value) else {
                        throw FileReadError(file: file, reason: "\"\(m.key).\(i.key)\" must be text, a number, true/false or null")
                    }
                    f["\(m.key).\(i.key)"] = v
                }
            } else if let v = StateValue(m.value) {
                f[m.key] = v
            } else {
                throw FileReadError(file: file, reason: "\"\(m.key)\" must be an object or a value")
            }
        }
        self.init(fields: f)
    }
}

/// FNV-1a, 64 bits: a small hash whose value never changes between runs or machines.
public struct StableHash {
    /// The FNV-1a 64-bit offset basis and prime (Fowler, Noll, Vo).
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash so far.
    public private(set) var value = offsetBasis

    /// The hash of nothing yet.
    public init() {}

    /// Adds one byte.
    public mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// Eight bytes, little-endian.
    public mutating func add(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }

    /// The text's UTF-8 length (as eight bytes) and bytes.
    public mutating func add(_ text: String) {
        add(UInt64(text.utf8.count))
        for b in text.utf8 { add(b) }
    }

    /// Sixteen lowercase hex digits.
    public static func hex(_ h: UInt64) -> String {
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
