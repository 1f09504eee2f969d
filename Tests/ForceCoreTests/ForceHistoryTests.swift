@testable import ForceCore
import XCTest

/// `ForceHistory` skips aged-out changes and drops them in batches: what it plots is what
/// trimming the changes at every tick (the way it first kept them) plots.
final class ForceHistoryTests: XCTestCase {
    /// The changes trimmed at every record, as `ForceHistory` kept them before.
    struct Trimmed {
        var samples = [ForceHistory.Sample(time: 0, force: 0, isPressed: false)]

        mutating func record(time: Double, force: Double, isPressed: Bool) {
            let sample = ForceHistory.Sample(time: time, force: isPressed ? Force.normalized(force) : 0, isPressed: isPressed)
            if samples.last.map({ ($0.force, $0.isPressed) != (sample.force, sample.isPressed) }) ?? true { samples.append(sample) }
            let firstVisible = samples.firstIndex { $0.time >= time - ForceHistory.span } ?? samples.count
            if firstVisible > 1 { samples.removeFirst(firstVisible - 1) }
        }
    }

    func testAPenChangingForceAtEverySamplePlotsAsTrimmingDid() {
        var history = ForceHistory(), reference = Trimmed()
        var g = StrokeFixtures.Generator(seed: 5)
        var t = 0.0
        // 20 s: presses at 240 Hz with a new force each sample, pauses, and frames skipped.
        for k in 0..<4800 {
            t += 1.0 / 240 * (k % 700 < 50 ? 30 : 1)
            let pressed = k % 700 >= 50
            let force = g.next()
            history.record(time: t, force: force, isPressed: pressed)
            reference.record(time: t, force: force, isPressed: pressed)
            XCTAssertEqual(Array(history.samples), reference.samples, "after \(k + 1) records")
            if k % 97 == 0 {
                let a = history.line(now: t + 0.01), b = Trimmed.line(reference.samples, now: t + 0.01)
                XCTAssertEqual(a.map(\.time), b.map(\.time), "at \(t)")
                XCTAssertEqual(a.map(\.force), b.map(\.force), "at \(t)")
            }
        }
        XCTAssertGreaterThan(history.samples.count, 500, "4 s of a pen's changes are plotted")
        XCTAssertEqual(history.current, reference.samples.last)
    }

    /// Equal histories are those that plot the same changes.
    func testEqualityIsWhatIsPlotted() {
        var a = ForceHistory(), b = ForceHistory()
        for k in 1...2000 { a.record(time: Double(k) / 240, force: Double(k % 7) / 7, isPressed: true) }
        for k in 1...2000 where k > 1000 || k % 2 == 0 { b.record(time: Double(k) / 240, force: Double(k % 7) / 7, isPressed: true) }
        XCTAssertEqual(Array(a.samples) == Array(b.samples), a == b)
        XCTAssertEqual(a, a)
    }
}

extension ForceHistoryTests.Trimmed {
    /// `ForceHistory.line(now:)` over an array of changes.
    static func line(_ samples: [ForceHistory.Sample], now: Double) -> [(time: Double, force: Double)] {
        var line: [(time: Double, force: Double)] = []
        for (i, s) in samples.enumerated() {
            if i > 0 {
                let before = samples[i - 1]
                let rampStart = s.time - ForceHistory.rampDuration
                if rampStart > before.time + ForceHistory.rampDuration / 2 { line.append((rampStart, before.force)) }
            }
            line.append((s.time, s.force))
        }
        if let last = samples.last, now > last.time { line.append((now, last.force)) }
        let leftEdge = now - ForceHistory.span - 2 * ForceHistory.rampDuration
        while line.count > 1, line[1].time <= leftEdge { line.removeFirst() }
        if let first = line.first, first.time < leftEdge { line[0].time = leftEdge }
        return line
    }
}
