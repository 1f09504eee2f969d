import ForceCore
@testable import SDLHost
import XCTest

/// What a device is, and whether it reports force, from its XI2 description alone.
final class TabletDeviceTests: XCTestCase {
    func testKinds() {
        XCTAssertEqual(Tablets.master.kind, .mouse)
        XCTAssertEqual(Tablets.mouse.kind, .mouse)
        XCTAssertEqual(Tablets.wacom.kind, .pen)
        XCTAssertEqual(Tablets.wacomEraser.kind, .eraser)
        XCTAssertEqual(Tablets.libinput.kind, .pen)
        let libinputEraser = TabletDevice(id: 30, name: "HUION Pen Eraser (0x0)", use: .slavePointer, axes: Tablets.libinput.axes)
        XCTAssertEqual(libinputEraser.kind, .eraser, "the name rule, any case")
        let xwayland = TabletDevice(id: 31, name: "xwayland-tablet eraser:13", use: .slavePointer, axes: Tablets.wacom.axes)
        XCTAssertEqual(xwayland.kind, .eraser)
        let byToolType = TabletDevice(id: 32, name: "Tablet tool 2", use: .slavePointer, axes: Tablets.wacom.axes, toolType: "ERASER")
        XCTAssertEqual(byToolType.kind, .eraser, "the Wacom tool type rule")
        let touch = TabletDevice(id: 33, name: "ELAN Touchscreen", use: .slavePointer, axes: Tablets.mouse.axes, hasDirectTouch: true)
        XCTAssertEqual(touch.kind, .touch)
        let pad = TabletDevice(id: 34, name: "Wacom Intuos Pro M Pad pad", use: .slavePointer, axes: Tablets.mouse.axes)
        XCTAssertEqual(pad.kind, .other)
        XCTAssertEqual(TabletDevice(id: 3, name: "Virtual core keyboard", use: .masterKeyboard, hasKeys: true).kind, .keyboard)
        XCTAssertEqual(TabletDevice(id: 9, name: "AT keyboard", use: .floating, hasKeys: true).kind, .keyboard)
    }

    func testOnlyEnabledSlaveOrFloatingPensArePens() {
        var pen = Tablets.wacom
        XCTAssertTrue(pen.isPen)
        pen.use = .floating
        XCTAssertTrue(pen.isPen)
        pen.isEnabled = false
        XCTAssertFalse(pen.isPen)
        var master = Tablets.wacom
        master.use = .masterPointer  // a master carries the axes of the last slave used
        XCTAssertFalse(master.isPen)
        XCTAssertEqual(master.force, .masterDevice)
    }

    func testForceSupportAndItsReasons() {
        XCTAssertEqual(Tablets.wacom.force, .pressure(min: 0, max: 65535))
        XCTAssertNil(Tablets.wacom.force.reason)
        XCTAssertEqual(Tablets.mouse.force.reason, "no pressure axis")
        XCTAssertEqual(Tablets.emptyRange.force.reason, "empty pressure range 0…0")
        XCTAssertEqual(Tablets.invertedRange.force.reason, "inverted pressure range 1000…0")
        XCTAssertEqual(Tablets.emptyRange.inputDevice, InputDevice(name: "Cheap Tablet Pen", kind: .pen, hasForce: false))
        XCTAssertEqual(Tablets.libinput.inputDevice.hasTilt, true)
    }
}
