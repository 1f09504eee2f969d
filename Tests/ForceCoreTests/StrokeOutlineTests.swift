import Foundation
import XCTest
@testable import ForceCore

final class StrokeOutlineTests: XCTestCase {
    /// Every shared fixture: the edge cases, the outline's weak spots, a signature, and one
    /// gesture at three sample rates.
    static var fixtures: [(String, [InkPoint])] {
        StrokeFixtures.edgeCases.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            + StrokeFixtures.outlineCases.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            + [("signature", StrokeFixtures.signature(count: 500, in: Rect(x: 0, y: 0, width: 800, height: 300)))]
            + [60.0, 125, 1000].map { ("gesture\(Int($0))Hz", StrokeFixtures.gesture(rate: $0)) }
    }

    static var optionVariants: [OutlineOptions] {
        var simulated = OutlineOptions()
        simulated.simulatePressure = true
        var tapered = OutlineOptions()
        tapered.taperStart = 30
        tapered.taperEnd = 30
        var flat = OutlineOptions()
        flat.capStart = false
        flat.capEnd = false
        var negative = OutlineOptions()
        negative.thinning = -0.7
        negative.streamline = 0
        return [.default, simulated, tapered, flat, negative]
    }

    func testNoNaNForAnyFixture() {
        for (name, points) in Self.fixtures {
            for options in Self.optionVariants {
                let polygons = StrokeOutline.polygons(for: points, options: options)
                XCTAssertFalse(polygons.isEmpty, name)
                XCTAssertTrue(polygons.allSatisfy { $0.count >= 3 && $0.allSatisfy(\.isFinite) }, "\(name): \(options)")
            }
        }
    }

    /// An input with a coordinate that is NaN or infinite (either one, or both) is passed over:
    /// the stroke's outline is that of its finite inputs alone, bit for bit.
    func testInputsWithANonFiniteCoordinateArePassedOver() {
        let bad: [Double] = [.nan, .infinity, -.infinity, -.nan, .signalingNaN]
        let finite = StrokeFixtures.signature(count: 60, in: Rect(x: 0, y: 0, width: 90, height: 45))
        var spoiled: [InkPoint] = []
        for (i, p) in finite.enumerated() {
            spoiled.append(p)
            let v = bad[i % bad.count], ok = p.location.x
            for (x, y) in [(v, ok), (ok, v), (v, v)] {
                spoiled.append(InkPoint(sequence: p.sequence, time: p.time, force: p.force, preciseLocation: Point(x: x, y: y)))
            }
        }
        for options in Self.optionVariants {
            var clean = OutlineWriter(), dirty = OutlineWriter()
            clean.write(finite, options: options, simulatesPressure: options.simulatePressure)
            dirty.write(spoiled, options: options, simulatesPressure: options.simulatePressure)
            XCTAssertEqual(dirty.points, clean.points, "\(options)")
            XCTAssertEqual(dirty.pieces, clean.pieces, "\(options)")
        }
    }

    /// The builder keeps its samples in a store of its own making, not an array: it must still
    /// behave as a value. Chunks kept from `takeFinal()` keep their samples while the builder
    /// goes on (moving its samples, adding, finishing), and a copy finished, as a live tail is
    /// every frame, changes nothing of the builder it was copied from.
    func testTheBuildersSamplesAreAValue() {
        let points = StrokeFixtures.signature(count: 1000, in: Rect(x: 0, y: 0, width: 1900, height: 1000))
        var untouched = OutlineBuilder(options: .default, simulatesPressure: false)
        untouched.add(realPointsOf: points, precise: true)
        let expected = (untouched.takeFinal() + untouched.finish()).map { Array($0.samples) }

        var builder = OutlineBuilder(options: .default, simulatesPressure: false)
        var kept: [(chunk: OutlineChunk, samples: [OutlineSample])] = []
        for (i, p) in points.enumerated() {
            builder.add(p.location(precise: true), force: p.force, time: p.time)
            if i % 50 == 0 {
                var copy = builder
                _ = copy.finish()
                copy.add(Point(x: -500, y: -500), force: 1, time: p.time + 1)
            }
            kept += builder.takeFinal().map { ($0, Array($0.samples)) }
        }
        kept += builder.finish().map { ($0, Array($0.samples)) }
        XCTAssertGreaterThan(kept.count, 5)
        for (k, (chunk, samples)) in kept.enumerated() {
            XCTAssertTrue(Array(chunk.samples) == samples, "chunk \(k) changed after it was taken")
        }
        XCTAssertTrue(kept.map(\.samples) == expected, "the chunks differ from those of a builder never copied, whose chunks were not kept")
    }

