import Foundation

/// The process's own peak resident memory (`render --report-peak-memory`, for the bench).
public enum PeakMemory {
    /// VmHWM from /proc/self/status, in bytes. Unlike `ru_maxrss`, which a spawned process
    /// inherits from its parent's high-water mark, VmHWM belongs to the process's own address
    /// space, so a child measures only itself.
    public static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
    }
}
