import ForceCore
import Foundation

/// What the journal held: the state it replays to and how much of the file that used.
public struct JournalRestore {
    /// The state at the journal's last valid event.
    public var state: AppState
    /// Finished strokes on the restored canvas.
    public var strokeCount: Int { state.ink.strokes.count }
    /// Events replayed.
    public var eventCount: Int
    /// Bytes of whole, valid lines: the journal continues from here.
    public var validBytes: Int
    /// What was left out, in words (a torn last line, a damaged line), or nil.
    public var note: String?
    /// A line before the last was damaged (the file is kept aside before it is cut back).
    public var isDamaged: Bool
}

extension Journal {
    /// What the journal file holds.
    public enum Contents {
        /// No journal, or one without a header: nothing to restore.
        case empty
        /// The file cannot be read or its header is damaged: nothing can be restored from it.
        case unusable(String)
        /// The canvas it replays to.
        case restored(JournalRestore)
    }

    /// Reads the journal line by line into a replay (never holding it whole). A torn last
    /// line — a crash while it was written — is dropped and the rest kept; a damaged line
    /// before the last keeps what came before it.
    public func read(shortcuts: ShortcutCatalog = ShortcutCatalog()) -> Contents {
        let file: SessionFileReader
        do {
            file = try SessionFileReader(path: path)
        } catch {
            // A journal that is not there is a first start.
            return access(path, F_OK) == 0 ? .unusable(error.description) : .empty
        }
        var parser = SessionParser(file: path)
        var replay: StateReplay?
        var valid = 0
        var note: String?
        var damaged = false
        do {
            let lines = try file.lines()
            while true {
                let outcome = try lines.nextLine { (bytes, number) -> Result<SessionParser.Line, SessionError> in
                    Result { () throws(SessionError) in try parser.parse(bytes, number: number) }
                }
                guard let outcome else { break }
                if !lines.lastLineWasTerminated {
                    note = "the last line (\(lines.lineNumber)) was cut off while it was written; it was dropped"
                    break
                }
                switch outcome {
                case .success(.header(let header)):
                    replay = StateReplay(header: header, shortcuts: shortcuts)
                case .success(.event(let event)):
                    replay?.handle(event)
                case .success(.blank):
                    break
                case .failure(let error):
                    let isLast = try lines.nextLine { _, _ in () } == nil
                    if isLast {
                        note = "the last line (\(error.line)) was damaged (\(error.message)); it was dropped"
                    } else {
                        damaged = true
                        note = "line \(error.line) is damaged (\(error.message)); the canvas is restored up to the line before"
                    }
                }
                if note != nil { break }
                valid = lines.endOffset
            }
        } catch {
            return .unusable(error.description)
        }
        guard var replay else {
            return valid == 0 && note == nil ? .empty : .unusable(note ?? "\(path): the journal has no header")
        }
        let events = replay.eventCount
        var state = replay.finish()
        // What the old window was asked to do (read a recent drawing) it did then, and the
        // events that came of it are in the journal: nothing is asked again.
        _ = state.takeHostRequests()
        return .restored(JournalRestore(state: state, eventCount: events, validBytes: valid, note: note, isDamaged: damaged))
    }
}