    /// The builder settles its samples' directions and lengths in runs; whatever it hands out,
    /// and its length after any call, is settled exactly once: every chunk's samples have unit
    /// directions along their steps and running lengths that grow by those steps, and the
    /// builder's length is the same whether its points came one by one or at once. (A sample
    /// settled twice, or never, fails these.)
    func testEverySampleHandedOutIsSettled() {
        func check(_ chunk: OutlineChunk, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
            let s = Array(chunk.samples)
            for i in s.indices.dropFirst() {
                let step = s[i].point - s[i - 1].point
                if step.length == 0 {  // the copy that starts a piece, or a piece's last again
                    XCTAssertEqual(s[i].runningLength, s[i - 1].runningLength, label, file: file, line: line)
                    continue
                }
                XCTAssertEqual(s[i].direction.length, 1, accuracy: 1e-12, label, file: file, line: line)
                XCTAssertEqual(s[i].direction.dot(step), step.length, accuracy: 1e-9 * max(1, step.length), label, file: file, line: line)
                XCTAssertEqual(s[i].runningLength - s[i - 1].runningLength, step.length,
                               accuracy: 1e-9 * max(1, s[i].runningLength), label, file: file, line: line)
            }
        }
        for (name, points) in Self.fixtures {
            for options in Self.optionVariants {
                for levels in [nil, 64.0] {
                    var builder = OutlineBuilder(options: options, simulatesPressure: options.simulatePressure, opacityLevels: levels)
                    var last: OutlineChunk?
                    for (i, p) in points.enumerated() {
                        builder.add(p.location(precise: true), force: p.force, time: p.time)
                        builder.takeFinal { check($0, "\(name): a final chunk at point \(i)"); last = $0 }
                        if i % 5 == 2 {
                            var batch = OutlineBuilder(options: options, simulatesPressure: options.simulatePressure, opacityLevels: levels)
                            batch.add(realPointsOf: Array(points[...i]), precise: true)
                            XCTAssertEqual(builder.length, batch.length, "\(name): the length at point \(i), added one by one and at once")
                            // Finishing adds the segment to the newest input: the stroke can
                            // only be longer than so far, and it is as long as its last sample says.
                            var copy = builder
                            let sofar = builder.length
                            var tail: [OutlineChunk] = [], total = 0.0
                            copy.finish { chunk, length in
                                tail.append(chunk)
                                total = length
                            }
                            tail.forEach { check($0, "\(name): the tail at point \(i)") }
                            if let end = tail.last?.samples.last ?? last?.samples.last {
                                XCTAssertEqual(end.runningLength, total, "\(name): the tail's length at point \(i)")
                                XCTAssertGreaterThanOrEqual(total, sofar, "\(name): the length so far at point \(i)")
                            }
                        }
                    }
                    builder.finish { chunk, _ in check(chunk, "\(name): the finished stroke") }
                }
            }
        }
    }

    /// One writer reused from stroke to stroke — other fixtures, options and opacity in between —
    /// gives every stroke the polygons a fresh one does, and once grown keeps its storage.
    func testAReusedWriterEqualsAFreshOne() {
        var reused = OutlineWriter()
        for (name, points) in Self.fixtures {
            for options in Self.optionVariants {
                for levels in [nil, 64.0] {
                    var fresh = OutlineWriter()
                    fresh.write(points, options: options, simulatesPressure: options.simulatePressure, opacityLevels: levels)
                    reused.write(points, options: options, simulatesPressure: options.simulatePressure, opacityLevels: levels)
                    XCTAssertEqual(reused.points, fresh.points, name)
                    XCTAssertEqual(reused.pieces, fresh.pieces, name)
                }
            }
        }
        let signature = StrokeFixtures.signature(count: 1000, in: Rect(x: 0, y: 0, width: 1900, height: 1000))
        reused.write(signature, options: .default, simulatesPressure: false)
        let storage = reused.points.withUnsafeBufferPointer { $0.baseAddress }
        reused.write(signature, options: .default, simulatesPressure: false)
        XCTAssertEqual(reused.points.withUnsafeBufferPointer { $0.baseAddress }, storage, "the polygons' storage is reused")
        XCTAssertEqual(reused.pieces.indices.map { Array(reused.polygon($0)) }, StrokeOutline.polygons(for: signature))
    }

