#if canImport(Glibc)
import Glibc
#endif
import CIntl
import Foundation
import Synchronization

/// The interface's language, through glibc's gettext (issue 22): English, the text as written,
/// or Simplified Chinese from `forcecanvas.mo` (built by `run.sh` from `po/zh_Hans.po`, installed
/// in `share/forcecanvas/locale`). Text is translated where it is drawn (`TextPainter`), so a
/// string that has a translation shows it and one that has none (a number, a name) shows as is.
///
/// The language is chosen once, before anything is drawn: `--lang`, else `LC_ALL`,
/// `LC_MESSAGES` or `LANG` (`zh_CN.UTF-8`, `zh_SG`, `zh_Hans` are Chinese; anything else
/// English). glibc looks messages up only in a locale the system has; Debian has `C.UTF-8`
/// everywhere but `zh_CN.UTF-8` only where it was generated, so the locale is the user's if it
/// exists, else `C.UTF-8`, and the language is given to gettext by `LANGUAGE`.
public enum Translation {
    /// A language of the interface.
    public enum Language: String, CaseIterable, Sendable {
        case english = "en"
        case simplifiedChinese = "zh-Hans"

        /// The name gettext's catalogue folder has (`locale/zh_CN/LC_MESSAGES`).
        var catalogue: String? {
            switch self {
            case .english: nil
            case .simplifiedChinese: "zh_CN"
            }
        }

        /// `--lang`'s value or a locale's name: `en`, `zh-Hans`, `zh_CN.UTF-8`, `zh_SG`, `zh`…;
        /// nil when it names neither.
        public init?(name: String) {
            let n = name.lowercased().replacingOccurrences(of: "-", with: "_")
            if let exact = Language(rawValue: name) {
                self = exact
            } else if n == "c" || n == "posix" || n.hasPrefix("en") || n.hasPrefix("c.") {
                self = .english
            } else if n == "zh" || n.hasPrefix("zh_hans") || n.hasPrefix("zh_cn") || n.hasPrefix("zh_sg") || n.hasPrefix("zh.") {
                self = .simplifiedChinese
            } else {
                return nil
            }
        }
    }

    /// gettext's domain: `forcecanvas.mo`.
    public static let domain = "forcecanvas"

    /// The language chosen by `start` (English until then: tests and `check` draw English).
    public static var language: Language { chosen.withLock { $0 } }

    /// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that
    /// is set, English when it names another language (there is no other translation).
    public static func language(in environment: Environment) -> Language {
        for key in [Environment.Key.lcAll, .lcMessages, .lang] {
            if let value = environment[key] { return Language(name: value) ?? .english }
        }
        return .english
    }

    /// Draws in `language` from here on, with the catalogues in `localeFolder` (its
    /// `zh_CN/LC_MESSAGES/forcecanvas.mo`). Returns why not, when the catalogue is not there:
    /// the interface then stays English.
    @discardableResult
    public static func start(_ language: Language, localeFolder: String?) -> String? {
        guard let catalogue = language.catalogue else {
            chosen.withLock { $0 = .english }
            return nil
        }
        guard let localeFolder, FileManager.default.fileExists(atPath: "\(localeFolder)/\(catalogue)/LC_MESSAGES/\(domain).mo") else {
            chosen.withLock { $0 = .english }
            return "no \(language.rawValue) translation was found (run.sh builds it): the interface is in English"
        }
        if setlocale(LC_ALL, "") == nil { setlocale(LC_ALL, "C.UTF-8") }
        // LC_NUMERIC stays C: numbers are written with a point, as in the files.
        setlocale(LC_NUMERIC, "C")
        setenv("LANGUAGE", catalogue, 1)
        bindtextdomain(domain, localeFolder)
        bind_textdomain_codeset(domain, "UTF-8")
        let templates = MessageTemplates(catalogue: "\(localeFolder)/\(catalogue)/LC_MESSAGES/\(domain).mo")
        state.withLock { $0 = State(templates: templates) }
        chosen.withLock { $0 = language }
        return nil
    }

    /// `text` in the language chosen: its translation, or itself when there is none. A text
    /// built from values ("pressure 0.350 (pressed)") is translated by the catalogue's message
    /// with `%s` where the values go (`MessageTemplates`); its values are translated too when
    /// they have translations of their own.
    public static func text(_ text: String) -> String {
        guard language != .english, !text.isEmpty else { return text }
        if let translated = lookUp(text) { return translated }
        if let known = state.withLock({ $0.built[text] }) { return known }
        let templates = state.withLock { $0.templates }
        let translated = templates.translate(text, lookUp: { lookUp($0) })
        state.withLock { s in
            if translated == nil { _ = s.misses?.insert(text) }
            // Remembered either way (a name drawn every frame is looked for once); numbers
            // change every frame (the HUD's), so the memo is bounded.
            if s.built.count >= 4096 { s.built.removeAll(keepingCapacity: true) }
            s.built[text] = translated ?? text
        }
        return translated ?? text
    }

    /// Starts writing down every text drawn in a language other than English that has no
    /// translation, for a test that walks the interface (`recordedMisses`).
    public static func recordMisses() {
        state.withLock { s in
            s.misses = []
            s.built = [:]  // a miss remembered earlier is looked for, and written down, again
        }
    }

    /// The texts found without a translation since `recordMisses`; recording stops.
    public static func recordedMisses() -> Set<String> {
        state.withLock { s in
            defer { s.misses = nil }
            return s.misses ?? []
        }
    }

    /// The catalogue's translation of `id`, nil when it has none.
    private static func lookUp(_ id: String) -> String? {
        // dgettext hands back the message id itself when it has no translation: that pointer
        // is only valid inside `withCString`, so the text is read there.
        id.withCString { c in
            guard let translated = dgettext(domain, c), translated != UnsafeMutablePointer(mutating: c) else { return nil }
            return String(cString: translated)
        }
    }

    /// Chosen once, before anything is drawn, and read from the render threads.
    private static let chosen = Mutex(Language.english)
    /// The catalogue's messages built from values, what they translated, and, while a walk of
    /// the interface records, the texts found untranslated.
    private struct State {
        var templates = MessageTemplates()
        var built: [String: String] = [:]
        var misses: Set<String>?
    }
    private static let state = Mutex(State())
}
