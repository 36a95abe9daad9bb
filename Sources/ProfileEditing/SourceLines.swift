import YAMLTree

/// A text as UTF-8 bytes with where each line starts: YAMLTree's marks (line, and column in
/// Unicode scalars, as libyaml counts them) become byte offsets, and edits are splices of bytes.
struct SourceLines {
    let bytes: [UInt8]
    /// The offset of each line's first byte (line 1 at index 0).
    let lineStarts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The byte offset of `mark` (clamped to the text).
    func offset(_ mark: Mark) -> Int {
        guard mark.line >= 1 else { return 0 }
        guard mark.line <= lineStarts.count else { return bytes.count }
        var i = lineStarts[mark.line - 1]
        // libyaml reads past a byte order mark without counting it.
        if mark.line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        var column = 1
        while column < mark.column, i < bytes.count, bytes[i] != 0x0A {
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
            column += 1
        }
        return i
    }

    /// The start of the line that holds `offset`.
    func lineStart(of offset: Int) -> Int {
        var i = min(offset, bytes.count)
        while i > 0, bytes[i - 1] != 0x0A { i -= 1 }
        return i
    }

    /// Just past the line break of the line that holds `offset` (the end of the text on the
    /// last line when it has none).
    func lineEnd(of offset: Int) -> Int {
        var i = offset
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        return min(i + 1, bytes.count)
    }

    /// Whether the bytes in `range` are only spaces, tabs and carriage returns.
    func isBlank(_ range: Range<Int>) -> Bool {
        range.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == 0x0D }
    }

    /// Whether the line that holds `offset` is blank (nothing but white space).
    func isBlankLine(at offset: Int) -> Bool {
        let start = lineStart(of: offset)
        var end = lineEnd(of: start)
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        return isBlank(start..<end)
    }

    /// The text's line break: `\r\n` when its first line ends so, else `\n`. New lines are ended
    /// with it.
    var lineBreak: String {
        guard let first = bytes.firstIndex(of: 0x0A) else { return "\n" }
        return first > 0 && bytes[first - 1] == 0x0D ? "\r\n" : "\n"
    }

    /// Whether the text ends with a line break (or is empty).
    var endsWithLineBreak: Bool { bytes.last.map { $0 == 0x0A } ?? true }

    /// The text with `range` replaced by `replacement`.
    func replacing(_ range: Range<Int>, with replacement: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + replacement.utf8.count)
        out += bytes[..<range.lowerBound]
        out += replacement.utf8
        out += bytes[range.upperBound...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The first offset from `offset` on whose byte is `byte`, skipping nothing else but white space.
    func next(_ byte: UInt8, from offset: Int) -> Int? {
        var i = offset
        while i < bytes.count {
            if bytes[i] == byte { return i }
            guard bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A else { return nil }
            i += 1
        }
        return nil
    }

    /// The bytes of the lines `range` covers, as text.
    func slice(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}