    /// `add(realPointsOf:)` runs a loop of its own for a stroke's steady middle: its chunks
    /// must be those of the points added one by one, bit for bit (every field of every sample,
    /// the ends and alpha of every chunk), for every fixture, option set and opacity mode, and
    /// for random strokes that mix what leaves the steady loop: repeats, inputs a hair apart,
    /// sparse corners and reversals, long jumps, non-finite places and times, predicted points.
    /// The same for a stroke's stored points, added in runs (across their blocks of 512).
    func testPointsAddedAtOnceGiveTheChunksOfPointsAddedOneByOne() {
        func bits(_ chunks: [OutlineChunk]) -> [[UInt64]] {
            chunks.map { c in
                [c.isStrokeStart ? 1 : 0, c.isStrokeEnd ? 1 : 0, c.alpha.bitPattern]
                    + c.samples.flatMap { s in
                        [s.point.x, s.point.y, s.direction.x, s.direction.y, s.pressure, s.runningLength].map(\.bitPattern)
                            + [s.isBoundary ? 1 : 0]
                    }
            }
        }
        var strokes = Self.fixtures
        var g = StrokeFixtures.Generator(seed: 24)
        for k in 0..<25 {
            var points: [InkPoint] = []
            var x = 500.0, y = 400.0, heading = 0.0, time = 0.0
            let steps: [Double] = [0, 1e-10, 0.05, 1, 3.9, 4, 4.6, 7, 20, 300, 9000]
            for i in 0..<(20 + Int(g.next() * 300)) {
                let roll = g.next()
                let step = roll < 0.7 ? 2 + 6 * g.next() : steps[Int(g.next() * Double(steps.count))]
                let turn = g.next() < 0.9 ? (g.next() - 0.5) * 0.6 : (g.next() - 0.5) * 2 * Double.pi
                heading += turn
                x += step * cos(heading)
                y += step * sin(heading)
                time += g.next() < 0.95 ? 1.0 / 240 : (g.next() - 0.5) * 0.1
                let rare = g.next()
                let place = rare < 0.01 ? Point(x: .nan, y: y) : rare < 0.02 ? Point(x: x, y: .infinity) : Point(x: x, y: y)
                let t = rare > 0.99 ? Double.nan : time
                let type: PointType = g.next() < 0.03 ? .predicted : .standard
                points.append(InkPoint(sequence: i, time: t, force: g.next() < 0.02 ? 0 : 0.1 + 0.9 * g.next(),
                                       preciseLocation: place, type: type))
            }
            strokes.append(("random \(k)", points))
        }
        for (name, points) in strokes {
            for options in Self.optionVariants {
                for (levels, precise) in [(nil, true), (64.0, true), (nil, false)] {
                    let label = "\(name) \(options) levels \(String(describing: levels)) precise \(precise)"
                    var batch = OutlineBuilder(options: options, simulatesPressure: options.simulatePressure, opacityLevels: levels)
                    batch.add(realPointsOf: points, precise: precise)
                    var single = OutlineBuilder(options: options, simulatesPressure: options.simulatePressure, opacityLevels: levels)
                    for p in points where p.isReal { single.add(p.location(precise: precise), force: p.force, time: p.time) }
                    XCTAssertEqual(batch.length.bitPattern, single.length.bitPattern, label)
                    let a = bits(batch.takeFinal() + batch.finish()), b = bits(single.takeFinal() + single.finish())
                    XCTAssertEqual(a.count, b.count, label)
                    XCTAssertTrue(a == b, "\(label): the chunks differ")
                }
                // A stroke's stored points (as a tessellator reads them), added in runs of any
                // length, against the same points one by one.
                var stored = StrokePoints()
                for p in points where p.isReal { stored.append(p) }
                // Pressure simulated from speed never takes the steady loop: its points one by one
                // are checked above.
                for precise in [true, false] where !options.simulatePressure {
                    let label = "\(name) \(options) stored, precise \(precise)"
                    var runs = OutlineBuilder(options: options, simulatesPressure: options.simulatePressure)
                    var from = 0
                    while from < stored.realCount {
                        let to = min(stored.realCount, from + 1 + Int(g.next() * 700))
                        runs.add(stored, range: from..<to, precise: precise)
                        from = to
                    }
                    var single = OutlineBuilder(options: options, simulatesPressure: options.simulatePressure)
                    for i in 0..<stored.realCount {
                        let p = stored.preciseLocation(at: i)
                        single.add(precise ? p : Point(x: p.x.rounded(), y: p.y.rounded()), force: stored.force(at: i), time: stored.time(at: i))
                    }
                    XCTAssertEqual(runs.length.bitPattern, single.length.bitPattern, label)
                    XCTAssertTrue(bits(runs.takeFinal() + runs.finish()) == bits(single.takeFinal() + single.finish()), "\(label): the chunks differ")
                }
            }
        }
    }

