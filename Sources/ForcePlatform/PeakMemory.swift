import Foundation

/// The process's own resident memory, peak and current (`render`/`run --report-peak-memory`,
/// the bench).
public enum PeakMemory {
    /// VmHWM from /proc/self/status, in bytes. Unlike `ru_maxrss`, which a spawned process
    /// inherits from its parent's high-water mark, VmHWM belongs to the process's own address
    /// space, so a child measures only itself.
    public static func residentBytes() -> Int? { status("VmHWM:") }

    /// VmRSS: what is resident now, in bytes (the bench's memory over time).
    public static func currentResidentBytes() -> Int? { status("VmRSS:") }

    /// A kB field of /proc/self/status, in bytes.
    private static func status(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
    }
}
