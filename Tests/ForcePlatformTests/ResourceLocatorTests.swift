import ForcePlatform
import TestSupport
import XCTest

/// The one search for ForceCanvas's files: its order, what counts as found, and the error that
/// names every place looked.
final class ResourceLocatorTests: XCTestCase {
    func testOrderIsDataVariableSourceTreePrefixThenXDG() throws {
        let root = try temporaryFolder()
        let tree = root + "/tree"
        try FileManager.default.createDirectory(atPath: tree + "/.build/x86_64-unknown-linux-gnu/release", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: tree + "/Assets", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: tree + "/Package.swift", contents: Data())
        let env = Environment(["FORCECANVAS_DATA": root + "/data", "HOME": root + "/home",
                               "XDG_DATA_DIRS": root + "/xdg1:" + root + "/xdg2"])
        let locator = ResourceLocator(environment: env, executable: tree + "/.build/x86_64-unknown-linux-gnu/release/forcecanvas")
        XCTAssertEqual(locator.places.map(\.origin), [.environment, .sourceTree, .install, .xdg, .xdg, .xdg])
        XCTAssertEqual(locator.places.map(\.root), [
            root + "/data", tree, tree + "/.build/x86_64-unknown-linux-gnu/share/forcecanvas",
            root + "/home/.local/share/forcecanvas", root + "/xdg1/forcecanvas", root + "/xdg2/forcecanvas",
        ])
    }

    func testAnInstalledExecutableHasNoSourceTree() {
        let locator = ResourceLocator(environment: Environment([:]), executable: "/opt/fc/bin/forcecanvas")
        XCTAssertEqual(locator.places.map(\.root), ["/opt/fc/share/forcecanvas", "/usr/local/share/forcecanvas", "/usr/share/forcecanvas"])
    }

    func testFirstPlaceThatHasItWinsAndKindMustMatch() throws {
        let root = try temporaryFolder()
        let first = root + "/first", second = root + "/second"
        try FileManager.default.createDirectory(atPath: second + "/lessons", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: second + "/Info.plist", contents: Data())
        // A folder where a file is wanted does not count.
        try FileManager.default.createDirectory(atPath: first + "/Info.plist", withIntermediateDirectories: true)
        let locator = ResourceLocator(places: [.init(origin: .environment, root: first), .init(origin: .install, root: second)])
        XCTAssertEqual(try locator.path(of: .infoPlist), second + "/Info.plist")
        XCTAssertEqual(try locator.path(of: .lessons), second + "/lessons")
    }

    func testSourceTreeUsesTheRepositoryLayout() throws {
        let place = ResourceLocator.Place(origin: .sourceTree, root: "/src")
        XCTAssertEqual(place.path(of: .lessons), "/src/Assets/Lessons")
        XCTAssertEqual(place.path(of: .shaders), "/src/Shaders")
        let installed = ResourceLocator.Place(origin: .install, root: "/usr/share/forcecanvas")
        XCTAssertEqual(installed.path(of: .lessons), "/usr/share/forcecanvas/lessons")
        XCTAssertEqual(installed.path(of: .fonts), "/usr/share/forcecanvas/fonts/fonts.txt")
    }

    func testMissingResourceNamesEveryPlaceLooked() {
        let locator = ResourceLocator(places: [.init(origin: .environment, root: "/nowhere/a"), .init(origin: .xdg, root: "/nowhere/b")])
        XCTAssertThrowsError(try locator.path(of: .lessons)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("the lessons folder was not found; looked in /nowhere/a/lessons (FORCECANVAS_DATA), /nowhere/b/lessons (XDG data folder)."), text)
        }
    }

    func testEnvironmentTreatsEmptyAsUnset() {
        let env = Environment(["DISPLAY": "", "WAYLAND_DISPLAY": "wayland-0", "PATH": ""])
        XCTAssertNil(env[.display])
        XCTAssertTrue(env.hasDisplay)
        XCTAssertEqual(env.searchPath, ["/usr/local/bin", "/usr/bin", "/bin"])
        XCTAssertFalse(Environment([:]).hasDisplay)
    }

    func testPicturesFolderFollowsUserDirs() throws {
        let home = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        XCTAssertEqual(UserFolders(Environment(["HOME": home])).pictures, home + "/Pictures")
        try "# comment\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        XCTAssertEqual(UserFolders(Environment(["HOME": home])).pictures, home + "/Bilder")
        try "XDG_PICTURES_DIR=\"$HOME/\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        XCTAssertEqual(UserFolders(Environment(["HOME": home])).pictures, home + "/Pictures", "the home folder itself means none")
        XCTAssertEqual(UserFolders(Environment(["HOME": home, "XDG_PICTURES_DIR": "/p"])).pictures, "/p")
    }

    func testStateAndConfigDefaults() {
        let folders = UserFolders(Environment(["HOME": "/h", "XDG_STATE_HOME": ""]))
        XCTAssertEqual(folders.stateHome, "/h/.local/state")
        XCTAssertEqual(folders.configHome, "/h/.config")
        XCTAssertEqual(UserFolders(Environment(["XDG_CONFIG_HOME": "/c"])).configHome, "/c")
        XCTAssertNil(UserFolders(Environment([:])).stateHome)
    }
}
