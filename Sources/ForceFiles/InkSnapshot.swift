import ForceCore
import ForcePlatform
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A document's ink snapshot, `ID.ink` beside its journal: the strokes that the journal's first
/// lines (its header and the events that redraw the ink, as compaction writes them) replay to,
/// so that a start puts them on the canvas instead of replaying 100,000 events.
///
/// It is checked against the journal before it is used: the byte count and FNV-1a hash of that
/// prefix must be the journal's own, so a journal written since (another compaction, a damaged
/// line rewritten, a file copied over it) makes it stale and the journal is replayed as ever.
/// Compaction writes it pending (the prefix known, no strokes); the next full restore fills
/// the strokes in as the replay passes the prefix's end. Nothing is lost without it.
struct InkSnapshot: Equatable {
    /// "FCINK02\n" (01 had no tools: it is not read, the journal is replayed instead).
    static let magic = Array("FCINK02\n".utf8)

    /// The journal's first `prefixBytes` bytes (`prefixLines` lines) redraw the ink…
    var prefixBytes: Int
    var prefixLines: Int
    /// …and hash to this.
    var prefixHash: UInt64
    /// The last redrawing event's time and how many there are.
    var endTime: Double
    var events: Int
    /// The file's bytes, with the `DrawingSnapshot` from `strokesOffset` on (nil while pending).
    var bytes = Data()
    var strokesOffset: Int?

    /// The strokes it holds (nil while pending, or when they do not read back whole), read in
    /// place.
    var strokes: [Stroke]? {
        guard let offset = strokesOffset else { return nil }
        return bytes.withUnsafeBytes { DrawingSnapshot.decode($0, from: offset) }
    }

    /// `ID.ink` for the journal `ID.jsonl`.
    static func path(forJournal journal: String) -> String {
        (journal.hasSuffix(".jsonl") ? String(journal.dropLast(6)) : journal) + ".ink"
    }

    /// The file's bytes, with `strokes` drawn (nil: pending) and their own hash (a snapshot
    /// damaged on the disk is not used).
    func encoded(_ strokes: [Stroke]?) -> [UInt8] {
        let drawn = strokes.map(DrawingSnapshot.encode) ?? []
        var out = Self.magic
        for v in [UInt64(prefixBytes), UInt64(prefixLines), prefixHash, endTime.bitPattern, UInt64(events),
                  UInt64(strokes == nil ? 0 : 1), drawn.withUnsafeBytes { Self.hash($0) }] {
            withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
        }
        return out + drawn
    }

    /// The snapshot at `path`, or nil when there is none or it is not one.
    static func read(_ path: String) -> InkSnapshot? {
        guard let bytes = try? FileKind.readWhole(path) else { return nil }
        let head = magic.count + 7 * 8
        guard bytes.count >= head, bytes.prefix(magic.count).elementsEqual(magic) else { return nil }
        func word(_ k: Int) -> UInt64 {
            bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: magic.count + k * 8, as: UInt64.self)) }
        }
        guard word(0) <= UInt64(Int.max), word(1) <= UInt64(Int.max), word(4) <= UInt64(Int.max) else { return nil }
        let end = Double(bitPattern: word(3))
        guard end.isFinite, bytes.withUnsafeBytes({ hash(UnsafeRawBufferPointer(rebasing: $0[head...])) }) == word(6) else { return nil }
        return InkSnapshot(prefixBytes: Int(word(0)), prefixLines: Int(word(1)), prefixHash: word(2), endTime: end,
                           events: Int(word(4)), bytes: bytes, strokesOffset: word(5) == 0 ? nil : head)
    }

    /// Writes it beside the journal with `strokes` (nil: pending); a snapshot that cannot be
    /// written is only a slower start.
    func write(_ strokes: [Stroke]?, to path: String) {
        try? WholeFile.write(encoded(strokes), to: path)
    }

    /// 64 KiB, a multiple of 8: what the hash reads at a time.
    static let hashBlock = 1 << 16
    static let hashStart: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a's steps over 64-bit little-endian words, then the last bytes one by one, going
    /// on from `h`.
    static func hash(_ raw: UnsafeRawBufferPointer, from h: UInt64 = hashStart) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var h = h
        let words = raw.count / 8
        for w in 0..<words { h = (h ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: w * 8, as: UInt64.self))) &* prime }
        for b in raw[(words * 8)...] { h = (h ^ UInt64(b)) &* prime }
        return h
    }

    /// The hash (`hash(_:)`) of the first `count` bytes of the file at `path`; nil when it is
    /// shorter or cannot be read.
    static func hash(of path: String, bytes count: Int) -> UInt64? {
        guard let fd = try? FileKind.openRegular(path).descriptor else { return nil }
        defer { close(fd) }
        var h = hashStart
        var left = count
        var block = [UInt8](repeating: 0, count: hashBlock)
        while left > 0 {
            // Fill the block (a short read is read on), so words never straddle two reads.
            let want = min(left, hashBlock)
            var got = 0
            while got < want {
                let n = block.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress.map { $0 + got }, want - got) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return nil }
                got += n
            }
            // Blocks are whole words but the last: the same as hashing the bytes at once.
            block.withUnsafeBytes { h = hash(UnsafeRawBufferPointer(rebasing: $0[0..<got]), from: h) }
            left -= got
        }
        return h
    }
}