    /// The test: the polygons built point by point — taking the final chunks as they
    /// come and finishing a copy after every point, as a live stroke does each frame — equal
    /// the polygons built at once, within 1e-9.
    func testIncrementalOutlineEqualsTheWholeOutline() {
        for (name, points) in Self.fixtures {
            for options in Self.optionVariants {
                let whole = StrokeOutline.polygons(for: points, options: options)
                var builder = OutlineBuilder(options: options, simulatesPressure: options.simulatePressure)
                var polygons: [[Point]] = []
                for p in points {
                    builder.add(p.preciseLocation, force: p.force, time: p.time)
                    polygons += builder.takeFinal().map { OutlinePolygon.polygon($0, options: options, totalLength: nil) }
                    // A provisional end, as the live tail is drawn: it must not disturb the builder.
                    var copy = builder
                    let tail = copy.finish()
                    XCTAssertFalse(tail.isEmpty && polygons.isEmpty, "\(name): something is always drawn")
                }
                let rest = builder.finish()
                polygons += rest.map { OutlinePolygon.polygon($0, options: options, totalLength: builder.length) }
                XCTAssertEqual(polygons.count, whole.count, "\(name) \(options)")
                for (a, b) in zip(polygons, whole) {
                    XCTAssertEqual(a.count, b.count, name)
                    for (p, q) in zip(a, b) where p.distance(to: q) > 1e-9 {
                        XCTFail("\(name): \(p) ≠ \(q)")
                        break
                    }
                }
            }
        }
    }

    /// The tessellator, fed in batches of any size (frames), hands out exactly the pieces of the
    /// whole stroke, in every renderer and mode.
    func testTessellatorInAnyBatchesEqualsTheWholeStroke() {
        var styles: [InkStyle] = [InkStyle(), InkStyle(renderer: .classic), InkStyle(debug: true),
                                  InkStyle(opacityFromPressure: true), InkStyle(precise: false)]
        styles.append(InkStyle(renderer: .classic, opacityFromPressure: true))
        var g = StrokeFixtures.Generator(seed: 7)
        for (name, points) in Self.fixtures {
            let stroke = Stroke(id: 1, source: .pen, hasForce: true, points: points, isFinished: true)
            for style in styles {
                let whole = StrokeTessellator.pieces(of: stroke, style: style)
                var t = StrokeTessellator(style: style, stroke: stroke)
                var pieces: [InkPiece] = []
                var n = 0
                while n < stroke.realCount {
                    n = min(stroke.realCount, n + 1 + Int(g.next() * 12))
                    pieces += t.advance(stroke, through: n)
                    _ = t.tail(stroke)
                }
                pieces += t.finish(stroke)
                XCTAssertEqual(pieces, whole.real, "\(name) \(style)")
                XCTAssertTrue(whole.predicted.isEmpty)
            }
        }
    }

    /// The outline's angles are literals (a computed static is a lazy global, checked on every
    /// use): each is the value it is written for, to the last bit.
    func testTheOutlinesAngleConstantsAreExact() {
        XCTAssertEqual(OutlinePolygon.cosArcThreshold, cos(20 * Double.pi / 180))
        XCTAssertEqual(OutlinePolygon.turnCosines.count, 2 * OutlinePolygon.capSteps - 1)
        XCTAssertEqual(OutlinePolygon.turnSines.count, 2 * OutlinePolygon.capSteps - 1)
        for k in 1..<(2 * OutlinePolygon.capSteps) {
            let angle = Double(k) * Double.pi / Double(OutlinePolygon.capSteps)
            XCTAssertEqual(OutlinePolygon.turnCosines[k - 1], cos(angle), "cos of \(k) steps")
            XCTAssertEqual(OutlinePolygon.turnSines[k - 1], sin(angle), "sin of \(k) steps")
        }
        XCTAssertEqual(OutlineBuilder.cosVertexTurn, cos(Double.pi / 6))
    }

