/// What a file is, told from its first bytes, for the kinds a person may give where ForceCanvas
/// reads a session, a document or a capture (an image, a video, an archive, a PDF): named, not
/// reported as a bad first line ("not UTF-8 text").
public enum FileSignature {
    /// Whether a file of `kind` may be a document `forcecanvas import` turns into a session (a
    /// PDF, or a Xournal++ document: gzip-compressed, or a zip package).
    public static func mayBeImported(_ kind: String) -> Bool {
        ["a PDF", "a zip archive", "a gzip-compressed file"].contains(kind)
    }

    /// The kind of file `bytes` (its first bytes; 16 are enough) begin, as a phrase ("a PNG
    /// image"); nil for anything else, text included.
    public static func kind(of bytes: some Collection<UInt8>) -> String? {
        let b = Array(bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<(offset + prefix.count)]) == prefix
        }
        let ascii = { (s: String) in Array(s.utf8) }
        // (A PNG's signature has a line break at its sixth byte: its first line is 5 bytes.)
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { return "a GIF image" }
        if starts(ascii("RIFF")), starts(ascii("WEBP"), at: 8) { return "a WebP image" }
        if starts(ascii("%PDF-")) { return "a PDF" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "a zip archive" }
        if starts([0x1F, 0x8B]) { return "a gzip-compressed file" }
        if starts(ascii("ftyp"), at: 4) { return "an MP4 or QuickTime video" }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "a WebM or Matroska video" }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return "a program (ELF)" }
        return nil
    }
}
