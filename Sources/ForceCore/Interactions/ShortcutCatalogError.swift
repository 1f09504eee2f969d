/// One problem in a quick-action file, naming the file, the item and the key:
/// `Info.plist: UIApplicationShortcutItems[2]: missing required key UIApplicationShortcutItemTitle`.
public struct ShortcutCatalogError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Equatable, Hashable, Sendable {
        /// The data is not a property list (XML or binary).
        case notAPropertyList
        /// The data is not JSON, or not the dynamic-items document.
        case notJSON(String)
        /// A value of the wrong type; `key` nil means the item itself.
        case wrongType(key: String?, expected: String)
        /// A required key is absent.
        case missingRequiredKey(String)
        /// A required string is empty.
        case emptyValue(key: String)
        /// An icon type that is none of the 29; the item is kept without an icon.
        case unknownIconType(String)
    }

    /// The file's name as the user knows it ("Info.plist").
    public var file: String
    /// Where in the file: "UIApplicationShortcutItems[2]", or nil for the whole file.
    public var path: String?
    public var problem: Problem

    public init(file: String, path: String? = nil, problem: Problem) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    public var description: String {
        let location = path.map { "\(file): \($0)" } ?? file
        return "\(location): \(problemText)"
    }

    private var problemText: String {
        switch problem {
        case .notAPropertyList:
            return "not a property list (expected an XML or binary plist)"
        case .notJSON(let detail):
            return "not a quick-action JSON document (\(detail))"
        case .wrongType(let key?, let expected):
            return "\(key) must be \(expected)"
        case .wrongType(nil, let expected):
            return "must be \(expected)"
        case .missingRequiredKey(let key):
            return "missing required key \(key)"
        case .emptyValue(let key):
            return "\(key) must not be empty"
        case .unknownIconType(let name):
            return "unknown icon type \"\(name)\" (item kept without an icon; use one of the 29 "
                + "UIApplicationShortcutIconType names)"
        }
    }
}
