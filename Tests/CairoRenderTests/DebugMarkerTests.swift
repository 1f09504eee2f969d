import CCairo
@testable import CairoRender
import ForceCore
import XCTest

/// The point types differ in shape as well as colour: drawn in one colour, every two markers
/// still differ in at least a fifth of the pixels either covers (a reader who cannot tell the
/// colours apart tells the shapes).
final class DebugMarkerTests: XCTestCase {
    /// Which pixels of a 48×48 square the marker of `category` covers (over half), drawn black
    /// at radius 20 without its paper disc.
    func mask(_ category: DebugCategory) throws -> [Bool] {
        let surface = try ImageSurface(viewport: Viewport(width: 48, height: 48))
        let cr = try XCTUnwrap(surface.makeContext())
        DebugMarker.fill(category, at: Point(x: 24, y: 24), radius: 20, colour: RGBA(0, 0, 0), halo: RGBA(0, 0, 0, 0), cr)
        cairo_destroy(cr)
        surface.flush()
        let data = try XCTUnwrap(surface.data)
        return (0..<48 * 48).map { i in
            let p = UnsafeRawPointer(data + (i / 48) * surface.stride).assumingMemoryBound(to: UInt32.self)[i % 48]
            return p >> 24 > 127
        }
    }

    func testEveryTwoMarkersDifferInShape() throws {
        let masks = try DebugCategory.allCases.map { ($0, try mask($0)) }
        for (a, ma) in masks {
            XCTAssertGreaterThan(ma.filter { $0 }.count, 100, "\(a) covers something")
            for (b, mb) in masks where a.rawValue < b.rawValue {
                let either = zip(ma, mb).filter { $0 || $1 }.count
                let differ = zip(ma, mb).filter { $0 != $1 }.count
                XCTAssertGreaterThan(Double(differ) / Double(either), 0.2, "\(a) and \(b) look alike")
            }
        }
    }
}
