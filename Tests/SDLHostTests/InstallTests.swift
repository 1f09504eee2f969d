import TestSupport
import Foundation
import XCTest

/// What `./run.sh test` installed before the tests ran (`./run.sh install` into a temporary
/// prefix through DESTDIR, then moved elsewhere: `FORCECANVAS_INSTALLED`), run from `/` with the
/// source tree hidden behind an empty folder (a private mount namespace): what it finds is what
/// it installed. The desktop file, the man pages, the completions and the icons are checked as
/// the desktop's own tools read them.
final class InstallTests: XCTestCase {
    /// The installed tree; without one the test fails on CI and is skipped elsewhere, saying why.
    /// (A test cannot install by itself: `swift test` holds the build folder a release build needs.)
    var prefix: String {
        get throws { try Binary.madeByRunSh("FORCECANVAS_INSTALLED", "installs into a temporary prefix") }
    }

    /// Runs the installed `forcecanvas` from `/`, with the repository hidden behind an empty
    /// folder and no XDG data folder or FORCECANVAS_DATA that could hold ForceCanvas's files.
    func installed(_ arguments: [String], binary: String? = nil, extraEnvironment: [String: String] = [:]) throws -> Binary.Result {
        let empty = try Binary.temporaryDirectory()
        var environment = Binary.isolatedEnvironment()
        environment["FORCECANVAS_DATA"] = nil
        environment["XDG_DATA_HOME"] = empty
        environment["XDG_DATA_DIRS"] = empty
        environment["HOME"] = empty
        environment.merge(extraEnvironment) { $1 }
        let script = #"mount --bind "$1" "$2" && cd / && shift 2 && exec "$@""#
        return try Binary.run("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh",
                                                   empty, Binary.repository.path, try binary ?? prefix + "/bin/forcecanvas"] + arguments,
                              environment: environment)
    }

    func testVersionLessonsRenderAndCheckGiveTheRepositorysResults() throws {
        let scratch = try Binary.temporaryDirectory()
        let version = try installed(["--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertEqual(version.stdout, try Binary.forcecanvas(["--version"]).stdout, "the same version and commit")
        XCTAssertEqual(try installed(["check", "--version"]).stdout, version.stdout, "--version on a subcommand")

        let lessons = try installed(["lessons"])
        XCTAssertEqual(lessons.status, 0, lessons.stderr)
        XCTAssertEqual(lessons.stdout, try Binary.forcecanvas(["lessons"]).stdout)

        // Copies of the bundled sessions and goldens, so nothing is read from the repository.
        let fm = FileManager.default
        for folder in ["Assets/Sessions", "Assets/Lessons", "Tests/Goldens"] {
            try fm.createDirectory(atPath: scratch + "/" + folder, withIntermediateDirectories: true)
            for name in try fm.contentsOfDirectory(atPath: Binary.repository.path + "/" + folder)
            where name.hasSuffix(".jsonl") || folder == "Tests/Goldens" {
                try fm.copyItem(atPath: Binary.repository.path + "/\(folder)/\(name)", toPath: scratch + "/\(folder)/\(name)")
            }
        }
        let sessions = try fm.contentsOfDirectory(atPath: scratch + "/Assets/Sessions").filter { $0.hasSuffix(".jsonl") }.sorted()
            .map { scratch + "/Assets/Sessions/" + $0 }
            + fm.contentsOfDirectory(atPath: scratch + "/Assets/Lessons").filter { $0.hasSuffix(".jsonl") }.sorted()
            .map { scratch + "/Assets/Lessons/" + $0 }
        let check = try installed(["check"] + sessions + ["--goldens", scratch + "/Tests/Goldens", "--jobs", "2"])
        XCTAssertEqual(check.status, 0, check.stdout.suffix(2000) + check.stderr)
        let repository = try Binary.forcecanvas(["check"] + sessions + ["--goldens", scratch + "/Tests/Goldens", "--jobs", "2"])
        func verdicts(_ text: String) -> [Substring] { text.split(separator: "\n").filter { !$0.contains(" job") } }
        XCTAssertEqual(verdicts(check.stdout), verdicts(repository.stdout), "every checkpoint as in the repository")
        XCTAssertTrue(check.stdout.contains(": 86 passed"), String(check.stdout.suffix(300)))

        let render = try installed(["render", scratch + "/Assets/Sessions/scene-home.jsonl", "--out", scratch + "/installed", "--at", "1.9"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let same = try Binary.forcecanvas(["render", scratch + "/Assets/Sessions/scene-home.jsonl", "--out", scratch + "/repo", "--at", "1.9"])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(fm.contents(atPath: scratch + "/installed/scene-home-t1.900.png"),
                       fm.contents(atPath: scratch + "/repo/scene-home-t1.900.png"), "the installed render is the same PNG")
    }

    /// The binary alone, without its share/forcecanvas: a missing resource stops it, naming
    /// every place looked, instead of drawing without it.
    func testWithoutItsDataItSaysWhereItLooked() throws {
        let alone = try Binary.temporaryDirectory() + "/bin"
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try prefix + "/bin/forcecanvas", toPath: alone + "/forcecanvas")
        let r = try installed(["lessons"], binary: alone + "/forcecanvas")
        XCTAssertEqual(r.status, 1)
        let parent = (alone as NSString).deletingLastPathComponent
        XCTAssertTrue(r.stderr.contains("the lessons folder was not found; looked in \(parent)/share/forcecanvas/lessons (install prefix)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("(XDG data folder)"), r.stderr)
        let render = try installed(["render", Binary.repository.path + "/Assets/Sessions/demo.jsonl", "--out", parent], binary: alone + "/forcecanvas")
        XCTAssertEqual(render.status, 1, "no PNG without the Info.plist and the fonts")
    }

    /// Uninstall removes every file install wrote (from a second, staged install).
    func testUninstallRemovesWhatInstallWrote() throws {
        let stage = try Binary.temporaryDirectory()
        let fm = FileManager.default
        try fm.copyItem(atPath: try prefix, toPath: stage + "/usr")
        var environment = ProcessInfo.processInfo.environment
        environment["DESTDIR"] = stage
        let r = try Binary.run(Binary.repository.path + "/run.sh", ["uninstall", "/usr"], environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        let left = fm.enumerator(atPath: stage)?.compactMap { $0 as? String }.filter { path in
            var folder: ObjCBool = false
            return fm.fileExists(atPath: stage + "/" + path, isDirectory: &folder) && !folder.boolValue
        } ?? []
        XCTAssertEqual(left, [], "every file is gone")
        XCTAssertFalse(fm.fileExists(atPath: stage + "/usr/share/forcecanvas"), "its own folder too")
    }

    func testDesktopFileValidates() throws {
        let r = try Binary.run("/usr/bin/env", ["desktop-file-validate", try prefix + "/share/applications/forcecanvas.desktop"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(r.stdout + r.stderr, "", "no errors, warnings or hints")
    }

    func testEveryManPageRenders() throws {
        let folder = try prefix + "/share/man/man1"
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(pages, ["forcecanvas.1", "forcecanvas.app-icon.1", "forcecanvas.check.1", "forcecanvas.check.merge.1",
                               "forcecanvas.check.sessions.1", "forcecanvas.compare.1", "forcecanvas.devices.1", "forcecanvas.diagram.1", "forcecanvas.help.1",
                               "forcecanvas.import.1", "forcecanvas.lessons.1", "forcecanvas.render.1", "forcecanvas.run.1"])
        for page in pages {
            let r = try Binary.run("/usr/bin/env", ["man", "-l", "-P", "cat", folder + "/" + page],
                                   environment: ProcessInfo.processInfo.environment.merging(["MANWIDTH": "80"]) { $1 })
            XCTAssertEqual(r.status, 0, "\(page): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("NAME"), "\(page) renders: \(r.stdout.prefix(200))")
        }
    }

    func testEachCompletionLoadsInItsShell() throws {
        let share = try prefix + "/share"
        let bash = try Binary.run("/bin/bash", ["-c", "source \(share)/bash-completion/completions/forcecanvas && complete -p forcecanvas"])
        XCTAssertEqual(bash.status, 0, bash.stderr)
        XCTAssertTrue(bash.stdout.contains("forcecanvas"), bash.stdout)
        let zsh = try Binary.run("/usr/bin/env", ["zsh", "-fc", "fpath=(\(share)/zsh/site-functions $fpath); autoload -Uz compinit && "
                                                + "compinit -u -D && print -r -- ${_comps[forcecanvas]}"])
        XCTAssertEqual(zsh.status, 0, zsh.stderr)
        XCTAssertEqual(zsh.stdout, "_forcecanvas\n", "compinit found the completion on fpath")
        let fish = try Binary.run("/usr/bin/env", ["fish", "--no-config", "-c",
                                                   "source \(share)/fish/vendor_completions.d/forcecanvas.fish; complete -C 'forcecanvas '"])
        XCTAssertEqual(fish.status, 0, fish.stderr)
        XCTAssertTrue(fish.stdout.contains("render") && fish.stdout.contains("check"), fish.stdout)
    }

    func testIconsInTheHicolorTheme() throws {
        let icons = try prefix + "/share/icons/hicolor"
        for side in [48, 128, 256] {
            let png = try XCTUnwrap(FileManager.default.contents(atPath: "\(icons)/\(side)x\(side)/apps/forcecanvas.png"))
            // The PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
            let size = png.count >= 24 ? (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) }) : (0, 0)
            XCTAssertTrue(size == (side, side), "\(side) px icon is \(size)")
        }
        let svg = try String(contentsOfFile: icons + "/scalable/apps/forcecanvas.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg") && svg.contains("<path"), "a vector icon")
    }
}

/// The package `./run.sh deb` built (`FORCECANVAS_DEB`, made by `./run.sh test` before the tests):
/// its control fields, its files, lintian's verdict, and the binary it installs, run from `/`.
final class DebPackageTests: XCTestCase {
    var deb: String {
        get throws { try Binary.madeByRunSh("FORCECANVAS_DEB", "builds the package") }
    }

    func dpkgDeb(_ arguments: [String]) throws -> String {
        let r = try Binary.run("/usr/bin/dpkg-deb", arguments)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    func testControlNamesTheRuntimeLibrariesAndRecommendsFFmpeg() throws {
        let info = try dpkgDeb(["--field", try deb, "Package", "Depends", "Recommends"])
        let depends = info.split(separator: "\n").first { $0.hasPrefix("Depends:") }.map(String.init) ?? ""
        for package in ["libsdl2-2.0-0", "libcairo2", "libpango-1.0-0", "libpangocairo-1.0-0", "libxi6", "libx11-6",
                        "libfontconfig1", "libpoppler-glib8", "libturbojpeg0", "fonts-dejavu-core", "fonts-wqy-microhei"] {
            XCTAssertTrue(depends.contains(package), "Depends names \(package): \(depends)")
        }
        XCTAssertFalse(depends.contains("swift"), "the Swift runtime is linked in")
        XCTAssertTrue(info.contains("Recommends: ffmpeg"), info)
    }

    func testContentsAreTheInstall() throws {
        let contents = try dpkgDeb(["--contents", try deb])
        for path in ["./usr/bin/forcecanvas", "./usr/share/forcecanvas/Info.plist", "./usr/share/forcecanvas/fonts/fonts.txt",
                     "./usr/share/forcecanvas/lessons/5-peek-and-pop.jsonl", "./usr/share/forcecanvas/shaders/blur.frag",
                     "./usr/share/applications/forcecanvas.desktop", "./usr/share/icons/hicolor/scalable/apps/forcecanvas.svg",
                     "./usr/share/icons/hicolor/48x48/apps/forcecanvas.png", "./usr/share/man/man1/forcecanvas.1.gz",
                     "./usr/share/man/man1/forcecanvas.check.1.gz", "./usr/share/bash-completion/completions/forcecanvas",
                     "./usr/share/zsh/vendor-completions/_forcecanvas", "./usr/share/fish/vendor_completions.d/forcecanvas.fish",
                     "./usr/share/doc/forcecanvas/copyright"] {
            XCTAssertTrue(contents.contains(" \(path)\n"), "\(path) is in the package")
        }
        XCTAssertFalse(contents.contains("installed-files"), "dpkg keeps the package's file list itself")
    }

    /// lintian, when it is installed (./run.sh test installs it): no error.
    func testLintianFindsNoError() throws {
        let r = try Binary.run("/usr/bin/env", ["lintian", "--no-tag-display-limit", try deb])
        let errors = r.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }
        XCTAssertEqual(errors, [], r.stdout)
    }

    /// The files unpacked into a folder of their own, the binary run from `/`: it finds its data
    /// beside its bin/ and renders.
    func testTheUnpackedBinaryRuns() throws {
        let root = try Binary.temporaryDirectory()
        _ = try dpkgDeb(["-x", try deb, root])
        let binary = root + "/usr/bin/forcecanvas"
        var environment = Binary.isolatedEnvironment()
        environment["XDG_DATA_DIRS"] = root + "/nowhere"
        let version = try Binary.run(binary, ["--version"], environment: environment)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertEqual(version.stdout, try Binary.forcecanvas(["--version"]).stdout)
        let render = try Binary.run(binary, ["render", root + "/usr/share/forcecanvas/sessions/demo.jsonl", "--out", root + "/out"],
                                    environment: environment)
        XCTAssertEqual(render.status, 0, render.stderr)
        let written = render.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(written.hasSuffix(".png") && FileManager.default.fileExists(atPath: written), "wrote \(written)")
    }
}
