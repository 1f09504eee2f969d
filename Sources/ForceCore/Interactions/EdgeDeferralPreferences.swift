/// Which scene decides the deferred edges, and what it prefers (SPEC 8, seed 003): the
/// analogue of `preferredScreenEdgesDeferringSystemGestures`,
/// `childViewControllerForScreenEdgesDeferringSystemGestures` and
/// `setNeedsUpdateOfScreenEdgesDeferringSystemGestures`.
///
/// Scenes declare preferences and may delegate to a child; the owner is found by following
/// the delegation chain from the root until a scene does not delegate (an unknown child or a
/// cycle stops the walk at the last scene reached). Declarations change nothing by
/// themselves: the system reads them only when `update()` is called, as on iOS.
public struct EdgeDeferralPreferences: Equatable, Sendable {
    /// One scene's declaration.
    public struct Scene: Equatable, Hashable, Sendable {
        /// `preferredScreenEdgesDeferringSystemGestures`.
        public var preferredEdges: ScreenEdges
        /// `childViewControllerForScreenEdgesDeferringSystemGestures`: the scene that decides instead.
        public var childForDeferral: String?

        public init(preferredEdges: ScreenEdges = [], childForDeferral: String? = nil) {
            self.preferredEdges = preferredEdges
            self.childForDeferral = childForDeferral
        }
    }

    /// The scene at the top of the chain (the window's root).
    public let root: String
    /// Every scene's current declaration, by name.
    public private(set) var scenes: [String: Scene]
    /// The edges the system uses: the owner's preference as of the last `update()`.
    public private(set) var appliedEdges: ScreenEdges
    /// The scene whose preference was applied at the last `update()`.
    public private(set) var appliedOwner: String

    /// A root scene with a preference, read once at start (the first display).
    public init(root: String, preferredEdges: ScreenEdges = []) {
        self.root = root
        scenes = [root: Scene(preferredEdges: preferredEdges)]
        appliedEdges = preferredEdges
        appliedOwner = root
    }

    /// Declares a scene's preferred edges (added if new). Takes effect at the next `update()`.
    public mutating func setPreferredEdges(_ edges: ScreenEdges, for scene: String) {
        scenes[scene, default: Scene()].preferredEdges = edges
    }

    /// Declares (or clears, with nil) the child a scene delegates to. Takes effect at `update()`.
    public mutating func setChildForDeferral(_ child: String?, of scene: String) {
        scenes[scene, default: Scene()].childForDeferral = child
    }

    /// The scene that owns the choice now, by the current declarations.
    public var declaredOwner: String {
        var owner = root
        var seen: Set<String> = [root]
        while let child = scenes[owner]?.childForDeferral, scenes[child] != nil, !seen.contains(child) {
            seen.insert(child)
            owner = child
        }
        return owner
    }

    /// The edges the current declarations ask for.
    public var declaredEdges: ScreenEdges { scenes[declaredOwner]?.preferredEdges ?? [] }

    /// Whether declarations changed since the last `update()` in a way the system would see.
    public var needsUpdate: Bool { declaredOwner != appliedOwner || declaredEdges != appliedEdges }

    /// `setNeedsUpdateOfScreenEdgesDeferringSystemGestures`: the system reads the declarations
    /// now. Returns whether the applied edges changed.
    @discardableResult
    public mutating func update() -> Bool {
        let before = appliedEdges
        appliedOwner = declaredOwner
        appliedEdges = declaredEdges
        return appliedEdges != before
    }
}
