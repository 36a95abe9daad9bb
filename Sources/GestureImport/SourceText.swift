/// Bounds that keep an import linear in time and memory whatever the file holds. Real
/// configurations are a few kilobytes with tens of gestures.
public enum ImportLimits {
    /// Bytes of input read at most.
    public static let fileSize = 1 << 20
    /// Characters on one line of a line-based file.
    public static let lineLength = 16 * 1024
    /// Gestures and notes of one import, together.
    public static let entries = 5_000
    /// Elements of an XML file.
    public static let xmlElements = 20_000
    /// Nesting of XML elements.
    public static let xmlDepth = 32
    /// YAML nodes visited (aliases count each time they are reached).
    public static let yamlNodes = 50_000
    /// Nesting of YAML lists and mappings (aliases expanded).
    public static let yamlDepth = 32
}

/// The file's bytes as text: UTF-8 (a byte order mark is dropped), no NUL bytes, not longer
/// than `ImportLimits.fileSize`.
func decodeSource(_ bytes: [UInt8]) throws(ImportFailure) -> String {
    guard bytes.count <= ImportLimits.fileSize else {
        throw ImportFailure(line: 1, message: "the file is larger than \(ImportLimits.fileSize / 1024) KiB: not a gesture configuration")
    }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if let nul = body.firstIndex(of: 0) {
        throw ImportFailure(line: lineNumber(of: nul, in: bytes), message: "the file holds a NUL byte: not a text file")
    }
    guard let text = String(validating: body, as: UTF8.self) else {
        throw ImportFailure(line: lineNumber(of: firstInvalidUTF8(body), in: bytes), message: "the file is not UTF-8 text")
    }
    return text
}

/// The 1-based line of byte `index`.
func lineNumber(of index: Int, in bytes: [UInt8]) -> Int {
    var line = 1
    for i in 0..<min(index, bytes.count) where bytes[i] == 10 { line += 1 }
    return line
}

/// Where the first byte that does not start a valid UTF-8 sequence is.
private func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
    var i = bytes.startIndex
    while i < bytes.endIndex {
        let b = bytes[i]
        let length: Int
        switch b {
        case 0..<0x80: length = 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return i
        }
        guard i + length <= bytes.endIndex else { return i }
        if String(validating: bytes[i..<(i + length)], as: UTF8.self) == nil { return i }
        i += length
    }
    return bytes.endIndex
}

/// The lines of a text, as a line-based tool reads them (`\n`, `\r\n` or `\r` end a line).
func sourceLines(_ text: String) throws(ImportFailure) -> [Substring] {
    var lines: [Substring] = []
    for (i, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).enumerated() {
        guard line.count <= ImportLimits.lineLength else {
            throw ImportFailure(line: i + 1, message: "the line is longer than \(ImportLimits.lineLength) characters")
        }
        lines.append(line)
    }
    return lines
}

extension StringProtocol {
    /// Without leading and trailing white space (spaces, tabs, line breaks).
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// Splits on runs of white space, at most `maxSplits` times (the rest stays one piece,
    /// its inner spacing kept), like Python's `str.split(maxsplit=)`.
    func whitespaceSplit(maxSplits: Int = .max) -> [String] {
        var parts: [String] = []
        var rest = Substring(self.trimmed)
        while !rest.isEmpty {
            if parts.count == maxSplits {
                parts.append(String(rest))
                break
            }
            let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
            parts.append(String(rest[..<end]))
            rest = rest[end...].drop(while: \.isWhitespace)
        }
        return parts
    }
}
