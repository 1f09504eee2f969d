import Foundation

extension ShortcutCatalog {
    /// "forcecanvas-shortcuts", the `format` of the dynamic-items JSON document.
    public static let jsonFormat = "forcecanvas-shortcuts"
    /// 1, the version of the dynamic-items JSON document written now.
    public static let jsonVersion = 1

    /// The dynamic items as a JSON document (`{"format":…,"version":1,"items":[…]}`), keys
    /// sorted so that the same items always give the same bytes.
    public func encodeDynamicItems() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(Document(format: Self.jsonFormat, version: Self.jsonVersion, items: dynamicItems))
    }

    /// Reads dynamic items written by `encodeDynamicItems` (any version). A malformed item is
    /// reported and skipped, so items left over from an older version never block the rest.
    public static func dynamicItems(fromJSON data: Data, file: String = "shortcuts.json") -> Loaded {
        let document: LenientDocument
        do {
            document = try JSONDecoder().decode(LenientDocument.self, from: data)
        } catch {
            return Loaded(errors: [ShortcutCatalogError(file: file, problem: .notJSON(Self.summary(of: error)))])
        }
        guard document.format == jsonFormat else {
            return Loaded(errors: [ShortcutCatalogError(
                file: file, problem: .notJSON("format is \"\(document.format)\", expected \"\(jsonFormat)\""))])
        }
        var loaded = Loaded()
        for (index, slot) in document.items.enumerated() {
            if let item = slot.item {
                loaded.items.append(item)
            } else {
                loaded.errors.append(ShortcutCatalogError(
                    file: file, path: "items[\(index)]",
                    problem: .wrongType(key: nil, expected: "an object with string \"type\" and \"title\"")))
            }
        }
        return loaded
    }

    /// A catalog's dynamic items from a JSON document, keeping the static items.
    public mutating func loadDynamicItems(fromJSON data: Data, file: String = "shortcuts.json") -> [ShortcutCatalogError] {
        let loaded = Self.dynamicItems(fromJSON: data, file: file)
        self = ShortcutCatalog(staticItems: staticItems, dynamicItems: loaded.items)
        return loaded.errors
    }

    private static func summary(of error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context): return context.debugDescription
        case DecodingError.dataCorrupted: return "not valid JSON"
        default: return "unreadable"
        }
    }

    private struct Document: Encodable {
        var format: String
        var version: Int
        var items: [ShortcutItem]
    }

    private struct LenientDocument: Decodable {
        var format: String
        var version: Int
        var items: [Slot]
    }

    /// One item, or nil when it does not decode.
    private struct Slot: Decodable {
        var item: ShortcutItem?
        init(from decoder: any Decoder) throws {
            item = try? ShortcutItem(from: decoder)
        }
    }
}
