/// One conversation in the Messages scene: a row with an avatar and a preview line.
public struct MessageRow: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int
    public var sender: String
    /// The sender's profile line, shown when the avatar is peeked (seed 000).
    public var profile: String
    public var preview: String
    /// The full message, shown in the peek and the popped detail view.
    public var body: String
    /// A clock time, as in a message list ("09:41").
    public var time: String
    /// The avatar's hue, 0…1.
    public var hue: Double

    public init(id: Int, sender: String, profile: String, preview: String, body: String, time: String, hue: Double) {
        self.id = id
        self.sender = sender
        self.profile = profile
        self.preview = preview
        self.body = body
        self.time = time
        self.hue = hue
    }

    /// The sender's initials for the avatar ("Ada Lovelace" → "AL").
    public var initials: String {
        String(sender.split(separator: " ").prefix(2).compactMap(\.first))
    }

    /// The conversations every Messages scene starts with (fixed, so replays are identical).
    public static let samples: [MessageRow] = [
        MessageRow(id: 1, sender: "Ada Lovelace", profile: "Analyst · London · \"That brain of mine is something more than merely mortal.\"",
                   preview: "The engine weaves algebraic patterns…",
                   body: "The engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves. Shall we try the Bernoulli numbers next?",
                   time: "09:41", hue: 0.58),
        MessageRow(id: 2, sender: "Grace Hopper", profile: "Rear admiral · Arlington · compilers, COBOL, nanoseconds",
                   preview: "Found the bug: a moth in relay 70.",
                   body: "Found the bug: a moth in relay 70, panel F. Taped it into the log book. First actual case of bug being found!",
                   time: "09:12", hue: 0.08),
        MessageRow(id: 3, sender: "Alan Turing", profile: "Mathematician · Manchester · computable numbers, morphogenesis",
                   preview: "Can machines think? Let's play the game.",
                   body: "Can machines think? Rather than answer, let's play the imitation game tonight. Bring the teleprinter.",
                   time: "Yesterday", hue: 0.33),
        MessageRow(id: 4, sender: "Margaret Hamilton", profile: "Engineer · Cambridge MA · Apollo guidance software",
                   preview: "The 1202 alarm was the priority display.",
                   body: "The 1202 alarm was the priority display doing its job: shedding low-priority tasks so the landing could go on.",
                   time: "Yesterday", hue: 0.83),
        MessageRow(id: 5, sender: "Claude Shannon", profile: "Engineer · Bell Labs · information theory, juggling",
                   preview: "One bit of news: the maze mouse learned.",
                   body: "One bit of news: Theseus, the maze mouse, learned the path on its first run and remembered it on the second.",
                   time: "Monday", hue: 0.0),
        MessageRow(id: 6, sender: "Hedy Lamarr", profile: "Inventor · Hollywood · frequency hopping",
                   preview: "88 frequencies, like piano keys.",
                   body: "88 frequencies, like piano keys: hop between them in step and nobody can jam the signal.",
                   time: "Sunday", hue: 0.95),
        MessageRow(id: 7, sender: "Edsger Dijkstra", profile: "Computer scientist · Austin · shortest paths, structured programming",
                   preview: "Shortest path found in twenty minutes.",
                   body: "Shortest path found in twenty minutes on a café terrace, without pencil and paper. Goto considered harmful.",
                   time: "Saturday", hue: 0.15),
        MessageRow(id: 8, sender: "Barbara Liskov", profile: "Computer scientist · MIT · data abstraction, CLU",
                   preview: "Subtypes must keep their promises.",
                   body: "Subtypes must keep their promises: whatever holds for the base type must hold for every subtype.",
                   time: "Friday", hue: 0.45),
    ]
}
