import CZlib

/// Xournal++ also keeps a document as a zip package: `content.xml` (the XML a `.xopp` otherwise
/// gzips) beside `mimetype`, `META-INF/version`, thumbnails and attachments. Xournal++ opens
/// both; so does the importer. Read through the archive's central directory, as zip readers
/// do (a local header may leave its sizes to a descriptor after the data); `content.xml` is
/// stored or deflated. Every offset is checked against the file: a damaged archive is a
/// `Problem`, never a read outside it.
extension XoppDocument {
    /// The `content.xml` of a zip package; nil when `bytes` are not a zip archive.
    static func zippedContent(_ bytes: [UInt8]) throws(Problem) -> [UInt8]? {
        guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return nil }
        func damaged(_ what: String) -> Problem { Problem(message: "a zip package whose \(what)") }
        func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(at), let high = u16(at + 2) else { return nil }
            return low | high << 16
        }
        // The end of the central directory: its signature, within the last 22 + 65535 bytes
        // (the record, then a comment of at most 65535).
        let earliest = max(0, bytes.count - 22 - 0xFFFF)
        guard let end = stride(from: bytes.count - 22, through: earliest, by: -1).first(where: { u32($0) == 0x0605_4B50 }),
              let entries = u16(end + 10), var at = u32(end + 16) else {
            throw damaged("end (its central directory's record) is missing: the file is cut short")
        }
        for _ in 0..<entries {
            guard u32(at) == 0x0201_4B50, let method = u16(at + 10), let size = u32(at + 20), let nameLength = u16(at + 28),
                  let extraLength = u16(at + 30), let commentLength = u16(at + 32), let local = u32(at + 42),
                  at + 46 + nameLength <= bytes.count else {
                throw damaged("central directory is damaged")
            }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            at += 46 + nameLength + extraLength + commentLength
            guard name == "content.xml" else { continue }
            guard u32(local) == 0x0403_4B50, let localName = u16(local + 26), let localExtra = u16(local + 28) else {
                throw damaged("content.xml has no header where the directory says")
            }
            let start = local + 30 + localName + localExtra
            guard start + size <= bytes.count else { throw damaged("content.xml is cut short") }
            let data = bytes[start..<(start + size)]
            switch method {
            case 0:
                guard size <= maximumXMLBytes else { throw Problem(message: "its content.xml is more than \(maximumXMLBytes >> 20) MiB") }
                return Array(data)
            case 8:
                // Raw deflate: a negative window, no zlib or gzip header.
                return try inflated(data, windowBits: -15, damaged: "the zip package's content.xml is damaged")
            default:
                throw damaged("content.xml is compressed in a way zip readers rarely know (method \(method)): save it again in Xournal++")
            }
        }
        throw damaged("content.xml is missing: not a Xournal++ document")
    }
}
