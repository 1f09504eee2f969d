import Foundation
import TestSupport
import XCTest
@testable import ForceCore

/// The player as a pure value: whatever it is told — play at any speed, pause, step by frames
/// or input events, seek anywhere, jump to the ends — what it shows at frame k (its display and
/// its semantic state) is what a replay that steps every frame has at frame k.
final class PlayerTests: XCTestCase {
    static func session(_ path: String) throws -> Session { try Fixtures.session(at: Fixtures.root.appendingPathComponent(path)) }

    /// The bundled sessions without long idle gaps, and every lesson.
    static var sessions: [String] {
        Fixtures.bundled.map { "Assets/Sessions/\($0)" } + Fixtures.lessonFiles.map { "Assets/Lessons/\($0.lastPathComponent)" }
    }

    /// The reference: a replay that steps every frame, its state at each frame 0…last.
    static func stepped(_ s: Session, through last: Int) -> [AppState] { Fixtures.stepped(s, through: last) }

    /// The same frame: the same display (every pixel follows from it) and the same semantic
    /// state (`StateSnapshot`, what `check` compares). Bookkeeping that shows nowhere — the
    /// last tick a machine saw while its scene was on screen — may differ with the frames a
    /// replay happened to simulate, as it does between a skipping and a stepping replay.
    static func same(_ a: AppState, _ b: AppState) -> Bool {
        a.display == b.display && StateSnapshot(a) == StateSnapshot(b)
    }

