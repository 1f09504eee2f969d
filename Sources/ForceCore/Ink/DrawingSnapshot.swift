/// Finished strokes as bytes, read back equal (`==`): what a document's ink snapshot holds so
/// that a start skips replaying the events that redraw it (`Journal.read`).
///
/// Little-endian throughout: a stroke count, then per stroke its id, source, force and tilt
/// flags, first sequence number, start time and point count, then per real point its
/// location (two `Float`s), microseconds since the stroke's start, force (1/32768 steps) and
/// type bits, its estimation update index (−1: none) for a stroke that has any, and altitude
/// and azimuth (`Float`, NaN: none) for a stroke with tilt. A stroke not drawn with the default
/// pen has its tool after its header: kind, then a colour (a flag and RGBA) and a size (a flag
/// and a `Double`), a filled one (flag 32) its fill's opacity (a `Double`) after them, and a
/// dashed one (flag 64) its pattern's length count (a byte) and lengths (`Double`s) last.
/// Anything that does not read back whole — a short blob, a count past its end, an unknown
/// source — is refused (nil), never trusted in part.
public enum DrawingSnapshot {
    /// Encodes `strokes` (finished strokes; predicted points are not kept).
    public static func encode(_ strokes: [Stroke]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(8 + strokes.reduce(0) { $0 + 40 + $1.realCount * 27 })
        put(UInt64(strokes.count), &out)
        for s in strokes {
            let points = s.points
            let real = points.realCount
            var tilted = false, updated = false
            for i in 0..<real {
                let p = points[i]
                if p.altitude != nil || p.azimuth != nil { tilted = true }
                if p.estimationUpdateIndex != nil { updated = true }
            }
            put(UInt64(bitPattern: Int64(s.id)), &out)
            out.append(UInt8(InputSource.allCases.firstIndex(of: s.source) ?? 0))
            let tooled = s.tool != .pen, filled = s.tool.fill != nil, dashed = s.tool.dash != nil
            out.append((s.hasForce ? 1 : 0) | (tilted ? 2 : 0) | (s.isFinished ? 4 : 0) | (updated ? 8 : 0) | (tooled ? 16 : 0)
                       | (filled ? 32 : 0) | (dashed ? 64 : 0))
            put(UInt64(bitPattern: Int64(points.firstSequence)), &out)
            put(points.startTime.bitPattern, &out)
            put(UInt64(real), &out)
            if tooled {
                out.append(UInt8(InkTool.Kind.allCases.firstIndex(of: s.tool.kind) ?? 0))
                if let c = s.tool.colour { out += [1, c.red, c.green, c.blue, c.alpha] } else { out.append(0) }
                if let size = s.tool.size {
                    out.append(1)
                    put(size.bitPattern, &out)
                } else {
                    out.append(0)
                }
                if let fill = s.tool.fill { put(fill.bitPattern, &out) }
                if let dash = s.tool.dash {
                    out.append(UInt8(dash.count))  // at most `InkTool.maximumDashValues`
                    for v in dash { put(v.bitPattern, &out) }
                }
            }
            for i in 0..<real {
                let p = points[i]
                put(UInt32(Float(p.preciseLocation.x).bitPattern), &out)
                put(UInt32(Float(p.preciseLocation.y).bitPattern), &out)
                put(UInt32(clamping: Int(((p.time - points.startTime) * 1e6).rounded())), &out)
                put(UInt16(clamping: Int((p.force * 32768).rounded())), &out)
                out.append(p.type.rawValue)
                if updated { put(UInt32(bitPattern: Int32(clamping: p.estimationUpdateIndex ?? -1)), &out) }
                if tilted {
                    put(Float(p.altitude ?? .nan).bitPattern, &out)
                    put(Float(p.azimuth ?? .nan).bitPattern, &out)
                }
            }
        }
        return out
    }

    /// The strokes `bytes` hold from `offset` on, or nil when they are not a whole snapshot.
    public static func decode(_ bytes: [UInt8], from offset: Int = 0) -> [Stroke]? {
        bytes.withUnsafeBytes { decode($0, from: offset) }
    }

