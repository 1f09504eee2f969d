import CPangoCairo
import ForceCore
import ForcePlatform
import Foundation

/// The fonts the renderer draws with, and no others: the files the fonts list names
/// (`Resource.fonts`: `Assets/Fonts/fonts.txt`, `share/forcecanvas/fonts/fonts.txt`), loaded into
/// a fontconfig configuration of their own (`FcConfigCreate` + `FcConfigAppFontAddFile`), which
/// every thread's Pango font map is given (`pango_fc_font_map_set_config`). The machine's font
/// set, `FONTCONFIG_FILE` included, never changes a frame; a missing file stops the program
/// with its name, never a fallback that draws in another font.
public final class PinnedFonts: @unchecked Sendable {
    /// One face fontconfig found in a pinned file (a `.ttc` holds several).
    public struct Face: Sendable, Equatable, Codable {
        public var family: String
        public var style: String
        /// The file's name (not its folder: the same file installed elsewhere is the same font).
        public var file: String
        /// FNV-1a 64 of the file's bytes, in hex: a different file of the same name differs.
        public var hash: String
    }

    /// One line of the fonts list.
    public struct Entry: Sendable, Equatable {
        public var path: String
        /// The Debian package that installs it, for the message when it is missing.
        public var package: String?
    }

    /// The list's path and its entries.
    public let listPath: String
    public let entries: [Entry]
    /// The configuration holding only the pinned files (never destroyed: Pango's maps keep it).
    let config: OpaquePointer

    /// The fonts of this process: the list the resource locator finds, loaded once.
    public static let shared: Result<PinnedFonts, FontError> = {
        do {
            return .success(try PinnedFonts(list: try ResourceLocator.current.path(of: .fonts)))
        } catch let error as FontError {
            return .failure(error)
        } catch {
            return .failure(.noList("\(error)"))
        }
    }()

    /// The fonts of this process, or why they cannot be loaded (what every command that draws
    /// calls first, so a missing font stops it before anything is drawn).
    public static func require() throws(FontError) -> PinnedFonts { try shared.get() }

    /// Loads the files `list` names into a configuration of their own.
    public init(list: String) throws(FontError) {
        guard let data = try? FileKind.readWhole(list) else { throw .noList("\(list): cannot read the fonts list") }
        let entries = try Self.parse(String(decoding: data, as: UTF8.self), list: list)
        guard let config = FcConfigCreate() else { throw .fontconfig("FcConfigCreate failed") }
        for entry in entries {
            guard access(entry.path, R_OK) == 0 else {
                FcConfigDestroy(config)
                throw .missing(entry.path, package: entry.package, list: list)
            }
            guard FcConfigAppFontAddFile(config, entry.path) != 0 else {
                FcConfigDestroy(config)
                throw .unreadable(entry.path, list: list)
            }
        }
        // A weight the file lacks (bold Chinese in a one-weight font) is emboldened, as the
        // system's 90-synthetic.conf does; nothing else of the system's configuration applies.
        guard FcConfigParseAndLoadFromMemory(config, Self.rules, 1) != 0 else {
            FcConfigDestroy(config)
            throw .fontconfig("the renderer's fontconfig rules did not load")
        }
        self.listPath = list
        self.entries = entries
        self.config = config
    }

    /// Reads the list: a path and an optional package a line; `#` starts a comment; a relative
    /// path is beside the list.
    static func parse(_ text: String, list: String) throws(FontError) -> [Entry] {
        let folder = (list as NSString).deletingLastPathComponent
        var entries: [Entry] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let path = words.first else { continue }
            guard words.count <= 2 else { throw .badLine("\(list):\(n + 1): expected a font file and its package, found \(words.count) words") }
            entries.append(Entry(path: path.hasPrefix("/") ? path : folder + "/" + path, package: words.count == 2 ? words[1] : nil))
        }
        guard !entries.isEmpty else { throw .badLine("\(list): names no font file") }
        return entries
    }

    /// The faces in the configuration, with their files' hashes (read on demand: `check` wants
    /// them, drawing does not).
    public func faces() -> [Face] {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var faces: [Face] = []
        var hashes: [String: String] = [:]
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            let family = Self.string(pattern, FC_FAMILY), style = Self.string(pattern, FC_STYLE), path = Self.string(pattern, FC_FILE)
            if hashes[path] == nil { hashes[path] = Self.hash(path) }
            faces.append(Face(family: family, style: style, file: (path as NSString).lastPathComponent, hash: hashes[path] ?? ""))
        }
        return faces.sorted { ($0.file, $0.family, $0.style) < ($1.file, $1.family, $1.style) }
    }

    /// Gives this thread's Pango font map the pinned configuration (each thread has a default
    /// map of its own); once per thread, a pointer compare after that.
    func install(on map: UnsafeMutablePointer<PangoFontMap>) {
        guard g_type_check_instance_is_a(UnsafeMutableRawPointer(map).assumingMemoryBound(to: GTypeInstance.self),
                                         pango_fc_font_map_get_type()) != 0 else { return }
        let fcMap = OpaquePointer(map)
        if pango_fc_font_map_get_config(fcMap) != config { pango_fc_font_map_set_config(fcMap, config) }
    }

    /// The configuration's two rules, fontconfig's 90-synthetic.conf's: a weight the file lacks
    /// is emboldened, and a slant it lacks is made by shearing the upright face by 0.2 (about
    /// 11°; DejaVu Sans Oblique, which is not pinned, is that face slanted so).
    static let rules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="font">
            <test name="weight" compare="less_eq"><const>medium</const></test>
            <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
            <edit name="embolden" mode="assign"><bool>true</bool></edit>
            <edit name="weight" mode="assign"><const>bold</const></edit>
          </match>
          <match target="font">
            <test name="slant"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times>
            </edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit>
          </match>
        </fontconfig>
        """

    private static func string(_ pattern: OpaquePointer, _ object: String) -> String {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return "" }
        return String(cString: value)
    }

    /// FNV-1a 64 of a file (`StableHash`), in hex ("" when it cannot be read).
    static func hash(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        var hash = StableHash()
        for b in data { hash.add(b) }
        return String(format: "%016llx", hash.value)
    }
}

/// Why the pinned fonts cannot be used.
public enum FontError: Error, Equatable, CustomStringConvertible, Sendable {
    case noList(String)
    case badLine(String)
    case missing(String, package: String?, list: String)
    case unreadable(String, list: String)
    case fontconfig(String)

    public var description: String {
        switch self {
        case .noList(let why): "no fonts to draw with: \(why)"
        case .badLine(let why): why
        case .missing(let path, let package, let list):
            "the pinned font \(path) is missing (named in \(list))"
                + (package.map { "; install the Debian package \($0) (apt-get install \($0))" } ?? "")
        case .unreadable(let path, let list): "the pinned font \(path) (named in \(list)) is not a font fontconfig can read"
        case .fontconfig(let why): why
        }
    }
}
