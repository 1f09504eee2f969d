/// A difference between two snapshots at one path, in words:
/// `ConfirmButton.state: selected → confirmed`.
public struct StateChange: Equatable, Sendable, CustomStringConvertible {
    public var path: String
    /// The golden's value (nil: the golden has no such field).
    public var expected: StateValue?
    /// The value now (nil: no longer a field).
    public var actual: StateValue?

    public init(path: String, expected: StateValue?, actual: StateValue?) {
        self.path = path
        self.expected = expected
        self.actual = actual
    }

    public var description: String {
        "\(path): \(expected?.description ?? "(absent)") → \(actual?.description ?? "(absent)")"
    }
}

/// A state file that cannot be read, with the file and why.
public struct StateFileError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
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

    /// One line of sorted `"path":value` pairs: what the hash is taken of.
    public var canonicalText: String {
        "{" + fields.keys.sorted().map { "\(SessionCoding.quoted($0)):\(fields[$0]?.json ?? "null")" }.joined(separator: ",") + "}"
    }

    /// A stable 64-bit hash of `canonicalText` (FNV-1a: the same on every run and machine,
    /// unlike Swift's seeded `Hasher`).
    public var hash: UInt64 { StableHash.fnv1a(canonicalText) }

    /// Reads a snapshot written by `json` (`file` names it in errors).
    public init(json text: String, file: String) throws(StateFileError) {
        let value: JSONValue?
        do { value = try JSONParser.parse(text) } catch {
            throw StateFileError(file: file, reason: "not valid JSON (\(error))")
        }
        guard case .object(let members)? = value else { throw StateFileError(file: file, reason: "expected a JSON object {...}") }
        var f: [String: StateValue] = [:]
        for m in members {
            if case .object(let inner) = m.value {
                for i in inner {
                    guard let v = StateValue(i.value) else {
                        throw StateFileError(file: file, reason: "\"\(m.key).\(i.key)\" must be text, a number, true/false or null")
                    }
                    f["\(m.key).\(i.key)"] = v
                }
            } else if let v = StateValue(m.value) {
                f[m.key] = v
            } else {
                throw StateFileError(file: file, reason: "\"\(m.key)\" must be an object or a value")
            }
        }
        self.init(fields: f)
    }
}

/// FNV-1a, 64 bits: a small hash whose value never changes between runs or machines.
public enum StableHash {
    /// The FNV-1a 64-bit offset basis and prime (Fowler, Noll, Vo).
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    public static func fnv1a(_ text: String) -> UInt64 {
        var h = offsetBasis
        for b in text.utf8 {
            h ^= UInt64(b)
            h = h &* prime
        }
        return h
    }

    /// Sixteen lowercase hex digits.
    public static func hex(_ h: UInt64) -> String {
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
