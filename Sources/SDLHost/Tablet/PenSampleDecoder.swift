import ForceCore

/// Force and tilt of one pen sample, in the units `PointerInput` carries.
public struct PenAxes: Equatable, Sendable {
    /// Raw pressure minus the axis minimum; nil for a force-less device.
    public var rawForce: Double?
    /// The pressure axis span (max − min); nil for a force-less device.
    public var maximumForce: Double?
    public var altitude: Double?
    public var azimuth: Double?
}

/// One pen device's event decoding: valuator unpacking (with the last value of omitted axes),
/// pressure normalisation and tilt. The pure path from an XI2 event's valuators to a sample.
public struct PenSampleDecoder: Sendable {
    public let device: TabletDevice
    public private(set) var state: ValuatorState
    /// `.pen` or `.eraser`, decided once (the kind reads the device name).
    public let source: InputSource
    /// The device as the core names it, with the tool in proximity's id and serial when the
    /// driver publishes them (`ToolIdentity`).
    public private(set) var inputDevice: InputDevice
    private let pressure: (number: Int, min: Double, max: Double)?
    private let tilt: (x: ValuatorAxis, y: ValuatorAxis)?

    public init(device: TabletDevice) {
        self.device = device
        state = ValuatorState(axes: device.axes)
        source = device.kind == .eraser ? .eraser : .pen
        inputDevice = device.inputDevice
        if case .pressure(let lo, let hi) = device.force, let axis = device.pressureAxis {
            pressure = (axis.number, lo, hi)
        } else {
            pressure = nil
        }
        if let x = device.tiltXAxis, let y = device.tiltYAxis { tilt = (x, y) } else { tilt = nil }
    }

    /// The tool in proximity changed (`ToolIdentity`): samples carry its id and serial; out of
    /// proximity they keep the last tool's.
    public mutating func setTool(_ identity: ToolIdentity) {
        guard identity.isInProximity else { return }
        inputDevice.details.toolID = identity.toolID
        inputDevice.details.serial = identity.serial
    }

    /// Folds in one event's packed valuators and returns the sample's force and tilt.
    public mutating func decode(mask: UnsafeBufferPointer<UInt8>, values: UnsafeBufferPointer<Double>) -> PenAxes {
        state.update(mask: mask, values: values)
        return axes
    }

    /// Force and tilt from the last known valuator values.
    public var axes: PenAxes {
        var out = PenAxes()
        if let p = pressure, let raw = state[p.number], let f = PenAxisMapping.force(raw: raw, min: p.min, max: p.max) {
            out.rawForce = f.raw
            out.maximumForce = f.maximum
        }
        if let t = tilt, let rx = state[t.x.number], let ry = state[t.y.number] {
            let o = PenAxisMapping.orientation(tiltX: PenAxisMapping.tiltDegrees(raw: rx, axis: t.x),
                                               tiltY: PenAxisMapping.tiltDegrees(raw: ry, axis: t.y))
            out.altitude = o.altitude
            out.azimuth = o.azimuth
        }
        return out
    }

    /// A pointer sample at `location` (window points) with this device's source and axes.
    public func sample(_ phase: PointerPhase, at location: Point, axes: PenAxes) -> PointerInput {
        PointerInput(phase: phase, location: location, source: source,
                     rawForce: axes.rawForce, maximumForce: axes.maximumForce,
                     altitude: axes.altitude, azimuth: axes.azimuth)
    }
}