    /// A polygon is written into room made for the most points it can have (its sides meet in
    /// the middle): every chunk of every fixture, with and without the end taper, fits, and the
    /// bound is tight enough that some polygon fills it to within two points.
    func testEveryPolygonFitsTheRoomMadeForIt() {
        var tightest = Int.max
        for (name, points) in Self.fixtures {
            for options in Self.optionVariants {
                for chunk in StrokeOutline.chunks(for: points, options: options) {
                    let room = chunk.samples.withUnsafeBufferPointer { OutlinePolygon.mostPoints($0) }
                    for total in [nil, 1e9] as [Double?] {
                        let count = OutlinePolygon.polygon(chunk, options: options, totalLength: total).count
                        XCTAssertLessThanOrEqual(count, room, name)
                        if chunk.samples.count > 1 { tightest = min(tightest, room - count) }
                    }
                }
            }
        }
        XCTAssertLessThanOrEqual(tightest, 2, "some polygon of a moving stroke fills its room to within two points")
        // The builder ends a piece at every reversal, so its chunks turn less than 90° at a
        // sample; a chunk built by hand turns up to 179° at every sample, on alternate sides
        // (an arc of 14 points each: the sharpest join there is).
        var samples: [OutlineSample] = []
        var point = Point(x: 100, y: 100), running = 0.0, heading = 0.0
        for i in 0..<40 {
            heading += (Double.pi - Double(i % 7 + 1) * 0.01) * (i % 2 == 0 ? 1 : -1)
            let direction = Point(x: cos(heading), y: sin(heading))
            point = point + direction * 10
            running += 10
            samples.append(OutlineSample(point: point, pressure: 0.5 + 0.01 * Double(i), direction: direction, runningLength: running))
        }
        let sharp = OutlineChunk(samples: OutlineSamples(samples), isStrokeStart: true, isStrokeEnd: true, alpha: 1)
        let room = sharp.samples.withUnsafeBufferPointer { OutlinePolygon.mostPoints($0) }
        let polygon = OutlinePolygon.polygon(sharp, options: .default, totalLength: nil)
        XCTAssertLessThanOrEqual(polygon.count, room)
        XCTAssertGreaterThanOrEqual(polygon.count, 38 * (OutlinePolygon.capSteps + 1), "an arc of 14 points at every turn")
        XCTAssertTrue(polygon.allSatisfy(\.isFinite))
    }

    /// Half the height of the outline of a horizontal line drawn at `pressure`.
    func halfWidth(pressure: Double) -> Double {
        let points = (0..<30).map { i in
            InkPoint(sequence: i, time: Double(i) / 60, force: pressure, preciseLocation: Point(x: Double(i) * 10, y: 100))
        }
        let ys = StrokeOutline.polygons(for: points).joined().filter { $0.x > 50 && $0.x < 250 }.map { abs($0.y - 100) }
        return ys.max() ?? 0
    }

    func testWidthIsMonotonicInPressure() {
        let widths = stride(from: 0.0, through: 1.0, by: 0.1).map { halfWidth(pressure: $0) }
        for (a, b) in zip(widths, widths.dropFirst()) { XCTAssertLessThan(a, b) }
        // size 16, thinning 0.5: radius = 16 · (0.5 − 0.5·(0.5 − p)) → 4 at p=0, 8 at 0.5, 12 at 1.
        XCTAssertEqual(halfWidth(pressure: 0.5), 8, accuracy: 0.01)
        XCTAssertEqual(halfWidth(pressure: 1), 12, accuracy: 0.01)
        XCTAssertEqual(halfWidth(pressure: 0), 4, accuracy: 0.01)
    }

