/// Typed access to one session line's fields, with errors naming the file, the line and the
/// field (`s.jsonl:12: "x" must be a number`).
struct SessionFields {
    let members: [JSONMember]
    let file: String
    let line: Int

    func fail(_ message: String) -> SessionError { SessionError(file: file, line: line, message: message) }

    /// The value of `key`, nil when absent. A key given twice is refused: which one was meant
    /// is not for the reader to guess.
    func value(_ key: String) throws(SessionError) -> JSONValue? {
        var found: JSONValue?
        for member in members where member.key == key {
            guard found == nil else { throw fail("\"\(key)\" is given twice") }
            found = member.value
        }
        return found
    }

    /// The fields of a nested object (nil when absent).
    func object(_ key: String) throws(SessionError) -> SessionFields? {
        guard let raw = try value(key) else { return nil }
        guard case .object(let members) = raw else { throw fail("\"\(key)\" must be an object") }
        return SessionFields(members: members, file: file, line: line)
    }

    func number(_ key: String) throws(SessionError) -> Double {
        guard let v = try optionalNumber(key) else { throw fail("missing \"\(key)\"") }
        return v
    }

    /// A finite number; absent or `null` is nil.
    func optionalNumber(_ key: String) throws(SessionError) -> Double? {
        switch try value(key) {
        case nil, .null?: return nil
        case .number(let v)?:
            guard v.isFinite else { throw fail("\"\(key)\" must be a finite number") }
            return v
        default: throw fail("\"\(key)\" must be a number")
        }
    }

    /// A number, or the strings "NaN", "inf", "-inf" (what a broken device may produce).
    func optionalLooseNumber(_ key: String) throws(SessionError) -> Double? {
        switch try value(key) {
        case nil, .null?: return nil
        case .number(let v)?: return v
        case .string(let s)?:
            switch s.lowercased() {
            case "nan": return .nan
            case "inf", "infinity", "+inf": return .infinity
            case "-inf", "-infinity": return -.infinity
            default: throw fail("\"\(key)\" must be a number")
            }
        default: throw fail("\"\(key)\" must be a number")
        }
    }

    /// A coordinate in points: finite and within ±`InputLimits.maximumCoordinate`.
    func coordinate(_ key: String) throws(SessionError) -> Double {
        let v = try number(key)
        guard abs(v) <= InputLimits.maximumCoordinate else {
            throw fail("\"\(key)\" \(SessionCoding.num(v)) is out of range (±\(SessionCoding.num(InputLimits.maximumCoordinate)) points)")
        }
        return v
    }

    /// A name or identifier: a string of at most `InputLimits.maximumNameBytes` bytes.
    func name(_ key: String) throws(SessionError) -> String {
        let v = try string(key)
        guard v.utf8.count <= InputLimits.maximumNameBytes else {
            throw fail("\"\(key)\" is \(v.utf8.count) bytes long (at most \(InputLimits.maximumNameBytes))")
        }
        return v
    }

    /// The largest whole number a field may hold (sizes, versions).
    static let integerLimit = 1e9

    func integer(_ key: String) throws(SessionError) -> Int {
        let v = try number(key)
        guard v == v.rounded(), abs(v) < Self.integerLimit else { throw fail("\"\(key)\" must be a whole number") }
        return Int(v)
    }

    func string(_ key: String) throws(SessionError) -> String {
        guard let v = try optionalString(key) else { throw fail("missing \"\(key)\"") }
        return v
    }

    func optionalString(_ key: String) throws(SessionError) -> String? {
        switch try value(key) {
        case nil: return nil
        case .string(let s)?: return s
        default: throw fail("\"\(key)\" must be a string")
        }
    }

    func bool(_ key: String) throws(SessionError) -> Bool {
        guard let v = try optionalBool(key) else { throw fail("missing \"\(key)\"") }
        return v
    }

    func optionalBool(_ key: String) throws(SessionError) -> Bool? {
        switch try value(key) {
        case nil: return nil
        case .bool(let b)?: return b
        default: throw fail("\"\(key)\" must be true or false")
        }
    }
}
