import CairoRender
import CLibFuzzer
import ForceCore
import Foundation

/// 64×48 points: big enough for every overlay to draw something, small enough for thousands of
/// frames a second.
let fuzzViewport = (width: 64, height: 48)
/// 2,000 events: longer inputs test nothing new and slow every run.
let maximumEvents = 2000
/// 8 frames are rendered per input, spread over its events.
let renderedFrames = 8

/// A viewport no larger than the fuzz viewport (the parser already checked the real one).
func small(_ v: Viewport) -> Viewport {
    Viewport(width: min(v.width, fuzzViewport.width), height: min(v.height, fuzzViewport.height), scale: min(v.scale, 2))
}

/// Parses the input twice — whole, and streamed through a `LineReader` with a tiny block size —
/// and checks both agree; then replays it and renders a few frames with the window's
/// incremental renderer. Any trap, or a broken invariant (`preconditionFailure`), is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    let whole: Result<Session, SessionError> = Result { () throws(SessionError) in try SessionCoding.parse(bytes, file: "fuzz") }
    let streamed = parseStreamed(bytes, blockSize: 1 + count % 61)
    switch (whole, streamed) {
    case (.success(let a), .success(let b)):
        precondition(a.events.count == b, "whole and streamed parses disagree on the event count")
    case (.failure(let a), .failure(let b)):
        precondition(a == b, "whole and streamed parses disagree: \(a) / \(b)")
    default:
        preconditionFailure("one parse failed and the other did not")
    }
    guard case .success(var session) = whole else { return 0 }

    // Encoding is exact: what was read writes back to the same text.
    let text = SessionCoding.encode(session)
    guard let again = try? SessionCoding.parse(text, file: "again") else { preconditionFailure("an encoded session does not parse") }
    precondition(SessionCoding.encode(again) == text, "encode → parse → encode changed the text")

    session.viewport = small(session.viewport)
    session.events = session.events.prefix(maximumEvents).map { e in
        if case .resize(let v) = e.event { return TimedEvent(time: e.time, event: .resize(small(v))) }
        return e
    }
    replayAndRender(session)
    return 0
}

/// Parses through the streaming reader; returns the event count or the first error.
func parseStreamed(_ bytes: UnsafeBufferPointer<UInt8>, blockSize: Int) -> Result<Int, SessionError> {
    var offset = 0
    let reader = LineReader<SessionError>(blockSize: blockSize) { buffer in
        let n = min(buffer.count, bytes.count - offset)
        if n > 0, let base = bytes.baseAddress { buffer.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: n)) }
        offset += n
        return n
    }
    var parser = SessionParser(file: "fuzz")
    do throws(SessionError) {
        while try reader.nextLine({ (line, number) throws(SessionError) in _ = try parser.parse(line, number: number) }) != nil {}
        _ = try parser.finish()
    } catch {
        return .failure(error)
    }
    return .success(parser.eventCount)
}

/// Replays through `StateReplay` and renders every so many events, as the window does.
func replayAndRender(_ session: Session) {
    var replay = StateReplay(header: session)
    guard let renderer = try? FrameRenderer(viewport: replay.state.viewport) else { preconditionFailure("no renderer") }
    let every = max(1, session.events.count / renderedFrames)
    for (i, e) in session.events.enumerated() {
        replay.handle(e)
        if i % every == every - 1 { render(replay.state, renderer) }
    }
    let end = replay.finish()
    render(end, renderer)
    let wake = end.nextWake(after: end.time)
    precondition(!(wake < end.time), "a wake in the past")
    // The journal's compaction of this state parses and redraws the same number of strokes.
    let compacted = SessionCoding.encode(Session.resuming(end))
    guard let back = try? SessionCoding.parse(compacted, file: "compacted") else { preconditionFailure("a compacted journal does not parse") }
    var redraw = StateReplay(header: back)
    for e in back.events { redraw.handle(e) }
    precondition(redraw.finish().ink.strokes.count == end.display.ink.visibleStrokes.count, "compaction lost strokes")
}

func render(_ state: AppState, _ renderer: FrameRenderer) {
    do {
        let rects = try renderer.render(state.display, status: "fuzz", warning: nil)
        for r in rects {
            precondition(r.x >= 0 && r.y >= 0 && r.width > 0 && r.height > 0, "an empty or negative pixel rect")
            precondition(r.x + r.width <= renderer.frame.pixelWidth && r.y + r.height <= renderer.frame.pixelHeight, "a rect off the frame")
        }
    } catch {
        preconditionFailure("rendering failed: \(error)")
    }
}

// libFuzzer runs `fuzzSession` on every input it makes (SwiftPM owns `main`, so the driver is called).
var arguments = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values) { data, size in
    guard let data else { return 0 }
    return fuzzSession(UnsafeRawPointer(data), size)
})
