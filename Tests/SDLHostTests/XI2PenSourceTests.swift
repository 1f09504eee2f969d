import CSDL2
import CXInput2
import ForceCore
@testable import SDLHost
import TestSupport
import XCTest

/// The pen source fed with XI2 events built in memory and pushed through SDL's event watch:
/// no display, no tablet.
final class XI2PenSourceTests: XCTestCase {
    var x = FakeXServer()
    var source: XI2PenSource?

    override func setUpWithError() throws {
        guard SDL_Init(SDL_INIT_EVENTS) == 0 else { throw MissingPrerequisite("SDL's events did not start: \(String(cString: SDL_GetError()))") }
        x = FakeXServer()
    }

    override func tearDown() {
        source?.stop()
        source = nil
        SDL_Quit()
    }

    func start(_ devices: [TabletDevice] = Tablets.all, refresh: (() -> [TabletDevice])? = nil) -> XI2PenSource {
        let s = XI2PenSource(devices: devices, opcode: x.opcode, refresh: refresh)
        s.start()
        source = s
        return s
    }

    func testTheWatchRunsSynchronouslyInsideSDLPushEvent() {
        let s = start()
        XCTAssertTrue(x.push(XI_Motion, device: 12, x: 10, y: 20, valuators: [2: 100]))
        XCTAssertEqual(s.takeAll().count, 1, "translated inside SDL_PushEvent, before any poll")
    }

    func testHalfTheWacomRangeIsHalfForce() throws {
        let s = start()
        x.push(XI_ButtonPress, device: 12, x: 100.25, y: 200.75, button: 1, valuators: [0: 1000, 1: 2000, 2: 32768, 3: 0, 4: 0])
        let events = x.drain(s)
        XCTAssertEqual(events.count, 1)
        guard case .pen(let id, let device, let p)? = events.first else { return XCTFail("\(events)") }
        XCTAssertEqual(id, 12)
        XCTAssertEqual(device, InputDevice(name: "Wacom Intuos Pro M Pen stylus", kind: .pen, hasForce: true, hasTilt: true))
        XCTAssertEqual(p.phase, .down)
        XCTAssertEqual(p.source, .pen)
        XCTAssertEqual(p.location, Point(x: 100.25, y: 200.75), "sub-pixel event_x/event_y")
        XCTAssertEqual(p.rawForce, 32768, "raw − min: sessions record device units")
        XCTAssertEqual(p.maximumForce, 65535)
        XCTAssertEqual(try XCTUnwrap(p.normalizedForce), 0.5, accuracy: 1e-4)
    }

    func testALibinputRangeOf2047() throws {
        let s = start()
        x.push(XI_Motion, device: 14, valuators: [2: 1024])
        let p = try XCTUnwrap(x.drain(s).first?.sample)
        XCTAssertEqual(p.maximumForce, 2047)
        XCTAssertEqual(try XCTUnwrap(p.normalizedForce), 0.5, accuracy: 1e-3)
    }

    func testAnEventWithoutThePressureAxisKeepsTheLastPressure() {
        let s = start()
        x.push(XI_ButtonPress, device: 12, x: 1, y: 1, button: 1, valuators: [0: 10, 1: 10, 2: 40000])
        x.push(XI_Motion, device: 12, x: 2, y: 1, valuators: [0: 20])  // only X changed
        x.push(XI_Motion, device: 12, x: 3, y: 1, valuators: [1: 30, 5: 7])
        let forces = x.drain(s).compactMap { $0.sample?.rawForce }
        XCTAssertEqual(forces, [40000, 40000, 40000])
    }

    func testTiltBecomesAltitudeAndAzimuth() throws {
        let s = start()
        x.push(XI_Motion, device: 12, valuators: [2: 1000, 3: 45, 4: 0])
        x.push(XI_Motion, device: 12, valuators: [3: 0, 4: -30])
        x.push(XI_Motion, device: 12, valuators: [3: 45, 4: 45])
        x.push(XI_Motion, device: 12, valuators: [3: 0, 4: 0])
        let samples = x.drain(s).compactMap(\.sample)
        XCTAssertEqual(samples.count, 4)
        // 45° right: the pen leans halfway to the surface, pointing along +x.
        XCTAssertEqual(try XCTUnwrap(samples[0].altitude), .pi / 4, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(samples[0].azimuth), 0, accuracy: 1e-12)
        // 30° up the window: 60° above the surface, azimuth −90°.
        XCTAssertEqual(try XCTUnwrap(samples[1].altitude), .pi / 3, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(samples[1].azimuth), -.pi / 2, accuracy: 1e-12)
        // 45° on both axes: direction (1, 1, 1), altitude atan(1/√2) = 35.26°, azimuth 45°.
        XCTAssertEqual(try XCTUnwrap(samples[2].altitude), atan(1 / 2.0.squareRoot()), accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(samples[2].azimuth), .pi / 4, accuracy: 1e-12)
        // Upright.
        XCTAssertEqual(samples[3].altitude, .pi / 2)
        XCTAssertEqual(samples[3].azimuth, 0)
    }

