extension Array {
    /// The first index whose element is not `before`, by binary search: the array is partitioned,
    /// the elements that are `before` coming first (strokes by id, events and captions by time,
    /// captured frames).
    public func partitionPoint(_ before: (Element) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if before(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
