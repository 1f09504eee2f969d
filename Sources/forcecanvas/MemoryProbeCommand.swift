import ArgumentParser
import CairoRender
import ForceCore
import Foundation

/// `forcecanvas memory-probe`: builds a canvas of N points and prints its peak resident bytes.
/// Run by `bench` in a child process, so each figure holds only its own allocations.
struct MemoryProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory-probe",
        abstract: "Print the peak resident bytes of a canvas holding N points (used by bench).",
        shouldDisplay: false)

    @Option(help: "Points on the canvas.")
    var points = 0

    @Flag(help: "One live stroke instead of finished 60-point strokes.")
    var live = false

    /// 60 points a stroke, as the bench's documents.
    static let strokeLength = 60

    func validate() throws {
        guard points >= 0 else { throw ValidationError("--points must be 0 or more") }
    }

    func run() throws {
        var state = AppState(viewport: BenchCommand.viewport)
        let renderer = try FrameRenderer(viewport: state.viewport)
        let pen = StrokeFixtures.signature(count: max(2, live ? points : Self.strokeLength), in: Rect(x: 100, y: 100, width: 1700, height: 880))
        var t = 0.0
        if live {
            for i in 0..<points {
                let p = pen[i]
                state.handle(.pointer(PointerInput(phase: i == 0 ? .down : .move, location: p.preciseLocation, source: .pen,
                                                   rawForce: p.force, maximumForce: 1)), at: t)
                t += 0.001
                if i % 17 == 0 { state.advance(to: t) }
            }
        } else {
            for i in 0..<(points / Self.strokeLength) {
                let dx = Double(i % 40) * 2, dy = Double(i % 23) * 3
                for (k, p) in pen.enumerated() {
                    let phase: PointerPhase = k == 0 ? .down : (k == pen.count - 1 ? .up : .move)
                    state.handle(.pointer(PointerInput(phase: phase, location: p.preciseLocation + Point(x: dx, y: dy), source: .pen,
                                                       rawForce: p.force, maximumForce: 1)), at: t)
                    t += 0.001
                }
            }
        }
        state.advance(to: t)
        try renderer.render(state.display)
        print(Self.peakResidentBytes() ?? 0)
    }

    /// VmHWM from /proc/self/status, in bytes.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kB = line.split(separator: " ").compactMap { Int($0) }.first
            return kB.map { $0 * 1024 }
        }
        return nil
    }
}