    /// The strokes `bytes` hold from `offset` on (read in place), or nil when they are not a
    /// whole snapshot.
    public static func decode(_ bytes: UnsafeRawBufferPointer, from offset: Int = 0) -> [Stroke]? {
        guard offset >= 0, offset <= bytes.count else { return nil }
        var r = Reader(bytes: bytes, at: offset)
        guard let count = r.u64(), count <= UInt64(bytes.count) else { return nil }
        var strokes: [Stroke] = []
        strokes.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let id = r.u64(), let sourceIndex = r.u8(), let flags = r.u8(), let first = r.u64(), let start = r.u64(),
                  let real = r.u64(), sourceIndex < InputSource.allCases.count, real <= UInt64(bytes.count) else { return nil }
            let tilted = flags & 2 != 0, updated = flags & 8 != 0
            let startTime = Double(bitPattern: start)
            guard startTime.isFinite else { return nil }
            var stroke = Stroke(id: Int(Int64(bitPattern: id)), source: InputSource.allCases[Int(sourceIndex)], hasForce: flags & 1 != 0)
            if flags & 16 != 0 {
                guard let kind = r.u8(), kind < InkTool.Kind.allCases.count, let hasColour = r.u8() else { return nil }
                var colour: InkColour?
                if hasColour == 1 {
                    guard let red = r.u8(), let green = r.u8(), let blue = r.u8(), let alpha = r.u8() else { return nil }
                    colour = InkColour(red: red, green: green, blue: blue, alpha: alpha)
                }
                guard let hasSize = r.u8() else { return nil }
                var size: Double?
                if hasSize == 1 {
                    guard let bits = r.u64(), InkTool.sizeRange.contains(Double(bitPattern: bits)) else { return nil }
                    size = Double(bitPattern: bits)
                }
                var fill: Double?
                if flags & 32 != 0 {
                    guard let bits = r.u64() else { return nil }
                    let f = Double(bitPattern: bits)
                    guard f > 0, f <= 1 else { return nil }
                    fill = f
                }
                var dash: [Double]?
                if flags & 64 != 0 {
                    guard let count = r.u8() else { return nil }
                    var lengths: [Double] = []
                    for _ in 0..<count {
                        guard let bits = r.u64() else { return nil }
                        lengths.append(Double(bitPattern: bits))
                    }
                    guard InkTool.dashProblem(lengths) == nil else { return nil }
                    dash = lengths
                }
                stroke.tool = InkTool(kind: InkTool.Kind.allCases[Int(kind)], colour: colour, size: size, fill: fill, dash: dash)
            } else if flags & (32 | 64) != 0 {
                return nil  // a fill or a dash without its tool
            }
            for i in 0..<Int(real) {
                guard let x = r.u32(), let y = r.u32(), let micro = r.u32(), let force = r.u16(), let type = r.u8(),
                      let update = updated ? r.u32() : UInt32(bitPattern: -1) else { return nil }
                var altitude: Double?, azimuth: Double?
                if tilted {
                    guard let a = r.u32(), let z = r.u32() else { return nil }
                    let af = Float(bitPattern: a), zf = Float(bitPattern: z)
                    altitude = af.isNaN ? nil : Double(af)
                    azimuth = zf.isNaN ? nil : Double(zf)
                }
                let index = Int32(bitPattern: update)
                let location = Point(x: Double(Float(bitPattern: x)), y: Double(Float(bitPattern: y)))
                guard location.x.isFinite, location.y.isFinite else { return nil }
                stroke.append(InkPoint(sequence: Int(Int64(bitPattern: first)) &+ i, time: startTime + Double(micro) / 1e6,
                                       force: Double(force) / 32768, preciseLocation: location, altitude: altitude, azimuth: azimuth,
                                       type: PointType(rawValue: type), estimationUpdateIndex: index < 0 ? nil : Int(index)))
            }
            if flags & 4 != 0 { stroke.finish() }
            strokes.append(stroke)
        }
        return r.atEnd ? strokes : nil
    }

    private static func put<T: FixedWidthInteger>(_ v: T, _ out: inout [UInt8]) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var at: Int
        var atEnd: Bool { at == bytes.count }

        mutating func read<T: FixedWidthInteger>(_: T.Type) -> T? {
            let n = MemoryLayout<T>.size
            guard at + n <= bytes.count else { return nil }
            let v = T(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: T.self))
            at += n
            return v
        }
        mutating func u8() -> UInt8? { read(UInt8.self) }
        mutating func u16() -> UInt16? { read(UInt16.self) }
        mutating func u32() -> UInt32? { read(UInt32.self) }
        mutating func u64() -> UInt64? { read(UInt64.self) }
    }
}

extension AppState {
    /// Puts a snapshot's strokes on the canvas (see `StateReplay.restoreDrawing`).
    mutating func restoreDrawing(_ strokes: [Stroke]) {
        scenes.canvas.ink.restore(strokes)
    }
}

