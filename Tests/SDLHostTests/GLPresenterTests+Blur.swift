import TestSupport
import CairoRender
import ForceCore
import Foundation
@testable import SDLHost
import XCTest

/// The live blur measured from read-back pixels, and shaders that do not compile.
extension GLPresenterTests {
    /// How sharp `area` of `image` is: the energy of its luminance gradient over its variance.
    /// Dimming scales both alike, so only the blur lowers it; a wider blur lowers it further.
    static func sharpness(_ image: RGBAImage, _ area: Rect) -> Double {
        func luminance(_ x: Int, _ y: Int) -> Double {
            let o = (y * image.width + x) * 4
            return 0.299 * Double(image.pixels[o]) + 0.587 * Double(image.pixels[o + 1]) + 0.114 * Double(image.pixels[o + 2])
        }
        let x0 = Int(area.x), y0 = Int(area.y), x1 = Int(area.maxX), y1 = Int(area.maxY)
        var values: [Double] = [], gradient = 0.0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let v = luminance(x, y)
                values.append(v)
                gradient += pow(luminance(x + 1, y) - v, 2) + pow(luminance(x, y + 1) - v, 2)
            }
        }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return variance > 0 ? gradient / variance : 0
    }

    func testTheBlurRadiusRisesWithTheProgress() throws {
        let v = Self.viewport
        let peeked = PresentFixtures.peek(quarters: 4, viewport: v)
        let peek = try XCTUnwrap(peeked.display.scene.messages?.peek)
        let layout = try XCTUnwrap(peeked.display.scene.messages?.layout)
        // The first row left of the rings: under the blur at every progress, clear of the row
        // pressed, the rings, the panel and the overlays.
        let row = layout.row(0)
        let area = Rect(x: row.x, y: row.y, width: peek.ringsCenter.x - peek.ringsReach - 8 - row.x, height: row.height)
        let rings = Rect(x: peek.ringsCenter.x - peek.ringsReach, y: peek.ringsCenter.y - peek.ringsReach,
                         width: 2 * peek.ringsReach, height: 2 * peek.ringsReach)
        XCTAssertTrue(area.intersection(layout.peekPanel(reveal: 0)).isNull)
        XCTAssertTrue(area.intersection(rings).isNull)
        XCTAssertGreaterThan(area.width, 100)

        let gl = try makeGL()
        let unpressed = Self.sharpness(RGBAImage(surface: try Self.frame(gl, PresentFixtures.state(.messages, viewport: v))), area)
        var previous = Double.infinity
        var measured: [Double] = []
        for quarters in 0...4 {
            let s = PresentFixtures.peek(quarters: quarters, viewport: v)
            let sharpness = Self.sharpness(RGBAImage(surface: try Self.frame(gl, s)), area)
            measured.append(sharpness)
            XCTAssertLessThan(sharpness, previous, "progress \(Double(quarters) / 4): the blur widens")
            previous = sharpness
        }
        print("sharpness of the blurred list at progress 0, 0.25, 0.5, 0.75, 1: \(measured.map { String(format: "%.4f", $0) })")
        XCTAssertEqual(measured[0], unpressed, accuracy: unpressed * 0.001, "progress 0: no blur at all")
        XCTAssertLessThan(measured[4], unpressed / 10, "the full blur leaves little detail")
    }

    /// A copy of the repository's shaders with `line` of `name` replaced by `text`.
    func brokenShaders(_ name: String, line: Int, _ text: String) throws -> String {
        let dir = try Binary.temporaryDirectory()
        for shader in ShaderSources.names {
            var source = try String(contentsOfFile: "\(Binary.repository.appendingPathComponent("Shaders").path)/\(shader)", encoding: .utf8)
            if shader == name {
                var lines = source.components(separatedBy: "\n")
                lines[line - 1] = text
                source = lines.joined(separator: "\n")
            }
            try source.write(toFile: "\(dir)/\(shader)", atomically: true, encoding: .utf8)
        }
        return dir
    }

    func testAShaderThatDoesNotCompileNamesItsFileAndLine() throws {
        let dir = try brokenShaders("blur.frag", line: 10, "uniform flaot uSigma;")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertThrowsError(try makeGL(shaders: dir)) { error in
            guard case GLPresenterError.shader(let e) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(e.file, "\(dir)/blur.frag")
            XCTAssertEqual(e.line, 10)
            XCTAssertTrue(e.description.hasPrefix("\(dir)/blur.frag:10: error: "), e.description)
        }
    }

    /// The real window with a broken shader: one line on stderr saying why, then software (the
    /// frame on screen is the canvas, not black); `--presenter gl` refuses instead.
    func testTheWindowFallsBackToSoftwareOnABrokenShader() throws {
        let dir = try brokenShaders("ring.frag", line: 40, "float coverage(float d, float w) { return d +; }")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Binary.forcecanvas(["run", "--fresh", "--shaders", dir, "--exit-after-frames", "10", "--snapshot", "\(dir)/shot.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("presenting in software") }
        XCTAssertEqual(lines.count, 1, r.stderr)
        XCTAssertTrue(lines.first?.contains("\(dir)/ring.frag:40: error: ") ?? false, r.stderr)
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png"))
        XCTAssertGreaterThan(shot.luminance(x: shot.width / 2, y: shot.height / 2), 200, "the paper, not a black window")

        let strict = try Binary.forcecanvas(["run", "--fresh", "--presenter", "gl", "--shaders", dir, "--exit-after-frames", "10"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("ring.frag:40: error: "), strict.stderr)
    }

    /// `-v` names what GL runs on; the frame on screen (read back) is the canvas.
    func testVerboseNamesTheGLVendorRendererAndVersion() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Binary.forcecanvas(["run", "--fresh", "-v", "--exit-after-frames", "10", "--snapshot", "\(dir)/shot.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = r.stderr.split(separator: "\n").first { $0.contains("presenter gl:") }.map(String.init) ?? ""
        // "presenter gl: 4.5 (Core Profile) Mesa 22.3.6 · renderer llvmpipe (…) · vendor Mesa/X.org · shaders from …"
        let version = line.components(separatedBy: "presenter gl: ").last?.first
        XCTAssertTrue(version?.isNumber ?? false, r.stderr)
        XCTAssertTrue(line.contains(" · renderer ") && line.contains(" · vendor "), r.stderr)
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png"))
        XCTAssertGreaterThan(shot.luminance(x: shot.width / 2, y: shot.height / 2), 200)
    }
}

/// Frames after frames: what one GL presenter shows after a sequence is what a fresh one shows
/// for the last state (the uploads in dirty rects and the kept blur leave nothing stale).
extension GLPresenterTests {
    func testASequenceOfFramesEndsWhereAFreshCompositeDoes() throws {
        let v = Self.viewport
        var states: [AppState] = []
        var s = PresentFixtures.inkedCanvas(v)
        states.append(s)
        let path = StrokeFixtures.signature(count: 48, in: Rect(x: 40, y: 300, width: 500, height: 300), seed: 5)
        var t = s.time + 0.1
        s.handle(.pointer(PointerInput(phase: .down, location: path[0].preciseLocation)), at: t)
        for (i, p) in path.enumerated().dropFirst() {
            t += 1.0 / 240
            s.handle(.pointer(PointerInput(phase: .move, location: p.preciseLocation)), at: t)
            if i % 4 == 0 {
                s.advance(to: t)
                states.append(s)
            }
        }
        // Checked: mid-stroke, after the stroke (the HUD open), the peek, the full ring.
        var checked = [states.count - 1]
        s.handle(.command(.toggleHUD), at: t)
        states.append(s)
        s.handle(.pointer(PointerInput(phase: .up, location: path[path.count - 1].preciseLocation)), at: t + 0.01)
        s.advance(to: t + 0.5)
        states.append(s)
        checked.append(states.count - 1)
        // Then Messages: the preview's progress up, down and up (the blur kept and remade).
        states += [1, 2, 3, 3, 2, 4].map { PresentFixtures.peek(quarters: $0, viewport: v) }
        checked.append(states.count - 1)
        // Then Confirm's ring filling.
        states += [4, 10, 14, 20].map { PresentFixtures.confirmRing(notches: $0, viewport: v) }
        checked.append(states.count - 1)

        let gl = try makeGL()
        for (i, state) in states.enumerated() {
            let frame = try Self.frame(gl, state)
            guard checked.contains(i) else { continue }
            let fresh = try Self.frame(try GLPresenter(window: try XCTUnwrap(glWindow), shaders: ShaderSources(directory: Binary.repository.appendingPathComponent("Shaders").path),
                                                       viewport: v), state)
            let r = ImageComparer(tolerance: .exact(threshold: 0.02)).compare(fresh, frame).0
            XCTAssertTrue(r.passed, "frame \(i) (\(state.scene)): \(r.summary)")
        }
    }
}
