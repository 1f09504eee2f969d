/// What a file is, told from its first bytes, for the kinds a person may give where ForceCanvas
/// reads a session, a document or a capture (an image, a video, an archive, a PDF): named, not
/// reported as a bad first line ("not UTF-8 text").
public enum FileSignature: Equatable, Sendable {
    case png, jpeg, gif, webp, pdf, zip, gzip, mp4, matroska, program

    /// The kind of file `bytes` (its first bytes; 16 are enough) begin; nil for anything else,
    /// text included.
    public init?(_ bytes: some Collection<UInt8>) {
        let b = Array(bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<(offset + prefix.count)]) == prefix
        }
        func starts(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        // (A PNG's signature has a line break at its sixth byte: its first line is 5 bytes.)
        if starts([0x89, 0x50, 0x4E, 0x47]) { self = .png }
        else if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts("GIF87a") || starts("GIF89a") { self = .gif }
        else if starts("RIFF"), starts("WEBP", at: 8) { self = .webp }
        else if starts("%PDF-") { self = .pdf }
        else if starts([0x50, 0x4B, 0x03, 0x04]) { self = .zip }
        else if starts([0x1F, 0x8B]) { self = .gzip }
        else if starts("ftyp", at: 4) { self = .mp4 }
        else if starts([0x1A, 0x45, 0xDF, 0xA3]) { self = .matroska }
        else if starts([0x7F, 0x45, 0x4C, 0x46]) { self = .program }
        else { return nil }
    }

    /// As messages name it: "a PNG image".
    public var phrase: String {
        switch self {
        case .png: "a PNG image"
        case .jpeg: "a JPEG image"
        case .gif: "a GIF image"
        case .webp: "a WebP image"
        case .pdf: "a PDF"
        case .zip: "a zip archive"
        case .gzip: "a gzip-compressed file"
        case .mp4: "an MP4 or QuickTime video"
        case .matroska: "a WebM or Matroska video"
        case .program: "a program (ELF)"
        }
    }

    /// Whether it may be a document `forcecanvas import` turns into a session: a PDF, or a
    /// Xournal++ document (gzip-compressed, or a zip package).
    public var mayBeImported: Bool { self == .pdf || self == .zip || self == .gzip }
}
