/// Something the core asks the host to do because it needs a file or the window.
public enum HostRequest: Equatable, Sendable {
    /// Open a recent drawing (its session file) on the canvas: a dynamic quick action.
    case openRecent(ShortcutItem)
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
        if handleCurveDrag(p) || handleSwallowedPress(p) { return }
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
            systemGesture(edge)
            return
        }
        routeToScene(p)
    }

    /// Hands a sample to the scene on screen; `systemTook` marks the cancel of a press the
    /// system took over.
    mutating func routeToScene(_ p: PointerInput, systemTook: Bool = false) {
        if scene == .canvas {
            handleCanvasPointer(p, systemTook: systemTook)
            return
        }
        let deviceForce = p.normalizedForce
        switch p.phase {
        case .down:
            if pressedSource != nil { routeToScene(PointerInput(phase: .cancel, location: p.location, source: pressedSource ?? p.source)) }
            pressedSource = p.source
            pressure.down(source: p.source, device: deviceForce, at: time, style: .force)
        case .move, .up, .cancel:
            guard let pressed = pressedSource else { return }
            pressure.sample(p.phase, source: p.source, pressed: pressed, device: deviceForce, at: time, style: .force)
        }
        let hasForce = p.source == .mouse ? !options.simulatePressure : deviceForce != nil
        sendToScene(p.phase, at: p.location, hasForce: hasForce)
        if p.phase == .up || p.phase == .cancel { pressedSource = nil }
    }

    mutating func sendToScene(_ phase: PointerPhase, at location: Point, hasForce: Bool) {
        let liveForce = pressure.force
        switch scene {
        case .canvas:
            break
        case .messages:
            log(messages.pointer(phase, at: location, force: liveForce, hasForce: hasForce, layout: messagesLayout, time: time))
        case .home:
            let out = home.pointer(phase, at: location, force: liveForce, hasForce: hasForce, time: time)
            log(out.log)
            if let d = out.dispatch { perform(d, launch: false) }
        case .confirm:
            log(confirm.pointer(phase, at: location, force: liveForce, hasForce: hasForce, area: screenLayout.sceneArea,
                                time: time))
        }
    }

    /// Frame ticks of the scenes: timed fallbacks, animations ending.
    mutating func advanceScenes() {
        switch scene {
        case .canvas: break
        case .messages: log(messages.advance(to: time, layout: messagesLayout))
        case .home:
            let out = home.advance(to: time, pointer: pointer)
            log(out.log)
            if let d = out.dispatch { perform(d, launch: false) }
        case .confirm: log(confirm.advance(to: time))
        }
        if case .confirm = scene, confirm.button.usesFallback {
            pressure.drive(fallback: confirm.button.intention)
        } else if scene == .messages, messages.force.usesFallback, messages.isPressing {
            pressure.drive(fallback: messages.force.fallback.intention)
        } else if scene == .home, home.force.usesFallback, home.menu.state != .idle {
            pressure.drive(fallback: home.force.fallback.intention)
        }
    }

    /// The system gesture of an edge: the shade (already pulled by the chrome), home, back.
    private mutating func systemGesture(_ edge: ScreenEdge) {
        switch edge {
        case .bottom: show(.home)
        case .left: if scene == .messages, messages.close() { log(["back: closed the detail view"]) }
        case .top, .right: break
        }
    }

    // MARK: Commands

    /// Esc: the help, then the shade, then whatever the scene has open.
    mutating func closeOverlay() {
        if options.showHelp { options.showHelp = false; return }
        if chrome.closeShade(at: time) { log(["notification shade closed"]); return }
        switch scene {
        case .messages: _ = messages.close()
        case .home: _ = home.close(at: time)
        case .canvas, .confirm: break
        }
    }

    /// Undo: in Messages and Confirm it brings back the last deleted row or event.
    mutating func undo() {
        switch scene {
        case .messages: if messages.undo() { log(["undo: row restored"]) }
        case .confirm: if confirm.undo() { log(["undo: event restored"]) }
        case .canvas, .home: ink.undo()
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
            home.showToast("Ignored an unknown quick action", at: time)
        case .perform(let shortcut, let item):
            log(["\(via) \"\(item.title)\" · handled: true"])
            switch shortcut {
            case .newCanvas:
                ink.clear()
                show(.canvas)
            case .openRecent:
                // Opening a drawing replaces the canvas (the clear is undoable).
                ink.clear()
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
        home.register(item, area: screenLayout.sceneArea)
    }

    /// Takes the host's pending requests.
    public mutating func takeHostRequests() -> [HostRequest] {
        defer { hostRequests = [] }
        return hostRequests
    }
}

extension ShortcutCatalog {
    /// The item of a type among the static and dynamic items, or a bare item of that type.
    public func item(ofType type: String) -> ShortcutItem {
        (staticItems + dynamicItems).first { $0.type == type } ?? ShortcutItem(type: type, title: type)
    }
}
