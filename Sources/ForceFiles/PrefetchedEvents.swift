import ForceCore
import Foundation

/// The events of a session file parsed ahead on a thread of their own, in batches, while the
/// replay takes them: `render`'s second pass parses and replays at once, on two cores. The
/// events, their order and any error are exactly `SessionFileEvents`'s; the thread reads with
/// `pread`, so it shares no file offset with anything else reading the file, and it stops when
/// the events are dropped (a replay that ends early).
public final class PrefetchedEvents: TimedEventSource {
    /// 2,048 events a batch, at most 4 batches ahead (about 1 MB of events).
    public static let batchSize = 2048
    public static let batchesAhead = 4

    private let channel = Channel()
    private var batch: [TimedEvent] = []
    private var index = 0

    /// Starts reading `file` from its first line.
    public init(_ file: SessionFileReader) {
        let reader = Handoff(lines: SessionFileReader.lines(inBytes: 0..<file.size, of: file.descriptor, path: file.path),
                             parser: SessionParser(file: file.path), file: file)
        let channel = channel
        Thread.detachNewThread { reader.run(into: channel) }
    }

    deinit { channel.cancel() }

    public func next() throws -> TimedEvent? {
        if index == batch.count {
            switch channel.take() {
            case .events(let more):
                batch = more
                index = 0
            case .end: return nil
            case .failed(let error): throw error
            }
            if batch.isEmpty { return nil }
        }
        index += 1
        return batch[index - 1]
    }

    /// What the reading thread hands over.
    enum Delivery {
        case events([TimedEvent])
        case end
        case failed(SessionFileError)
    }

    /// The reader and its parser, owned by the reading thread once handed over.
    private final class Handoff: @unchecked Sendable {
        let lines: LineReader<SessionFileError>
        var parser: SessionParser
        /// Keeps the file (and its descriptor) open while the thread reads.
        let file: SessionFileReader

        init(lines: LineReader<SessionFileError>, parser: SessionParser, file: SessionFileReader) {
            self.lines = lines
            self.parser = parser
            self.file = file
        }

        func run(into channel: Channel) {
            var batch: [TimedEvent] = []
            batch.reserveCapacity(PrefetchedEvents.batchSize)
            do {
                while try lines.nextLine({ (bytes, number) throws(SessionFileError) -> Void in
                    if case .event(let e) = try parser.parseFileLine(bytes, number: number) { batch.append(e) }
                }) != nil {
                    guard batch.count >= PrefetchedEvents.batchSize else { continue }
                    guard channel.put(.events(batch)) else { return }
                    batch.removeAll(keepingCapacity: true)
                }
                if !batch.isEmpty, !channel.put(.events(batch)) { return }
                _ = channel.put(.end)
            } catch {
                if !batch.isEmpty, !channel.put(.events(batch)) { return }
                _ = channel.put(.failed(error))
            }
        }
    }

    /// A bounded queue between the reading thread and the replay.
    final class Channel: @unchecked Sendable {
        private let condition = NSCondition()
        private var queue: [Delivery] = []
        private var cancelled = false

        /// Waits for room; false when the events were dropped (the thread stops).
        func put(_ d: Delivery) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while queue.count >= PrefetchedEvents.batchesAhead, !cancelled { condition.wait() }
            guard !cancelled else { return false }
            queue.append(d)
            condition.broadcast()
            return true
        }

        /// Waits for the next delivery.
        func take() -> Delivery {
            condition.lock()
            defer { condition.unlock() }
            while queue.isEmpty { condition.wait() }
            let d = queue.removeFirst()
            // The end and a failure stay, for a caller that asks again.
            switch d {
            case .end, .failed: queue.insert(d, at: 0)
            case .events: condition.broadcast()
            }
            return d
        }

        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
