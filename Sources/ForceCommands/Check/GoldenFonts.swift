import ForcePlatform
import CairoRender
import Foundation

/// The fonts a goldens folder was made with (`DIR/fonts.json`: each pinned face's family, style,
/// file name and hash), so that when they differ from the fonts in use `check` says so in one
/// line at the top of its output and in the report, instead of a wall of failures without a cause.
struct GoldenFonts {
    /// The record's file in a goldens folder.
    static func path(in goldens: GoldenLayout) -> String { goldens.directory + "/fonts.json" }

    /// The faces recorded in the goldens folder; nil when it has no record (goldens made before
    /// fonts were recorded) or the record does not read.
    static func recorded(in goldens: GoldenLayout) -> [PinnedFonts.Face]? {
        guard let data = try? FileKind.readWhole(path(in: goldens)) else { return nil }
        return try? JSONDecoder().decode([PinnedFonts.Face].self, from: data)
    }

    /// The record's text for `faces` (sorted keys, a face a line: diffs read well).
    static func text(_ faces: [PinnedFonts.Face]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let lines = faces.compactMap { (try? encoder.encode($0)).map { String(decoding: $0, as: UTF8.self) } }
        return "[\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
    }

    /// One line naming what differs between the goldens' fonts and `current`, or nil when they
    /// are the same (or the goldens recorded none).
    static func difference(recorded: [PinnedFonts.Face]?, current: [PinnedFonts.Face]) -> String? {
        guard let recorded, recorded != current else { return nil }
        func name(_ f: PinnedFonts.Face) -> String { "\(f.family) \(f.style) (\(f.file) \(f.hash))" }
        let gone = recorded.filter { !current.contains($0) }.map(name)
        let new = current.filter { !recorded.contains($0) }.map(name)
        var parts: [String] = []
        if !new.isEmpty { parts.append("here " + new.joined(separator: ", ")) }
        if !gone.isEmpty { parts.append("the goldens were made with " + gone.joined(separator: ", ")) }
        return "FONTS DIFFER from the goldens' (fonts.json): " + parts.joined(separator: "; ")
            + ": failing text pixels may come from the fonts, not the program"
    }

    /// Writes the record when goldens were written (or a folder being recorded has none yet).
    static func record(_ faces: [PinnedFonts.Face], in goldens: GoldenLayout, wroteGoldens: Bool) throws {
        let path = path(in: goldens)
        let text = text(faces)
        guard FileManager.default.fileExists(atPath: goldens.directory) else { return }
        if FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }) == text { return }
        guard wroteGoldens || !FileManager.default.fileExists(atPath: path) else { return }
        try CheckSession.write(text, to: path)
    }
}
