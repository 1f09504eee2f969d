import CairoRender
import ForceCore
import Foundation
import XCTest

/// The debug colours stay apart for everyone: every two point types, and each from the paper,
/// at least ΔE 20 (CIELAB 1976) with normal vision and under the simulations of protanopia,
/// deuteranopia and tritanopia of Machado, Oliveira and Fernandes (2009), severity 1.
final class DebugPaletteTests: XCTestCase {
    /// Machado 2009's matrices on linear RGB, severity 1.0.
    static let simulations: [(String, [[Double]])] = [
        ("normal", [[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
        ("protanopia", [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
        ("deuteranopia", [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
        ("tritanopia", [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
    ]

    static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    static func encoded(_ c: Double) -> Double {
        let v = min(1, max(0, c))
        return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    /// sRGB seen through `m`, as CIELAB (D65).
    static func lab(_ c: RGBA, _ m: [[Double]]) -> (Double, Double, Double) {
        let l = [linear(c.r), linear(c.g), linear(c.b)]
        let seen = (0..<3).map { i in linear(encoded((0..<3).reduce(0) { $0 + m[i][$1] * l[$1] })) }
        let x = 0.4124 * seen[0] + 0.3576 * seen[1] + 0.1805 * seen[2]
        let y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2]
        let z = 0.0193 * seen[0] + 0.1192 * seen[1] + 0.9505 * seen[2]
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883))
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    static func deltaE(_ a: RGBA, _ b: RGBA, _ m: [[Double]]) -> Double {
        let p = lab(a, m), q = lab(b, m)
        return ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot()
    }

    func testEveryTwoColoursStayApartUnderColourBlindness() {
        let colours = DebugCategory.allCases.map { ($0.rawValue, Palette.debug($0)) } + [("paper", Palette.paper)]
        for (vision, m) in Self.simulations {
            for i in colours.indices {
                for j in colours.indices where j > i {
                    let d = Self.deltaE(colours[i].1, colours[j].1, m)
                    XCTAssertGreaterThanOrEqual(d, 20, "\(colours[i].0) and \(colours[j].0) under \(vision): ΔE \(String(format: "%.1f", d))")
                }
            }
        }
    }

    /// The issue's case, in numbers: the old orange and green were ΔE 3.2 apart under protanopia.
    func testTheSimulationFindsTheOldCollision() {
        let oldOrange = RGBA(1.00, 0.55, 0.00), oldGreen = RGBA(0.05, 0.65, 0.15)
        XCTAssertLessThan(Self.deltaE(oldOrange, oldGreen, Self.simulations[1].1), 10)
        XCTAssertGreaterThan(Self.deltaE(oldOrange, oldGreen, Self.simulations[0].1), 40, "apart with normal vision")
    }
}
