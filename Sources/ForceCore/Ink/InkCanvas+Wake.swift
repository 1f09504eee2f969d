extension InkCanvas {
    /// When a frame tick next changes the ink after `t` without a new sample: a point awaiting
    /// a force update settles `forceSettleInterval` after its last change, and predictions
    /// drop once the newest sample is older than `Predictor.maximumAge`. +∞ without a live
    /// stroke or once both are past. Only the live stroke and `pendingForceUpdateTime` are read.
    public func nextWake(after t: Double) -> Double {
        guard isDrawing, !liveStroke.isFinished else { return .infinity }
        var wake = Double.infinity
        if let pending = pendingForceUpdateTime { wake = pending + Self.forceSettleInterval }
        // The predictor's own staleness test: while it holds, the next frame tick may still
        // predict; after the newest sample is too old, predictions are gone for good.
        if liveStroke.realCount > 0 {
            let newest = liveStroke.points.time(at: liveStroke.realCount - 1)
            if t - newest <= Predictor.maximumAge { wake = min(wake, newest + Predictor.maximumAge) }
        }
        return wake
    }
}
