/// One-call forms of the outline pipeline (`OutlineBuilder` → `OutlineChunk` →
/// `OutlinePolygon`), for tests and fixtures. Code that outlines many strokes keeps an
/// `OutlineWriter` instead, which allocates nothing once grown.
public enum StrokeOutline {
    /// The radius at a pressure (`OutlinePolygon.radius`).
    public static func radius(pressure: Double, options: OutlineOptions) -> Double {
        OutlinePolygon.radius(pressure: pressure, options: options)
    }

    /// The chunks of a list of points, all at once.
    public static func chunks(
        for points: [InkPoint], options: OutlineOptions = .default, precise: Bool = true, simulatePressure: Bool? = nil
    ) -> [OutlineChunk] {
        var builder = OutlineBuilder(options: options, simulatesPressure: simulatePressure ?? options.simulatePressure)
        builder.add(realPointsOf: points, precise: precise)
        return builder.takeFinal() + builder.finish()
    }

    /// The outline polygons of a list of points: one per chunk, their union is the stroke.
    public static func polygons(
        for points: [InkPoint], options: OutlineOptions = .default, precise: Bool = true, simulatePressure: Bool? = nil
    ) -> [[Point]] {
        var writer = OutlineWriter()
        writer.write(points, options: options, precise: precise, simulatesPressure: simulatePressure ?? options.simulatePressure)
        return writer.pieces.indices.map { Array(writer.polygon($0)) }
    }

    /// Every sample of the outline, in order (a chunk's first sample is the previous one's last,
    /// and appears once).
    public static func samples(
        for points: [InkPoint], options: OutlineOptions = .default, precise: Bool = true, simulatePressure: Bool? = nil
    ) -> [OutlineSample] {
        var out: [OutlineSample] = []
        for c in chunks(for: points, options: options, precise: precise, simulatePressure: simulatePressure) {
            out += c.samples.dropFirst(out.isEmpty ? 0 : 1)
        }
        return out
    }
}

extension StrokeOutline {
    /// Every sample of a stroke's outline, with the pressure it is drawn with (simulated for a
    /// force-less stroke).
    public static func samples(for stroke: Stroke, precise: Bool = true, options: OutlineOptions = .default) -> [OutlineSample] {
        samples(for: Array(stroke.points), options: options, precise: precise,
                simulatePressure: options.simulatePressure || !stroke.hasForce)
    }
}
