/// The scene tabs at the top centre of the screen; a press on a tab switches scenes.
public struct SceneTabs: Equatable, Sendable {
    /// 92×28 pt per tab, 8 pt from the top.
    public static let tabSize = (width: 92.0, height: 28.0)
    public static let top = 8.0
    /// The space the tabs take at the top of every scene (content starts below).
    public static let reservedHeight = 44.0

    /// A scene's tab and where it is.
    public struct Tab: Equatable, Sendable {
        public var scene: SceneKind
        public var rect: Rect
    }

    public let tabs: [Tab]

    /// The tabs of `scenes`, centred over the screen (the window without the dock).
    public init(screen: Rect, scenes: [SceneKind] = SceneKind.builtIn) {
        let total = Self.tabSize.width * Double(scenes.count)
        let x0 = (screen.x + (screen.width - total) / 2).rounded()
        tabs = scenes.enumerated().map { i, scene in
            Tab(scene: scene, rect: Rect(x: x0 + Double(i) * Self.tabSize.width, y: Self.top, width: Self.tabSize.width,
                                         height: Self.tabSize.height))
        }
    }

    /// The whole strip.
    public var frame: Rect { tabs.reduce(Rect.null) { $0.union($1.rect) } }

    /// The scene whose tab is under `p`.
    public func scene(at p: Point) -> SceneKind? { tabs.first { $0.rect.contains(p) }?.scene }
}
