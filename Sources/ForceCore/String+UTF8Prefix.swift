extension String {
    /// The longest start of this text that is at most `bytes` bytes of UTF-8, cut between
    /// characters' bytes (never inside one): the whole text when it is that short.
    public func prefix(utf8Bytes bytes: Int) -> String {
        guard utf8.count > bytes else { return self }
        var end = utf8.index(utf8.startIndex, offsetBy: Swift.max(0, bytes))
        // Back to the start of a character's bytes (continuation bytes are 10xxxxxx).
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }
}
