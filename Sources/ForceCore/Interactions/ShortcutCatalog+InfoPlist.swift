import Foundation

extension ShortcutCatalog {
    /// The Info.plist keys of static quick actions (SPEC 6), spelled exactly as iOS reads them.
    public enum InfoPlistKey: String, CaseIterable, Sendable {
        case items = "UIApplicationShortcutItems"
        case type = "UIApplicationShortcutItemType"
        case title = "UIApplicationShortcutItemTitle"
        case subtitle = "UIApplicationShortcutItemSubtitle"
        case iconType = "UIApplicationShortcutItemIconType"
        case iconFile = "UIApplicationShortcutItemIconFile"
        case userInfo = "UIApplicationShortcutItemUserInfo"
    }

    /// Reads the static items of an Info.plist (XML or binary). Every problem is reported with
    /// the file, the item index and the key; valid items are returned regardless.
    ///
    /// An item missing its type or title, or with either of the wrong type or empty, is left
    /// out. A wrong optional value is reported and left out of its item (an unknown icon type
    /// leaves the item without an icon). Unknown keys are ignored. A plist without
    /// `UIApplicationShortcutItems` has no static items and no error.
    public static func staticItems(fromInfoPlist data: Data, file: String = "Info.plist") -> Loaded {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            return Loaded(errors: [ShortcutCatalogError(file: file, problem: .notAPropertyList)])
        }
        guard let dictionary = root as? [String: Any] else {
            return Loaded(errors: [ShortcutCatalogError(file: file, problem: .wrongType(key: nil, expected: "a dictionary"))])
        }
        guard let rawList = dictionary[InfoPlistKey.items.rawValue] else { return Loaded() }
        guard let list = rawList as? [Any] else {
            return Loaded(errors: [ShortcutCatalogError(
                file: file, problem: .wrongType(key: InfoPlistKey.items.rawValue, expected: "an array"))])
        }
        var loaded = Loaded()
        for (index, raw) in list.enumerated() {
            var reader = ItemReader(file: file, path: "\(InfoPlistKey.items.rawValue)[\(index)]")
            if let item = reader.item(from: raw) { loaded.items.append(item) }
            loaded.errors += reader.errors
        }
        return loaded
    }
}

/// Reads one `UIApplicationShortcutItems` entry, collecting its problems.
private struct ItemReader {
    typealias Key = ShortcutCatalog.InfoPlistKey
    let file: String
    let path: String
    var errors: [ShortcutCatalogError] = []

    init(file: String, path: String) {
        self.file = file
        self.path = path
    }

    mutating func item(from raw: Any) -> ShortcutItem? {
        guard let fields = raw as? [String: Any] else {
            report(.wrongType(key: nil, expected: "a dictionary"))
            return nil
        }
        let type = required(.type, in: fields)
        let title = required(.title, in: fields)
        let subtitle = optionalString(.subtitle, in: fields)
        let iconFile = optionalString(.iconFile, in: fields)
        var iconType: ShortcutIconType?
        if let name = optionalString(.iconType, in: fields) {
            iconType = ShortcutIconType(rawValue: name)
            if iconType == nil { report(.unknownIconType(name)) }
        }
        let userInfo = strings(.userInfo, in: fields)
        guard let type, let title else { return nil }
        return ShortcutItem(type: type, title: title, subtitle: subtitle, iconType: iconType,
                            iconFile: iconFile, userInfo: userInfo)
    }

    private mutating func required(_ key: Key, in fields: [String: Any]) -> String? {
        guard let value = fields[key.rawValue] else {
            report(.missingRequiredKey(key.rawValue))
            return nil
        }
        guard let string = value as? String else {
            report(.wrongType(key: key.rawValue, expected: "a string"))
            return nil
        }
        guard !string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            report(.emptyValue(key: key.rawValue))
            return nil
        }
        return string
    }

    private mutating func optionalString(_ key: Key, in fields: [String: Any]) -> String? {
        guard let value = fields[key.rawValue] else { return nil }
        guard let string = value as? String else {
            report(.wrongType(key: key.rawValue, expected: "a string"))
            return nil
        }
        return string
    }

    /// A dictionary of strings; entries of another type are reported and left out.
    private mutating func strings(_ key: Key, in fields: [String: Any]) -> [String: String]? {
        guard let value = fields[key.rawValue] else { return nil }
        guard let dictionary = value as? [String: Any] else {
            report(.wrongType(key: key.rawValue, expected: "a dictionary of strings"))
            return nil
        }
        var result: [String: String] = [:]
        for name in dictionary.keys.sorted() {
            if let string = dictionary[name] as? String {
                result[name] = string
            } else {
                report(.wrongType(key: "\(key.rawValue).\(name)", expected: "a string"))
            }
        }
        return result
    }

    private mutating func report(_ problem: ShortcutCatalogError.Problem) {
        errors.append(ShortcutCatalogError(file: file, path: path, problem: problem))
    }
}
