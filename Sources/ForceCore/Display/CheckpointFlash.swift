/// The short flash that says "checkpoint taken" when F5 adds one while recording. It is the
/// window's feedback, not part of the session: replays never flash, so a checkpoint's golden
/// image shows the scene, not the flash. Its look is a function of time (SPEC 10).
public struct CheckpointFlash: Equatable, Sendable {
    /// 0.4 s: long enough to see at 60 fps, short enough not to hide the next stroke (chosen;
    /// a camera-shutter flash in phone UIs lasts about this long).
    public static let duration = 0.4

    /// The checkpoint's name, shown with the flash.
    public var name: String
    /// When F5 was pressed.
    public var start: Double

    /// A flash for checkpoint `name`, from `start`.
    public init(name: String, start: Double) {
        self.name = name
        self.start = start
    }

    /// When it has faded out.
    public var end: Double { start + Self.duration }

    /// The flash's strength at `t`: 1 when it starts, easing out to 0 at `end`.
    public func alpha(at t: Double) -> Double {
        guard t >= start, t < end else { return 0 }
        let f = 1 - (t - start) / Self.duration
        return f * f
    }

    /// Every frame while it fades, +∞ after.
    public func nextWake(after t: Double) -> Double {
        t < end ? t : .infinity
    }
}

/// The flash as drawn this frame.
public struct CheckpointFlashDisplay: Equatable, Sendable {
    /// 0…1.
    public var alpha: Double
    /// The checkpoint's name.
    public var name: String
}

extension AppState {
    /// Shows the checkpoint flash from `t` (the window calls this when F5 records a
    /// checkpoint; the `checkpoint` event itself changes nothing in the state).
    public mutating func flashCheckpoint(_ name: String, at t: Double) {
        checkpointFlash = CheckpointFlash(name: name, start: t)
    }

    /// The flash to draw now, if one is fading.
    var checkpointFlashDisplay: CheckpointFlashDisplay? {
        guard let f = checkpointFlash else { return nil }
        let alpha = f.alpha(at: time)
        return alpha > 0 ? CheckpointFlashDisplay(alpha: alpha, name: f.name) : nil
    }
}
