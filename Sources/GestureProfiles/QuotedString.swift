/// `s` as a double-quoted string literal that is valid both as JSON and as a YAML
/// double-quoted scalar (YAML 1.2 reads JSON strings): quotes, backslashes and control
/// characters escaped, and so are the characters YAML does not allow bare (DEL, the C1
/// controls, the byte order mark) and the line separators that break JavaScript readers of
/// JSON. The event log, the monitor stream and `tactus import`'s profiles all write strings
/// through it.
public func doubleQuoted(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if c.value < 0x20 || c.value == 0x7F || (0x80..<0xA0).contains(c.value) || c.value == 0x2028 || c.value == 0x2029 || c.value == 0xFEFF {
                let digits = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            } else {
                out.unicodeScalars.append(c)
            }
        }
    }
    return out + "\""
}
