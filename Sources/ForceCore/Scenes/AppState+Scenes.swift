/// Something the core asks the host to do because it needs a file or the window.
public enum HostRequest: Equatable, Sendable {
    /// Open a recent drawing (its session file) as a new document: a dynamic quick action.
    case openRecent(ShortcutItem)
    /// The canvas was started again (Ctrl+N, the New Canvas quick action): the drawing before
    /// stays a document of its own, and the new canvas is a new document.
    case newDocument
    /// Show the documents (a tap on ForceCanvas's icon on Home).
    case showDocuments
}

extension AppState {
    // MARK: Routing

    /// Every pointer sample: the curve panel's handles, the scene tabs and the teaching dock,
    /// then the system (edge swipes, the shade, the home indicator), then the scene.
    mutating func handlePointer(_ input: PointerInput) {
        guard input.location.isFinite else { return }
        // Readers check the range and name the line; clamping here keeps any other caller safe.
        var p = input
        p.location = InputLimits.clamped(p.location)
        pointer = p.location
        lastSource = p.source
        // The readouts and the trail see every sample, with the force it ended up carrying.
        defer {
            pointerTrack.record(PointerTrack.Sample(time: time, location: p.location, force: isPressed || p.phase == .up ? pressure.force : 0,
                                                    source: p.source, phase: p.phase))
        }
        pointerWentToDock = false
        if handleCurveDrag(p) {
            pointerWentToDock = placement == .outside
            return
        }
        if handleSwallowedPress(p) {
            pointerWentToDock = placement == .outside && swallowedOnDock
            if p.phase == .up || p.phase == .cancel { swallowedOnDock = false }
            return
        }
        if placement == .outside, pressedSource == nil, screenLayout.dockFrame.contains(p.location) {
            pointerWentToDock = true
        }
        // A new press ends a swipe still settling: done, it goes home or back first.
        if p.phase == .down, let edge = chrome.finishSwipe(at: time, now: true) { systemGesture(edge) }
        var lines: [String] = []
        let outcome = chrome.pointer(p, time: time, log: &lines)
        log(lines)
        switch outcome {
        case .scene:
            break
        case .held, .consumed:
            return
        case .released(let held):
            // Not a swipe after all: the scene gets the press from its start.
            for sample in held { routeToScene(sample) }
        case .taken(let edge, let sceneHadPress):
            // The system took the press: a scene that had it sees it cancelled
            // (touchesCancelled), and ink it drew is taken back (kept, red, in debug mode).
            if sceneHadPress {
                routeToScene(PointerInput(phase: .cancel, location: p.location, source: p.source), systemTook: true)
            }
            // Home and back follow the finger: the scene changes when the swipe settles done.
            if !SystemChrome.follows(edge) { systemGesture(edge) }
            return
        }
        routeToScene(p)
    }

    /// Hands a sample to the scene on screen; `systemTook` marks the cancel of a press the
    /// system took over. A press of the force path goes through `pressure` first (the eraser's
    /// does not); a force scene ends a press in progress before another begins.
    mutating func routeToScene(_ p: PointerInput, systemTook: Bool = false) {
        let style = pressStyle
        let usesPressure = scenes.ask(UsesPressureQuestion(input: p), of: scene)
        let device = p.normalizedForce
        if usesPressure {
            switch p.phase {
            case .down:
                if style == .force, let pressed = pressedSource {
                    routeToScene(PointerInput(phase: .cancel, location: p.location, source: pressed))
                }
                pressedSource = p.source
                pressure.down(source: p.source, device: device, at: time, style: style)
            case .move, .up, .cancel:
                guard let pressed = pressedSource else { return }
                pressure.sample(p.phase, source: p.source, pressed: pressed, device: device, at: time, style: style)
            }
        }
        var c = sceneContext()
        c.hasForce = PressureInput.hasForce(source: p.source, device: device, simulated: options.simulatePressure, style: style)
        c.systemTook = systemTook
        carryOut(scenes.send(.pointer(p), to: scene, context: c))
        if usesPressure, p.phase == .up || p.phase == .cancel { pressedSource = nil }
    }

    /// Carries out what a scene's input did: its log lines, its press beginning or ending, a
    /// quick action it chose.
    mutating func carryOut(_ outcome: SceneOutcome?) {
        guard let outcome else { return }
        log(outcome.log)
        switch outcome.press {
        case .began(let source)?: pressedSource = source
        case .ended?: pressedSource = nil
        case nil: break
        }
        for d in outcome.dispatches { perform(d, launch: false) }
        // Appending nothing to the shared empty array still gave it storage of its own: an
        // allocation every event.
        if !outcome.requests.isEmpty { hostRequests += outcome.requests }
    }

    /// The system gesture of an edge: the shade (already pulled by the chrome), home, back.
    mutating func systemGesture(_ edge: ScreenEdge) {
        switch edge {
        case .bottom: show(.home)
        case .left: carryOut(scenes.send(.back, to: scene, context: sceneContext()))
        case .top, .right: break
        }
    }

    // MARK: Commands

    /// Esc: the help, then the shade, then whatever the scene has open.
    mutating func closeOverlay() {
        if options.showHelp { options.showHelp = false; return }
        if chrome.closeShade(at: time) { log(["notification shade closed"]); return }
        _ = scenes.send(.close, to: scene, context: sceneContext())
    }

    /// Undo: the scene's own (Messages and Confirm bring back a deleted row or event), else the
    /// drawing's.
    mutating func undo() {
        let c = sceneContext()
        if let out = scenes.send(.undo, to: scene, context: c) {
            carryOut(out)
        } else if scene != .canvas {
            _ = scenes.send(.undo, to: .canvas, context: c)
        }
    }

