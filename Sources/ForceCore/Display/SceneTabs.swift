/// The scene tabs at the top centre of the screen; a press on a tab switches scenes.
public struct SceneTabs: Equatable, Sendable {
    /// 92×28 pt per tab where the screen has room, 8 pt from the top.
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

    /// 38 pt kept clear at each end of the strip where the screen is narrow: the help hint's
    /// "?" (22 pt) at the top right, 8 pt from the edge and from the tabs, and as much at the left
    /// so the strip stays centred.
    public static let sideRoom = 38.0
    /// 28 pt: the narrowest a tab gets (its number alone).
    public static let narrowest = 28.0

    /// The tabs of `scenes`, centred over the screen (the window without the dock): 92 pt each,
    /// or, on a screen too narrow for that (a device beside a dock that took room from it),
    /// as wide as leaves `sideRoom` at each end, never under `narrowest`.
    public init(screen: Rect, scenes: [SceneKind] = SceneKind.builtIn) {
        let fits = ((screen.width - 2 * Self.sideRoom) / Double(max(1, scenes.count))).rounded(.down)
        let width = max(Self.narrowest, min(Self.tabSize.width, fits))
        let total = width * Double(scenes.count)
        let x0 = (screen.x + (screen.width - total) / 2).rounded()
        tabs = scenes.enumerated().map { i, scene in
            Tab(scene: scene, rect: Rect(x: x0 + Double(i) * width, y: Self.top, width: width, height: Self.tabSize.height))
        }
    }

    /// The whole strip.
    public var frame: Rect { tabs.reduce(Rect.null) { $0.union($1.rect) } }

    /// The scene whose tab is under `p`.
    public func scene(at p: Point) -> SceneKind? { tabs.first { $0.rect.contains(p) }?.scene }
}
