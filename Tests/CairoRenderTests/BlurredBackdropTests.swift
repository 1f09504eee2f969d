import CCairo
import ForceCore
import XCTest
@testable import CairoRender

/// The software presenter's blurred backdrop: the kept reductions give the blur made from the
/// sharp scene, and a backdrop that says it hides what is under it does.
final class BlurredBackdropTests: XCTestCase {
    /// Discs of random colours and alphas over `paper` (nil: a transparent surface).
    private func scene(_ cr: OpaquePointer, _ v: Viewport, paper: RGBA?) {
        if let paper {
            CairoDrawing.setColour(paper, cr)
            cairo_paint(cr)
        }
        var g = StrokeFixtures.Generator(seed: 11)
        for _ in 0..<40 {
            cairo_set_source_rgba(cr, g.next(), g.next(), g.next(), g.next())
            cairo_arc(cr, g.next() * Double(v.width), g.next() * Double(v.height), 10 + g.next() * 120, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
    }

    private func pixels(_ s: ImageSurface) throws -> [UInt32] {
        let data = try XCTUnwrap(s.data)
        var out: [UInt32] = []
        for y in 0..<s.pixelHeight {
            let row = UnsafeRawPointer(data + y * s.stride).assumingMemoryBound(to: UInt32.self)
            out += UnsafeBufferPointer(start: row, count: s.pixelWidth)
        }
        return out
    }

    /// Every σ step at every size factor, from the reductions made with the backdrop (and
    /// once a surface is reused), equals the blur made from the sharp scene at once.
    func testKeptReductionsGiveTheBlurOfTheSharpScene() throws {
        let v = Viewport(width: 301, height: 157, scale: 1.5)
        let backdrop = try BlurredBackdrop(viewport: v) { scene($0, v, paper: RGBA(0.9, 0.9, 0.95)) }
        let sharp = try ImageSurface(viewport: v)
        let cr = try XCTUnwrap(sharp.makeContext())
        scene(cr, v, paper: RGBA(0.9, 0.9, 0.95))
        cairo_destroy(cr)
        sharp.flush()
        // More steps than are kept, so evicted surfaces are reused.
        for step in [1, 5, 9, 15, 22, 30, 37, 44, 51, 58, 3, 58, 70] {
            let kept = try XCTUnwrap(backdrop.blurred(step: step))
            let fresh = try BlurredBackdrop.blur(sharp, sigma: Double(step) * BlurredBackdrop.sigmaStep * v.scale)
            XCTAssertEqual(kept.pixelWidth, fresh.pixelWidth, "step \(step)")
            XCTAssertEqual(try pixels(kept), try pixels(fresh), "step \(step)")
        }
    }

    /// A scene drawn opaque hides what is under it at any blur but none (so the scene under a
    /// peek need not be drawn); one with transparent pixels never does.
    func testAnOpaqueBackdropHidesWhatIsUnderIt() throws {
        let v = Viewport(width: 240, height: 160)
        let opaque = try BlurredBackdrop(viewport: v) { scene($0, v, paper: RGBA(0.2, 0.3, 0.4)) }
        let clear = try BlurredBackdrop(viewport: v) { scene($0, v, paper: nil) }
        for fraction in [0.0, 0.001, 0.05, 0.5, 1] {
            let blur = BackdropBlur(fraction: fraction, fullDim: 0.3)
            XCTAssertFalse(clear.hides(blur), "\(fraction)")
            var painted: [[UInt32]] = []
            for under in [RGBA(1, 0, 0), RGBA(0, 0, 1)] {
                let frame = try ImageSurface(viewport: v)
                let cr = try XCTUnwrap(frame.makeContext())
                CairoDrawing.setColour(under, cr)
                cairo_paint(cr)
                opaque.paint(into: cr, blur: blur)
                cairo_destroy(cr)
                frame.flush()
                painted.append(try pixels(frame))
            }
            XCTAssertEqual(painted[0] == painted[1], opaque.hides(blur), "fraction \(fraction)")
        }
        XCTAssertFalse(opaque.hides(BackdropBlur(fraction: 0.001, fullDim: 0.3)), "σ rounds to no blur: the scene under it shows")
        XCTAssertTrue(opaque.hides(BackdropBlur(fraction: 0.05, fullDim: 0.3)))
    }
}