    /// Chunks meet at a shared sample, and each has a round cap there: their union is seamless.
    func testChunksShareTheirBoundarySampleAndAreCapped() {
        let points = StrokeFixtures.signature(count: 600, in: Rect(x: 0, y: 0, width: 900, height: 300))
        let chunks = StrokeOutline.chunks(for: points)
        XCTAssertGreaterThan(chunks.count, 3, "a long stroke is cut into pieces")
        for (a, b) in zip(chunks, chunks.dropFirst()) {
            XCTAssertEqual(a.samples.last?.point, b.samples.first?.point)
        }
        for c in chunks {
            let polygon = OutlinePolygon.polygon(c, options: .default, totalLength: nil)
            guard let first = c.samples.first, let last = c.samples.last, c.samples.count > 1 else { continue }
            let rFirst = StrokeOutline.radius(pressure: first.pressure, options: .default)
            let rLast = StrokeOutline.radius(pressure: last.pressure, options: .default)
            let startDirection = (c.samples[1].point - first.point).normalized
            // Each cap is a semicircle: its apex lies one radius beyond the end, along the stroke.
            XCTAssertTrue(polygon.contains { $0.distance(to: last.point + last.direction * rLast) < rLast * 0.2 }, "end cap")
            XCTAssertTrue(polygon.contains { $0.distance(to: first.point - startDirection * rFirst) < rFirst * 0.2 }, "start cap")
        }
    }

    func testADotIsACircleOfTheLargestForce() throws {
        let polygons = StrokeOutline.polygons(for: try XCTUnwrap(StrokeFixtures.edgeCases["repeated"]))
        XCTAssertEqual(polygons.count, 1)
        let r = StrokeOutline.radius(pressure: 0.9, options: .default)
        for p in polygons[0] { XCTAssertEqual(p.distance(to: Point(x: 10, y: 10)), r, accuracy: 1e-3) }
    }

    func testTheEndSnapsToTheLastInput() throws {
        let pts = try XCTUnwrap(StrokeFixtures.edgeCases["fullForce"])
        XCTAssertEqual(StrokeOutline.samples(for: pts).last?.point, pts.last?.preciseLocation)
    }

    /// Simulated pressure falls with speed — measured in points per second, not per sample.
    func testSimulatedPressureFallsWithSpeed() {
        func pressure(speed: Double, rate: Double) -> Double {
            let pts = (0..<Int(rate)).map { i in
                InkPoint(sequence: i, time: Double(i) / rate, force: 0.5, preciseLocation: Point(x: Double(i) * speed / rate, y: 0))
            }
            return StrokeOutline.samples(for: pts, simulatePressure: true).last?.pressure ?? 0
        }
        XCTAssertGreaterThan(pressure(speed: 60, rate: 60), pressure(speed: 700, rate: 60))
        XCTAssertEqual(pressure(speed: 300, rate: 60), pressure(speed: 300, rate: 1000), accuracy: 0.05,
                       "the same speed at another sample rate gives the same pressure")
        XCTAssertTrue((0...1).contains(pressure(speed: 1e6, rate: 60)))
    }

    func testAHairpinGetsARoundCornerNotASpike() throws {
        let pts = try XCTUnwrap(StrokeFixtures.edgeCases["hairpin"])
        var options = OutlineOptions()
        options.streamline = 0
        let maxX = StrokeOutline.polygons(for: pts, options: options).joined().map(\.x).max() ?? 0
        // The turn is at x = 100; a spike would shoot far past it, a round corner stays within a radius.
        XCTAssertLessThanOrEqual(maxX, 100 + StrokeOutline.radius(pressure: 0.5, options: options) + 1)
    }

    /// A fast zigzag with one sample per leg keeps its height: smoothing depends on distance,
    /// not on the number of samples (it came out 50 px tall of 60 when streamlined per sample).
    func testASparseZigzagKeepsItsShape() throws {
        let pts = try XCTUnwrap(StrokeFixtures.outlineCases["sparseZigzag"])
        let ys = StrokeOutline.samples(for: pts).map(\.y)
        XCTAssertGreaterThan((ys.max() ?? 0) - (ys.min() ?? 0), 58)
        // Every corner is a boundary with round caps: a chunk per leg.
        XCTAssertEqual(StrokeOutline.chunks(for: pts).count, pts.count - 1)
    }

