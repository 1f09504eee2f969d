import CairoRender
import ForceCore
import SDLHost

/// Bench sections 4 and 5: the cost of tablet events.
extension BenchCommand {
    /// A Wacom-style pen: X/Y, pressure 0…65535, tilt ±64°, as xf86-input-wacom describes it.
    static let benchPen = TabletDevice(id: 12, name: "Bench pen", use: .slavePointer, axes: [
        ValuatorAxis(number: 0, label: "Abs X", min: 0, max: 44800),
        ValuatorAxis(number: 1, label: "Abs Y", min: 0, max: 29600),
        ValuatorAxis(number: 2, label: "Abs Pressure", min: 0, max: 65535),
        ValuatorAxis(number: 3, label: "Abs Tilt X", min: -64, max: 63, resolution: 57),
        ValuatorAxis(number: 4, label: "Abs Tilt Y", min: -64, max: 63, resolution: 57),
    ])
    /// 1 kHz: a fast USB pen's report rate.
    static let penRate = 1000.0
    /// 60 fps: the frame budget is 1/60 s.
    static let frameBudget = 1.0 / 60
    /// Synthetic events timed in section 4.
    static let decodeEvents = 1_000_000
    /// Frames of the 1 kHz stroke in section 5: ten seconds.
    static let penFrames = 600

    /// Synthetic XI2 valuators: (mask, packed values) pairs, a quarter of them without the
    /// pressure axis (the driver sends only what changed).
    struct SyntheticEvents {
        var masks: [[UInt8]] = []
        var values: [[Double]] = []

        init(count: Int) {
            var g = StrokeFixtures.Generator(seed: 7)
            for i in 0..<count {
                let x = g.next() * 44800, y = g.next() * 29600
                let pressure = g.next() * 65535, tx = g.next() * 128 - 64, ty = g.next() * 128 - 64
                if i % 4 == 3 {
                    masks.append([0b0001_1011])  // X, Y, tilt X, tilt Y
                    values.append([x, y, tx, ty])
                } else {
                    masks.append([0b0001_1111])
                    values.append([x, y, pressure, tx, ty])
                }
            }
        }
    }

    /// Section 4: nanoseconds per XI2 event → sample (unpack + normalise + tilt + PointerInput).
    func decodeCost() -> Double {
        let events = SyntheticEvents(count: 1024)
        var decoder = PenSampleDecoder(device: Self.benchPen)
        var sink = 0.0
        let clock = ContinuousClock()
        let start = clock.now
        for i in 0..<Self.decodeEvents {
            let k = i & 1023
            events.masks[k].withUnsafeBufferPointer { m in
                events.values[k].withUnsafeBufferPointer { v in
                    let axes = decoder.decode(mask: m, values: v)
                    let p = decoder.sample(.move, at: Point(x: Double(k), y: 0.5), axes: axes)
                    sink += (p.rawForce ?? 0) + (p.altitude ?? 0)
                }
            }
        }
        let elapsed = seconds(clock.now - start)
        if sink.isNaN { print("") }  // keeps the work observable
        return elapsed / Double(Self.decodeEvents) * 1e9
    }

    struct PenFrames {
        var timing: Timing
        var eventsMean: Double
        var over: Int
        var events: Int
    }

    /// Section 5: the headless frame loop with a 1 kHz pen stroke (16–17 events per frame):
    /// decode + update + advance + render + upload per frame.
    func penFrameCost() throws -> PenFrames {
        var state = AppState(viewport: Self.viewport)
        let renderer = try FrameRenderer(viewport: Self.viewport)
        let texture = try OffscreenTexture(width: Self.viewport.pixelWidth, height: Self.viewport.pixelHeight)
        let total = Int(Double(Self.penFrames) * Self.frameBudget * Self.penRate)
        let path = StrokeFixtures.signature(count: total + 1, in: Rect(x: 200, y: 200, width: 1500, height: 600), seed: 5)
        let events = SyntheticEvents(count: 1024)
        var decoder = PenSampleDecoder(device: Self.benchPen)
        let clock = ContinuousClock()
        var costs: [Double] = [], eventCosts: [Double] = []
        var sent = 0
        // The window's first frame, drawn whole when it opens, before the pen comes (timed with
        // the pen's frames, its 20 ms was the one frame over budget).
        texture.upload(renderer.frame, dirty: try renderer.render(state.display))
        for f in 0..<Self.penFrames {
            let frameStart = clock.now
            let due = Int(Double(f + 1) * Self.frameBudget * Self.penRate)
            while sent < due {
                let k = sent & 1023
                let t = Double(sent) / Self.penRate
                let phase: PointerPhase = sent == 0 ? .down : (sent == total - 1 ? .up : .move)
                let p = events.masks[k].withUnsafeBufferPointer { m in
                    events.values[k].withUnsafeBufferPointer { v in
                        decoder.sample(phase, at: path[sent].preciseLocation, axes: decoder.decode(mask: m, values: v))
                    }
                }
                state.handle(.pointer(p), at: t)
                sent += 1
            }
            eventCosts.append(seconds(clock.now - frameStart))
            state.advance(to: Double(f + 1) * Self.frameBudget)
            texture.upload(renderer.frame, dirty: try renderer.render(state.display))
            costs.append(seconds(clock.now - frameStart))
        }
        let timing = Timing(costs)
        return PenFrames(timing: timing, eventsMean: eventCosts.reduce(0, +) / Double(eventCosts.count),
                         over: costs.filter { $0 > Self.frameBudget }.count, events: sent)
    }

    func printTabletSections() throws {
        print("4. XI2 event → sample (valuator unpack + pressure + tilt), \(Self.decodeEvents) synthetic events")
        print(String(format: "   %.1f ns/event (target: under 1,000 ns)", decodeCost()))
        print("")
        print("5. A 1 kHz pen (16–17 events per frame), \(Self.penFrames) frames at 60 fps")
        let r = try penFrameCost()
        print(String(format: "   frame cost (events + update + render + upload): mean %.3f ms · p50 %.3f ms · p99 %.3f ms",
                     r.timing.mean * 1000, r.timing.median * 1000, r.timing.p99 * 1000))
        print(String(format: "   of which handling the events: mean %.3f ms per frame (%d events in all)", r.eventsMean * 1000, r.events))
        print("   frames over 16.7 ms: \(r.over) of \(Self.penFrames) (target: 0)")
    }
}
