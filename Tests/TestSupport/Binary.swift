import Foundation
import XCTest

/// Runs the built `forcecanvas` binary (and xdotool) as a user would.
public enum Binary {
    /// `FORCECANVAS_BIN`, or the executable beside the test bundle.
    public static var path: String {
        if let p = ProcessInfo.processInfo.environment["FORCECANVAS_BIN"] { return p }
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("forcecanvas").path
    }

    /// The repository (the tests read its Assets).
    public static let repository = Fixtures.root

    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// The program was ended by a signal (a trap is SIGILL, status 132 in a shell).
        public var signaled = false
    }

    /// Runs a program to the end and returns its output.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self), signaled: p.terminationReason == .uncaughtSignal)
    }

    /// Runs `forcecanvas`. Without an `environment`, it gets a state folder of its own
    /// (`XDG_STATE_HOME`), so no run restores another's canvas or touches the user's journal.
    public static func forcecanvas(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        try run(path, arguments, environment: environment ?? isolatedEnvironment())
    }

    /// One folder per test process for the state and scratch folders the tests make, removed
    /// when the process exits (XCTest ends with `exit`), so runs leave nothing in /tmp.
    public static let scratchRoot: String = {
        let root = NSTemporaryDirectory() + "forcecanvas-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Binary.scratchRoot) }
        return root
    }()

    /// This process's environment with a new, empty `XDG_STATE_HOME` and `XDG_DATA_HOME`.
    public static func isolatedEnvironment() -> [String: String] {
        let id = UUID().uuidString
        // The state (documents, journals) and the data (lessons written in the player) of a run
        // of its own, never the user's.
        return ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": scratchRoot + "/state-\(id)",
                                                            "XDG_DATA_HOME": scratchRoot + "/data-\(id)"]) { $1 }
    }

    /// xdotool through /usr/bin/env, so PATH finds it, on `display` (else this process's).
    ///
    /// `key --window` sends each press and release through XTEST while the window has the
    /// focus, else through XSendEvent, deciding for each one. A key that closes its window
    /// (Ctrl+Q) is pressed through XTEST, and its release goes by XSendEvent to a window that is
    /// gone: the X server holds the key down, and the next window gets its autorepeat and never
    /// a Ctrl+Q. So the keys such a command pressed are released again through XTEST (a release
    /// of a key that is up makes no event).
    @discardableResult
    public static func xdotool(_ arguments: [String], display: String? = nil) throws -> Result {
        let prefix = display.map { ["DISPLAY=\($0)"] } ?? []
        let result = try run("/usr/bin/env", prefix + ["xdotool"] + arguments)
        let held = keysSentToAWindow(arguments)
        if !held.isEmpty { try run("/usr/bin/env", prefix + ["xdotool", "keyup"] + held) }
        return result
    }

    /// xdotool's command words: where the key names after a `key` end.
    static let xdotoolCommands: Set<String> = [
        "getactivewindow", "getwindowfocus", "getwindowname", "getwindowpid", "getwindowgeometry", "getdisplaygeometry",
        "search", "selectwindow", "behave", "behave_screen_edge", "click", "getmouselocation", "key", "keydown", "keyup",
        "mousedown", "mousemove", "mousemove_relative", "mouseup", "set_window", "type", "windowactivate", "windowfocus",
        "windowkill", "windowclose", "windowquit", "windowmap", "windowminimize", "windowmove", "windowraise",
        "windowreparent", "windowsize", "windowstate", "windowunmap", "set_num_desktops", "get_num_desktops",
        "set_desktop", "get_desktop", "set_desktop_for_window", "get_desktop_for_window", "get_desktop_viewport",
        "set_desktop_viewport", "exec", "sleep",
    ]

    /// The key names (as "ctrl+q") of the `key --window` commands in xdotool `arguments`.
    public static func keysSentToAWindow(_ arguments: [String]) -> [String] {
        var keys: [String] = []
        var i = 0
        while i < arguments.count {
            guard arguments[i] == "key" else { i += 1; continue }
            i += 1
            var toWindow = false
            while i < arguments.count, arguments[i].hasPrefix("--") {
                if arguments[i] == "--window" { toWindow = true }
                // --clearmodifiers takes no value; the others (--window, --delay, --repeat, …) one.
                i += arguments[i] == "--clearmodifiers" ? 1 : 2
            }
            var names: [String] = []
            while i < arguments.count, !xdotoolCommands.contains(arguments[i]) {
                names.append(arguments[i])
                i += 1
            }
            if toWindow { keys += names }
        }
        return keys
    }

    /// Waits for `p` to end, at most `timeout` seconds; then kills it and fails the test.
    public static func waitForExit(_ p: Process, timeout: Double = 20, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard p.isRunning else { return }
        XCTFail("the window did not close within \(timeout) s", file: file, line: line)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
    }

    public static func temporaryDirectory() throws -> String {
        let dir = scratchRoot + "/e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The path `./run.sh test` made before the tests and named in `variable` (an install, the
    /// .deb); without it the test fails, saying what makes it (never skips).
    public static func madeByRunSh(_ variable: String, _ what: String) throws -> String {
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty { return path }
        throw MissingPrerequisite("\(variable) is not set: ./run.sh test \(what) before the tests")
    }

    /// A window test needs a display: without one it fails, saying so (never skips).
    public static func requireDisplay() throws {
        guard (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else { return }
        throw MissingPrerequisite("no DISPLAY: window tests run under Xvfb (./run.sh test starts one)")
    }

    /// Starts `forcecanvas run` and waits for its window; returns the process and window id.
    /// With `stderr`, the program's error output goes to that file.
    /// Without an `environment`, the window gets a state folder of its own (`isolatedEnvironment`).
    public static func launchWindow(_ arguments: [String], stderr: String? = nil,
                             environment: [String: String]? = nil) throws -> (Process, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = ["run"] + arguments
        p.environment = environment ?? isolatedEnvironment()
        p.standardOutput = FileHandle.nullDevice
        if let stderr {
            _ = FileManager.default.createFile(atPath: stderr, contents: nil)
            p.standardError = FileHandle(forWritingAtPath: stderr)
        }
        try p.run()
        return (p, try waitForWindow(of: p, stderr: stderr))
    }

    /// Waits (at most 2 s) until `window` has the keyboard's focus. SDL gives its new window
    /// the focus once it is mapped, and on taking it matches its key state to the server's
    /// (`X11_ReconcileKeyboardState`), where keys sent to a window are not held. On a loaded
    /// machine, `JournalWindowTests` once saw the picker's keys do nothing, as if its first
    /// Ctrl+O had come without its Ctrl: keys sent once the window has the focus cannot meet
    /// that. A window that never gets the focus (another has it) goes on after the wait.
    static func waitForFocus(_ window: String, display: String?) {
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline {
            let focus = try? xdotool(["getwindowfocus"], display: display)
            if focus?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == window { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The window of `p` (a `forcecanvas run`) on `display` (this process's DISPLAY without one),
    /// once it is mapped. When `p` ends first, or the window is not there within 20 s, it throws
    /// at once with how the program ended, what it said on `stderr` (a file), and whether an
    /// unmapped window of it exists: a crash, a refused display and a slow map read differently.
    public static func waitForWindow(of p: Process, display: String? = nil, stderr: String?) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        let pid = "\(p.processIdentifier)"
        while Date() < deadline, p.isRunning {
            // By its class: xdotool cannot match a name in UTF-8 (the Chinese interface's title).
            let r = try xdotool(["search", "--all", "--onlyvisible", "--pid", pid, "--class", "forcecanvas"], display: display)
            if r.status == 0, let id = r.stdout.split(separator: "\n").first {
                waitForFocus(String(id), display: display)
                Thread.sleep(forTimeInterval: 0.3)  // let the first frames reach the screen
                return String(id)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let screen = display ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        var cause: String
        if p.isRunning {
            let unmapped = try xdotool(["search", "--all", "--pid", pid, "--class", "forcecanvas"], display: display)
            cause = "the window did not appear on \(screen) within 20 s; "
            cause += unmapped.status == 0 ? "forcecanvas has an unmapped window" : "forcecanvas made no window"
            p.terminate()
            p.waitUntilExit()
        } else {
            cause = "forcecanvas ended before its window appeared on \(screen)"
        }
        cause += p.terminationReason == .exit ? " (exit status \(p.terminationStatus))" : " (signal \(p.terminationStatus))"
        if let stderr, let text = try? String(contentsOfFile: stderr, encoding: .utf8), !text.isEmpty { cause += ": " + text }
        throw MissingPrerequisite(cause)
    }
}
