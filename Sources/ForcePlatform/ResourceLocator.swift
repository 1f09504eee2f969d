import Foundation

/// Finds every file ForceCanvas reads of its own (`Resource`), the same way for each: in
/// `FORCECANVAS_DATA` if set, then the source tree when the program runs from its build folder
/// (`TREE/.build/…/forcecanvas`), then `PREFIX/share/forcecanvas` beside the executable
/// (`PREFIX/bin/forcecanvas`), then `XDG_DATA_HOME` and each of `XDG_DATA_DIRS` (`…/forcecanvas`).
/// The first place that has it wins; when none does, the error names every place looked, and
/// nothing else is drawn in its stead.
public struct ResourceLocator: Sendable {
    /// Where a place in the search came from.
    public enum Origin: String, Sendable {
        case environment = "FORCECANVAS_DATA"
        case sourceTree = "source tree"
        case install = "install prefix"
        case xdg = "XDG data folder"
    }

    /// One place searched: a data folder, or the source tree (its own layout).
    public struct Place: Sendable, Equatable {
        public var origin: Origin
        public var root: String

        public init(origin: Origin, root: String) {
            self.origin = origin
            self.root = root
        }

        /// Where `resource` is in this place.
        public func path(of resource: Resource) -> String {
            root + "/" + (origin == .sourceTree ? resource.sourcePath : resource.dataPath)
        }
    }

    /// The places, in the order searched.
    public let places: [Place]

    /// The places for `environment` and the executable at `executable` (a resolved path).
    public init(environment: Environment = .current, executable: String? = ResourceLocator.executablePath) {
        var places: [Place] = []
        if let data = environment[.forceCanvasData] { places.append(Place(origin: .environment, root: Self.standardized(data))) }
        if let executable {
            let bin = (executable as NSString).deletingLastPathComponent
            if let tree = Self.sourceTree(forExecutableIn: bin) { places.append(Place(origin: .sourceTree, root: tree)) }
            places.append(Place(origin: .install, root: Self.standardized(bin + "/../share/forcecanvas")))
        }
        let folders = UserFolders(environment)
        for dir in [folders.dataHome].compactMap({ $0 }) + folders.dataDirectories {
            places.append(Place(origin: .xdg, root: Self.standardized(dir + "/forcecanvas")))
        }
        var seen = Set<String>()
        self.places = places.filter { seen.insert($0.root + "|" + $0.origin.rawValue).inserted }
    }

    /// Searches exactly `places` (tests).
    public init(places: [Place]) { self.places = places }

    /// The locator of this process.
    public static let current = ResourceLocator()

    /// The path of `resource` in the first place that has it.
    public func path(of resource: Resource) throws(ResourceError) -> String {
        for place in places {
            let path = place.path(of: resource)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue == resource.isFolder {
                return path
            }
        }
        throw ResourceError(resource: resource, looked: places.map { ($0.origin, $0.path(of: resource)) })
    }

    /// The source tree, when this process runs from its build folder: the folder above the path's
    /// `.build` (or above that, for a package inside the tree such as `Fuzz/`) that holds
    /// `Package.swift` and `Assets/`.
    static func sourceTree(forExecutableIn directory: String) -> String? {
        let parts = directory.split(separator: "/", omittingEmptySubsequences: false)
        guard let build = parts.lastIndex(of: ".build"), build > 0 else { return nil }
        var tree = parts[..<build].joined(separator: "/")
        for _ in 0..<3 where !tree.isEmpty {
            let fm = FileManager.default
            if fm.fileExists(atPath: tree + "/Package.swift"), fm.fileExists(atPath: tree + "/Assets") { return tree }
            tree = (tree as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// This executable's path, symbolic links resolved (`/proc/self/exe`).
    public static var executablePath: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map(standardized)
    }

    static func standardized(_ path: String) -> String { (path as NSString).standardizingPath }
}

/// A resource that is in none of the places searched.
public struct ResourceError: Error, Equatable, CustomStringConvertible, Sendable {
    public var resource: Resource
    /// Every path looked at, in order, with where it came from.
    public var looked: [(origin: ResourceLocator.Origin, path: String)]

    public var description: String {
        let list = looked.map { "\($0.path) (\($0.origin.rawValue))" }.joined(separator: ", ")
        return "\(resource.summary) was not found; looked in \(list.isEmpty ? "no place" : list). "
            + "Set FORCECANVAS_DATA to a folder laid out as share/forcecanvas, or install ForceCanvas (./run.sh install)"
    }

    public static func == (a: ResourceError, b: ResourceError) -> Bool {
        a.resource == b.resource && a.looked.map(\.path) == b.looked.map(\.path)
    }
}
