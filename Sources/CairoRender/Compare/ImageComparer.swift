/// Compares two images as a person would: the one comparer of ForceCanvas, used by
/// `forcecanvas check` and by the project's own golden-image tests.
///
/// pixelmatch's method, written for Cairo's pixels: un-premultiplied RGBA (`RGBAImage`), a
/// perceptual YIQ distance per pixel against `threshold`, and anti-aliasing detection after
/// Vyšniauskas, "Anti-aliased pixel and intensity slope detector" (2009): a differing pixel
/// that sits on an edge of either image — it has both a darker and a brighter neighbour, few
/// neighbours like itself, and the neighbour at one end of its slope lies in a flat area of
/// both images — is anti-aliasing and does not count. So a stroke that moved by one pixel's
/// antialiasing passes; one that moved by three does not. Sizes are compared first.
public struct ImageComparer: Sendable {
    /// How much may differ.
    public struct Tolerance: Equatable, Sendable {
        /// 0.1, pixelmatch's default: a pixel differs when its perceptual distance (0…1) is
        /// above this. 0.1 is about 26 grey levels of 255, near the per-channel 24 the golden
        /// tests allowed before this comparer.
        public static let standardThreshold = 0.1
        /// 0.0002 of the pixels (205 of a 1280×800 frame, a 14-pixel square): the share that
        /// may differ by default. A real change — a stroke moved or thickened by 2 px or more —
        /// differs over thousands of pixels; an antialiasing difference is not counted at all.
        public static let standardRatio = 0.0002

        /// `standardThreshold`, `standardRatio`.
        public static let standard = Tolerance()
        /// No pixel may differ by more than `threshold`.
        public static func exact(threshold: Double = standardThreshold) -> Tolerance {
            Tolerance(threshold: threshold, maxDiffPixels: 0, maxDiffRatio: nil)
        }

        /// Perceptual distance 0…1 above which a pixel differs.
        public var threshold: Double
        /// At most this many differing pixels.
        public var maxDiffPixels: Int?
        /// At most this share (0…1) of the pixels differs.
        public var maxDiffRatio: Double?

        /// A tolerance; with neither limit given, no pixel may differ.
        public init(threshold: Double = standardThreshold, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = standardRatio) {
            self.threshold = threshold
            self.maxDiffPixels = maxDiffPixels
            self.maxDiffRatio = maxDiffRatio
        }

        /// How many pixels of `total` may differ: the smaller of the two limits given (0 with neither).
        public func allowedPixels(of total: Int) -> Int {
            var allowed = Int.max
            if let n = maxDiffPixels { allowed = min(allowed, max(0, n)) }
            if let r = maxDiffRatio { allowed = min(allowed, Int((r * Double(total)).rounded(.down))) }
            return allowed == .max ? 0 : allowed
        }
    }

