/// The captions' cues as subtitle files: SubRip (`.srt`, muxed into .mp4 as mov_text) and
/// WebVTT (`.vtt`, muxed into .webm), the sidecars written beside a video.
extension VideoTimeline {
    /// SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each.
    public var srt: String {
        cues.enumerated().map { i, c in
            "\(i + 1)\n\(Self.timestamp(c.start, ",")) --> \(Self.timestamp(c.end, ","))\n\(Self.cueText(c.text))\n"
        }.joined(separator: "\n")
    }

    /// WebVTT: the `WEBVTT` line, then the cues with `.` before the milliseconds and the text
    /// escaped (`&`, `<`, `>`).
    public var webVTT: String {
        let body = cues.map { c in
            let text = Self.cueText(c.text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            return "\(Self.timestamp(c.start, ".")) --> \(Self.timestamp(c.end, "."))\n\(text)\n"
        }
        return (["WEBVTT\n"] + body).joined(separator: "\n")
    }

    /// A cue's text: its lines, never a blank one (a blank line ends a cue in both formats).
    static func cueText(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// `HH:MM:SS` and the milliseconds after `separator`.
    static func timestamp(_ seconds: Double, _ separator: String) -> String {
        let ms = Int((max(0, seconds) * 1000).rounded())
        let h = ms / 3_600_000, m = ms / 60_000 % 60, s = ms / 1000 % 60
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let milli = ms % 1000
        return "\(two(h)):\(two(m)):\(two(s))\(separator)\(milli < 10 ? "00" : milli < 100 ? "0" : "")\(milli)"
    }
}
