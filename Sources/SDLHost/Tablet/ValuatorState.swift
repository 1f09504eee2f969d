/// The last known value of every valuator of one device.
///
/// XI2 events send only the axes that changed, packed: `values[i]` belongs to the valuator whose
/// mask bit is the i-th bit set, so a valuator's value index is the number of mask bits set
/// below its number (mask bits {0, 2, 5} → values[0], [1], [2]). Axes an event leaves out keep
/// their last value. Pure Swift over the raw mask bytes and values, so it is tested without X.
public struct ValuatorState: Equatable, Sendable {
    /// Indexed by valuator number; nil until the axis was seen.
    public private(set) var values: [Double?]

    /// Starts with the axes' values at query time (XIValuatorClassInfo.value).
    public init(axes: [ValuatorAxis] = []) {
        let count = (axes.map(\.number).max() ?? -1) + 1
        values = Array(repeating: nil, count: count)
        for a in axes where a.number >= 0 { values[a.number] = a.value }
    }

    /// The last value of valuator `number`, or nil if it was never seen.
    public subscript(number: Int) -> Double? {
        number >= 0 && number < values.count ? values[number] : nil
    }

    /// Folds in one event's valuators. A mask claiming more values than `packed` holds stops at
    /// the end of `packed` (a malformed event loses axes, never reads past the buffer).
    public mutating func update(mask: UnsafeBufferPointer<UInt8>, values packed: UnsafeBufferPointer<Double>) {
        var index = 0
        for (byteIndex, byte) in mask.enumerated() where byte != 0 {
            var bits = byte
            while bits != 0 {
                guard index < packed.count else { return }
                let number = byteIndex * 8 + bits.trailingZeroBitCount
                if number >= values.count { values += Array(repeating: nil, count: number + 1 - values.count) }
                values[number] = packed[index]
                index += 1
                bits &= bits - 1  // clear the lowest set bit
            }
        }
    }

    /// Convenience for tests and tools: the same over arrays.
    public mutating func update(mask: [UInt8], values packed: [Double]) {
        mask.withUnsafeBufferPointer { m in packed.withUnsafeBufferPointer { update(mask: m, values: $0) } }
    }
}
