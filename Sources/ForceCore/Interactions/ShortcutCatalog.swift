/// An app's quick actions: static items (from its Info.plist) and dynamic items (registered
/// at run time), merged into the menu the home screen shows (SPEC 6).
///
/// Merge rule: static items first, in file order; then dynamic items, most recently registered
/// first, leaving out any whose type a static item already has; at most `maximumItems` in all.
/// Registration is pure (the CLI persists `dynamicItems` with `encodeDynamicItems`).
public struct ShortcutCatalog: Equatable, Hashable, Sendable {
    /// 4, the most quick actions an app can show, static and dynamic together (seed 000:
    /// "最多只能设置 4 个(包括动静态项全部)"; seed 002).
    public static let maximumItems = 4

    /// Items declared in the Info.plist, in file order.
    public var staticItems: [ShortcutItem]
    /// Items registered at run time, most recent first, at most `maximumItems`, unique by type.
    public private(set) var dynamicItems: [ShortcutItem]

    public init(staticItems: [ShortcutItem] = [], dynamicItems: [ShortcutItem] = []) {
        self.staticItems = staticItems
        self.dynamicItems = []
        // Registered oldest first so the given order (most recent first) is kept.
        for item in dynamicItems.reversed() { register(item) }
    }

    /// What the menu shows: static first, then dynamic, four at most.
    public var menuItems: [ShortcutItem] {
        let staticTypes = Set(staticItems.map(\.type))
        let dynamic = dynamicItems.filter { !staticTypes.contains($0.type) }
        return Array((staticItems + dynamic).prefix(Self.maximumItems))
    }

    /// Adds a dynamic item, or replaces the one with the same type; either way it becomes the
    /// most recent (first). The oldest items beyond `maximumItems` are dropped.
    public mutating func register(_ item: ShortcutItem) {
        dynamicItems.removeAll { $0.type == item.type }
        dynamicItems.insert(item, at: 0)
        if dynamicItems.count > Self.maximumItems {
            dynamicItems.removeLast(dynamicItems.count - Self.maximumItems)
        }
    }

    /// Removes the dynamic item of a type; returns whether there was one.
    @discardableResult
    public mutating func removeDynamicItem(type: String) -> Bool {
        let before = dynamicItems.count
        dynamicItems.removeAll { $0.type == type }
        return dynamicItems.count != before
    }

    /// Removes every dynamic item.
    public mutating func removeAllDynamicItems() {
        dynamicItems.removeAll()
    }

    /// Items read from a file, with every problem found; valid items are kept even when
    /// others are not.
    public struct Loaded: Equatable, Hashable, Sendable {
        public var items: [ShortcutItem]
        public var errors: [ShortcutCatalogError]

        public init(items: [ShortcutItem] = [], errors: [ShortcutCatalogError] = []) {
            self.items = items
            self.errors = errors
        }
    }
}
