/// A named moment of a session that `forcecanvas check` snapshots: its pixels, its state, and
/// the state trace up to it. A session line `{"t":1.2,"type":"checkpoint","name":"peek"}`;
/// F5 adds one while recording.
public struct Checkpoint: Equatable, Hashable, Sendable {
    /// 64 characters: a name becomes part of a file name (`SESSION-NAME.png`), far below
    /// the 255 bytes a Linux file name may take.
    public static let maximumNameLength = 64
    /// "end": the name of the implicit checkpoint, the last frame, of a session without any.
    public static let implicitName = "end"

    /// The name, unique within its session.
    public var name: String
    /// When, in seconds from the session start (shown at the first frame at or after it).
    public var time: Double
    /// The session line it was read from (0 when it was made otherwise).
    public var line: Int
    /// Its own `"threshold"`, `"maxDiffPixels"`, `"maxDiffRatio"`: they win over the header's
    /// and the command line's for this checkpoint.
    public var tolerances: CheckTolerances
    /// Its `"mask"`: rectangles in the frame's points whose pixels never count.
    public var masks: [Rect]

    public init(name: String, time: Double, line: Int = 0, tolerances: CheckTolerances = CheckTolerances(), masks: [Rect] = []) {
        self.name = name
        self.time = time
        self.line = line
        self.tolerances = tolerances
        self.masks = masks
    }

    /// `checkpoint-N`: what F5 names the checkpoints it adds, while recording and in the player.
    public static func numbered(_ n: Int) -> String { "checkpoint-\(n)" }

    /// Why `name` cannot name a checkpoint, in words, or nil when it can: 1 to 64 ASCII
    /// letters, digits, `.`, `_` or `-`, beginning with a letter or a digit (it goes into file
    /// names, so no `/`, no spaces, nothing hidden).
    public static func problem(with name: String) -> String? {
        guard !name.isEmpty else { return "a checkpoint name must not be empty" }
        guard name.utf8.count <= maximumNameLength else {
            return "checkpoint name \"\(name.prefix(maximumNameLength))…\" is longer than \(maximumNameLength) characters"
        }
        func isAlphanumeric(_ b: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        }
        let punctuation: Set<UInt8> = [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-")]
        guard let first = name.utf8.first, isAlphanumeric(first) else {
            return "checkpoint name \"\(name)\" must begin with a letter or a digit"
        }
        guard name.utf8.allSatisfy({ isAlphanumeric($0) || punctuation.contains($0) }) else {
            return "checkpoint name \"\(name)\" may hold only letters, digits, \".\", \"_\" and \"-\" (it becomes part of a file name)"
        }
        return nil
    }
}

/// What a checkpoint line says beyond its name: its own tolerances and masks.
public struct CheckpointCheck: Equatable, Hashable, Sendable {
    public var tolerances: CheckTolerances
    public var masks: [Rect]

    public init(tolerances: CheckTolerances = CheckTolerances(), masks: [Rect] = []) {
        self.tolerances = tolerances
        self.masks = masks
    }

    /// Whether it says nothing (a plain `{"type":"checkpoint","name":…}`).
    public var isEmpty: Bool { tolerances == CheckTolerances() && masks.isEmpty }
}
