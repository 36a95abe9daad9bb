/// A position in a YAML text: 1-based line and column, columns counted in Unicode scalars
/// (as libyaml counts them).
public struct Mark: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    /// Where the byte at `offset` of UTF-8 `bytes` is (the column in Unicode scalars): for
    /// what libyaml reports only as an offset, and for a length limit.
    init(ofByte offset: Int, in bytes: some Collection<UInt8>) {
        var line = 1, column = 1
        for b in bytes.prefix(offset) {
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }
}

/// One node of a composed YAML document: a scalar, a mapping or a list. An alias stands for
/// the node its anchor names (the same value, shared, not copied), so composing is linear in
/// the text whatever the aliases expand to.
public enum Node: Sendable {
    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(Sequence)

    /// A scalar as written: its text (quotes and escapes resolved) and how it was written.
    public struct Scalar: Sendable {
        public enum Style: Sendable, Equatable {
            case plain, singleQuoted, doubleQuoted, literal, folded
        }

        public var string: String
        public var style: Style
        public var mark: Mark
        /// Where the scalar ends (just past its last character, closing quote included; for a
        /// block scalar, past the lines it kept).
        public var end: Mark

        public init(_ string: String, style: Style = .plain, mark: Mark = Mark(line: 1, column: 1), end: Mark? = nil) {
            self.string = string
            self.style = style
            self.mark = mark
            self.end = end ?? mark
        }
    }

    /// A mapping's entries in the order written.
    public struct Mapping: Sendable, RandomAccessCollection {
        public typealias Element = (key: Node, value: Node)
        public var entries: [Element]
        public var mark: Mark
        /// libyaml's end of the mapping: just past the `}` of a flow mapping; for a block
        /// mapping, where the next token begins (after the comments and blank lines that follow).
        public var end: Mark
        /// Written `{ … }`.
        public var isFlow: Bool

        public init(_ entries: [Element], mark: Mark = Mark(line: 1, column: 1), end: Mark? = nil, isFlow: Bool = false) {
            self.entries = entries
            self.mark = mark
            self.end = end ?? mark
            self.isFlow = isFlow
        }

        public var startIndex: Int { entries.startIndex }
        public var endIndex: Int { entries.endIndex }
        public subscript(position: Int) -> Element { entries[position] }

        /// The value of the first entry whose key is the scalar `key`.
        public subscript(key: String) -> Node? {
            entries.first { $0.key.string == key }?.value
        }
    }

    /// A list's items in order.
    public struct Sequence: Sendable, RandomAccessCollection {
        public var items: [Node]
        public var mark: Mark
        /// libyaml's end of the list: just past the `]` of a flow list; for a block list, where
        /// the next token begins.
        public var end: Mark
        /// Written `[ … ]`.
        public var isFlow: Bool

        public init(_ items: [Node], mark: Mark = Mark(line: 1, column: 1), end: Mark? = nil, isFlow: Bool = false) {
            self.items = items
            self.mark = mark
            self.end = end ?? mark
            self.isFlow = isFlow
        }

        public var startIndex: Int { items.startIndex }
        public var endIndex: Int { items.endIndex }
        public subscript(position: Int) -> Node { items[position] }
    }

    /// Where the node starts in the text.
    public var mark: Mark {
        switch self {
        case .scalar(let s): return s.mark
        case .mapping(let m): return m.mark
        case .sequence(let s): return s.mark
        }
    }

    /// Where the node ends (see each kind's `end`).
    public var end: Mark {
        switch self {
        case .scalar(let s): return s.end
        case .mapping(let m): return m.end
        case .sequence(let s): return s.end
        }
    }

    public var scalar: Scalar? {
        if case .scalar(let s) = self { return s }
        return nil
    }

    public var mapping: Mapping? {
        if case .mapping(let m) = self { return m }
        return nil
    }

    public var sequence: Sequence? {
        if case .sequence(let s) = self { return s }
        return nil
    }

    /// A scalar's text.
    public var string: String? { scalar?.string }

    /// A plain scalar read as a whole number (decimal, or hexadecimal after `0x`).
    public var int: Int? {
        guard let s = scalar, s.style == .plain else { return nil }
        let text = s.string
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("-0x") { return Int(text.dropFirst(3), radix: 16).map { -$0 } }
        return Int(text)
    }

    /// A plain scalar read as a number.
    public var float: Double? {
        guard let s = scalar, s.style == .plain else { return nil }
        return int.map(Double.init) ?? Double(s.string)
    }
}