    /// The top-level fields of two states that differ, by name (an AppState prints very long).
    static func difference(_ a: AppState, _ b: AppState) -> String {
        let fields = zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children)
            .filter { "\($0.0.value)" != "\($0.1.value)" }
        return fields.map { "\($0.0.label ?? "?"): \(String(describing: $0.0.value).prefix(300)) ≠ \(String(describing: $0.1.value).prefix(300))" }
            .joined(separator: "; ")
    }

    func testEveryWayOfMovingGivesTheSteppedReplaysState() throws {
        for path in Self.sessions {
            let s = try Self.session(path)
            var player = Player(session: s)
            let reference = Self.stepped(s, through: player.lastFrame)
            var g = StrokeFixtures.Generator(seed: UInt64(path.utf8.count))
            var did: [String] = []
            for step in 0..<160 {
                let pick = Int(g.next() * 11)
                switch pick {
                case 0: player.togglePlay(); did.append("space")
                case 1, 2:
                    if !player.isPlaying { player.togglePlay() }
                    player.advance(bySeconds: g.next() * 0.4)
                    did.append("play")
                case 3: player.step(frames: 1); did.append("→")
                case 4: player.step(frames: -1); did.append("←")
                case 5: player.stepToNextEvent(); did.append("⇧→")
                case 6: player.stepToPreviousEvent(); did.append("⇧←")
                case 7, 8: player.seek(toFrame: Int(g.next() * Double(player.lastFrame + 1))); did.append("seek")
                case 9: g.next() < 0.5 ? player.faster() : player.slower(); did.append("speed")
                default: player.seek(toFrame: g.next() < 0.5 ? 0 : player.lastFrame); did.append("home/end")
                }
                XCTAssertTrue((0...player.lastFrame).contains(player.frame))
                if !Self.same(player.state, reference[player.frame]) {
                    XCTFail("\(path): step \(step) (\(did.suffix(4).joined(separator: " "))) at frame \(player.frame): "
                            + Self.difference(player.state, reference[player.frame]))
                    break
                }
            }
        }
    }

    /// Keyframes every second, a seek back restores the nearest and replays at most a second.
    func testKeyframesEverySecondAndExactSeeksBack() throws {
        let s = try Self.session("Assets/Sessions/demo.jsonl")
        var player = Player(session: s)
        player.prepare()
        XCTAssertEqual(player.frame, 0, "prepare goes back to where it was")
        let frames = player.keyframes.map(\.frame)
        XCTAssertEqual(frames, frames.sorted())
        XCTAssertEqual(Set(frames.map { $0 / Player.keyframeInterval }).count, frames.count, "one keyframe a second")
        XCTAssertGreaterThanOrEqual(frames.count, player.lastFrame / Player.keyframeInterval)
        let reference = Self.stepped(s, through: player.lastFrame)
        for target in stride(from: player.lastFrame, through: 0, by: -37) {
            player.seek(toFrame: player.lastFrame)
            player.seek(toFrame: target)
            XCTAssertTrue(Self.same(player.state, reference[target]), "seek back to \(target): " + Self.difference(player.state, reference[target]))
        }
    }

    /// Keyframes hold the strokes drawn then: past the budget every other one goes and they
    /// are kept half as often, and every seek stays exact.
    func testKeyframesPastTheBudgetAreKeptLessOftenAndSeeksStayExact() throws {
        let s = try Self.session("Assets/Sessions/demo.jsonl")
        var all = Player(session: s)
        all.prepare()
        let held = all.keyframes.reduce(0) { $0 + $1.strokesHeld }
        XCTAssertEqual(all.keyframeSpacing, Player.keyframeInterval, "the bundled demo is far under the budget")
        var player = Player(session: s)
        player.keyframeBudget = held / 3
        player.prepare()
        XCTAssertGreaterThanOrEqual(player.keyframeSpacing, 4 * Player.keyframeInterval, "thinned at least twice")
        XCTAssertLessThanOrEqual(player.keyframes.reduce(0) { $0 + $1.strokesHeld }, held / 3)
        let frames = player.keyframes.map(\.frame)
        XCTAssertEqual(frames.first, all.keyframes.first?.frame, "the first keyframe stays")
        XCTAssertEqual(Set(frames.map { $0 / player.keyframeSpacing }).count, frames.count, "one keyframe a spacing")
        XCTAssertTrue(Set(frames).isSubset(of: Set(all.keyframes.map(\.frame))), "thinning keeps keyframes, makes none")
        let reference = Self.stepped(s, through: player.lastFrame)
        for target in stride(from: player.lastFrame, through: 0, by: -37) {
            player.seek(toFrame: player.lastFrame)
            player.seek(toFrame: target)
            XCTAssertTrue(Self.same(player.state, reference[target]), "seek back to \(target): " + Self.difference(player.state, reference[target]))
        }
    }

    /// Session time runs at the player's speed: one second of the clock plays speed × 60 frames.
    func testThePlayerDrivesTheClockAtItsSpeed() throws {
        let s = try Self.session("Assets/Sessions/scene-messages.jsonl")
        for speed in PlaybackSpeed.steps where speed <= 2 {
            var player = Player(session: s, speed: speed)
            player.togglePlay()
            for _ in 0..<60 { player.advance(bySeconds: 1.0 / 60) }
            XCTAssertEqual(player.frame, Int((speed * 60).rounded()), "\(speed)×")
            XCTAssertEqual(player.state.time, player.time, "the core's clock is the session's")
        }
        var player = Player(session: s)
        player.togglePlay()
        player.advance(bySeconds: 100)
        XCTAssertTrue(player.atEnd)
        XCTAssertFalse(player.isPlaying, "playing stops at the end")
        player.togglePlay()
        XCTAssertEqual(player.frame, 0, "Space at the end plays again from the start")
    }

    func testSpeedStepsAndLimits() {
        var speed = 1.0
        var up: [Double] = []
        for _ in 0..<6 { speed = PlaybackSpeed.faster(than: speed); up.append(speed) }
        XCTAssertEqual(up, [2, 4, 4, 4, 4, 4])
        var down: [Double] = []
        for _ in 0..<6 { speed = PlaybackSpeed.slower(than: speed); down.append(speed) }
        XCTAssertEqual(down, [2, 1, 0.5, 0.25, 0.1, 0.1])
        XCTAssertEqual(PlaybackSpeed.clamped(9), 4)
        XCTAssertEqual(PlaybackSpeed.clamped(.nan), 1)
        XCTAssertEqual(PlaybackSpeed.label(0.25), "0.25×")
        XCTAssertEqual(PlaybackSpeed.label(2), "2×")
    }

    /// A caption marked pause stops playback on its frame until Space; one with a speed changes
    /// it from there; a caption shows until the next one or its duration.
    func testCaptionsPauseSlowAndShow() throws {
        func at(_ t: Double, _ c: Caption) -> TimedEvent { TimedEvent(time: t, event: .caption(c)) }
        let move = { (t: Double) in TimedEvent(time: t, event: .pointer(PointerInput(phase: .move, location: Point(x: 300, y: 300)))) }
        let s = Session(viewport: Viewport(width: 640, height: 480), events: [
            at(0, Caption(text: "start", speed: 0.5)), move(0.5), at(1, Caption(text: "hold", duration: 1, pause: true)),
            move(2.2), at(3, Caption(text: "faster", speed: 2)), move(4),
        ])
        var player = Player(session: s)
        XCTAssertEqual(player.speed, 0.5, "a caption at the start sets the speed")
        XCTAssertEqual(Player(session: s, speed: 1).speed, 1, "--speed wins over it")
        player.start()
        XCTAssertTrue(player.isPlaying)
        player.advance(bySeconds: 10)
        XCTAssertEqual(player.frame, 60, "held at the pause caption's frame")
        XCTAssertFalse(player.isPlaying)
        XCTAssertTrue(player.heldByCaption)
        XCTAssertEqual(player.caption?.text, "hold")
        player.seek(toTime: 2.5)
        XCTAssertNil(player.caption, "its duration is over")
        player.seek(toFrame: 60)
        player.togglePlay()
        XCTAssertFalse(player.heldByCaption)
        player.advance(bySeconds: 1)  // 0.5 s of session at 0.5×
        XCTAssertEqual(player.frame, 90)
        player.advance(bySeconds: 3)  // 1.5 s to the caption at 0.5×: 3 s of the clock
        XCTAssertEqual(player.frame, 180)
        XCTAssertEqual(player.speed, 2, "2× from the caption on")
        XCTAssertEqual(player.caption?.text, "faster")
        player.advance(bySeconds: 0.5)  // 1 s of session at 2×
        XCTAssertTrue(player.atEnd)
    }

    /// The speed the user chose stays over the captions' until 0 gives it back.
    func testTheSpeedTheUserChoseStaysUntilReset() throws {
        func at(_ t: Double, _ c: Caption) -> TimedEvent { TimedEvent(time: t, event: .caption(c)) }
        let move = { (t: Double) in TimedEvent(time: t, event: .pointer(PointerInput(phase: .move, location: Point(x: 300, y: 300)))) }
        let s = Session(viewport: Viewport(width: 640, height: 480), events: [
            at(0, Caption(text: "start", speed: 1)), move(0.5), at(1, Caption(text: "slow", speed: 0.5)), move(2), at(3, Caption(text: "fast", speed: 2)), move(4),
        ])
        var player = Player(session: s)
        player.start()
        player.slower()
        player.slower()
        player.slower()
        XCTAssertEqual(player.speed, 0.1)
        XCTAssertTrue(player.speedChosen)
        player.advance(bySeconds: 12)  // 1.2 s of session: past the 0.5× caption
        XCTAssertEqual(player.frame, 72)
        XCTAssertEqual(player.speed, 0.1, "the caption's 0.5× does not undo the user's choice")
        XCTAssertTrue(player.display().player?.speedChosen == true)
        player.resetSpeed()
        XCTAssertFalse(player.speedChosen)
        XCTAssertEqual(player.speed, 0.5, "the speed in effect at the frame: the last caption's before it")
        player.advance(bySeconds: 4)  // 1.8 s of session to the 2× caption at 0.5×: 3.6 s; then 0.4 s at 2×
        XCTAssertEqual(player.speed, 2, "captions apply again")
        XCTAssertEqual(player.frame, 180 + 48)
        // --speed is a choice too; Home and playing again from the end keep it.
        var given = Player(session: s, speed: 4)
        given.start()
        given.advance(bySeconds: 2)
        XCTAssertEqual(given.speed, 4)
        given.seek(toFrame: 0)
        XCTAssertEqual(given.speed, 4)
    }

    /// Shift+→ and Shift+← go to the frames of input events, over captions and checkpoints.
    func testSteppingByInputEvents() throws {
        let s = try Self.session("Assets/Sessions/scene-confirm.jsonl")
        var player = Player(session: s)
        let inputFrames = Set(s.events.filter { !$0.event.isAnnotation }.map { ReplaySchedule.frame(atOrAfter: $0.time) }).sorted()
        var visited: [Int] = []
        while !player.atEnd {
            player.stepToNextEvent()
            visited.append(player.frame)
        }
        let last = player.lastFrame
        XCTAssertEqual(visited, inputFrames.filter { $0 > 0 } + (inputFrames.contains(last) ? [] : [last]),
                       "the end (a checkpoint after the last input) closes the walk")
        var back: [Int] = []
        while player.frame > 0 {
            player.stepToPreviousEvent()
            back.append(player.frame)
        }
        XCTAssertEqual(back, Array(inputFrames.filter { $0 < last }.reversed()) + (inputFrames.first == 0 ? [] : [0]))
    }

    /// The timeline marks down and up, the thresholds crossed, callbacks, checkpoints, captions.
    func testTheTimelineMarksWhatHappened() throws {
        var messages = Player(session: try Self.session("Assets/Sessions/scene-messages.jsonl"))
        messages.prepare()
        let m = messages.markers.all
        func frames(_ k: TimelineMarker.Kind) -> [Int] { m.filter { $0.kind == k }.map(\.frame) }
        XCTAssertEqual(frames(.peek).first, 30, "the peek at 0.5 s")
        XCTAssertEqual(frames(.pop), [90], "the pop at 1.5 s")
        XCTAssertEqual(frames(.checkpoint).count, 5)
        XCTAssertFalse(frames(.down).isEmpty)
        XCTAssertEqual(frames(.down).count, frames(.up).count)
        XCTAssertTrue(m.contains { $0.kind == .callback && $0.label.hasPrefix("shouldBegin") })
        var confirm = Player(session: try Self.session("Assets/Sessions/scene-confirm.jsonl"))
        confirm.prepare()
        XCTAssertEqual(confirm.markers.all.filter { $0.kind == .confirm }.map(\.frame), [48], "intention past 0.97 at 0.8 s")
        let lesson = Player(session: try Self.session("Assets/Lessons/5-peek-and-pop.jsonl"))
        XCTAssertEqual(lesson.markers.all.filter { $0.kind == .caption }.count, lesson.captions.count)
    }

    /// A version 2 recording with the HUD open plays in a window of its screen, the dock beside
    /// it and the strip; closing the HUD in the player narrows the frame, the replay the same.
    func testTheFrameFollowsThePanelsTheViewerOpens() {
        var options = Options()
        options.showHUD = true
        let s = Session(viewport: Viewport(width: 900, height: 600), options: options)
        var player = Player(session: s)
        player.prepare()
        let open = player.display().viewport
        XCTAssertEqual(open.width, 900 + 472)
        XCTAssertEqual(open, player.layout().frameViewport)
        var view = PlayerView()
        XCTAssertTrue(view.flip(.toggleHUD))
        let closed = player.display(view: view).viewport
        XCTAssertEqual(closed.width, 900)
        XCTAssertEqual(closed.height, open.height)
        XCTAssertEqual(closed, player.layout(view: view).frameViewport, "the strip is found where the frame puts it")
    }

    /// N in the player brings in the panels its dock has no room for, as the dock's line says
    /// (it did nothing there): the replayed state's panels turn, on the frame shown only.
    func testNInThePlayerTurnsThePanelsIn() {
        var options = Options()
        options.showHUD = true
        options.showEventLog = true
        options.showForcePlot = true
        options.showCurve = true
        let s = Session(viewport: Viewport(width: 640, height: 480), options: options)
        var player = Player(session: s)
        player.prepare()
        let before = player.display().layout
        XCTAssertFalse(before.hidden.isEmpty, "a small window hides some panels")
        XCTAssertTrue(before.hiddenCanTurnIn)
        var view = PlayerView()
        XCTAssertTrue(view.flip(.cyclePanels))
        let after = player.display(view: view).layout
        XCTAssertNotEqual(Set(after.panels.keys), Set(before.panels.keys), "another panel is shown")
        XCTAssertTrue(before.hidden.contains { after.rect(of: $0) != nil }, "one the dock hid")
        XCTAssertEqual(player.display().layout.panels, before.panels, "the session's own frame is unchanged")
    }

    /// A picker longer than its window scrolls with the highlight; a click finds the row shown.
    func testThePickerScrollsWithTheHighlight() {
        var menu = LessonMenu(entries: (0..<30).map { LessonMenu.Entry(name: "n\($0)", title: "t\($0)", detail: "\($0) kB") })
        let bounds = Rect(x: 0, y: 0, width: 800, height: 400)
        let frame = menu.frame(in: bounds)
        let shown = menu.visibleRows(in: frame)
        XCTAssertLessThan(shown, 30)
        XCTAssertEqual(menu.firstShown(in: frame), 0)
        menu.move(by: -1)
        XCTAssertEqual(menu.highlighted, 29, "Up from the first wraps to the last")
        XCTAssertEqual(menu.firstShown(in: frame), 30 - shown)
        XCTAssertTrue(menu.isShown(29, in: frame))
        XCTAssertFalse(menu.isShown(0, in: frame))
        XCTAssertEqual(menu.entry(at: menu.row(29, in: frame).center, in: bounds), 29)
        XCTAssertNil(menu.entry(at: Point(x: bounds.center.x, y: frame.y + 5), in: bounds), "the title is not a row")
    }
}
