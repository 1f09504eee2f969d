import CCairo
import CairoRender
import Foundation
import SnapshotTesting
import XCTest

/// swift-snapshot-testing has no image strategy on Linux. This one stores PNGs and compares
/// decoded pixels, un-premultiplied from Cairo's ARGB32, with a tolerance: golden images survive
/// harmless antialiasing differences but not a changed stroke.
extension Snapshotting where Value == ImageSurface, Format == Data {
    /// - Parameters:
    ///   - channelTolerance: the largest per-channel difference (0–255) that still counts as equal.
    ///   - maximumDifferentFraction: the share of pixels allowed beyond that tolerance.
    static func png(channelTolerance: Int = 24, maximumDifferentFraction: Double = 0.002) -> Snapshotting {
        Snapshotting(
            pathExtension: "png",
            diffing: .pixels(channelTolerance: channelTolerance, maximumDifferentFraction: maximumDifferentFraction),
            snapshot: { surface in PNGCodec.encode(surface) })
    }
}

extension Diffing where Value == Data {
    static func pixels(channelTolerance: Int, maximumDifferentFraction: Double) -> Diffing {
        Diffing.diff(toData: { $0 }, fromData: { $0 }) { reference, actual -> (String, [DiffAttachment])? in
            guard reference != actual else { return nil }
            guard let a = PNGCodec.decode(reference), let b = PNGCodec.decode(actual) else {
                return ("a PNG could not be decoded", [])
            }
            guard a.width == b.width, a.height == b.height else {
                return ("size differs: reference \(a.width)x\(a.height), actual \(b.width)x\(b.height)", [])
            }
            var different = 0, worst = 0
            for pixel in stride(from: 0, to: a.pixels.count, by: 4) {
                var d = 0
                for c in pixel..<pixel + 4 { d = max(d, abs(Int(a.pixels[c]) - Int(b.pixels[c]))) }
                worst = max(worst, d)
                if d > channelTolerance { different += 1 }
            }
            let fraction = Double(different) / Double(a.width * a.height)
            guard fraction > maximumDifferentFraction else { return nil }
            return (String(format: "%.3f%% of pixels differ by more than %d (worst %d); allowed %.3f%%",
                           fraction * 100, channelTolerance, worst, maximumDifferentFraction * 100), [])
        }
    }
}

/// PNG bytes ⇄ Cairo surfaces, through temporary files (Cairo's file API is the simple one).
enum PNGCodec {
    struct Pixels {
        var width: Int
        var height: Int
        /// Un-premultiplied RGBA bytes, row after row.
        var pixels: [UInt8]
    }

    static func temporaryPath() -> String {
        NSTemporaryDirectory() + "forcecanvas-snapshot-\(UUID().uuidString).png"
    }

    static func encode(_ surface: ImageSurface) -> Data {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { try surface.writePNG(to: path) } catch { return Data() }
        return FileManager.default.contents(atPath: path) ?? Data()
    }

    static func decode(_ data: Data) -> Pixels? {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.createFile(atPath: path, contents: data),
            let surface = try? ImageSurface.readPNG(path)
        else { return nil }
        return pixels(of: surface)
    }

    /// Un-premultiplies Cairo's native-endian ARGB32 into RGBA bytes.
    static func pixels(of surface: ImageSurface) -> Pixels? {
        surface.flush()
        let format = cairo_image_surface_get_format(surface.surface)
        guard let data = surface.data else { return nil }
        var out = [UInt8](repeating: 0, count: surface.pixelWidth * surface.pixelHeight * 4)
        for y in 0..<surface.pixelHeight {
            let row = data + y * surface.stride
            row.withMemoryRebound(to: UInt32.self, capacity: surface.pixelWidth) { px in
                for x in 0..<surface.pixelWidth {
                    let v = px[x]
                    let a = format == CAIRO_FORMAT_RGB24 ? 255 : Int(v >> 24)
                    let o = (y * surface.pixelWidth + x) * 4
                    func un(_ c: Int) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
                    out[o] = un(Int((v >> 16) & 0xff))
                    out[o + 1] = un(Int((v >> 8) & 0xff))
                    out[o + 2] = un(Int(v & 0xff))
                    out[o + 3] = UInt8(a)
                }
            }
        }
        return Pixels(width: surface.pixelWidth, height: surface.pixelHeight, pixels: out)
    }
}
