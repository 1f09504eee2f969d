import ForceCore
import ForcePlatform

/// The one place that turns a problem into what the person using ForceCanvas reads: a line for
/// stderr, precise (`forcecanvas: CONTEXT: FILE:LINE: what is wrong`), and a line for the
/// window's status, in plain words (the file's line, never the program's name).
public struct UserMessage: Equatable, Sendable {
    /// The precise line: the context and the problem with its file and line.
    public var line: String
    /// For the status line.
    public var status: String

    /// For stderr: the precise line after the program's name.
    public var log: String { "forcecanvas: " + line }

    /// The message of `error` met while doing `context` ("Open Recent", "lesson demo"; empty:
    /// none); `status` says what could not be done ("Cannot open demo.jsonl").
    public init(_ error: any Error, context: String = "", status cannotDo: String? = nil) {
        line = (context.isEmpty ? "" : context + ": ") + Self.precise(error)
        status = (cannotDo ?? context) + (cannotDo ?? context).suffixIfAny(": ") + Self.plain(error)
    }

    /// The problem with its file and line, as the command line prints it.
    public static func precise(_ error: any Error) -> String {
        switch error {
        case let e as FileProblem: "\(e.reason) (\(e.path))"
        case let e as CustomStringConvertible: e.description
        default: "\(error)"
        }
    }

    /// The problem in plain words for the window (the line of a session, the reason of a file).
    public static func plain(_ error: any Error) -> String {
        switch error {
        case let e as SessionError: plain(e)
        case let e as SessionFileError:
            switch e {
            case .invalid(let s): plain(s)
            case .unreadable: "the file cannot be read"
            case .changed: "the file changed while it was read"
            case .notAFile(_, let kind): "it is \(kind.phrase), not a file"
            case .lineTooLong(_, let line): "line \(line) is longer than \(InputLimits.maximumLineBytes >> 20) MiB: not a session"
            }
        case let e as FileProblem: e.reason
        default: precise(error)
        }
    }

    /// A session's problem: its line's, or the file's as a whole without a line.
    private static func plain(_ e: SessionError) -> String {
        e.isAboutTheWholeFile ? e.message : "line \(e.line): \(e.message)"
    }
}

extension String {
    /// `suffix` when this is not empty (a separator after a context).
    fileprivate func suffixIfAny(_ suffix: String) -> String { isEmpty ? "" : suffix }
}
