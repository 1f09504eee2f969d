/// The samples an `OutlineBuilder` has not handed out yet: a growable buffer whose appends,
/// unlike an array's, ask nothing of the runtime. The builder checks once per call that it
/// holds the only reference (`isKnownUniquelyReferenced`), and copies the store if not, so
/// builders copied for a live tail, and chunks kept past a call, keep value semantics; an
/// array checks that on every append, and on a pen's stream of samples the check, a call into
/// the runtime with every live register saved around it, cost more than the append.
///
/// Only an owner that holds the only reference may change a store: that is why it may be
/// shared between threads (`@unchecked Sendable`), as an array's storage is.
final class OutlineSampleStore: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<OutlineSample>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    // `OutlineSample` is a trivial type: its memory is freed without deinitialising it.
    deinit { base.deallocate() }

    /// A store of its own with the same samples and room.
    func copy() -> OutlineSampleStore {
        let other = OutlineSampleStore(capacity: capacity)
        other.base.initialize(from: base, count: count)
        other.count = count
        return other
    }

    subscript(i: Int) -> OutlineSample {
        get {
            assert(i >= 0 && i < count, "sample \(i) of \(count)")
            return base[i]
        }
        set {
            assert(i >= 0 && i < count, "sample \(i) of \(count)")
            base[i] = newValue
        }
    }

    @inline(__always)
    func append(_ s: OutlineSample) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: s)
        count += 1
    }

    /// Takes in the samples a caller wrote itself, past `count` and within `capacity`, up to
    /// `n` (or forgets the ones past `n`, when `n` is smaller): for a loop that writes samples
    /// at `base + count` without a call per sample.
    func setCount(_ n: Int) {
        precondition(n >= 0 && n <= capacity, "\(n) samples in a store of \(capacity)")
        count = n
    }

    /// Room for `n` samples in all.
    func reserve(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    private func grow(to least: Int) {
        let larger = max(least, 2 * capacity)
        let moved = UnsafeMutablePointer<OutlineSample>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Inserts a copy of sample `i` just after it.
    func insertCopy(after i: Int) {
        assert(i >= 0 && i < count, "sample \(i) of \(count)")
        if count == capacity { grow(to: count + 1) }
        // The regions overlap: `moveInitialize` moves from the last element back.
        (base + i + 2).moveInitialize(from: base + i + 1, count: count - i - 1)
        (base + i + 1).initialize(to: base[i])
        count += 1
    }

    func removeFirst(_ k: Int) {
        assert(k >= 0 && k <= count, "\(k) samples of \(count)")
        base.moveInitialize(from: base + k, count: count - k)
        count -= k
    }

    func removeAll() { count = 0 }

    /// The samples `range`, as a chunk's view: it keeps this store, whose owner copies it
    /// before changing it again.
    func samples(_ range: ClosedRange<Int>) -> OutlineSamples {
        assert(range.lowerBound >= 0 && range.upperBound < count, "samples \(range) of \(count)")
        return OutlineSamples(store: self, start: range.lowerBound, count: range.count)
    }
}
