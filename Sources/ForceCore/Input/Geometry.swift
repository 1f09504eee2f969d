import Foundation

/// A location in canvas points (logical pixels; the renderer applies the HiDPI scale).
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    public var length: Double { (x * x + y * y).squareRoot() }
    public func distance(to other: Point) -> Double { (self - other).length }
    public func distanceSquared(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return dx * dx + dy * dy
    }
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
    /// The unit vector in this direction, or zero for a zero vector.
    public var normalized: Point {
        let l = length
        return l > 0 ? Point(x: x / l, y: y / l) : .zero
    }
    /// Rotated 90° (the left-hand perpendicular in y-down screen coordinates).
    public var perpendicular: Point { Point(x: y, y: -x) }
    public func lerp(to b: Point, _ t: Double) -> Point { self + (b - self) * t }
    /// Rotated about `center` by `angle` radians.
    public func rotated(around center: Point, by angle: Double) -> Point {
        let s = sin(angle), c = cos(angle)
        let px = x - center.x, py = y - center.y
        return Point(x: px * c - py * s + center.x, y: px * s + py * c + center.y)
    }
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

/// An axis-aligned rectangle in canvas points.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)
    public var isNull: Bool { x == .infinity || width <= 0 || height <= 0 }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The rectangle around `p` outset by `radius` on every side.
    public init(around p: Point, radius: Double) {
        self.init(x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius)
    }

    public func union(_ o: Rect) -> Rect {
        if isNull { return o }
        if o.isNull { return self }
        let minX = Swift.min(x, o.x), minY = Swift.min(y, o.y)
        return Rect(x: minX, y: minY, width: Swift.max(maxX, o.maxX) - minX, height: Swift.max(maxY, o.maxY) - minY)
    }

    public func intersection(_ o: Rect) -> Rect {
        let minX = Swift.max(x, o.x), minY = Swift.max(y, o.y)
        let mx = Swift.min(maxX, o.maxX), my = Swift.min(maxY, o.maxY)
        return mx > minX && my > minY ? Rect(x: minX, y: minY, width: mx - minX, height: my - minY) : .null
    }

    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }

    /// Whether `r` lies wholly inside this rectangle.
    public func contains(_ r: Rect) -> Bool { r.x >= x && r.maxX <= maxX && r.y >= y && r.maxY <= maxY }

    /// Whether the two rectangles share some area (touching edges do not count).
    public func intersects(_ r: Rect) -> Bool { !intersection(r).isNull }

    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// The rectangle grown (negative `d`) or shrunk (positive `d`) by `d` on every side.
    public func insetBy(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// This rect with every coordinate times `s` (about the origin; a null rect stays null).
    public func scaled(by s: Double) -> Rect {
        isNull ? self : Rect(x: x * s, y: y * s, width: width * s, height: height * s)
    }
}

/// The window's drawable area: its size in points and the HiDPI scale (pixels per point).
///
/// Every value is clamped into range by construction (sides 1…`maximumSide`, scale
/// `scaleRange`, each pixel side at most `maximumPixelSide`), so no viewport can ask for a
/// surface that cannot exist or a pixel count that does not fit an `Int`. Readers of files and
/// options check the same limits first and say which value was wrong.
public struct Viewport: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var scale: Double

    /// 16384 points: the largest window side a session or `--size` may ask for.
    public static let maximumSide = 16384
    /// 0.1…8 pixels per point: displays are 1, 1.25, 1.5, 2 or 3; below a tenth a canvas would
    /// be a few pixels, above 8 a window would be a gigapixel.
    public static let scaleRange = 0.1...8.0
    /// 16384 pixels: the largest side of a drawing surface (Cairo refuses above 32767; 16384² ×
    /// 4 bytes is already 1 GiB for one frame).
    public static let maximumPixelSide = 16384

    public init(width: Int, height: Int, scale: Double = 1) {
        self.width = min(Self.maximumSide, max(1, width))
        self.height = min(Self.maximumSide, max(1, height))
        self.scale = scale.isFinite && scale > 0 ? min(Self.scaleRange.upperBound, max(Self.scaleRange.lowerBound, scale)) : 1
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
    /// The surface's width in pixels (1…`maximumPixelSide`).
    public var pixelWidth: Int { Self.pixels(width, scale) }
    /// The surface's height in pixels (1…`maximumPixelSide`).
    public var pixelHeight: Int { Self.pixels(height, scale) }

    /// Whether `width`×`height` points at `scale` fit `maximumPixelSide`: what a reader checks
    /// before it builds a viewport, to name the value that does not fit.
    public static func fits(width: Int, height: Int, scale: Double) -> Bool {
        Double(max(width, height)) * scale <= Double(maximumPixelSide) + 0.5
    }

    private static func pixels(_ side: Int, _ scale: Double) -> Int {
        Int(clamping: (Double(side) * scale).rounded(), to: 1...maximumPixelSide)
    }
}

extension Int {
    /// `value` as an `Int` clamped into `range` (NaN gives the lower bound): a conversion from
    /// `Double` that cannot trap, whatever the value.
    public init(clamping value: Double, to range: ClosedRange<Int>) {
        if !(value > Double(range.lowerBound)) {
            self = range.lowerBound
        } else if value >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self = Int(value)
        }
    }
}
