import ForceCore
import ForcePlatform
import Foundation

/// What the journal held: the state it replays to, how much of the file that used, and what
/// was left out.
public struct JournalRestore {
    /// The state at the journal's end.
    public var state: AppState
    /// Strokes on the restored canvas, the one that was being drawn included.
    public var strokeCount: Int { state.ink.strokes.count + (state.ink.live == nil ? 0 : 1) }
    /// Events replayed.
    public var eventCount: Int
    /// Bytes up to the end of the last whole line: the journal continues from here.
    public var validBytes: Int
    /// Lines left out because they were damaged (not a session line, longer than the limit, a
    /// time out of place), by number. Each costs its own event, never the lines after it.
    public var skippedLines: [Int]
    /// The header line was damaged: the events were read with the window's own header.
    public var headerDamaged: Bool
    /// The last line was cut off while it was written (a crash, a power cut): it was dropped,
    /// as expected of a journal, and is not damage.
    public var tornLine: Int?
    /// Where the damaged original is kept, once `Journal.continuing(after:)` set it aside.
    public var keptAs: String?

    /// A line was damaged: the original is kept aside before the journal is rewritten.
    public var isDamaged: Bool { headerDamaged || !skippedLines.isEmpty }

    /// What the restore did, in one sentence for the window's status line.
    public var status: String {
        var s = "Restored \(Wording.count(strokeCount, "stroke"))"
        if isDamaged {
            let lines = skippedLines.count + (headerDamaged ? 1 : 0)
            s += "; \(Wording.count(lines, "damaged line")) of the journal skipped"
            if headerDamaged { s += " (its header: the window's settings are used)" }
            if let keptAs { s += "; the original is kept as \(keptAs)" }
        } else {
            s += " from the last session — Ctrl+N starts a new document, Ctrl+O lists the others"
        }
        return s
    }

    /// The same for stderr, with the line numbers and the torn last line.
    public var log: String {
        var s = "restored \(Wording.count(strokeCount, "stroke")) (\(Wording.count(eventCount, "event")))"
        if headerDamaged { s += "; line 1, the header, is damaged: the window's settings are used" }
        if !skippedLines.isEmpty {
            let shown = skippedLines.prefix(10).map(String.init).joined(separator: ", ")
            s += "; damaged \(skippedLines.count == 1 ? "line" : "lines") skipped: \(shown)\(skippedLines.count > 10 ? ", …" : "")"
        }
        if let tornLine { s += "; the last line (\(tornLine)) was cut off while it was written and was dropped" }
        if let keptAs { s += "; the damaged original is kept as \(keptAs)" }
        return s
    }

}

extension Journal {
    /// What the journal file holds.
    public enum Contents {
        /// No journal, or one without a single line: nothing to restore.
        case empty
        /// The file cannot be read (no permission, not a file): nothing can be restored from it.
        case unusable(String)
        /// The canvas it replays to.
        case restored(JournalRestore)
    }

    /// Reads this slot's journal (see `Journal.read(path:fallbackHeader:shortcuts:)`).
    public func read(fallbackHeader: Session, shortcuts: ShortcutCatalog = ShortcutCatalog()) -> Contents {
        Self.read(path: path, fallbackHeader: fallbackHeader, shortcuts: shortcuts)
    }

