import ForcePlatform
import ForceCore
import ForceFiles
import Foundation

/// Where ForceCanvas's quick actions come from: the Info.plist's static items (an asset of the
/// repository) and the dynamic items registered at run time (a JSON file in the user's state
/// folder, so they persist between launches).
enum ShortcutFiles {
    /// The dynamic items' file: `$XDG_STATE_HOME/forcecanvas/shortcuts.json` (or `~/.local/state/…`).
    static var dynamicItemsPath: String? { StatePaths.shortcuts() }

    /// Loads the catalog from the given Info.plist, else the one the resource locator finds (none
    /// found stops the command, naming where it looked: Home without its items would draw, and
    /// check, something else). Problems inside the file are printed one line each (naming file,
    /// item and key); the valid items are kept, so the Home scene always opens.
    static func load(infoPlist explicit: String?, dynamic: Bool) throws -> ShortcutCatalog {
        var catalog = ShortcutCatalog()
        let path = try Resources.path(of: .infoPlist, explicit: explicit)
        do {
            let data = try FileKind.readWhole(path)
            let loaded = ShortcutCatalog.staticItems(fromInfoPlist: data, file: path)
            for e in loaded.errors { printProblem("\(e)") }
            catalog = ShortcutCatalog(staticItems: loaded.items)
        } catch {
            printProblem("\(error); Home starts without ForceCanvas's static quick actions")
        }
        if dynamic, let path = dynamicItemsPath, let data = try? FileKind.readWhole(path) {
            for e in catalog.loadDynamicItems(fromJSON: data, file: path) { printProblem("\(e)") }
        }
        return catalog
    }

    /// Writes the dynamic items (atomically); a failure is reported, never fatal.
    static func save(_ catalog: ShortcutCatalog) {
        guard let path = dynamicItemsPath else { return }
        let data: Data
        do {
            data = try catalog.encodeDynamicItems()
        } catch {
            printProblem("the quick actions cannot be written as JSON; \(path) is left as it was")
            return
        }
        do {
            try WholeFile.write(Array(data), to: path)
        } catch {
            printProblem("cannot save the quick actions: \(error)")
        }
    }
}
