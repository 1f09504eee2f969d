@testable import CairoRender
import ForceCore
import SnapshotTesting
import TestSupport
import XCTest

/// The player's frames: golden images of the player paused mid-peek with the diagram panel
/// open, of the timeline with its markers, and of a caption; keyframe seeks that give the same
/// bytes as playing there; every lesson rendering, its captions shown. Re-record on purpose
/// only: `SNAPSHOT_TESTING_RECORD=failed swift test --filter PlayerGoldenTests`.
final class PlayerGoldenTests: XCTestCase {
    static let lessons = Fixtures.root.appendingPathComponent("Assets/Lessons")

    static func lesson(_ name: String) throws -> Session {
        let text = try String(contentsOf: lessons.appendingPathComponent(name + ".jsonl"), encoding: .utf8)
        return try SessionCoding.parse(text, file: name)
    }

    static var lessonNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: lessons.path)) ?? [])
            .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }

    func player(_ s: Session, at t: Double) -> Player {
        var p = Player(session: s, shortcuts: Fixtures.shortcuts)
        p.prepare()
        p.seek(toTime: t)
        return p
    }

    static let pausedHint = "Paused: input does not change the replay · Return continues drawing from here · Esc back to your canvas"

    /// Messages at 0.7 s, paused just after the peek, M pressed in the player: the diagram
    /// panel shows PreviewInteraction in `committing`, the edge of the peek still glowing.
    func testPausedMidPeekWithTheDiagram() throws {
        let p = player(try Fixtures.session("scene-messages.jsonl"), at: 0.7)
        var view = PlayerView()
        XCTAssertTrue(view.flip(.toggleDiagram))
        let d = p.display(view: view, hint: Self.pausedHint)
        XCTAssertEqual(d.diagram?.current, "committing")
        XCTAssertFalse(d.diagram?.flashes.isEmpty ?? true, "the peek's edge glows")
        XCTAssertNotNil(d.layout.rect(of: .diagram), "the dock has room for it")
        XCTAssertEqual(p.state.scenes.messages.preview.state, .committing, "M changed nothing in the replay")
        assertSnapshot(of: try PlayerFrame.render(p, view: view, hint: Self.pausedHint), as: .png(), named: "paused-mid-peek-diagram")
    }

    /// Confirm at its end: the timeline's down and up ticks, the confirm crossing, callbacks,
    /// checkpoints, the play head at the end.
    func testTheTimelineWithItsMarkers() throws {
        let s = try Fixtures.session("scene-confirm.jsonl")
        let p = player(s, at: s.duration)
        let kinds = Set(p.markers.all.map(\.kind))
        XCTAssertTrue(kinds.isSuperset(of: [.down, .up, .confirm, .callback, .checkpoint]), "\(kinds)")
        assertSnapshot(of: try PlayerFrame.render(p, hint: "The end · Space plays again"), as: .png(), named: "timeline-markers")
    }

    /// Lesson 6 held on its "selected" caption: the caption in the strip with Space to go on.
    func testACaption() throws {
        let s = try Self.lesson("6-confirm-button")
        var p = Player(session: s, shortcuts: Fixtures.shortcuts)
        p.prepare()
        p.start()
        for _ in 0..<4 {
            // Space past each pause until the one on "selected".
            p.advance(bySeconds: 30)
            if p.caption?.text.hasPrefix("Intention > 0.97") == true { break }
            p.togglePlay()
        }
        XCTAssertTrue(p.heldByCaption)
        XCTAssertEqual(p.state.scenes.confirm.button.state, .selected)
        let d = p.display()
        XCTAssertEqual(d.player?.caption?.text, p.caption?.text)
        assertSnapshot(of: try PlayerFrame.render(p), as: .png(), named: "caption")
    }

    /// The replay's frame (without the strip) drawn from `player`'s state.
    static func replayFrame(_ player: Player) throws -> [UInt8] {
        let renderer = try FrameRenderer(viewport: player.state.viewport, canonical: true)
        try renderer.render(player.state.display)
        return bytes(renderer.frame)
    }

    /// A seek back through a keyframe draws the very bytes that playing forward to that frame
    /// draws (a player that never went back, with no keyframe ahead of it).
    func testKeyframeSeeksAreByteIdentical() throws {
        for name in ["scene-messages.jsonl", "golden-point-types.jsonl", "demo.jsonl", "scene-shade.jsonl"] {
            let s = try Fixtures.session(name)
            var forward = Player(session: s, shortcuts: Fixtures.shortcuts)
            var seeking = Player(session: s, shortcuts: Fixtures.shortcuts)
            seeking.prepare()
            XCTAssertGreaterThan(seeking.keyframes.count, 1, name)
            for target in stride(from: 7, through: forward.lastFrame, by: 53) {
                forward.seek(toFrame: target)
                seeking.seek(toFrame: seeking.lastFrame)
                seeking.seek(toFrame: target)
                XCTAssertTrue(try Self.replayFrame(forward) == Self.replayFrame(seeking), "\(name): frame \(target)")
            }
            // And the replay's own part is the headless replay's frame, byte for byte.
            let t = ReplaySchedule.time(ofFrame: forward.frame)
            let headless = try XCTUnwrap(Fixtures.render(s, at: [t]).first)
            XCTAssertTrue(try Self.replayFrame(forward) == Self.bytes(headless), "\(name): the player's state draws the replay's frame")
        }
    }

    /// Every lesson renders at every caption, and the caption shows in the strip then.
    func testEveryLessonRendersItsCaptions() throws {
        XCTAssertGreaterThanOrEqual(Self.lessonNames.count, 8)
        for name in Self.lessonNames {
            let s = try Self.lesson(name)
            XCTAssertNotNil(s.title, name)
            var p = Player(session: s, shortcuts: Fixtures.shortcuts)
            p.prepare()
            XCTAssertFalse(p.captions.isEmpty, name)
            let checkpoints = s.events.filter { if case .checkpoint = $0.event { return true }; return false }
            XCTAssertGreaterThanOrEqual(checkpoints.count, p.captions.count / 2, "\(name): check covers its captions")
            for c in p.captions {
                p.seek(toTime: c.time)
                XCTAssertEqual(p.caption?.text, c.caption.text, "\(name) at \(c.time)")
                let shown = try PlayerFrame.render(p)
                var quiet = p.display()
                quiet.player?.caption = nil
                let renderer = try FrameRenderer(viewport: quiet.viewport, canonical: true)
                try renderer.render(quiet)
                XCTAssertTrue(Self.bytes(shown) != Self.bytes(renderer.frame), "\(name): the caption is drawn")
            }
        }
    }

    /// A video's frames: the replay's frames at the video's rate and chosen speed, and, with
    /// the lesson's own timing, every caption held long enough to read, in the strip below.
    /// A video runs the headless replay's loop with the window's incremental renderer: each of
    /// its frames (no strip, no pointer) is the bytes the canonical replay draws at that frame.
    func testVideoFramesAreTheHeadlessReplaysFrames() throws {
        let s = try Self.lesson("5-peek-and-pop")
        var video = VideoReplay(header: s, duration: s.duration, shortcuts: Fixtures.shortcuts,
                                timeline: VideoTimeline(duration: s.duration, captions: [])) { TimedEventList(s.events) }
        video.framesPerSecond = 12
        video.drawsPointer = false
        var frames: [Int: [UInt8]] = [:]
        try video.run { j, surface, _ in
            if j % 7 == 0 { frames[video.replayFrame(ofVideoFrame: j)] = RGBAImage(surface: surface).pixels }
        }
        XCTAssertGreaterThan(frames.count, 5)
        try HeadlessReplay(session: s, shortcuts: Fixtures.shortcuts).run(frames: Set(frames.keys)) { k, _, surface in
            XCTAssertTrue(RGBAImage(surface: surface).pixels == frames[k], "replay frame \(k)")
        }
    }

    /// `render --ui-scale 3` of lesson 6 laid the lesson's dock out at 3× in the replay itself:
    /// its screen moved above a band, the lesson's press landed in the band, and the frame at
    /// 1 s showed the button idle. The flags are a view now: the replay is the session's, its
    /// screen fitted into the view's; a video's pointer is where the fit puts it.
    func testRenderFlagsShowOverTheReplayNotInIt() throws {
        let s = try Self.lesson("6-confirm-button")
        let frame = HeadlessReplay.frame(at: 1.0)
        var states: [AppState] = [], surfaces: [RGBAImage] = []
        for view in [PlayerView(), PlayerView(uiScale: 3, showing: [.toggleHUD])] {
            var replay = HeadlessReplay(session: s, shortcuts: Fixtures.shortcuts)
            replay.view = view
            try replay.run(frames: [frame]) { _, state, surface in
                states.append(state)
                surfaces.append(RGBAImage(surface: surface))
            }
        }
        XCTAssertEqual(states.count, 2)
        XCTAssertEqual(states[1].display, states[0].display, "the replay is the session's")
        guard case .confirm(let confirm) = states[1].display.scene else { return XCTFail("lesson 6 is on Confirm") }
        XCTAssertEqual(confirm.stateName, "updating", "the press is on the bar")
        XCTAssertNotEqual(surfaces[1].pixels, surfaces[0].pixels, "the frame shows the view")
        let fit = try XCTUnwrap(states[1].display(view: PlayerView(uiScale: 3, showing: [.toggleHUD])).screenFit)
        let press = try XCTUnwrap(states[1].pointer)
        XCTAssertEqual(PointerMark(states[1], view: PlayerView(uiScale: 3))?.location, fit.map(press))
        XCTAssertEqual(PointerMark(states[1])?.location, press)
    }

    /// A video with `--hud` of a session without panels has the dock beside its screen (it was
    /// cut off at the screen's edge), and its pointer on the screen.
    func testAVideosFramesHoldTheViewsDock() throws {
        let s = try Fixtures.session("scene-shade.jsonl")
        var video = VideoReplay(header: s, duration: s.duration, shortcuts: Fixtures.shortcuts,
                                timeline: VideoTimeline(duration: s.duration, captions: [])) { TimedEventList(s.events) }
        video.framesPerSecond = 4
        video.view = PlayerView(showing: [.toggleHUD])
        let width = video.videoViewport.width
        XCTAssertGreaterThan(width, s.viewport.width, "the dock outside the screen")
        var frames = 0
        try video.run { _, surface, _ in
            XCTAssertEqual(surface.pixelWidth, width)
            frames += 1
        }
        XCTAssertEqual(frames, video.frameCount)
    }

    func testVideoFramesFollowTheSpeedAndTheCaptions() throws {
        let s = try Self.lesson("5-peek-and-pop")
        let captions = Self.captions(of: s)
        var plain = VideoReplay(header: s, duration: s.duration, shortcuts: Fixtures.shortcuts,
                                timeline: VideoTimeline(duration: s.duration, captions: [], speed: 0.5, chosen: true)) { TimedEventList(s.events) }
        plain.framesPerSecond = 30
        XCTAssertEqual(plain.replayFrame(ofVideoFrame: 30), 30, "a second of video is half a second of session")
        XCTAssertEqual(Double(plain.frameCount), (s.duration / 0.5 * 30).rounded(.up) + 1, accuracy: 1)

        var video = VideoReplay(header: s, duration: s.duration, shortcuts: Fixtures.shortcuts,
                                timeline: VideoTimeline(duration: s.duration, captions: captions)) { TimedEventList(s.events) }
        video.framesPerSecond = 10
        XCTAssertEqual(video.videoViewport, Viewport(width: 1280, height: 800 + 96))
        var count = 0, changed = 0
        var firstCaptionFrames = 0
        try video.run { j, surface, didChange in
            XCTAssertEqual(j, count)
            XCTAssertEqual(surface.pixelHeight, 896)
            if video.cue(atVideoFrame: j)?.text == captions[0].caption.text { firstCaptionFrames += 1 }
            count += 1
            if didChange { changed += 1 }
        }
        XCTAssertEqual(count, video.frameCount)
        XCTAssertGreaterThanOrEqual(Double(firstCaptionFrames) / 10, VideoTimeline.readingTime(captions[0].caption.text) - 0.1,
                                    "the first caption stays its reading time (it showed 0.32 s before)")
        XCTAssertLessThan(changed, count, "frames where nothing changes are not drawn again")
    }

    /// Every lesson's video, at every frame rate `render --video` is used at: the replay frame
    /// of each video frame never goes back (the replay draws each once, in order, and hands it
    /// on), and the last one is the session's end. At 60 fps, the play after lesson 5's
    /// caption pauses went back a frame, and the video lost every frame after it: 1,004 of
    /// 2,184, its captions running 20 s past its end.
    func testEveryLessonsVideoShowsEveryFrameInOrder() throws {
        for name in Self.lessonNames {
            let s = try Self.lesson(name)
            for fps in [10.0, 24, 25, 30, 50, 60] {
                for (language, speed) in [("en", nil), ("zh-Hans", nil), ("en", 0.5), ("en", 2.0)] as [(String, Double?)] {
                    let timeline = VideoTimeline(duration: s.duration, captions: Self.captions(of: s), speed: speed ?? PlaybackSpeed.normal,
                                                 chosen: speed != nil, language: language)
                    var video = VideoReplay(header: s, duration: s.duration, shortcuts: Fixtures.shortcuts, timeline: timeline) {
                        TimedEventList(s.events)
                    }
                    video.framesPerSecond = fps
                    let targets = (0..<video.frameCount).map(video.replayFrame(ofVideoFrame:))
                    let back = targets.indices.dropFirst().first { targets[$0] < targets[$0 - 1] }
                    XCTAssertNil(back, "\(name) at \(fps) fps, \(language), speed \(speed ?? 1): video frame \(back ?? 0) goes back")
                    XCTAssertEqual(targets.last, ReplaySchedule.frame(atOrAfter: s.duration), "\(name) at \(fps) fps: ends at the session's end")
                }
            }
        }
        // Lesson 5 through the replay at 60 fps: every frame is handed on.
        let s = try Self.lesson("5-peek-and-pop")
        var video = VideoReplay(header: s, duration: s.duration, shortcuts: Fixtures.shortcuts,
                                timeline: VideoTimeline(duration: s.duration, captions: Self.captions(of: s))) { TimedEventList(s.events) }
        video.framesPerSecond = 60
        video.burnsCaptions = false
        var count = 0
        try video.run { j, _, _ in
            XCTAssertEqual(j, count)
            count += 1
        }
        XCTAssertEqual(count, video.frameCount)
        XCTAssertGreaterThan(Double(count) / 60, 30, "the pauses hold the captions: longer than the 4.4 s session")
    }

    /// A video at half or twice the session's size (`render --size`, `--scale`): the strip
    /// fills the bottom of the frame, its width and height scaled with it, the caption in it.
    /// The strip (and the pointer's ring) were scaled twice: at half size, the strip was drawn
    /// a quarter wide in the middle of the frame, the bottom left black.
    func testAScaledVideosStripIsAtItsBottom() throws {
        var s = try Self.lesson("5-peek-and-pop")
        let captions = Self.captions(of: s)
        for scale in [0.5, 1, 2] {
            s.viewport = Viewport(width: 1280, height: 800, scale: scale)
            var video = VideoReplay(header: s, duration: s.duration, shortcuts: Fixtures.shortcuts,
                                    timeline: VideoTimeline(duration: s.duration, captions: captions)) { TimedEventList(s.events) }
            video.framesPerSecond = 2
            var checked = 0
            try video.run { j, surface, _ in
                guard j == 2 else { return }  // 1 s in: the first caption, the pointer on a message
                checked += 1
                let image = RGBAImage(surface: surface)
                func rgb(_ x: Int, _ y: Int) -> [Int] {
                    let (r, g, b, _) = image.pixel(x: x, y: y)
                    return [Int(r), Int(g), Int(b)]
                }
                XCTAssertEqual(image.height, Int((896 * scale).rounded()), "\(scale)")
                let stripTop = Int((800 * scale).rounded())
                // The strip's background (0.10, 0.10, 0.12) across its whole width and height.
                let background = [26, 26, 31]
                for (x, y) in [(2, stripTop + 2), (image.width - 3, stripTop + 2), (2, image.height - 3), (image.width - 3, image.height - 3)] {
                    XCTAssertTrue(zip(rgb(x, y), background).allSatisfy { abs($0 - $1) <= 1 }, "\(scale): the strip at (\(x), \(y)) is \(rgb(x, y))")
                }
                // Light text in it.
                let light = (stripTop..<image.height).reduce(0) { n, y in n + (0..<image.width).filter { rgb($0, y)[0] > 200 }.count }
                XCTAssertGreaterThan(light, Int(200 * scale * scale), "\(scale): the caption's text is in the strip")
                // Just above the strip, the frame itself (the messages' screen), not a caption band.
                XCTAssertFalse(zip(rgb(image.width / 4, stripTop - Int(10 * scale)), background).allSatisfy { abs($0 - $1) <= 1 }, "\(scale)")
            }
            XCTAssertEqual(checked, 1)
        }
    }

    /// The captions of session `s`, with their times.
    static func captions(of s: Session) -> [Player.TimedCaption] {
        s.events.compactMap { e -> Player.TimedCaption? in
            if case .caption(let c) = e.event { return Player.TimedCaption(time: e.time, caption: c) }
            return nil
        }
    }

    static func bytes(_ s: ImageSurface) -> [UInt8] {
        s.flush()
        guard let data = s.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: s.stride * s.pixelHeight))
    }
}