    /// Sharp corners are covered by a disc of the ink's radius (round joins: no chord cutting
    /// the elbow, no spike past it).
    func testCornersGetRoundJoins() throws {
        let pts = try XCTUnwrap(StrokeFixtures.outlineCases["elbows"])
        let polygons = StrokeOutline.polygons(for: pts)
        for corner in pts.dropFirst().dropLast() {
            let r = StrokeOutline.radius(pressure: corner.force, options: .default) - 2
            for k in 0..<24 {
                let angle = 2 * Double.pi * Double(k) / 24
                let probe = corner.preciseLocation + Point(x: cos(angle), y: sin(angle)) * r
                XCTAssertTrue(polygons.contains { Self.contains($0, probe) }, "\(corner.preciseLocation) at \(k * 15)°")
            }
        }
    }

    /// A join's arc turns from the side's offset into the sample to its offset out of it, where
    /// it ends exactly, in steps no longer than a cap's (π / `capSteps`), on the circle of the
    /// ink's radius, with one point a step: turns of 25° to 170°, left and right.
    func testAJoinsArcStepsAsACapDoesAndEndsOnTheOutgoingSide() {
        var options = OutlineOptions()
        options.capStart = false
        options.capEnd = false
        let step = Double.pi / Double(OutlinePolygon.capSteps)
        for degrees in [25.0, 50, 100, 170, -25, -50, -100, -170] {
            let theta = degrees * Double.pi / 180
            let din = Point(x: 1, y: 0), dout = Point(x: cos(theta), y: sin(theta))
            let center = Point(x: 10, y: 0)
            let samples = [
                OutlineSample(point: .zero, pressure: 0.5, direction: .zero, runningLength: 0),
                OutlineSample(point: center, pressure: 0.5, direction: din, runningLength: 10),
                OutlineSample(point: center + dout * 10, pressure: 0.5, direction: dout, runningLength: 20),
            ]
            let chunk = OutlineChunk(samples: OutlineSamples(samples), isStrokeStart: true, isStrokeEnd: true, alpha: 1)
            let polygon = OutlinePolygon.polygon(chunk, options: options, totalLength: nil)
            let r = OutlinePolygon.radius(pressure: 0.5, options: options)
            // The outer side is the one the turn leaves: left (`perpendicular`) for a turn one way.
            let outer = degrees > 0 ? r : -r
            let from = center + din.perpendicular * outer, to = center + dout.perpendicular * outer
            let outward = din.perpendicular + dout.perpendicular
            let onArc = polygon.filter {
                abs(($0 - center).length - r) < 1e-9 && ($0 - center).dot(outward) * outer > 0
            }
            // The polygon runs down the left side and back up the right: a right side's arc
            // reads in reverse.
            let arc = degrees > 0 ? onArc : onArc.reversed()
            let name = "a turn of \(degrees)°"
            XCTAssertEqual(arc.first.map { ($0 - from).length } ?? .infinity, 0, accuracy: 1e-12, name)
            XCTAssertEqual(arc.last, to, "\(name) ends exactly on the outgoing side")
            XCTAssertEqual(arc.count, Int((abs(theta) / step).rounded(.up)) + 1, name)
            for (a, b) in zip(arc, arc.dropFirst()) {
                let gap = acos(min(1, (a - center).dot(b - center) / (r * r)))
                XCTAssertLessThanOrEqual(gap, step + 1e-9, name)
                XCTAssertGreaterThan(gap, 0, name)
            }
        }
    }

    /// The same gesture at 60 Hz, 125 Hz and 1 kHz gives the same centre line (within 1 pt) and
    /// the same width (within 0.5 pt).
    func testTheSampleRateDoesNotChangeTheOutline() {
        let reference = StrokeOutline.samples(for: StrokeFixtures.gesture(rate: 1000))
        for rate in [60.0, 125] {
            let samples = StrokeOutline.samples(for: StrokeFixtures.gesture(rate: rate))
            var worst = 0.0, worstWidth = 0.0
            for s in samples {
                var best = Double.infinity, bestIndex = 0
                for (i, r) in reference.enumerated() {
                    let d = r.point.distanceSquared(to: s.point)
                    if d < best { best = d; bestIndex = i }
                }
                worst = max(worst, best.squareRoot())
                let w = abs(StrokeOutline.radius(pressure: s.pressure, options: .default)
                            - StrokeOutline.radius(pressure: reference[bestIndex].pressure, options: .default))
                worstWidth = max(worstWidth, w)
            }
            XCTAssertLessThan(worst, 1, "\(rate) Hz: centre line")
            XCTAssertLessThan(worstWidth, 0.5, "\(rate) Hz: radius")
        }
    }

