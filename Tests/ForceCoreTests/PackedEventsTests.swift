@testable import ForceCore
import XCTest

/// `PackedEvents`: every event packed comes back the same, bit for bit, in order.
final class PackedEventsTests: XCTestCase {
    /// The bits of every number an event carries, so -0, NaN payloads and infinities count.
    func bits(_ e: TimedEvent) -> [UInt64?] {
        guard case .pointer(let p) = e.event else { return [e.time.bitPattern] }
        return [e.time.bitPattern, p.location.x.bitPattern, p.location.y.bitPattern, p.rawForce?.bitPattern,
                p.maximumForce?.bitPattern, p.altitude?.bitPattern, p.azimuth?.bitPattern, p.distance?.bitPattern]
    }

    func unpacked(_ packed: PackedEvents) -> [TimedEvent] {
        var out: [TimedEvent] = []
        var reader = packed.events()
        while let e = reader.next() { out.append(e) }
        return out
    }

    /// Every phase, source and combination of optional values, odd numbers, and other events
    /// between them.
    func variety() -> [TimedEvent] {
        let odd = [0.0, -0.0, 1.5, -1e-300, .infinity, -.infinity, .nan, Double(bitPattern: 0x7FF8_0000_0000_1234),
                   .leastNonzeroMagnitude, .greatestFiniteMagnitude, 523.7418529364827]
        var events: [TimedEvent] = []
        var k = 0
        for phase in PointerPhase.allCases {
            for source in InputSource.allCases {
                for mask in 0..<32 {
                    func value(_ bit: Int) -> Double? { mask & 1 << bit != 0 ? odd[(k + bit) % odd.count] : nil }
                    var p = PointerInput(phase: phase, location: Point(x: odd[k % odd.count], y: odd[(k + 3) % odd.count]),
                                         source: source, rawForce: value(0), maximumForce: value(1), altitude: value(2),
                                         azimuth: value(3))
                    p.distance = value(4)
                    events.append(TimedEvent(time: odd[(k + 5) % odd.count], event: .pointer(p)))
                    if k % 7 == 0 { events.append(TimedEvent(time: Double(k), event: .wheel(Double(k % 5) - 2))) }
                    if k % 11 == 0 { events.append(TimedEvent(time: -0.0, event: .caption(Caption(text: "caption \(k)")))) }
                    k += 1
                }
            }
        }
        events.append(TimedEvent(time: 9, event: .checkpoint("last")))
        return events
    }

    func testEveryEventComesBackBitForBit() {
        let events = variety()
        var packed = PackedEvents()
        for e in events { packed.append(e) }
        XCTAssertEqual(packed.count, events.count)
        let back = unpacked(packed)
        XCTAssertEqual(back.count, events.count)
        XCTAssertEqual(back.map(bits), events.map(bits))
        // Apart from NaN (never equal to itself), the events are equal.
        for (a, b) in zip(back, events) where !bits(a).contains(where: { $0.map { Double(bitPattern: $0).isNaN } ?? false }) {
            XCTAssertEqual(a, b)
        }
        // A reader starts again from the first event each time.
        XCTAssertEqual(unpacked(packed).map(bits), events.map(bits))
    }

    func testJoinedPackingsKeepTheirOrder() {
        let events = variety()
        var whole = PackedEvents(), joined = PackedEvents()
        for e in events { whole.append(e) }
        // Cut into three, one of them empty.
        for part in [events[..<100], events[100..<100], events[100...]] {
            var p = PackedEvents()
            for e in part { p.append(e) }
            joined.append(contentsOf: p)
        }
        XCTAssertEqual(joined.count, whole.count)
        XCTAssertEqual(joined.byteCount, whole.byteCount)
        XCTAssertEqual(unpacked(joined).map(bits), events.map(bits))
        var empty = PackedEvents().events()
        XCTAssertNil(empty.next())
    }

    /// Events past a segment's megabyte go on in the next, in order; a reader of a copy still
    /// held elsewhere leaves that copy whole (it lets go of its own references only).
    func testManySegmentsInOrder() {
        var packed = PackedEvents(), events: [TimedEvent] = []
        for k in 0..<60_000 {
            let e = TimedEvent(time: Double(k) / 240, event: k % 1000 == 0 ? .checkpoint("c\(k)") :
                .pointer(PointerInput(phase: .move, location: Point(x: Double(k), y: -Double(k)), source: .pen,
                                      rawForce: Double(k % 1024), maximumForce: 1024)))
            events.append(e)
            packed.append(e)
        }
        XCTAssertEqual(packed.segmentCount, (packed.byteCount - 60 * MemoryLayout<TimedEvent>.stride) / PackedEvents.segmentBytes + 1)
        XCTAssertGreaterThan(packed.segmentCount, 1)
        XCTAssertEqual(unpacked(packed).map(bits), events.map(bits))
        XCTAssertEqual(unpacked(packed).map(bits), events.map(bits), "read twice: the events are still all there")
    }

    /// A pen sample with force, the most common line of a recording, takes 42 bytes.
    func testAPenSampleTakes42Bytes() {
        var packed = PackedEvents()
        packed.append(TimedEvent(time: 1, event: .pointer(PointerInput(phase: .move, location: Point(x: 1, y: 2), source: .pen,
                                                                       rawForce: 300, maximumForce: 1024))))
        XCTAssertEqual(packed.byteCount, 42)
    }
}
