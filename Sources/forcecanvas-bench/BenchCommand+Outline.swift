import CFreehandPort
import ForceCore
import Foundation

/// Bench section 3: outline generation against a plain C port of perfect-freehand
/// (`CFreehandPort`), on the same strokes in the same run, with the allocations each makes per
/// stroke (counted by the bench's own malloc). A handwriting stroke is about 60 points at
/// 4–6 pt apart; the long ones show the cost per point once the cost per call is spread.
extension BenchCommand {
    /// The strokes: points, and the area the signature path is drawn in (its spacing); or a
    /// straight stroke (`area` nil), its points as far apart as the 1,000-point signature's.
    static let outlineStrokes: [(count: Int, area: Rect?)] = [
        (60, Rect(x: 0, y: 0, width: 90, height: 45)),
        (1_000, Rect(x: 0, y: 0, width: 1900, height: 1000)),
        (1_000, nil),
        // The same signature a quarter as large: its points 1.2 pt apart, as a 240 Hz pen's
        // are at a brisk 280 pt/s (the one above is a 60 Hz mouse's, moving fast).
        (1_000, Rect(x: 0, y: 0, width: 475, height: 250)),
        (100_000, Rect(x: 0, y: 0, width: 1900, height: 1000)),
    ]

    /// 4.6 pt: the mean spacing of the 1,000-point signature.
    static let straightSpacing = 4.6

    /// `count` points on a diagonal, `spacing` apart, with the signature's swell of force.
    static func straightStroke(count: Int, spacing: Double) -> [InkPoint] {
        (0..<count).map { i in
            let u = Double(i) / Double(max(1, count - 1))
            return InkPoint(sequence: i, time: Double(i) / 240, force: 0.2 + 0.7 * (0.5 + 0.5 * sin(3 * Double.pi * u)),
                            preciseLocation: Point(x: Double(i) * spacing * 0.8, y: Double(i) * spacing * 0.6))
        }
    }

    func printOutlineGeneration() {
        print("3. Outline generation (resample + streamline + pressure + pieces + polygons) against a C port of perfect-freehand, one run")
        Self.settleAllocator()
        for (count, area) in Self.outlineStrokes {
            let points = area.map { StrokeFixtures.signature(count: count, in: $0) }
                ?? Self.straightStroke(count: count, spacing: Self.straightSpacing)
            // One writer for every stroke, as code outlining many strokes keeps one: its storage
            // is reused. (The tessellator keeps a builder a stroke and an array a piece of ink.)
            var writer = OutlineWriter()
            let xyp = points.flatMap { [$0.location.x, $0.location.y, $0.force] }
            // Each returns what keeps its work observable: ForceCanvas's pieces, the port's
            // vertices.
            func outlineOurs(_ points: [InkPoint]) -> Int {
                writer.write(points, options: .default, simulatesPressure: false)
                return writer.pieces.count
            }
            func outlinePort(_: [InkPoint]) -> Int {
                var outline: UnsafeMutablePointer<Double>?
                let n = freehand_port_stroke(xyp, xyp.count / 3, &outline)
                free(outline)
                return n
            }
            let (ours, port) = outlineCosts(points, outlineOurs, against: outlinePort)
            let spacing = Self.pathLength(points) / Double(max(1, count - 1))
            // The polygons' vertices each writes: the work per point differs with them.
            _ = outlineOurs(points)
            let portVertices = outlinePort(points)
            print(String(format: "   %6d points%@ (%.1f pt apart): ForceCanvas %.1f M points/s, %.1f allocations a stroke, %d vertices · C port %.1f M points/s, %.1f allocations, %d vertices · %.2f× the C port",
                         count, area == nil ? ", straight" : "", spacing, Double(count) / ours.seconds / 1e6, ours.allocations,
                         writer.points.count, Double(count) / port.seconds / 1e6, port.allocations, portVertices,
                         port.seconds / ours.seconds))
        }
        print("   target: at least the C port's speed at 60 and 1,000 points, no allocation a stroke in the steady state")
    }

    /// The median time of one call of `body` and of `peer` on `points`, and the allocations of
    /// each (one call, after a warm-up). Rounds of the two alternate for 0.6 s, so a machine
    /// whose speed drifts (shared cores) slows both alike and their ratio holds.
    func outlineCosts(_ points: [InkPoint], _ body: ([InkPoint]) -> Int, against peer: ([InkPoint]) -> Int)
        -> (ours: (seconds: Double, allocations: Double), peer: (seconds: Double, allocations: Double)) {
        var sink = 0
        func allocations(_ f: ([InkPoint]) -> Int) -> Double {
            for _ in 0..<3 { sink &+= f(points) }
            allocation_count_start()
            sink &+= f(points)
            return Double(allocation_count_stop())
        }
        let ourAllocations = allocations(body), peerAllocations = allocations(peer)
        let clock = ContinuousClock()
        // Rounds of at least ~1 ms, so the clock's cost does not count.
        let repeats = max(1, 20_000 / max(1, points.count))
        func round(_ f: ([InkPoint]) -> Int) -> Double {
            let t0 = clock.now
            for _ in 0..<repeats { sink &+= f(points) }
            return seconds(clock.now - t0) / Double(repeats)
        }
        var ours: [Double] = [], theirs: [Double] = []
        let start = clock.now
        while seconds(clock.now - start) < 0.6 || ours.count < 5 {
            ours.append(round(body))
            theirs.append(round(peer))
        }
        if sink == -1 { print("") }  // keeps the work observable
        return ((Timing(ours).median, ourAllocations), (Timing(theirs).median, peerAllocations))
    }

    /// Puts glibc's allocator in the state of a program that has run a while: one large block
    /// allocated and freed. Before that, glibc maps every block of 128 KB or more afresh and
    /// returns it on free, and hands back the heap's top as soon as 128 KB of it is free. The C
    /// port's arrays for 1,000 points (two of 240 KB) were then mapped and faulted in page by
    /// page on every stroke, which halved its speed; for 100,000 points it lost two thirds.
    /// Freeing a mapped block raises the mapping threshold to its size (blocks up to 32 MB
    /// count) and the trimming threshold to twice that, as a long-running program's first
    /// large free does. Section 2's surface did it, for blocks up to 8 MB, so section 3 measured
    /// the port differently alone than after it. 30 MB covers the port's arrays for 100,000
    /// points (two of 24 MB).
    static func settleAllocator() {
        allocation_settle(30 << 20)
    }

    static func pathLength(_ points: [InkPoint]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + ($1.1.location - $1.0.location).length }
    }
}
