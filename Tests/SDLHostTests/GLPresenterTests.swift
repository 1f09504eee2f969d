import TestSupport
import CSDL2
import CairoRender
import ForceCore
import Foundation
@testable import SDLHost
import XCTest

/// The GL presenter under Xvfb (Mesa's llvmpipe): its frames, read back with `glReadPixels`,
/// against the software presenter's for the same state, through the project's one comparer.
final class GLPresenterTests: XCTestCase {
    static let viewport = Viewport(width: 900, height: 640)
    var glWindow: SDLHost.Window?
    var softwareWindow: SDLHost.Window?

    override func setUpWithError() throws {
        try Binary.requireDisplay()
        XCTAssertEqual(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS), 0)
    }

    override func tearDown() {
        glWindow = nil
        softwareWindow = nil
        SDL_Quit()
    }

    /// A GL presenter on a hidden window, with the repository's shaders (or those of `shaders`).
    func makeGL(shaders: String = Binary.repository.appendingPathComponent("Shaders").path, viewport: Viewport = viewport, _ dialect: GLDialect = .core) throws -> GLPresenter {
        GLPresenter.requestContext(dialect)
        let window = try SDLHost.Window(title: "test", width: viewport.width, height: viewport.height, openGL: true, hidden: true)
        glWindow = window
        return try GLPresenter(window: window, shaders: ShaderSources(directory: shaders), viewport: viewport)
    }

    /// Presses at `path`'s first point and moves through the rest, a frame a sample, each frame
    /// shown; returns the time of the last (the stroke is still down).
    static func drawLive(_ path: [InkPoint], on s: inout AppState, show: (AppState) throws -> Void) throws -> Double {
        var t = s.time + 1.0 / 60
        s.handle(.pointer(PointerInput(phase: .down, location: path[0].preciseLocation)), at: t)
        for p in path.dropFirst() {
            t += 1.0 / 60
            s.handle(.pointer(PointerInput(phase: .move, location: p.preciseLocation)), at: t)
            s.advance(to: t)
            try show(s)
        }
        return t
    }

    /// A GL presenter on a shown window that shows changed rects alone, and the window's X id.
    func makeShownGL(_ title: String, viewport: Viewport) throws -> (GLPresenter, xid: String) {
        GLPresenter.requestContext()
        let window = try SDLHost.Window(title: title, width: viewport.width, height: viewport.height, openGL: true, hidden: false)
        glWindow = window
        let gl = try GLPresenter(window: window, shaders: ShaderSources(directory: Binary.repository.appendingPathComponent("Shaders").path),
                                 viewport: viewport)
        XCTAssertTrue(gl.showsChangedRectsAlone, gl.summary)
        var info = SDL_SysWMinfo()
        SDL_GetVersion(&info.version)
        // Without an X window id, `import -window 0` would wait for a click: the test stops here.
        guard SDL_GetWindowWMInfo(window.window, &info) == SDL_TRUE, info.info.x11.window != 0 else {
            throw MissingPrerequisite("SDL gives no X11 window for the GL window: \(Window.lastError)")
        }
        return (gl, String(info.info.x11.window))
    }

    func makeSoftware(viewport: Viewport = viewport) throws -> SoftwarePresenter {
        let window = try SDLHost.Window(title: "test", width: viewport.width, height: viewport.height, openGL: false, hidden: true)
        softwareWindow = window
        return try SoftwarePresenter(window: window, viewport: viewport)
    }

    /// The frame `presenter` shows for `state`.
    static func frame(_ presenter: any Presenter, _ state: AppState) throws -> ImageSurface {
        _ = try presenter.render(FrameRequest(display: state.display))
        try presenter.present()
        return try presenter.snapshot().copy()
    }

    /// Compares the two presenters' frames of `state` (and, within `sharp` at the standard
    /// tolerance, the parts that are not blurred); on a failure the images and the diff go to a
    /// temporary folder named in the message.
    func compare(_ name: String, _ state: AppState, _ tolerance: ImageComparer.Tolerance, sharp: [Rect] = [],
                 file: StaticString = #filePath, line: UInt = #line) throws {
        let gl = try Self.frame(try makeGL(viewport: state.viewport), state)
        let software = try Self.frame(try makeSoftware(viewport: state.viewport), state)
        for area in sharp {
            let a = Self.crop(software, area), b = Self.crop(gl, area)
            let r = ImageComparer(tolerance: Self.sameFrame).compare(a, b)
            XCTAssertTrue(r.passed, "\(name), sharp area \(area): \(r.summary)", file: file, line: line)
        }
        let (r, diff) = ImageComparer(tolerance: tolerance).compare(software, gl, diff: true)
        var note = ""
        if !r.passed || ProcessInfo.processInfo.environment["FORCECANVAS_KEEP_FRAMES"] != nil {
            let dir = try Binary.temporaryDirectory()
            try software.writePNG(to: "\(dir)/software.png")
            try gl.writePNG(to: "\(dir)/gl.png")
            if let diff { try diff.writePNG(to: "\(dir)/diff.png") }
            note = " (frames in \(dir))"
        }
        print("GL against software, \(name): \(r.summary)\(note)")
        XCTAssertTrue(r.passed, "\(name): \(r.summary)\(note)", file: file, line: line)
        glWindow = nil
        softwareWindow = nil
    }

    // MARK: GL against software

    func testAnIdleCanvasWithInkMatchesTheSoftwareFrame() throws {
        try compare("idle canvas with ink", PresentFixtures.inkedCanvas(Self.viewport), Self.sameFrame)
    }

    /// The same shaders on a GLES 3.0 context (`#version 300 es` swapped in): the same frame.
    func testAGLESContextRunsTheSameShaders() throws {
        let es = try makeGL(.es)
        XCTAssertEqual(es.dialect, .es, es.version)
        // Every shader runs in a full peek: the blur (each size factor on the way), the rings, the layers.
        let state = PresentFixtures.peek(quarters: 4, viewport: Self.viewport)
        let gles = try Self.frame(es, state)
        glWindow = nil
        let software = try Self.frame(try makeSoftware(), state)
        let r = ImageComparer(tolerance: Self.blur).compare(software, gles).0
        XCTAssertTrue(r.passed, "GLES: \(r.summary)")
    }

    /// A highlighter drawn over ink, still down: the GL compositor multiplies the tail layer
    /// with the ink as the software presenter's Cairo does, and the ink under it stays dark
    /// (laid over it, the highlighter turned it olive).
    func testALiveHighlighterOverInkMatchesTheSoftwareFrame() throws {
        var s = PresentFixtures.state(.canvas, viewport: Self.viewport)
        let across = (0...60).map { InkPoint(sequence: $0, time: 0, force: 1, preciseLocation: Point(x: 150 + Double($0) * 10, y: 320)) }
        var t = PresentFixtures.draw(across, notches: 4, into: &s, from: 0.5)
        s.handle(.pointer(PointerInput(phase: .up, location: across[across.count - 1].preciseLocation)), at: t)
        s.handle(TimedEvent(time: t, event: .tool(InkTool(kind: .highlighter, size: 24))))
        let down = (0...40).map { InkPoint(sequence: $0, time: 0, force: 1, preciseLocation: Point(x: 450, y: 150 + Double($0) * 9)) }
        t = PresentFixtures.draw(down, notches: 0, into: &s, from: t + 0.1)
        s.advance(to: t)
        XCTAssertNotNil(s.display.ink.live, "the highlighter is still down")
        try compare("a live highlighter over ink", s, Self.sameFrame)
        let frame = RGBAImage(surface: try Self.frame(try makeGL(), s))
        let ink = frame.pixel(x: 300, y: 320), crossing = frame.pixel(x: 450, y: 320), tint = frame.pixel(x: 450, y: 200)
        XCTAssertLessThan(Int(crossing.1), Int(ink.1) + 12, "the ink under the highlighter: \(crossing), the ink: \(ink)")
        XCTAssertGreaterThan(Int(tint.0), 200, "the highlighter over the paper is its tint: \(tint)")
        XCTAssertLessThan(Int(tint.2), 170, "the highlighter over the paper is its tint: \(tint)")
    }

    func testTheHelpOverlayMatchesTheSoftwareFrame() throws {
        try compare("help over the canvas", PresentFixtures.help(.canvas, viewport: Self.viewport), Self.sameFrame)
    }

    func testTheConfirmRingMatchesAtHalfAndFull() throws {
        try compare("confirm ring at 0.5", PresentFixtures.confirmRing(notches: 10, viewport: Self.viewport), Self.rings)
        try compare("confirm ring full", PresentFixtures.confirmRing(notches: 20, viewport: Self.viewport), Self.rings)
    }

    /// At a HiDPI scale of 2 the layers are pixel-sized, the blur's σ doubles in pixels and the
    /// rings are evaluated per device pixel: still the software frame.
    func testHiDPIMatchesTheSoftwareFrame() throws {
        let hiDPI = Viewport(width: 600, height: 420, scale: 2)
        try compare("confirm ring full at scale 2", PresentFixtures.confirmRing(notches: 20, viewport: hiDPI), Self.rings)
        try compare("peeked at scale 2", PresentFixtures.peek(quarters: 4, viewport: hiDPI), Self.blur)
    }

    /// Both presenters blur by the progress (one `GaussianBlur`): at 0.25, 0.5 and 0.75 the
    /// frames agree to the standard threshold, as fully peeked.
    func testThePeekMatchesAtEveryProgress() throws {
        for quarters in 1...3 {
            let state = PresentFixtures.peek(quarters: quarters, viewport: Self.viewport)
            let peek = try XCTUnwrap(state.display.scene.messages?.peek)
            // The row that stays sharp, held to the same frame on its own.
            let row = try XCTUnwrap(state.display.scene.messages?.layout.source(index: peek.index, part: peek.part)).insetBy(2)
            try compare("peek at progress \(Double(quarters) / 4)", state, Self.blur, sharp: [row])
        }
        try compare("peeked (progress 1, both rings)", PresentFixtures.peek(quarters: 4, viewport: Self.viewport), Self.blur)
    }

    /// A frame that changed in part is composed and shown only where it changed
    /// (`glXCopySubBufferMESA`, which llvmpipe has): the window itself, read from the X server,
    /// is still the whole composite after a stroke drawn frame by frame and lifted into the ink,
    /// after the scene changed, and after a ring filled notch by notch.
    func testFramesShownInPartLeaveTheWholeFrameInTheWindow() throws {
        let viewport = Viewport(width: 640, height: 480)
        let (gl, xid) = try makeShownGL("shown in part", viewport: viewport)
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func show(_ s: AppState) throws {
            _ = try gl.render(FrameRequest(display: s.display))
            try gl.present()
        }
        func expectWindowIsTheFrame(_ moment: String) throws {
            gl.finish()
            SDL_Delay(100)
            let shot = "\(dir)/\(gl.framesShownInPart).png"
            XCTAssertEqual(try Binary.run("/usr/bin/import", ["-window", xid, shot]).status, 0)
            let onScreen = try RGBAImage.readPNG(shot)
            let frame = RGBAImage(surface: try gl.snapshot())
            let r = ImageComparer(tolerance: Self.sameFrame).compare(frame, onScreen)
            XCTAssertTrue(r.passed, "\(moment): \(r.summary)")
        }
        var s = PresentFixtures.inkedCanvas(viewport, strokes: 3)
        try show(s)
        let path = StrokeFixtures.signature(count: 30, in: Rect(x: 100, y: 300, width: 400, height: 120), seed: 9)
        let t = try Self.drawLive(path, on: &s, show: show)
        XCTAssertGreaterThan(gl.framesShownInPart, 20, "the live stroke's frames are shown in part")
        try expectWindowIsTheFrame("a stroke being drawn")
        s.handle(.pointer(PointerInput(phase: .up, location: path[path.count - 1].preciseLocation)), at: t + 1.0 / 60)
        s.advance(to: t + 1)
        try show(s)
        try expectWindowIsTheFrame("the stroke lifted into the ink")
        let before = gl.framesShownInPart
        for notches in [0, 4, 8, 12, 16, 20] {
            try show(PresentFixtures.confirmRing(notches: notches, viewport: viewport))
        }
        XCTAssertGreaterThan(gl.framesShownInPart, before, "the ring's frames are shown in part")
        try expectWindowIsTheFrame("the confirm ring filled")
    }

    /// A window the server has at another size than SDL takes it for (a window manager that did
    /// not give a size asked for, or fullscreen nobody acted on) is composed whole and swapped,
    /// never copied into in part: a changed rect's copy reaching past the window is an X error,
    /// which ends the program.
    func testAWindowOfAnotherSizeOnTheServerIsNotCopiedIntoInPart() throws {
        let viewport = Viewport(width: 640, height: 480)
        let (gl, xid) = try makeShownGL("another size", viewport: viewport)
        func show(_ s: AppState) throws {
            _ = try gl.render(FrameRequest(display: s.display))
            try gl.present()
        }
        // A stroke drawn near the bottom right, a frame a sample.
        func draw(_ s: inout AppState) throws {
            let path = StrokeFixtures.signature(count: 12, in: Rect(x: 420, y: 380, width: 180, height: 80), seed: 4)
            let t = try Self.drawLive(path, on: &s, show: show)
            s.handle(.pointer(PointerInput(phase: .up, location: path[path.count - 1].preciseLocation)), at: t + 1.0 / 60)
            s.advance(to: t + 1.0 / 60)
            try show(s)
            gl.finish()
        }
        var s = PresentFixtures.inkedCanvas(viewport, strokes: 3)
        try show(s)
        try draw(&s)
        let inPart = gl.framesShownInPart
        XCTAssertGreaterThan(inPart, 5, "a window of SDL's size is shown in part")
        // The server makes the window smaller behind SDL's back (no event is read here, so SDL
        // keeps its size): the stroke's rects lie beyond the window's pixels.
        XCTAssertEqual(try Binary.run("/usr/bin/xdotool", ["windowsize", "--sync", xid, "320", "240"]).status, 0)
        try draw(&s)
        XCTAssertEqual(gl.framesShownInPart, inPart, "a window of another size is composed whole")
    }

    /// The software presenter's window surface is X11's own framebuffer (XShm, shown rect by
    /// rect), not the GL texture SDL 2.26 puts in its place where OpenGL works, which shows the
    /// whole window for any rect: SDL keeps that texture as the window's "_SDL_WindowTextureData".
    func testTheSoftwarePresenterShowsRectsThroughTheWindowSystem() throws {
        let software = try makeSoftware(viewport: Viewport(width: 640, height: 480))
        _ = try software.render(FrameRequest(display: PresentFixtures.inkedCanvas(Viewport(width: 640, height: 480)).display))
        try software.present()
        let window = try XCTUnwrap(softwareWindow)
        XCTAssertNil(SDL_GetWindowData(window.window, "_SDL_WindowTextureData"), "no GL texture stands in for the window's surface")
    }

    /// `area` (points; the frames are at scale 1) of `surface`.
    static func crop(_ surface: ImageSurface, _ area: Rect) -> RGBAImage {
        let image = RGBAImage(surface: surface)
        let x0 = max(0, Int(area.x)), y0 = max(0, Int(area.y))
        let x1 = min(image.width, Int(area.maxX)), y1 = min(image.height, Int(area.maxY))
        var pixels: [UInt8] = []
        for y in y0..<max(y0, y1) { pixels += image.pixels[(y * image.width + x0) * 4..<(y * image.width + x1) * 4] }
        return RGBAImage(width: max(0, x1 - x0), height: max(0, y1 - y0), pixels: pixels)
    }

    /// Layers composited on the GPU round once more than one Cairo surface: a level of 255.
    static let sameFrame = ImageComparer.Tolerance(threshold: 0.02, maxDiffPixels: 0, maxDiffRatio: nil)
    /// Signed-distance rings against Cairo's strokes: the same geometry, anti-aliased by another
    /// method (a pixel-wide box's overlap with the stroke against Cairo's exact area), so edge
    /// pixels differ by a few levels (0.04 at worst, measured): the standard threshold, nothing over it.
    static let rings = ImageComparer.Tolerance(threshold: 0.1, maxDiffPixels: 0, maxDiffRatio: nil)
    /// The blur at any progress: the GPU's Gaussian against the same Gaussian on the CPU (one
    /// size factor, box averages, weights): the standard threshold, nothing over it.
    static let blur = ImageComparer.Tolerance(threshold: 0.1, maxDiffPixels: 0, maxDiffRatio: nil)
}