    /// Reads the journal at `path` line by line into a replay, never holding it whole, and gives
    /// back everything it can. A damaged line costs its own event and nothing after it: a line
    /// that is not a session line, one longer than `InputLimits.maximumLineBytes` (skipped in
    /// bounded memory, however long), or an event whose time is out of place (of two lines
    /// that disagree, the one out of step with its neighbours). A damaged header leaves the
    /// events to be read with `fallbackHeader` (the window's own). A last line cut off while it
    /// was written is dropped.
    public static func read(path: String, fallbackHeader: Session, shortcuts: ShortcutCatalog = ShortcutCatalog()) -> Contents {
        let file: SessionFileReader
        do {
            file = try SessionFileReader(path: path)
        } catch {
            // A journal that is not there is a first start.
            if case .unreadable = error, access(path, F_OK) != 0 { return .empty }
            return .unusable(error.description)
        }
        var parser = SessionParser(file: path)
        parser.requiresTimeOrder = false
        // The ink snapshot, if the journal still starts with the lines it was taken of: with its
        // strokes, those lines are skipped; pending, the strokes are taken as the replay passes.
        let snapshotPath = InkSnapshot.path(forJournal: path)
        var snapshot = InkSnapshot.read(snapshotPath).flatMap { s in
            s.prefixBytes > 0 && InkSnapshot.hash(of: path, bytes: s.prefixBytes) == s.prefixHash ? s : nil
        }
        var skipUntil = 0
        var lineStart = 0
        var replay: StateReplay?
        var skipped: [Int] = []
        var headerDamaged = false
        var torn: Int?
        var valid = 0
        // The last line read did not parse: if nothing follows, it was torn, not damaged.
        var lastFailed: (line: Int, validBefore: Int)?
        // One event is held back until the next shows its time is in step (see `TimeJudge`).
        var judge = TimeJudge()
        do {
            let lines = try file.lines(skippingLongLines: true)
            while true {
                let outcome = try lines.nextLine { (bytes, number) -> Result<SessionParser.Line, SessionError> in
                    // Lines the snapshot stands for are not parsed.
                    if lineStart < skipUntil { return .success(.blank) }
                    return Result { () throws(SessionError) in try parser.parse(bytes, number: number) }
                }
                guard let outcome else { break }
                if !lines.lastLineWasTerminated {
                    torn = lines.lineNumber
                    break
                }
                let before = valid
                valid = lines.endOffset
                lineStart = valid
                lastFailed = nil
                switch outcome {
                case .success(.header(let header)):
                    replay = StateReplay(header: header, shortcuts: shortcuts)
                    if let s = snapshot, lines.lineNumber == 1, s.strokesOffset != nil {
                        if let strokes = s.strokes {
                            replay?.restoreDrawing(strokes, at: s.endTime, events: s.events)
                            skipUntil = s.prefixBytes
                        }
                        snapshot = nil
                    }
                case .success(.event(let event)):
                    if let ready = judge.take(event, line: lines.lineNumber, skipping: &skipped) { replay?.handle(ready) }
                    if let s = snapshot, s.strokesOffset == nil, valid == s.prefixBytes, var r = replay {
                        // The end of the lines that redraw the ink: what they drew (in a copy of
                        // the replay, which goes on untouched) is the snapshot.
                        if let held = judge.heldEvent { r.handle(held) }
                        let drawn = r.finish()
                        if drawn.ink.live == nil { s.write(drawn.ink.strokes, to: snapshotPath) }
                        snapshot = nil
                    }
                case .success(.blank):
                    break
                case .failure(let error):
                    lastFailed = (error.line, before)
                    if replay == nil, parser.header == nil {
                        // The header is damaged: what follows is read as the window's session.
                        headerDamaged = true
                        parser.assume(header: fallbackHeader)
                        replay = StateReplay(header: fallbackHeader, shortcuts: shortcuts)
                    } else {
                        skipped.append(error.line)
                    }
                }
            }
            if let held = judge.finish() { replay?.handle(held) }
            skipped += lines.skippedLines
            if torn == nil, let last = lines.skippedLines.last, last == lines.lineNumber {
                // The file ends in a line over the limit (the zero tail a crash can leave): torn.
                torn = skipped.removeLast()
            } else if torn == nil, let failed = lastFailed, failed.line == lines.lineNumber {
                // The last line did not parse (a write torn where its line break still landed).
                torn = failed.line
                skipped.removeAll { $0 == failed.line }
                valid = failed.validBefore
            }
        } catch {
            return .unusable(error.description)
        }
        guard var replay, !(headerDamaged && replay.eventCount == 0) else {
            return valid == 0 && torn == nil ? .empty : .unusable("\(path): the journal holds no line that can be read")
        }
        skipped.sort()
        let events = replay.eventCount
        var state = replay.finish()
        // What the old window was asked to do (read a recent drawing) it did then, and the
        // events that came of it are in the journal: nothing is asked again.
        _ = state.takeHostRequests()
        // Nor does the HUD show the old window's last move (or the trail its last second).
        state.forgetPointer()
        return .restored(JournalRestore(state: state, eventCount: events, validBytes: valid, skippedLines: skipped,
                                        headerDamaged: headerDamaged, tornLine: torn))
    }
}

/// Judges which of two events whose times go backwards was damaged, holding one event back:
/// when the next is earlier than the held one but not earlier than the last handed on, the held
/// one jumped ahead (a damaged digit) and is dropped; when it is earlier than both, it is the
/// damaged one. Either way one line is lost, and the replay's clock never goes back.
struct TimeJudge {
    private var held: (event: TimedEvent, line: Int)?
    private var handedOn = -Double.infinity

    /// Takes `event` (of line `line`); returns what may be replayed now.
    mutating func take(_ event: TimedEvent, line: Int, skipping skipped: inout [Int]) -> TimedEvent? {
        guard let h = held else {
            held = (event, line)
            return nil
        }
        if event.time >= h.event.time {
            held = (event, line)
            handedOn = h.event.time
            return h.event
        }
        if event.time >= handedOn {
            skipped.append(h.line)
            held = (event, line)
        } else {
            skipped.append(line)
        }
        return nil
    }

    /// The event held back, if any (left held).
    var heldEvent: TimedEvent? { held?.event }

    /// The event still held at the end.
    mutating func finish() -> TimedEvent? {
        defer { held = nil }
        return held?.event
    }
}