    /// A first sample at full force (a pen landing hard) or at 0 (a broken device) does not give
    /// a fat or a thin start: the start's pressure is blended with its average.
    func testTheStartIsNeitherFatNorThin() throws {
        let fat = StrokeOutline.samples(for: try XCTUnwrap(StrokeFixtures.outlineCases["fatStart"]))
        XCTAssertLessThan(try XCTUnwrap(fat.first).pressure, 0.5)
        let thin = StrokeOutline.samples(for: try XCTUnwrap(StrokeFixtures.outlineCases["zeroStart"]))
        XCTAssertGreaterThan(try XCTUnwrap(thin.first).pressure, 0.35, "within 80% of the pressure that follows")
    }

    /// Nonzero winding of `polygon` around `p`.
    static func contains(_ polygon: [Point], _ p: Point) -> Bool {
        var winding = 0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
            if a.y <= p.y {
                if b.y > p.y, cross > 0 { winding += 1 }
            } else if b.y <= p.y, cross < 0 {
                winding -= 1
            }
        }
        return winding != 0
    }
}

private extension OutlineSample {
    var y: Double { point.y }
}

/// A vector export's outlines (`PolygonReduction`): vertices within the tolerance of the line
/// through the kept ones go, every other stays, and every vertex left out lies within the
/// tolerance of the kept polygon's edges.
final class PolygonReductionTests: XCTestCase {
    /// The distance from `p` to the segment `a`–`b`.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let d = b - a, v = p - a
        let l2 = d.x * d.x + d.y * d.y
        let t = l2 > 0 ? max(0, min(1, (v.x * d.x + v.y * d.y) / l2)) : 0
        return (p - (a + d * t)).length
    }

    func testEveryVertexLeftOutIsWithinTheToleranceOfTheOutlineKept() {
        var writer = OutlineWriter()
        // A Xournal++ pen's 1.4 pt ink: its caps' 13 steps and its sides' vertices are far
        // finer than 0.05 pt apart from a chord (at the default 16 pt, few are).
        let points = StrokeFixtures.signature(count: 300, in: Rect(x: 0, y: 0, width: 100, height: 50))
        var options = OutlineOptions.default
        options.size = 1.4
        writer.write(points, options: options, simulatesPressure: false)
        var before = 0, after = 0
        for i in writer.pieces.indices {
            let polygon = Array(writer.polygon(i))
            let kept = PolygonReduction.reduced(polygon, tolerance: 0.05)
            before += polygon.count
            after += kept.count
            XCTAssertTrue(kept.allSatisfy { p in polygon.contains(p) })
            for p in polygon {
                let nearest = kept.indices.map { Self.distance(p, kept[$0], kept[($0 + 1) % kept.count]) }.min() ?? .infinity
                XCTAssertLessThanOrEqual(nearest, 0.05 + 1e-9)
            }
        }
        XCTAssertLessThan(after, before * 3 / 4, "the caps' and the smooth sides' vertices go: \(before) → \(after)")
    }

    func testCornersStayAndStraightRunsGo() {
        // A square with 9 points along each side, and a hair's bump on one.
        var square: [Point] = []
        for k in 0..<4 {
            for i in 0..<10 {
                let u = Double(i) * 10
                let p = [Point(x: u, y: 0), Point(x: 100, y: u), Point(x: 100 - u, y: 100), Point(x: 0, y: 100 - u)][k]
                square.append(p)
            }
        }
        XCTAssertEqual(Set(PolygonReduction.reduced(square, tolerance: 0.05).map { "\($0.x),\($0.y)" }),
                       ["0.0,0.0", "100.0,0.0", "100.0,100.0", "0.0,100.0"])
        square[5].y = -0.2
        XCTAssertTrue(PolygonReduction.reduced(square, tolerance: 0.05).contains(square[5]), "a bump past the tolerance stays")
        let small = Array(square.prefix(4))
        XCTAssertEqual(PolygonReduction.reduced(small, tolerance: 0.05), small)
        XCTAssertEqual(PolygonReduction.reduced(square, tolerance: 0), square)
    }
}