    func testTheEraserEndIsTheEraserSource() throws {
        let s = start()
        x.push(XI_ButtonPress, device: 13, button: 1, valuators: [2: 20000])
        guard case .pen(_, let device, let p)? = x.drain(s).first else { return XCTFail("no sample") }
        XCTAssertEqual(p.source, .eraser)
        XCTAssertEqual(device.kind, .eraser)
    }

    func testAnEmptyOrInvertedPressureRangeIsForcelessAndReportedOnce() {
        let s = start()
        for id: Int32 in [15, 16] {
            x.push(XI_Motion, device: id, valuators: [2: 500])
            x.push(XI_ButtonPress, device: id, button: 1, valuators: [2: 700])
            x.push(XI_ButtonRelease, device: id, button: 1)
        }
        let events = x.drain(s)
        let notices = events.compactMap { e -> String? in if case .notice(let t) = e { return t } else { return nil } }
        XCTAssertEqual(notices, [
            "Cheap Tablet Pen: empty pressure range 0…0; drawing with simulated pressure",
            "Odd Tablet Pen: inverted pressure range 1000…0; drawing with simulated pressure",
        ])
        let samples = events.compactMap(\.sample)
        XCTAssertEqual(samples.map(\.phase), [.move, .down, .up, .move, .down, .up])
        XCTAssertTrue(samples.allSatisfy { $0.rawForce == nil && $0.maximumForce == nil && $0.normalizedForce == nil })
        guard case .pen(_, let device, _) = events[1] else { return XCTFail() }
        XCTAssertFalse(device.hasForce)
    }

    func testOutOfRangeRawValuesClampAndNeverGiveNaN() throws {
        let s = start()
        for raw in [70000, -5, .infinity, -.infinity, .nan] as [Double] {
            x.push(XI_Motion, device: 12, valuators: [2: raw, 3: raw, 4: raw])
        }
        let samples = x.drain(s).compactMap(\.sample)
        XCTAssertEqual(samples.map(\.rawForce), [65535, 0, 65535, 0, 0])
        for p in samples {
            let f = try XCTUnwrap(p.normalizedForce)
            XCTAssertTrue((0...1).contains(f), "\(f)")
            let altitude = try XCTUnwrap(p.altitude), azimuth = try XCTUnwrap(p.azimuth)
            XCTAssertTrue((0...(Double.pi / 2)).contains(altitude), "\(altitude)")
            XCTAssertFalse(azimuth.isNaN)
        }
    }

