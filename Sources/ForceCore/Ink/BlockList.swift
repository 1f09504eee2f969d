/// An append-only list stored in fixed-size blocks: appending never moves what is already
/// stored (an `Array` reallocates and copies everything when it grows), and a copy of the list
/// shares every full block with the original.
struct BlockList<Element: Hashable & Sendable>: Hashable, Sendable {
    /// 512 elements a block (8 KiB of 16-byte points).
    static var blockShift: Int { 9 }
    static var blockSize: Int { 1 << blockShift }
    static var blockMask: Int { blockSize - 1 }

    private var blocks: [[Element]] = []
    private(set) var count = 0

    init() {}

    subscript(i: Int) -> Element {
        get { blocks[i >> Self.blockShift][i & Self.blockMask] }
        set { blocks[i >> Self.blockShift][i & Self.blockMask] = newValue }
    }

    var last: Element? { count > 0 ? self[count - 1] : nil }

    /// Calls `body` with the elements `range`, a block's run at a time, in order: each run
    /// contiguous.
    func forEachRun(in range: Range<Int>, _ body: (UnsafeBufferPointer<Element>) throws -> Void) rethrows {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "elements \(range) of \(count)")
        var i = range.lowerBound
        while i < range.upperBound {
            let block = i >> Self.blockShift, offset = i & Self.blockMask
            let n = min(range.upperBound - i, Self.blockSize - offset)
            try blocks[block].withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[offset..<(offset + n)])) }
            i += n
        }
    }

    /// Appends `e`. The first block grows as an array does (a 60-point stroke holds room for
    /// 64, not 512: most strokes never fill one block), but never past one block; the blocks
    /// after it are taken whole.
    mutating func append(_ e: Element) {
        if count & Self.blockMask == 0 {
            var block: [Element] = []
            if count > 0 { block.reserveCapacity(Self.blockSize) }
            blocks.append(block)
        } else if count < Self.blockSize, count == blocks[0].capacity {
            // An array doubles what malloc gave it, and malloc can give a few elements more
            // than asked (65 slots → 130 → 260 → 520): the first block would end over-full.
            blocks[0].reserveCapacity(min(Self.blockSize, 2 * count))
        }
        blocks[blocks.count - 1].append(e)
        count += 1
    }

    /// How many elements its blocks have room for.
    var capacity: Int { blocks.reduce(0) { $0 + $1.capacity } }

    /// Gives the last block back its spare capacity (a finished stroke keeps no room to grow).
    mutating func shrinkToFit() {
        guard let last = blocks.last, last.capacity > last.count else { return }
        var tight: [Element] = []
        tight.reserveCapacity(last.count)
        tight.append(contentsOf: last)
        blocks[blocks.count - 1] = tight
    }

    static func == (a: BlockList, b: BlockList) -> Bool { a.count == b.count && a.blocks == b.blocks }

    func hash(into h: inout Hasher) {
        h.combine(count)
        if let last { h.combine(last) }
    }
}
