import TestSupport
import Foundation
import XCTest

/// What the desktop knows the window by, read back from the X server with xprop: WM_CLASS
/// `forcecanvas` (the desktop file's StartupWMClass), the app icon, a title naming what is open.
final class WindowIdentityTests: XCTestCase {
    /// The window's class and title, then the first line of its icon (xprop draws the rest).
    func xprop(_ window: String) throws -> String {
        let names = try Binary.run("/usr/bin/env", ["xprop", "-id", window, "WM_CLASS", "_NET_WM_NAME"])
        let icon = try Binary.run("/usr/bin/env", ["xprop", "-id", window, "_NET_WM_ICON"])
        XCTAssertEqual(names.status, 0, names.stderr)
        return names.stdout + (icon.stdout.split(separator: "\n").first.map(String.init) ?? "")
    }

    func testClassIconAndTitleNamingWhatIsOpen() throws {
        try Binary.requireDisplay()
        let cases: [([String], String)] = [
            (["--fresh"], "Canvas — ForceCanvas"),
            (["--lesson", "5"], "5 · Peek and pop: two phases, cancel on lift — ForceCanvas player"),
            // The bundled demo, found by the resource locator (the desktop file's "Play the Demo").
            (["--demo"], "demo — ForceCanvas player"),
            // In Chinese, as the tabs and the player's strip are.
            (["--fresh", "--lang", "zh-Hans"], "画布 — ForceCanvas"),
            (["--lesson", "5", "--lang", "zh-Hans"], "5 · 预览与弹出：两个阶段，抬起即取消 — ForceCanvas 播放器"),
        ]
        for (arguments, title) in cases {
            let (process, window) = try Binary.launchWindow(["--size", "800x600"] + arguments)
            Thread.sleep(forTimeInterval: 0.3)
            let props = try xprop(window)
            try Binary.xdotool(["key", "--window", window, "ctrl+q"])
            Binary.waitForExit(process)
            XCTAssertTrue(props.contains("WM_CLASS(STRING) = \"forcecanvas\", \"forcecanvas\""), props)
            XCTAssertTrue(props.contains("_NET_WM_NAME(UTF8_STRING) = \"\(title)\""), props)
            XCTAssertTrue(props.contains("Icon (64 x 64)"), "the app icon: \(props.prefix(300))")
        }
    }
}
