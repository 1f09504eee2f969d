import CairoRender
import Foundation
import SnapshotTesting
import XCTest

/// swift-snapshot-testing has no image strategy on Linux. This one stores PNGs and compares
/// them with `ImageComparer`, the same comparer as `forcecanvas check`: perceptual distance,
/// anti-aliasing left out, a share of pixels allowed. Only for images that are not a session's
/// frame (a session's frames are checkpoints, checked by `forcecanvas check`).
extension Snapshotting where Value == ImageSurface, Format == Data {
    /// - Parameter tolerance: how much may differ (default: the comparer's standard).
    static func png(tolerance: ImageComparer.Tolerance = .standard) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .perceptual(tolerance), snapshot: { surface in PNGCodec.encode(surface) })
    }
}

extension Diffing where Value == Data {
    /// PNG data compared by `ImageComparer`; a failure says how much differs and attaches the diff image.
    static func perceptual(_ tolerance: ImageComparer.Tolerance) -> Diffing {
        Diffing.diff(toData: { $0 }, fromData: { $0 }) { reference, actual -> (String, [DiffAttachment])? in
            guard reference != actual else { return nil }
            let expected: RGBAImage, image: RGBAImage
            do {
                expected = try RGBAImage.decodePNG(reference, name: "the reference PNG")
                image = try RGBAImage.decodePNG(actual, name: "the new PNG")
            } catch {
                return ("\(error)", [])
            }
            let (result, diff) = ImageComparer(tolerance: tolerance).compareWithDiff(expected, image)
            guard !result.passed else { return nil }
            let attachments = (diff.flatMap { try? $0.pngData() }).map { [DiffAttachment.data($0, name: "diff.png")] } ?? []
            return (result.summary, attachments)
        }
    }
}

/// PNG bytes ⇄ pixels for the tests, through CairoRender's own PNG streams.
enum PNGCodec {
    static func encode(_ surface: ImageSurface) -> Data {
        (try? surface.pngData()) ?? Data()
    }

    static func decode(_ data: Data) -> RGBAImage? {
        try? RGBAImage.decodePNG(data)
    }

    /// Un-premultiplied RGBA pixels of a surface.
    static func pixels(of surface: ImageSurface) -> RGBAImage? {
        RGBAImage(surface: surface)
    }
}