    /// The colours of the diff image, pixelmatch's: differing red, anti-aliasing yellow; the
    /// rest is the expected image in grey, faded to `fade` of its contrast.
    public static let differentColour: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
    /// Yellow: a pixel left out as anti-aliasing.
    public static let antialiasedColour: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 0, 255)
    /// 0.1: how much of the expected image's contrast the diff keeps (pixelmatch's `alpha`).
    public static let fade = 0.1

    /// How much may differ.
    public var tolerance: Tolerance
    /// Whether anti-aliased pixels are left out of the count (pixelmatch's `includeAA: false`).
    public var detectsAntialiasing: Bool
    /// Regions whose pixels are never compared (a clock, a cursor): hatched in the diff image.
    public var masks: [PixelRect]

    /// A comparer with `tolerance`, leaving anti-aliased pixels out unless told not to.
    public init(tolerance: Tolerance = .standard, detectsAntialiasing: Bool = true, masks: [PixelRect] = []) {
        self.tolerance = tolerance
        self.detectsAntialiasing = detectsAntialiasing
        self.masks = masks
    }

    /// The hatching of a masked pixel in the diff image: stripes of this blue over the faded golden.
    public static let maskColour: (UInt8, UInt8, UInt8, UInt8) = (90, 120, 200, 255)

    /// One byte per pixel, 1 where a mask covers it; nil without masks.
    private func maskMap(width w: Int, height h: Int) -> [UInt8]? {
        guard !masks.isEmpty else { return nil }
        var map = [UInt8](repeating: 0, count: w * h)
        for r in masks {
            let x0 = max(0, r.x), y0 = max(0, r.y), x1 = min(w, r.x + r.width), y1 = min(h, r.y + r.height)
            guard x1 > x0, y1 > y0 else { continue }
            for y in y0..<y1 {
                let row = y * w
                for x in x0..<x1 { map[row + x] = 1 }
            }
        }
        return map
    }

    /// Compares `actual` with `expected`.
    public func compare(_ expected: RGBAImage, _ actual: RGBAImage) -> ImageComparison {
        scanImages(expected, actual, diff: nil)
    }

    /// Compares and draws the diff image (nil when the sizes differ).
    public func compareWithDiff(_ expected: RGBAImage, _ actual: RGBAImage) -> (ImageComparison, RGBAImage?) {
        guard expected.width == actual.width, expected.height == actual.height else { return (compare(expected, actual), nil) }
        var diff = [UInt8](repeating: 0, count: expected.pixels.count)
        let result = diff.withUnsafeMutableBufferPointer { scanImages(expected, actual, diff: $0) }
        return (result, RGBAImage(width: expected.width, height: expected.height, pixels: diff))
    }

    private func scanImages(_ expected: RGBAImage, _ actual: RGBAImage, diff: UnsafeMutableBufferPointer<UInt8>?) -> ImageComparison {
        var unscanned = ImageComparison(expectedSize: PixelSize(expected), actualSize: PixelSize(actual), tolerance: tolerance)
        guard !unscanned.sizeMismatch else { return unscanned }
        unscanned.allowedPixels = tolerance.allowedPixels(of: 0)
        return expected.pixels.withUnsafeBytes { eb in
            actual.pixels.withUnsafeBytes { ab in
                // An image without pixels has no bytes to point at, and nothing to compare.
                guard let e = eb.baseAddress, let a = ab.baseAddress else { return unscanned }
                return scan(StraightRGBA.self, e, StraightRGBA.self, a, width: expected.width, height: expected.height, diff: diff)
            }
        }
    }

    /// Compares two Cairo surfaces where they lie (premultiplied ARGB32 or RGB24, no copy): at
    /// once when their bytes are the same (the usual case of a passing check), else pixel by
    /// pixel; with `diff`, the diff image of any that differ.
    public func compare(_ expected: ImageSurface, _ actual: ImageSurface, diff: Bool = false) -> (ImageComparison, RGBAImage?) {
        let w = expected.pixelWidth, h = expected.pixelHeight
        guard w == actual.pixelWidth, h == actual.pixelHeight else {
            return (ImageComparison(expectedSize: PixelSize(width: w, height: h),
                                    actualSize: PixelSize(width: actual.pixelWidth, height: actual.pixelHeight), tolerance: tolerance), nil)
        }
        if expected.hasSamePixels(as: actual) {
            var same = ImageComparison(expectedSize: PixelSize(width: w, height: h), actualSize: PixelSize(width: w, height: h),
                                       tolerance: tolerance)
            same.maskedPixels = maskMap(width: w, height: h)?.reduce(0) { $0 + Int($1) } ?? 0
            same.totalPixels = w * h - same.maskedPixels
            same.allowedPixels = tolerance.allowedPixels(of: same.totalPixels)
            return (same, nil)
        }
        expected.flush()
        actual.flush()
        guard let e = expected.data, let a = actual.data, expected.stride == w * 4, actual.stride == w * 4 else {
            // Rows with padding (no Cairo format of 4 bytes a pixel has any): compare copies.
            let ce = RGBAImage(surface: expected), ca = RGBAImage(surface: actual)
            return diff ? compareWithDiff(ce, ca) : (compare(ce, ca), nil)
        }
        var diffBytes = diff ? [UInt8](repeating: 0, count: w * h * 4) : []
        let result = diffBytes.withUnsafeMutableBufferPointer { d in
            let out = diff ? d : nil
            switch (expected.isOpaqueFormat, actual.isOpaqueFormat) {
            case (false, false): return scan(PremultipliedARGB32.self, e, PremultipliedARGB32.self, a, width: w, height: h, diff: out)
            case (true, true): return scan(OpaqueRGB24.self, e, OpaqueRGB24.self, a, width: w, height: h, diff: out)
            case (false, true): return scan(PremultipliedARGB32.self, e, OpaqueRGB24.self, a, width: w, height: h, diff: out)
            case (true, false): return scan(OpaqueRGB24.self, e, PremultipliedARGB32.self, a, width: w, height: h, diff: out)
            }
        }
        return (result, diff ? RGBAImage(width: w, height: h, pixels: diffBytes) : nil)
    }

    /// The comparison of two `width` × `height` images of layouts `E` and `A` (4 bytes a pixel,
    /// no padding), writing the diff image's RGBA bytes into `diff` when given.
    private func scan<E: PixelLayout, A: PixelLayout>(_: E.Type, _ e: UnsafeRawPointer, _: A.Type, _ a: UnsafeRawPointer,
                                                      width w: Int, height h: Int,
                                                      diff: UnsafeMutableBufferPointer<UInt8>?) -> ImageComparison {
        var result = ImageComparison(expectedSize: PixelSize(width: w, height: h), actualSize: PixelSize(width: w, height: h),
                                     tolerance: tolerance)
        let mask = maskMap(width: w, height: h)
        result.maskedPixels = mask?.reduce(0) { $0 + Int($1) } ?? 0
        result.totalPixels = w * h - result.maskedPixels
        result.allowedPixels = tolerance.allowedPixels(of: result.totalPixels)
        let limit = PerceptualColour.delta(threshold: tolerance.threshold)
        var worst = 0.0
        func put(_ o: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) {
            guard let diff else { return }
            diff[o] = c.0
            diff[o + 1] = c.1
            diff[o + 2] = c.2
            diff[o + 3] = c.3
        }
        for y in 0..<h {
            for x in 0..<w {
                let o = (y * w + x) * 4
                if let mask, mask[y * w + x] != 0 {
                    if diff != nil { put(o, (x + y) / 4 % 2 == 0 ? Self.maskColour : Self.faded(E.self, e, o)) }
                    continue
                }
                // Whole pixels first: most are the same.
                let delta = E.key(e, o) == A.key(a, o) ? 0 : PerceptualColour.delta(E.self, e, A.self, a, o)
                if delta > worst { worst = delta }
                if delta > limit {
                    if detectsAntialiasing, Antialiasing.isEdge(x, y, in: E.self, e, other: A.self, a, width: w, height: h)
                        || Antialiasing.isEdge(x, y, in: A.self, a, other: E.self, e, width: w, height: h) {
                        result.antialiasedPixels += 1
                        put(o, Self.antialiasedColour)
                    } else {
                        result.differentPixels += 1
                        put(o, Self.differentColour)
                    }
                } else if diff != nil {
                    put(o, Self.faded(E.self, e, o))
                }
            }
        }
        result.worstDistance = PerceptualColour.distance(delta: worst)
        return result
    }

    /// The expected pixel in grey at `fade` of its contrast, over white.
    @inline(__always)
    private static func faded<L: PixelLayout>(_: L.Type, _ p: UnsafeRawPointer, _ o: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let luma = PerceptualColour.luma(L.self, p, o)
        let v = UInt8(max(0, min(255, (255 + (luma - 255) * fade).rounded())))
        return (v, v, v, 255)
    }
}

/// Width and height in pixels.
public struct PixelSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init(_ image: RGBAImage) { self.init(width: image.width, height: image.height) }

    /// "1280x800".
    public var description: String { "\(width)x\(height)" }
}