    // MARK: Press routing before the scene

    /// A press on a scene tab switches scenes, a press on the teaching dock (not on a curve
    /// handle) does nothing; the rest of such a press goes nowhere.
    mutating func handleSwallowedPress(_ p: PointerInput) -> Bool {
        switch p.phase {
        case .down:
            guard pressedSource == nil else { return false }
            swallowedOnDock = false
            if let target = screenLayout.tabs.scene(at: p.location) {
                show(target)
            } else if screenLayout.dockFrame.contains(p.location) {
                swallowedOnDock = true
            } else {
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

    // MARK: Quick actions

    /// Performs a quick action of ForceCanvas (`performActionFor shortcutItem`), or ignores
    /// an item this version does not know, with a log line.
    mutating func perform(_ dispatch: ShortcutDispatch, launch: Bool) {
        let via = launch ? "launch shortcut" : "quick action"
        switch dispatch {
        case .ignored(let reason):
            log(["\(via) ignored: \(reason) · handled: false"])
            scenes.home.showToast("Ignored an unknown quick action", at: time)
        case .perform(let shortcut, let item):
            log(["\(via) \"\(item.title)\" · handled: true"])
            switch shortcut {
            case .newCanvas:
                let drawn = holdsADocument
                scenes.canvas.ink.clear()
                paper = []
                if drawn { hostRequests.append(.newDocument) }
                show(.canvas)
            case .openRecent:
                // The host reads the drawing and opens it when it is there (`openDrawing`,
                // undoable); until then the canvas stays as it is.
                hostRequests.append(.openRecent(item))
                show(.canvas)
            case .peekDemo:
                options.showEventLog = true
                options.showForcePlot = true
                show(.messages)
            case .confirmDemo:
                options.showEventLog = true
                options.showForcePlot = true
                show(.confirm)
            }
        }
    }

    /// Registers a dynamic quick action on ForceCanvas's icon (the host calls this after an
    /// export; the item persists in the host's shortcuts file).
    public mutating func registerShortcut(_ item: ShortcutItem) {
        scenes.home.register(item, area: screenLayout.sceneArea)
    }

    /// Takes the host's pending requests.
    public mutating func takeHostRequests() -> [HostRequest] {
        defer { hostRequests = [] }
        return hostRequests
    }

    /// Forgets the pointer's samples (the HUD's pointer line and the trail): a canvas restored
    /// from its journal goes on in a window that has not seen the pointer yet, and the last
    /// session's moves are not this pointer's.
    public mutating func forgetPointer() {
        pointerTrack = PointerTrack()
    }
}

extension ShortcutCatalog {
    /// The item of a type among the static and dynamic items, or a bare item of that type.
    public func item(ofType type: String) -> ShortcutItem {
        (staticItems + dynamicItems).first { $0.type == type } ?? ShortcutItem(type: type, title: type)
    }
}

extension AppState {
    // MARK: Pressure policy

    /// What a device's pressure means, as the drawing tools users know have it (Xournal++):
    /// on the canvas, a touching sample whose pressure is zero, negative or NaN ends the stroke
    /// at the last sample that had pressure, and the next sample with pressure starts a new
    /// stroke (a press that begins without pressure draws nothing until it has some); in
    /// between the pointer hovers. A force over the device's maximum is clamped and counted.
    mutating func handlePointerWithPressurePolicy(_ input: PointerInput) {
        // The laser has the pointer (unless a press began before it came on): nothing reaches the scene.
        if laser.isActive || laser.pressing, pressedSource == nil, input.location.isFinite {
            var p = input
            p.location = InputLimits.clamped(p.location)
            pointer = p.location
            lastSource = p.source
            laser.take(p, at: time)
            return
        }
        // A pen press that begins with the lower barrel button held erases, to its end.
        var p = input
        if p.source == .pen, barrelActions.contains(.eraser) {
            if p.phase == .down { pressErasesByBarrel = barrelHeld }
            if pressErasesByBarrel {
                p.source = .eraser
                if p.phase == .up || p.phase == .cancel { pressErasesByBarrel = false }
            }
        }
        if let raw = p.rawForce, let maximum = p.maximumForce, maximum > 0, raw > maximum { pressureClamped += 1 }
        // Infinity is over the maximum (clamped); NaN, zero and below are no pressure.
        let valid = p.rawForce.map { $0 > 0 } ?? true
        var hover = p
        hover.phase = .move
        // A new press (or another scene) ends any wait for pressure.
        if p.phase == .down, valid { pressureGap = nil }
        guard scene == .canvas, p.source != .eraser else {
            pressureGap = nil
            handlePointer(p)
            return
        }
        switch p.phase {
        case .down where !valid:
            pressureGap = p.source
            handlePointer(hover)
        case .move where pressureGap == p.source:
            guard valid else { return handlePointer(hover) }
            pressureGap = nil
            var start = p
            start.phase = .down
            handlePointer(start)
            lastValidTouch = p.location.isFinite ? p : nil
        case .move where !valid && pressedSource == p.source && ink.live != nil:
            // The stroke ends at the last sample that had pressure (no point is added).
            var end = lastValidTouch ?? p
            end.phase = .up
            handlePointer(end)
            pressureGap = p.source
            pressureGaps += 1
            lastValidTouch = nil
        case .up where pressureGap == p.source, .cancel where pressureGap == p.source:
            pressureGap = nil
            handlePointer(hover)
        default:
            handlePointer(p)
            // (A sample without a place is no sample: the last one with one is kept.)
            if pressedSource != p.source {
                lastValidTouch = nil
            } else if valid, p.location.isFinite {
                lastValidTouch = p
            }
        }
    }
}
