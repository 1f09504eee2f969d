import Foundation
import XCTest

/// A 64 KiB tmpfs to run out of space on (`mount` needs root: `./run.sh test` runs as root; a
/// test without it fails, saying so).
public final class SmallDisk {
    /// 64 KiB: a few pages, filled in a moment.
    public static let size = "64k"
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "forcecanvas-enospc-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(Self.size)", "tmpfs", path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw MissingPrerequisite("cannot mount a \(Self.size) tmpfs at \(path) (mount needs root): the full-disk test cannot run")
        }
    }

    /// Fills the disk, leaving `keep` bytes free (roughly: tmpfs counts whole pages).
    public func fill(leaving keep: Int = 0) {
        let filler = path + "/filler"
        _ = FileManager.default.createFile(atPath: filler, contents: nil)
        guard let h = FileHandle(forWritingAtPath: filler) else { return }
        let chunk = Data(repeating: 0x41, count: 1024)
        while (try? h.write(contentsOf: chunk)) != nil {}
        try? h.close()
        if keep > 0, let size = try? FileManager.default.attributesOfItem(atPath: filler)[.size] as? Int {
            truncate(filler, off_t(max(0, size - keep)))
        }
    }

    /// Makes the disk read-only (`mount -o remount,ro`): root's writes fail too (`EROFS`),
    /// where permissions would not stop them.
    public func makeReadOnly() throws {
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-o", "remount,ro", path]
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { throw MissingPrerequisite("cannot remount \(path) read-only") }
    }

    /// Frees the space the filler took.
    public func free() { try? FileManager.default.removeItem(atPath: path + "/filler") }

    deinit {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A fresh folder for one test.
public func temporaryFolder() throws -> String {
    let dir = NSTemporaryDirectory() + "forcecanvas-files-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}
