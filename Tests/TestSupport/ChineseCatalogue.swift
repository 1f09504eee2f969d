import Foundation

/// `po/zh_Hans.po` compiled as `run.sh` compiles it, for tests that draw or say things in
/// Chinese (issue 22).
public enum ChineseCatalogue {
    /// A fresh locale folder holding `zh_CN/LC_MESSAGES/forcecanvas.mo`, built by msgfmt with
    /// `--check` from the source tree's catalogue. The caller removes it.
    public static func localeFolder() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt") else {
            throw MissingPrerequisite("msgfmt is not installed (./run.sh installs gettext)")
        }
        let folder = NSTemporaryDirectory() + "forcecanvas-locale-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/zh_CN/LC_MESSAGES", withIntermediateDirectories: true)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        p.arguments = ["--check", "-o", folder + "/zh_CN/LC_MESSAGES/forcecanvas.mo",
                       Fixtures.root.appendingPathComponent("po/zh_Hans.po").path]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            throw MissingPrerequisite("msgfmt --check po/zh_Hans.po failed (status \(p.terminationStatus))")
        }
        return folder
    }
}