    func testTheMasterCopyOfAPenEventIsDropped() {
        let s = start()
        x.push(XI_Motion, device: 2, source: 12, x: 5, y: 5, valuators: [0: 1, 1: 1])  // master's copy
        x.push(XI_Motion, device: 12, x: 5, y: 5, valuators: [0: 1, 1: 1, 2: 9])       // the pen's own
        x.push(XI_Motion, device: 2, source: 12, x: 5, y: 5, valuators: [0: 1, 1: 1])
        let events = x.drain(s)
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.sample?.rawForce, 9)
    }

    func testOnlyTheTipButtonPressesAndLifts() {
        let s = start()
        x.push(XI_ButtonPress, device: 12, button: 2, valuators: [2: 0])  // a barrel button
        x.push(XI_ButtonPress, device: 12, button: 1, valuators: [2: 300])
        x.push(XI_ButtonRelease, device: 12, button: 2)
        x.push(XI_ButtonRelease, device: 12, button: 1, valuators: [2: 0])
        XCTAssertEqual(x.drain(s).compactMap(\.sample?.phase), [.down, .up])
    }

    /// The upper barrel button held while hovering pans the canvas by the pen's motion; it
    /// draws nothing, and a tip press ends the pan and draws as usual.
    func testTheUpperBarrelButtonPansWhileHovering() {
        let s = start()
        x.push(XI_Motion, device: 12, x: 100, y: 100, valuators: [2: 0])
        x.push(XI_ButtonPress, device: 12, x: 100, y: 100, button: 3, valuators: [2: 0])
        x.push(XI_Motion, device: 12, x: 130, y: 90, valuators: [2: 0])
        x.push(XI_Motion, device: 12, x: 150, y: 95, valuators: [2: 0])
        x.push(XI_ButtonRelease, device: 12, x: 150, y: 95, button: 3, valuators: [2: 0])
        x.push(XI_Motion, device: 12, x: 160, y: 95, valuators: [2: 0])
        let events = x.drain(s)
        let pans = events.compactMap { e -> [Double]? in if case .pan(let dx, let dy) = e { return [dx, dy] } else { return nil } }
        XCTAssertEqual(pans.count, 2)
        XCTAssertEqual(pans.reduce(0) { $0 + $1[0] }, 50, accuracy: 1e-9)
        XCTAssertEqual(pans.reduce(0) { $0 + $1[1] }, -5, accuracy: 1e-9)
        XCTAssertEqual(events.compactMap(\.sample?.phase), [.move, .move], "hover before and after, nothing while panning")
        var translator = EventTranslator()
        XCTAssertEqual(translator.translate(TabletEvent.pan(dx: 3, dy: 4)), [.input(.view(.pan(dx: 3, dy: 4)))])
    }

    /// The lower barrel button (X button 2) is reported down and up, and its samples go on.
    func testTheLowerBarrelButtonIsReported() {
        let s = start()
        x.push(XI_Motion, device: 12, x: 100, y: 100, valuators: [2: 0])
        x.push(XI_ButtonPress, device: 12, x: 100, y: 100, button: 2, valuators: [2: 0])
        x.push(XI_Motion, device: 12, x: 110, y: 100, valuators: [2: 0])
        x.push(XI_ButtonRelease, device: 12, x: 110, y: 100, button: 2, valuators: [2: 0])
        let events = x.drain(s)
        XCTAssertEqual(events.filter { if case .barrel = $0 { return true } else { return false } },
                       [.barrel(button: 1, down: true), .barrel(button: 1, down: false)])
        XCTAssertEqual(events.compactMap(\.sample?.phase), [.move, .move])
        var translator = EventTranslator()
        XCTAssertEqual(translator.translate(TabletEvent.barrel(button: 1, down: true)), [.input(.button(PenButton(button: 1, down: true)))])
    }

    func testAnotherPointerAfterThePenIsReportedOnce() {
        let s = start()
        x.push(XI_Motion, device: 6)                   // the mouse, before any pen: nothing to say
        x.push(XI_Motion, device: 12, valuators: [2: 0])
        x.push(XI_Motion, device: 6)
        x.push(XI_Motion, device: 2, source: 6)        // the master's copy of the mouse motion
        x.push(XI_ButtonPress, device: 6, button: 1)
        XCTAssertEqual(x.drain(s).filter { $0 == .otherPointer }.count, 1)
    }

    func testRemovingThePenMidStrokeEndsTheStrokeWhereItWas() throws {
        let s = start()
        x.push(XI_ButtonPress, device: 12, x: 10, y: 10, button: 1, valuators: [2: 30000])
        x.push(XI_Motion, device: 12, x: 42.5, y: 17, valuators: [2: 31000])
        x.pushHierarchy([(12, Int32(XISlaveRemoved))])
        x.push(XI_Motion, device: 12, x: 50, y: 17, valuators: [2: 32000])  // gone: ignored
        let samples = x.drain(s).compactMap(\.sample)
        XCTAssertEqual(samples.map(\.phase), [.down, .move, .up])
        XCTAssertEqual(samples.last?.location, Point(x: 42.5, y: 17))
        XCTAssertEqual(samples.last?.rawForce, 31000)
        XCTAssertNil(s.devices[12])
    }

    func testDisablingThePenMidStrokeEndsTheStrokeToo() {
        let s = start()
        x.push(XI_ButtonPress, device: 14, x: 3, y: 4, button: 1, valuators: [2: 1000])
        x.pushHierarchy([(14, Int32(XIDeviceDisabled))])
        XCTAssertEqual(x.drain(s).compactMap(\.sample?.phase), [.down, .up])
    }

    func testAToolSubDeviceAddedByTheDriverIsPickedUp() {
        let newTool = TabletDevice(id: 21, name: "Wacom Intuos Pro M Pen Eraser (0x8ae2d2)", use: .slavePointer,
                                   axes: Tablets.penAxes(pressureMax: 2047))
        var table = Tablets.all
        let s = start(refresh: { table })
        x.push(XI_Motion, device: 21, valuators: [2: 100])  // not known yet: not selected, ignored
        table.append(newTool)
        x.pushHierarchy([(21, Int32(XISlaveAdded))])
        x.push(XI_ButtonPress, device: 21, button: 1, valuators: [2: 1500])
        let samples = x.drain(s).compactMap(\.sample)
        XCTAssertEqual(samples.map(\.phase), [.down])
        XCTAssertEqual(samples.first?.source, .eraser)
        XCTAssertEqual(samples.first?.rawForce, 1500)
    }

    /// "Wacom Serial IDs" (`ToolIdentity`): its property event says a tool came near, left, or
    /// was swapped for another; the pen's samples carry the tool's id and serial, and the
    /// translator records the proximity (and the tool taking the pointer).
    func testProximityAndTheToolComeFromWacomSerialIDs() {
        let atom: UInt = 77
        var tool: [Int32: ToolIdentity] = [12: ToolIdentity(serial: 0, toolID: 0)]
        let s = XI2PenSource(devices: Tablets.all, opcode: x.opcode, identityAtom: atom, identity: { tool[$0] })
        s.start()
        source = s
        XCTAssertEqual(ToolIdentity(property: [3, 0, 0, 0x8ae2d2, 0x802]), ToolIdentity(serial: 0x8ae2d2, toolID: 0x802))
        XCTAssertNil(ToolIdentity(property: [3, 0, 0]), "five values, or none")
        // Format-32 INTEGER values come sign-extended: an Intuos4 pen's serial above 2³¹ is
        // negative, and is the serial it stands for (a session keeps it, up to 32 bits).
        XCTAssertEqual(ToolIdentity(property: [3, 0, 0, -1_719_661_677, 0x802]), ToolIdentity(serial: 2_575_305_619, toolID: 0x802))
        // The pen comes near: in, with its tool; its samples carry it.
        tool[12] = ToolIdentity(serial: 0x8ae2d2, toolID: 0x802)
        x.pushProperty(device: 12, property: atom)
        x.pushProperty(device: 12, property: 5)  // another property: nothing
        x.push(XI_Motion, device: 12, x: 10, y: 20, valuators: [2: 0])
        var events = x.drain(s)
        guard case .proximity(12, let device, .pen, entering: true) = events.first else { return XCTFail("\(events)") }
        XCTAssertEqual(device.details.serial, 0x8ae2d2)
        XCTAssertEqual(device.details.toolID, 0x802)
        guard case .pen(_, let sampled, _) = events.last else { return XCTFail("\(events)") }
        XCTAssertEqual(sampled.details.serial, 0x8ae2d2, "the samples name the tool")
        XCTAssertEqual(events.count, 2)
        // Another pen swapped in: out, then in with the new serial; then it leaves.
        tool[12] = ToolIdentity(serial: 0x1234, toolID: 0x802)
        x.pushProperty(device: 12, property: atom)
        x.pushProperty(device: 12, property: atom)  // unchanged: nothing
        tool[12] = ToolIdentity(serial: 0, toolID: 0)
        x.pushProperty(device: 12, property: atom)
        events = x.drain(s)
        let steps = events.compactMap { e -> String? in
            guard case .proximity(_, let d, _, let entering) = e else { return nil }
            return "\(entering ? "in" : "out") \(d.details.serial ?? -1)"
        }
        XCTAssertEqual(steps, ["out \(0x8ae2d2)", "in \(0x1234)", "out \(0x1234)"])
        // The translator: in takes the pointer (the device line with the tool), then proximity.
        var t = EventTranslator()
        XCTAssertEqual(t.translate(.proximity(deviceID: 12, device: device, source: .pen, entering: true)),
                       [.input(.device(device)), .input(.proximity(.pen, entering: true))])
        XCTAssertEqual(t.translate(.proximity(deviceID: 12, device: device, source: .pen, entering: false)),
                       [.input(.proximity(.pen, entering: false))])
    }

    func testSamplesAreHandedOverInSDLQueueOrder() {
        let s = start()
        x.push(XI_Motion, device: 12, valuators: [2: 1])
        var mouse = SDL_Event()
        mouse.motion.type = SDL_MOUSEMOTION.rawValue
        XCTAssertEqual(SDL_PushEvent(&mouse), 1)
        x.push(XI_Motion, device: 12, valuators: [2: 2])
        var order: [String] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if e.type == SDL_MOUSEMOTION.rawValue { order.append("mouse") }
            order += s.take(through: e).compactMap { $0.sample.map { "pen \(Int($0.rawForce ?? -1))" } }
        }
        XCTAssertEqual(order, ["pen 1", "mouse", "pen 2"])
    }

    func testOtherExtensionsAndEventTypesAreIgnored() {
        let s = start()
        let other = FakeXServer()  // same opcode: use an event type the source does not read
        other.push(XI_Enter, device: 12)
        XCTAssertEqual(x.drain(s), [])
    }
}
