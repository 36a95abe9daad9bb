/// A small strict JSON parser: exact types (a number is never a Bool), no Foundation
/// bridging, and fast enough for traces of millions of lines.
package enum JSONValue: Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    package struct ParseError: Error { package var message: String }

    package static func parse(_ text: Substring) throws -> JSONValue {
        var p = Parser(bytes: Array(text.utf8))
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == p.bytes.count else { throw ParseError(message: "unexpected text after the JSON value") }
        return v
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < 64 else { throw ParseError(message: "JSON nested too deeply") }
            guard i < bytes.count else { throw ParseError(message: "unexpected end of line") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var o: [String: JSONValue] = [:]
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(o) }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw ParseError(message: "expected a key string") }
                    let k = try string()
                    skipSpace()
                    try expect(":")
                    skipSpace()
                    if o[k] != nil { throw ParseError(message: "duplicate key \"\(k)\"") }
                    o[k] = try value(depth: depth + 1)
                    skipSpace()
                    if try commaOrEnd("}") { return .object(o) }
                }
            case UInt8(ascii: "["):
                i += 1
                var a: [JSONValue] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(a) }
                while true {
                    skipSpace()
                    a.append(try value(depth: depth + 1))
                    skipSpace()
                    if try commaOrEnd("]") { return .array(a) }
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default:
                return .number(try number())
            }
        }

        mutating func commaOrEnd(_ end: Character) throws -> Bool {
            guard i < bytes.count else { throw ParseError(message: "unexpected end of line") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; return false }
            if bytes[i] == end.asciiValue! { i += 1; return true }
            throw ParseError(message: "expected ',' or '\(end)'")
        }

        mutating func expect(_ c: Character) throws {
            guard i < bytes.count, bytes[i] == c.asciiValue! else { throw ParseError(message: "expected '\(c)'") }
            i += 1
        }

        mutating func literal(_ word: String) throws {
            for b in word.utf8 {
                guard i < bytes.count, bytes[i] == b else { throw ParseError(message: "invalid literal") }
                i += 1
            }
        }

        mutating func number() throws -> Double {
            let start = i
            while i < bytes.count, let c = Optional(bytes[i]), (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { i += 1 }
            guard i > start, let s = String(bytes: bytes[start..<i], encoding: .utf8), let d = Double(s), d.isFinite else {
                throw ParseError(message: "invalid value")
            }
            return d
        }

        mutating func string() throws -> String {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if c < 0x20 { throw ParseError(message: "control character in a string") }
                if c == UInt8(ascii: "\\") {
                    i += 1
                    guard i < bytes.count else { break }
                    switch bytes[i] {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard i + 4 < bytes.count, let s = String(bytes: bytes[(i + 1)...(i + 4)], encoding: .utf8), let v = UInt32(s, radix: 16) else {
                            throw ParseError(message: "bad \\u escape")
                        }
                        i += 4
                        let scalar = Unicode.Scalar(v) ?? "\u{FFFD}"
                        out.append(contentsOf: Array(String(scalar).utf8))
                    default: out.append(bytes[i])
                    }
                    i += 1
                    continue
                }
                out.append(c)
                i += 1
            }
            throw ParseError(message: "unterminated string")
        }
    }
}
