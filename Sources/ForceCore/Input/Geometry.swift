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
}

/// The window's drawable area: its size in points and the HiDPI scale (pixels per point).
public struct Viewport: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var scale: Double

    public init(width: Int, height: Int, scale: Double = 1) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
    public var pixelWidth: Int { Int((Double(width) * scale).rounded()) }
    public var pixelHeight: Int { Int((Double(height) * scale).rounded()) }
}
