/// An element of a small XML document, with the line it starts on.
struct XMLElement: Sendable, Equatable {
    var name: String
    var attributes: [XMLAttribute]
    var children: [XMLNode]
    var line: Int

    func attribute(_ name: String) -> XMLAttribute? { attributes.first { $0.name == name } }

    var elements: [XMLElement] {
        children.compactMap { if case .element(let e) = $0 { return e }; return nil }
    }

    /// The text directly inside, white space at the ends removed.
    var text: String {
        children.map { if case .text(let t, _) = $0 { return t }; return "" }.joined().trimmed
    }
}

/// A parsed file: its root element, and what was passed over outside it.
struct XMLDocument: Sendable, Equatable {
    var root: XMLElement
    var textBefore: Int?
    var contentAfter: Int?
}

struct XMLAttribute: Sendable, Equatable {
    var name: String
    var value: String
    var line: Int
}

enum XMLNode: Sendable, Equatable {
    case element(XMLElement)
    case text(String, line: Int)
}

/// Reads the XML that configuration files such as touchegg.conf use: elements, attributes,
/// text, comments, CDATA, processing instructions (skipped), the five predefined entities
/// and character references. A DOCTYPE is passed over and no entity it declares expands; a
/// '&' that starts no reference stays as written, as pugixml keeps it. No recursion:
/// open elements are an explicit stack, bounded by `ImportLimits.xmlDepth`; the element
/// count by `ImportLimits.xmlElements`. Errors carry the line they were found on.
struct XMLReader {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1

    static func parse(_ text: String) throws(ImportFailure) -> XMLElement {
        try parseDocument(text).root
    }

    /// The root element, and where text or markup outside it was passed over: pugixml, which
    /// Touchégg 2 reads its file with, skips text before the root element and anything after
    /// it (checked with libpugixml 1.13's `load_file`: `hello <a/>` and `<a/><b/>` load, the
    /// document element `<a>`).
    static func parseDocument(_ text: String) throws(ImportFailure) -> XMLDocument {
        var reader = XMLReader(bytes: Array(text.utf8))
        let root = try reader.document()
        return XMLDocument(root: root, textBefore: reader.textBefore, contentAfter: reader.contentAfter)
    }

    /// The line of text passed over before the root element.
    private var textBefore: Int?
    /// The line of content passed over after the root element.
    private var contentAfter: Int?

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private struct Open {
        var element: XMLElement
    }

    private mutating func document() throws(ImportFailure) -> XMLElement {
        try skipMisc(before: true)
        guard i < bytes.count else { throw fail("the file has no XML element") }
        if starts("</") { throw fail("a closing tag before any element") }
        var stack: [Open] = []
        var elementCount = 0
        while true {
            guard i < bytes.count else {
                let open = stack.last!.element
                throw fail("<\(open.name)> (line \(open.line)) is never closed")
            }
            if starts("<!--") {
                try skipComment()
            } else if starts("<![CDATA[") {
                let start = line
                i += 9
                guard let end = find("]]>") else { throw ImportFailure(line: start, message: "a CDATA section is never closed") }
                stack[stack.count - 1].element.children.append(.text(String(decoding: bytes[i..<end], as: UTF8.self), line: start))
                advance(to: end + 3)
            } else if starts("<?") {
                try skipInstruction()
            } else if starts("</") {
                let at = line
                i += 2
                let name = try readName("a closing tag")
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("'>' expected after </\(name)") }
                i += 1
                let closed = stack.removeLast().element
                guard closed.name == name else {
                    throw ImportFailure(line: at, message: "</\(name)> closes <\(closed.name)> (line \(closed.line))")
                }
                if stack.isEmpty {
                    try skipMisc(before: false)
                    if i < bytes.count { contentAfter = line }
                    return closed
                }
                stack[stack.count - 1].element.children.append(.element(closed))
            } else if starts("<!") {
                throw fail("declarations (<!…>) such as DOCTYPE are not read")
            } else if bytes[i] == UInt8(ascii: "<") {
                elementCount += 1
                guard elementCount <= ImportLimits.xmlElements else { throw fail("more than \(ImportLimits.xmlElements) elements") }
                guard stack.count < ImportLimits.xmlDepth else { throw fail("elements nested deeper than \(ImportLimits.xmlDepth) levels") }
                let (element, selfClosing) = try startTag()
                if selfClosing {
                    if stack.isEmpty {
                        try skipMisc(before: false)
                        if i < bytes.count { contentAfter = line }
                        return element
                    }
                    stack[stack.count - 1].element.children.append(.element(element))
                } else {
                    stack.append(Open(element: element))
                }
            } else {
                guard !stack.isEmpty else { throw fail("text outside the root element") }
                let start = line
                let end = bytes[i...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                let text = try decode(bytes[i..<end], at: start)
                advance(to: end)
                stack[stack.count - 1].element.children.append(.text(text, line: start))
            }
        }
    }

