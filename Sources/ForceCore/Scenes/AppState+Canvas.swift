extension AppState {
    /// Ink: the pen draws, the eraser end erases, the mouse draws with the emulator's force.
    /// A stroke the system took over (`systemTook`) is removed, or kept as cancelled ink (red)
    /// in debug mode.
    mutating func handleCanvasPointer(_ p: PointerInput, systemTook: Bool = false) {
        if p.source == .eraser || ink.isErasing {
            handleEraser(p)
            return
        }
        let deviceForce = p.normalizedForce
        switch p.phase {
        case .down:
            pressedSource = p.source
            pressure.down(source: p.source, device: deviceForce, at: time, style: .ink)
            let hasForce = deviceForce != nil || (p.source == .mouse && !options.simulatePressure)
            ink.begin(at: p.location, force: pressure.force, time: time, source: p.source, hasForce: hasForce,
                      altitude: p.altitude, azimuth: p.azimuth)
        case .move:
            guard let source = pressedSource else { return }
            pressure.sample(.move, source: p.source, pressed: source, device: deviceForce, at: time, style: .ink)
            ink.move(to: p.location, force: pressure.force, time: time, altitude: p.altitude, azimuth: p.azimuth)
        case .up, .cancel:
            guard let source = pressedSource else { return }
            pressure.sample(p.phase, source: p.source, pressed: source, device: deviceForce, at: time, style: .ink)
            ink.end(at: p.location, force: pressure.force, time: time, cancelled: p.phase == .cancel,
                    discard: systemTook && !options.debug)
            pressedSource = nil
        }
    }

    /// A press on a scene tab switches scenes, a press on the teaching dock (not on a curve
    /// handle) does nothing; the rest of such a press goes nowhere.
    mutating func handleSwallowedPress(_ p: PointerInput) -> Bool {
        switch p.phase {
        case .down:
            guard pressedSource == nil else { return false }
            let layout = screenLayout
            if let target = layout.tabs.scene(at: p.location) {
                show(target)
            } else if !layout.dockFrame.contains(p.location) {
                return false
            }
            swallowedPress = true
            return true
        case .move:
            return swallowedPress
        case .up, .cancel:
            guard swallowedPress else { return false }
            swallowedPress = false
            return true
        }
    }

    /// A press on a handle of the open curve panel drags it instead of drawing.
    mutating func handleCurveDrag(_ p: PointerInput) -> Bool {
        switch p.phase {
        case .down:
            guard pressedSource == nil, let panel = curvePanel, let h = panel.handle(at: p.location, of: pressure.curve)
            else { return false }
            curveDrag = h
            return true
        case .move, .up, .cancel:
            guard let h = curveDrag else { return false }
            if let panel = curvePanel { pressure.setCurve(panel.moving(handle: h, to: p.location, in: pressure.curve)) }
            if p.phase != .move { curveDrag = nil }
            return true
        }
    }

    /// The pen's eraser end: removes whole finished strokes it touches (one undo step per press).
    mutating func handleEraser(_ p: PointerInput) {
        let options = inkOutline
        // The ink's radius at a point, as every renderer draws it.
        let halfWidth: (Stroke, InkPoint) -> Double = { _, point in
            OutlinePolygon.radius(pressure: point.force, options: options)
        }
        switch p.phase {
        case .down:
            pressedSource = .eraser
            eraserLocation = p.location
            ink.beginErase(at: p.location, halfWidth: halfWidth)
        case .move:
            guard ink.isErasing else { return }
            eraserLocation = p.location
            ink.erase(at: p.location, halfWidth: halfWidth)
        case .up, .cancel:
            guard ink.isErasing else { return }
            ink.erase(at: p.location, halfWidth: halfWidth)
            ink.endErase()
            eraserLocation = nil
            pressedSource = nil
        }
    }
}
