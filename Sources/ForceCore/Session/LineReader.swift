import Foundation

/// Splits a byte stream into lines, one block at a time: a line ends at `\n`, one `\r` before it
/// is dropped (CRLF and LF files read alike), and a last line without a line break still counts.
/// Lines are handed out in place, numbered from 1, without copying what came before; memory is
/// one block plus the longest line, and a line longer than `maximumLineLength` is refused or
/// skipped (`LongLines`) as soon as it passes that length, so memory stays bounded whatever
/// the file holds (a 2 GB file of zeros, `/dev/zero`).
///
/// Pure: the bytes come from `read`, which the caller supplies (a file in the command line, a
/// string in tests), so the core still touches no file.
public final class LineReader<Failure: Error> {
    /// 64 KiB: blocks this size make reading cost a few system calls per thousand lines.
    public static var defaultBlockSize: Int { 64 * 1024 }

    // The stored properties that change skip the runtime's exclusivity checks
    // (`@exclusivity(unchecked)`): a reader is used by one thread at a time, and no method
    // reads a property while another access to it is open. The checks cost three calls a line.
    @exclusivity(unchecked) private var buffer: UnsafeMutableBufferPointer<UInt8>
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    /// Bytes before `scanned` (from `start`) hold no line break.
    @exclusivity(unchecked) private var scanned = 0
    @exclusivity(unchecked) private var exhausted = false
    private let read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int

    /// What happens to a line longer than `maximumLineLength`.
    public enum LongLines {
        /// `nextLine` throws the given failure for that line's number, reading no further.
        case refuse((_ lineNumber: Int) -> Failure)
        /// The line is read past (its bytes are not kept) and counted in `skippedLines`; the
        /// lines after it are handed out as usual (a journal keeps what follows a damaged line).
        case skip
    }

    /// The longest line handed out (bytes, without the line break).
    public let maximumLineLength: Int
    private let longLines: LongLines
    /// The numbers of the lines skipped for their length (`LongLines.skip`).
    @exclusivity(unchecked) public private(set) var skippedLines: [Int] = []
    /// The number of the last line handed out.
    @exclusivity(unchecked) public private(set) var lineNumber = 0
    /// The byte offset just past the last line handed out and its line break: where the next
    /// line starts (a journal is cut back to here when what follows is torn).
    @exclusivity(unchecked) public private(set) var endOffset = 0
    /// Whether the last line handed out ended with a line break (a last line without one may
    /// have been cut off while it was written).
    @exclusivity(unchecked) public private(set) var lastLineWasTerminated = true
    /// The stream offset of `buffer[0]`.
    @exclusivity(unchecked) private var bufferOffset = 0

    /// `read` fills the buffer it is given and returns how many bytes it wrote (0 at the end).
    public init(blockSize: Int = defaultBlockSize, maximumLineLength: Int = InputLimits.maximumLineBytes,
                longLines: LongLines = .skip, read: @escaping (UnsafeMutableRawBufferPointer) throws(Failure) -> Int) {
        buffer = .allocate(capacity: max(1, blockSize))
        self.maximumLineLength = max(1, maximumLineLength)
        self.longLines = longLines
        self.read = read
    }

    deinit { buffer.deallocate() }

    /// The buffer's size now: one block, grown only for lines up to `maximumLineLength`.
    var bufferCapacity: Int { buffer.count }

    /// Hands the next line (without its line break) and its number to `body`; nil at the end.
    /// The bytes are valid only inside `body`.
    public func nextLine<R>(_ body: (UnsafeBufferPointer<UInt8>, Int) throws(Failure) -> R) throws(Failure) -> R? {
        while true {
            let searchStart = start + scanned
            if searchStart < end, let newline = Self.find(Self.lineFeed, in: UnsafeBufferPointer(rebasing: buffer[searchStart..<end])) {
                let lineEnd = searchStart + newline
                if lineEnd - start > maximumLineLength {
                    // The whole line came in one read: over the limit all the same.
                    _ = try passLongLine()
                    continue
                }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<lineEnd])
                start = lineEnd + 1
                scanned = 0
                lineNumber += 1
                endOffset = bufferOffset + start
                lastLineWasTerminated = true
                return try body(Self.droppingCarriageReturn(line), lineNumber)
            }
            scanned = end - start
            if scanned > maximumLineLength {
                if try !passLongLine() { return nil }
                continue
            }
            if exhausted {
                guard start < end else { return nil }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
                start = end
                scanned = 0
                lineNumber += 1
                endOffset = bufferOffset + end
                lastLineWasTerminated = false
                return try body(Self.droppingCarriageReturn(line), lineNumber)
            }
            try fill()
        }
    }

    /// The line at `start` passed the length limit: refused, or read past (`skipLongLine`);
    /// false when the stream ended inside it.
    private func passLongLine() throws(Failure) -> Bool {
        switch longLines {
        case .refuse(let failure): throw failure(lineNumber + 1)
        case .skip: return try skipLongLine()
        }
    }

    /// Reads past the rest of the line that passed the length limit, keeping none of it, and
    /// counts it; false when the stream ended inside it (nothing follows).
    private func skipLongLine() throws(Failure) -> Bool {
        lineNumber += 1
        skippedLines.append(lineNumber)
        while true {
            // Everything in the buffer belongs to the long line up to the first line break.
            if start < end, let newline = Self.find(Self.lineFeed, in: UnsafeBufferPointer(rebasing: buffer[start..<end])) {
                start += newline + 1
                scanned = 0
                endOffset = bufferOffset + start
                return true
            }
            bufferOffset += end
            start = 0
            end = 0
            scanned = 0
            endOffset = bufferOffset
            guard !exhausted else {
                lastLineWasTerminated = false
                return false
            }
            let n = try read(UnsafeMutableRawBufferPointer(buffer))
            if n == 0 { exhausted = true } else { end = min(n, buffer.count) }
        }
    }

    /// Moves the unfinished line to the front, grows the buffer if that line fills it, and reads.
    private func fill() throws(Failure) {
        if start > 0 {
            let pending = end - start
            if pending > 0, let base = buffer.baseAddress {
                base.update(from: base + start, count: pending)
            }
            bufferOffset += start
            start = 0
            end = pending
        }
        if end == buffer.count {
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
            if let to = larger.baseAddress, let from = buffer.baseAddress { to.initialize(from: from, count: end) }
            buffer.deallocate()
            buffer = larger
        }
        let n = try read(UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[end...])))
        if n == 0 { exhausted = true } else { end += min(n, buffer.count - end) }
    }

    // MARK: Whole texts

    /// Calls `body` with each line of `bytes` and its number, as `nextLine` would.
    public static func forEachLine<E: Error>(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) throws(E) -> Void
    ) throws(E) {
        var start = 0
        var number = 0
        while start < bytes.count {
            let rest = UnsafeBufferPointer(rebasing: bytes[start...])
            let length = find(lineFeed, in: rest) ?? rest.count
            number += 1
            try body(droppingCarriageReturn(UnsafeBufferPointer(rebasing: rest[..<length])), number)
            start += length + 1
        }
    }

    static var lineFeed: UInt8 { UInt8(ascii: "\n") }
    static var carriageReturn: UInt8 { UInt8(ascii: "\r") }

    /// The offset of the first `byte` in `bytes` (memchr: the library's vectorised search).
    static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, let hit = memchr(base, Int32(byte), bytes.count) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    static func droppingCarriageReturn(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let last = line.last, last == carriageReturn else { return line }
        return UnsafeBufferPointer(rebasing: line.dropLast())
    }
}
