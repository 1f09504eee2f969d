@testable import SDLHost

/// Tablets as X drivers describe them (ranges from xf86-input-wacom, xf86-input-libinput).
enum Tablets {
    static func penAxes(pressureMax: Double, pressureMin: Double = 0, tilt: ClosedRange<Double>? = -64...63) -> [ValuatorAxis] {
        var axes = [
            ValuatorAxis(number: 0, label: "Abs X", min: 0, max: 44800, resolution: 200_000),
            ValuatorAxis(number: 1, label: "Abs Y", min: 0, max: 29600, resolution: 200_000),
            ValuatorAxis(number: 2, label: "Abs Pressure", min: pressureMin, max: pressureMax),
        ]
        if let tilt {
            axes.append(ValuatorAxis(number: 3, label: "Abs Tilt X", min: tilt.lowerBound, max: tilt.upperBound, resolution: 57))
            axes.append(ValuatorAxis(number: 4, label: "Abs Tilt Y", min: tilt.lowerBound, max: tilt.upperBound, resolution: 57))
        }
        axes.append(ValuatorAxis(number: 5, label: "Abs Wheel", min: -900, max: 899))
        return axes
    }

    static let master = TabletDevice(id: 2, name: "Virtual core pointer", use: .masterPointer, axes: [
        ValuatorAxis(number: 0, label: "Rel X", min: -1, max: -1, isAbsolute: false),
        ValuatorAxis(number: 1, label: "Rel Y", min: -1, max: -1, isAbsolute: false),
    ])
    static let mouse = TabletDevice(id: 6, name: "Logitech USB Optical Mouse", use: .slavePointer, axes: master.axes)
    static let wacom = TabletDevice(id: 12, name: "Wacom Intuos Pro M Pen stylus", use: .slavePointer,
                                    axes: penAxes(pressureMax: 65535), toolType: "STYLUS")
    static let wacomEraser = TabletDevice(id: 13, name: "Wacom Intuos Pro M Pen eraser", use: .slavePointer,
                                          axes: penAxes(pressureMax: 65535), toolType: "ERASER")
    static let libinput = TabletDevice(id: 14, name: "Wacom Intuos Pro M Pen Pen (0x8ae2d2)", use: .slavePointer,
                                       axes: penAxes(pressureMax: 2047, tilt: -64...64))
    static let emptyRange = TabletDevice(id: 15, name: "Cheap Tablet Pen", use: .slavePointer,
                                         axes: penAxes(pressureMax: 0, tilt: nil))
    static let invertedRange = TabletDevice(id: 16, name: "Odd Tablet Pen", use: .slavePointer,
                                            axes: penAxes(pressureMax: 0, pressureMin: 1000, tilt: nil))
    static let all = [master, mouse, wacom, wacomEraser, libinput, emptyRange, invertedRange]
}
