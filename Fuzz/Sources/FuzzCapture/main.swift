import CLibFuzzer
import ForceCore
import ForceFiles
import Foundation

/// Reads the same bytes as everything `forcecanvas import` reads: a tablet's capture (a
/// `libinput record` YAML or an evemu recording, whichever they look like), an evemu device
/// description for an events file, and a Xournal++ document (its XML, gzipped or
/// in a zip package). Any trap is a
/// finding, and so is an imported session that does not read back: `import` must never write a
/// file it cannot open.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    var captures: [TabletCapture] = []
    if let capture = try? TabletCapture(bytes: bytes) { captures.append(capture) }
    if let device = try? TabletCapture(evemuDescription: bytes) {
        // The description's own events, if any, are not a recording of it: its lines as events.
        if let capture = try? TabletCapture(evemu: bytes, device: device) { captures.append(capture) }
    }
    var sessions = captures.map { capture in
        let (session, summary) = capture.session(document: Viewport(width: 640, height: 480))
        precondition(summary.strokes >= 0 && summary.samples >= summary.strokes, "a summary that does not add up")
        return session
    }
    if bytes.starts(with: [0x1F, 0x8B]) || bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.first == UInt8(ascii: "<"),
       let (session, _) = try? XoppDocument.session(from: Array(bytes), title: "fuzz") {
        sessions.append(session)
    }
    for session in sessions {
        precondition(zip(session.events, session.events.dropFirst()).allSatisfy { $0.time <= $1.time }, "time stepped back")
        do {
            let back = try SessionCoding.parse(SessionCoding.encode(session), file: "capture")
            precondition(back.events.count == session.events.count, "an imported session lost events when read back")
        } catch {
            preconditionFailure("an imported session does not read back: \(error)")
        }
    }
    return 0
}

// libFuzzer runs `fuzzCapture` on every input it makes (SwiftPM owns `main`, so the driver is called).
var arguments = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values) { data, size in
    guard let data else { return 0 }
    return fuzzCapture(UnsafeRawPointer(data), size)
})
