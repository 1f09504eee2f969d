/// The outline pipeline for whole strokes, reused from stroke to stroke: its builder and its
/// buffers keep their storage, so once they have grown to the strokes' size, outlining a
/// stroke allocates nothing. After `write`, `points` holds every piece's polygon, one after
/// the other, and `pieces` says where each one is.
public struct OutlineWriter: Sendable {
    /// One piece of the outline: its polygon's vertices in `points`, and its alpha.
    public struct Piece: Equatable, Sendable {
        public var range: Range<Int>
        public var alpha: Double
    }

    /// The polygons and where they are.
    private struct Output {
        /// The polygons, `count` points of them, then room left by earlier strokes: all of it
        /// initialised, so it is written over without being made or cleared again.
        var storage: [Point] = []
        var count = 0
        var pieces: [Piece] = []

        mutating func append(_ chunk: OutlineChunk, options: OutlineOptions, totalLength: Double?) {
            let end = count + OutlinePolygon.mostPoints(upTo: chunk.samples.count)
            if storage.count < end {
                // Grows as arrays do, by doubling, so the room is cleared only while it grows.
                storage.append(contentsOf: repeatElement(Point.zero, count: end - storage.count))
            }
            let start = count
            count += storage.withUnsafeMutableBufferPointer { buffer in
                // `end > count`, so the buffer has an address.
                OutlinePolygon.write(chunk, options: options, totalLength: totalLength,
                                     into: buffer.baseAddress.unsafelyUnwrapped + start)
            }
            pieces.append(Piece(range: start..<count, alpha: chunk.alpha))
        }
    }

    private var output = Output()
    private var builder = OutlineBuilder(options: .default, simulatesPressure: false)

    /// The vertices of every piece's polygon, in order.
    public var points: ArraySlice<Point> { output.storage[..<output.count] }
    /// The pieces, in drawing order.
    public var pieces: [Piece] { output.pieces }

    public init() {}

    /// The polygon of piece `i`.
    public func polygon(_ i: Int) -> ArraySlice<Point> { points[pieces[i].range] }

    /// Outlines the real points of `input` (replacing the previous stroke's outline).
    public mutating func write(
        _ input: [InkPoint], options: OutlineOptions, precise: Bool = true,
        simulatesPressure: Bool, opacityLevels: Double? = nil
    ) {
        // Moved out while the builder hands it chunks (no copy: the arrays are swapped).
        var out = Output()
        swap(&out, &output)
        defer { swap(&out, &output) }
        out.count = 0
        out.pieces.removeAll(keepingCapacity: true)
        builder.restart(options: options, simulatesPressure: simulatesPressure, opacityLevels: opacityLevels)
        builder.add(realPointsOf: input, precise: precise)
        // Finished in one step: every chunk with the stroke's length. A live stroke takes its
        // final chunks without it, and draws the same: a chunk is final only once the stroke
        // has gone on past it by more than the end taper, which therefore cannot reach it.
        // (Taking them first would move the samples left behind them, for nothing.)
        builder.finish { chunk, length in out.append(chunk, options: options, totalLength: length) }
    }
}