    /// White space, comments and processing instructions before or after the root element.
    private mutating func skipMisc(before: Bool) throws(ImportFailure) {
        while true {
            skipSpace()
            if starts("<!--") {
                try skipComment()
            } else if starts("<?") {
                try skipInstruction()
            } else if before && starts("<!DOCTYPE") {
                // Passed over whole, its internal subset too: no entity it declares is
                // expanded (pugixml, which Touchégg 2 reads with, expands none either).
                try skipDoctype()
            } else if before && starts("<!") {
                throw fail("declarations (<!…>) other than DOCTYPE are not read")
            } else if before && i < bytes.count && bytes[i] != UInt8(ascii: "<") {
                // Text before the root element: passed over up to the next markup.
                if textBefore == nil { textBefore = line }
                advance(to: bytes[i...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count)
            } else {
                return
            }
        }
    }

    private mutating func startTag() throws(ImportFailure) -> (XMLElement, Bool) {
        let at = line
        i += 1
        let name = try readName("an element")
        var element = XMLElement(name: name, attributes: [], children: [], line: at)
        while true {
            let spaced = skipSpace()
            guard i < bytes.count else { throw fail("<\(name)> is not finished") }
            if bytes[i] == UInt8(ascii: ">") { i += 1; return (element, false) }
            if starts("/>") { i += 2; return (element, true) }
            guard spaced else { throw fail("a space is needed before an attribute of <\(name)>") }
            let attributeLine = line
            let attribute = try readName("an attribute of <\(name)>")
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("'=' expected after \(attribute)") }
            i += 1
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw fail("the value of \(attribute) must be in quotes")
            }
            let quote = bytes[i]
            i += 1
            guard let end = bytes[i...].firstIndex(of: quote) else { throw ImportFailure(line: attributeLine, message: "the value of \(attribute) is never closed") }
            if bytes[i..<end].contains(UInt8(ascii: "<")) { throw fail("'<' inside the value of \(attribute) (write &lt;)") }
            let value = try decode(bytes[i..<end], at: line)
            advance(to: end + 1)
            guard element.attribute(attribute) == nil else { throw ImportFailure(line: attributeLine, message: "\(attribute) is given twice in <\(name)>") }
            guard element.attributes.count < 32 else { throw fail("more than 32 attributes in <\(name)>") }
            element.attributes.append(XMLAttribute(name: attribute, value: value, line: attributeLine))
        }
    }

    private mutating func readName(_ what: String) throws(ImportFailure) -> String {
        let start = i
        while i < bytes.count, i - start < 256, Self.isNameByte(bytes[i], first: i == start) { i += 1 }
        guard i > start else { throw fail("a name was expected for \(what)") }
        guard i - start < 256 else { throw fail("a name longer than 255 bytes") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private static func isNameByte(_ b: UInt8, first: Bool) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...0xFF: return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): return !first
        default: return false
        }
    }

    /// Text with its entities and character references replaced.
    private func decode(_ raw: ArraySlice<UInt8>, at startLine: Int) throws(ImportFailure) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var j = raw.startIndex
        var here = startLine
        while j < raw.endIndex {
            let b = raw[j]
            if b == 10 { here += 1 }
            guard b == UInt8(ascii: "&") else { out.append(b); j += 1; continue }
            // A '&' that starts no reference stays as written, as pugixml (Touchégg 2) keeps
            // it: `notify-send a && b` in a command.
            guard let semicolon = raw[j..<min(raw.endIndex, j + 12)].firstIndex(of: UInt8(ascii: ";")) else {
                out.append(b)
                j += 1
                continue
            }
            let name = String(decoding: raw[(j + 1)..<semicolon], as: UTF8.self)
            switch name {
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "amp": out.append(UInt8(ascii: "&"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                var value: UInt32?
                if name.hasPrefix("#x") || name.hasPrefix("#X") { value = UInt32(name.dropFirst(2), radix: 16) }
                else if name.hasPrefix("#") { value = UInt32(name.dropFirst()) }
                if value == 0 { break }  // pugixml drops &#0;
                guard let v = value, let scalar = Unicode.Scalar(v) else {
                    // An entity XML does not predefine stays as written, as in pugixml, which
                    // expands none a DOCTYPE declares.
                    out.append(contentsOf: raw[j...semicolon])
                    break
                }
                out.append(contentsOf: String(Character(scalar)).utf8)
            }
            j = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `<!DOCTYPE name …>` with an optional `[ … ]` internal subset.
    private mutating func skipDoctype() throws(ImportFailure) {
        let start = line
        var depth = 0
        var j = i + 9
        while j < bytes.count {
            switch bytes[j] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0:
                advance(to: j + 1)
                return
            default: break
            }
            j += 1
        }
        throw ImportFailure(line: start, message: "a DOCTYPE is never closed")
    }

    private mutating func skipComment() throws(ImportFailure) {
        let start = line
        i += 4
        guard let end = find("-->") else { throw ImportFailure(line: start, message: "a comment (<!--) is never closed") }
        advance(to: end + 3)
    }

    private mutating func skipInstruction() throws(ImportFailure) {
        let start = line
        i += 2
        guard let end = find("?>") else { throw ImportFailure(line: start, message: "a processing instruction (<?) is never closed") }
        advance(to: end + 2)
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = i
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) {
            if bytes[i] == 10 { line += 1 }
            i += 1
        }
        return i > start
    }

    private func starts(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        return s.withUTF8Buffer { bytes[i..<(i + n)].elementsEqual($0) }
    }

    /// The index of the next `s` from the cursor.
    private func find(_ s: StaticString) -> Int? {
        s.withUTF8Buffer { needle -> Int? in
            guard let first = needle.first else { return nil }
            var j = i
            while j + needle.count <= bytes.count {
                guard let k = bytes[j...].firstIndex(of: first), k + needle.count <= bytes.count else { return nil }
                if bytes[k..<(k + needle.count)].elementsEqual(needle) { return k }
                j = k + 1
            }
            return nil
        }
    }

    /// Moves the cursor to `end`, counting the lines passed.
    private mutating func advance(to end: Int) {
        while i < end {
            if bytes[i] == 10 { line += 1 }
            i += 1
        }
    }

    private func fail(_ message: String) -> ImportFailure {
        ImportFailure(line: line, message: message)
    }
}
