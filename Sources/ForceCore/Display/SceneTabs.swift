/// The scene tabs at the top centre of the screen; a press on a tab switches scenes.
public struct SceneTabs: Equatable, Sendable {
    /// 92×28 pt per tab, 8 pt from the top.
    public static let tabSize = (width: 92.0, height: 28.0)
    public static let top = 8.0
    /// The space the tabs take at the top of every scene (content starts below).
    public static let reservedHeight = 44.0

    public let tabs: [(scene: SceneKind, rect: Rect)]

    /// The tabs centred over the screen (the window without the dock).
    public init(screen: Rect) {
        let all = SceneKind.allCases
        let total = Self.tabSize.width * Double(all.count)
        let x0 = (screen.x + (screen.width - total) / 2).rounded()
        tabs = all.enumerated().map { i, scene in
            (scene, Rect(x: x0 + Double(i) * Self.tabSize.width, y: Self.top, width: Self.tabSize.width, height: Self.tabSize.height))
        }
    }

    /// The whole strip.
    public var frame: Rect { tabs.reduce(Rect.null) { $0.union($1.rect) } }

    /// The scene whose tab is under `p`.
    public func scene(at p: Point) -> SceneKind? { tabs.first { $0.rect.contains(p) }?.scene }

    public static func == (a: SceneTabs, b: SceneTabs) -> Bool { a.frame == b.frame }
}
