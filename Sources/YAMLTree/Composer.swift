import CYAML

/// Why a text is not a YAML document, and where.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// Not well-formed YAML, in libyaml's words ("did not find expected key").
        case syntax(String)
        /// The same key more than once in one mapping (the keys, sorted).
        case duplicateKeys([String])
        /// Characters YAML does not allow (control characters, a byte order mark inside).
        case unreadable(String)
        /// Past a reader's ``YAMLLimits`` (what is passed, as a predicate: "has more than
        /// 100000 nodes, its aliases expanded"), at the place where it is passed.
        case tooLarge(String)
    }

    /// What the parser was reading when it met the problem (an unclosed quote, a flow
    /// mapping), and where that began: often the better place to look.
    public struct Context: Sendable {
        public var text: String
        public var mark: Mark
    }

    public var problem: Problem
    public var mark: Mark
    public var context: Context?

    public var description: String {
        let prefix = context.map { "\($0.text), " } ?? ""
        switch problem {
        case .syntax(let words): return "\(mark): \(prefix)\(words)"
        case .duplicateKeys(let keys): return "\(mark): duplicate key \(keys.map { "'\($0)'" }.joined(separator: ", ")) in a mapping"
        case .unreadable(let words): return "\(mark): \(words)"
        case .tooLarge(let words): return "\(mark): the text \(words)"
        }
    }
}

/// Composes YAML text into ``Node`` trees with libyaml (Debian's): the events are read once
/// and assembled iteratively (nesting is bounded by ``maximumDepth``), aliases share
/// their anchor's node, and keys repeated in a mapping are an error. With ``YAMLLimits``
/// the same pass counts what the text costs with its aliases expanded, and stops where it
/// passes them.
public enum YAMLComposer {
    /// How deeply collections may nest (a profile needs fewer than ten levels).
    public static let maximumDepth = 1_000

    /// The single document of `text`; nil when it has none. More than one is an error.
    public static func compose(_ text: String) throws(YAMLError) -> Node? {
        try compose(text, within: nil)
    }

    /// The single document of `text`, refused (``YAMLError/Problem/tooLarge(_:)``) past `limits`.
    package static func compose(_ text: String, within limits: YAMLLimits?) throws(YAMLError) -> Node? {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(YAMLError) -> Node? in
            var reader = try EventReader(buffer, text: text, limits: limits)
            defer { reader.close() }
            guard let root = try reader.nextDocument() else { return nil }
            if let extra = try reader.nextDocumentStart() {
                throw YAMLError(problem: .syntax("but found another document"), mark: extra,
                                context: .init(text: "expected a single document in the stream", mark: Mark(line: 1, column: 1)))
            }
            return root
        }
    }

    /// Every document of `text`, and the error that stopped the reading (the documents before
    /// it are kept).
    public static func composeAll(_ text: String) -> (documents: [Node], error: YAMLError?) {
        composeAll(text, within: nil)
    }

    /// Every document of `text` until it passes `limits` (or another error stops the reading).
    package static func composeAll(_ text: String, within limits: YAMLLimits?) -> (documents: [Node], error: YAMLError?) {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var documents: [Node] = []
            do throws(YAMLError) {
                var reader = try EventReader(buffer, text: text, limits: limits)
                defer { reader.close() }
                while let document = try reader.nextDocument() { documents.append(document) }
                return (documents, nil)
            } catch {
                return (documents, error)
            }
        }
    }
}

/// libyaml's parser over a buffer that outlives it, one event at a time. The parser's state
/// stays at one address (libyaml keeps it across calls), allocated here and freed by `close`.
private struct EventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let text: String
    private var budget: ExpansionBudget?

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, text: String, limits: YAMLLimits?) throws(YAMLError) {
        if let limits { try ExpansionBudget.checkLength(buffer, limits) }
        self.text = text
        budget = limits.map(ExpansionBudget.init)
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            throw YAMLError(problem: .syntax("out of memory"), mark: Mark(line: 1, column: 1))
        }
        yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
    }

    func close() {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// Calls `body` with the next event (deleted afterwards).
    private mutating func next<T>(_ body: (yaml_event_t) throws(YAMLError) -> T) throws(YAMLError) -> T {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw error() }
        defer { yaml_event_delete(&event) }
        return try body(event)
    }

    /// The start of the next document, if there is one (for "only one document" checks).
    mutating func nextDocumentStart() throws(YAMLError) -> Mark? {
        while true {
            let outcome: Mark?? = try next { event in
                switch event.type {
                case YAML_STREAM_END_EVENT: return .some(nil)
                case YAML_DOCUMENT_START_EVENT: return .some(Self.mark(event.start_mark))
                default: return nil
                }
            }
            if let outcome { return outcome }
        }
    }

    /// The next document's root node; nil at the end of the stream.
    mutating func nextDocument() throws(YAMLError) -> Node? {
        guard try nextDocumentStart() != nil else { return nil }
        var builder = TreeBuilder()
        var budget = self.budget
        defer { self.budget = budget }
        while true {
            let done: Bool = try next { event throws(YAMLError) in
                let mark = Self.mark(event.start_mark)
                switch event.type {
                case YAML_DOCUMENT_END_EVENT:
                    budget?.endDocument()
                    return true
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    let anchor = Self.string(s.anchor)
                    try budget?.scalar(anchor: anchor, at: mark)
                    let value = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
                    try builder.add(.scalar(Node.Scalar(value, style: Self.style(s.style), mark: mark, end: Self.mark(event.end_mark))), anchor: anchor)
                case YAML_ALIAS_EVENT:
                    let name = Self.string(event.data.alias.anchor) ?? ""
                    try budget?.alias(name, at: mark)
                    try builder.alias(name, at: mark)
                case YAML_SEQUENCE_START_EVENT:
                    let anchor = Self.string(event.data.sequence_start.anchor)
                    try budget?.open(anchor: anchor, at: mark)
                    let flow = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                    try builder.open(.sequence(Node.Sequence([], isFlow: flow)), at: mark, anchor: anchor)
                case YAML_MAPPING_START_EVENT:
                    let anchor = Self.string(event.data.mapping_start.anchor)
                    try budget?.open(anchor: anchor, at: mark)
                    let flow = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                    try builder.open(.mapping(Node.Mapping([], isFlow: flow)), at: mark, anchor: anchor)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    try budget?.close(at: mark)
                    try builder.close(at: Self.mark(event.end_mark))
                default:
                    break
                }
                return false
            }
            if done { break }
        }
        return builder.root
    }

    private func error() -> YAMLError {
        let parser = self.parser.pointee
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = parser.context.map { YAMLError.Context(text: String(cString: $0), mark: Self.mark(parser.context_mark)) }
        switch parser.error {
        case YAML_READER_ERROR:
            return YAMLError(problem: .unreadable(problem), mark: Mark(ofByte: parser.problem_offset, in: text.utf8))
        case YAML_MEMORY_ERROR:
            return YAMLError(problem: .syntax("out of memory"), mark: Self.mark(parser.problem_mark))
        default:
            return YAMLError(problem: .syntax(problem), mark: Self.mark(parser.problem_mark), context: context)
        }
    }

    private static func mark(_ m: yaml_mark_t) -> Mark { Mark(line: Int(m.line) + 1, column: Int(m.column) + 1) }

    private static func string(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? { p.map { String(cString: $0) } }

    private static func style(_ s: yaml_scalar_style_t) -> Node.Scalar.Style {
        switch s {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}

/// Assembles one document from its events, with a stack of the collections still open.
private struct TreeBuilder {
    private struct Open {
        var node: Node
        var mark: Mark
        var anchor: String?
        /// A mapping's key waiting for its value.
        var pendingKey: Node?
        /// A mapping's scalar keys so far, with where each was first written.
        var keys: [String: Mark] = [:]
        var duplicates: [String: Mark] = [:]
    }

    private var stack: [Open] = []
    private var anchors: [String: Node] = [:]
    private(set) var root: Node?

    mutating func open(_ empty: Node, at mark: Mark, anchor: String?) throws(YAMLError) {
        // Composing needs no recursion, but releasing a tree does, one frame per level: a
        // bound keeps a hostile file from exhausting the stack.
        guard stack.count < YAMLComposer.maximumDepth else {
            throw YAMLError(problem: .syntax("collections nested deeper than \(YAMLComposer.maximumDepth) levels"), mark: mark)
        }
        stack.append(Open(node: empty, mark: mark, anchor: anchor))
    }

    mutating func close(at end: Mark) throws(YAMLError) {
        guard let done = stack.popLast() else { return }
        let node: Node
        switch done.node {
        case .mapping(let m):
            if let first = done.duplicates.keys.sorted().first {
                throw YAMLError(problem: .duplicateKeys(done.duplicates.keys.sorted()), mark: done.duplicates[first]!)
            }
            node = .mapping(Node.Mapping(m.entries, mark: done.mark, end: end, isFlow: m.isFlow))
        case .sequence(let s):
            node = .sequence(Node.Sequence(s.items, mark: done.mark, end: end, isFlow: s.isFlow))
        case .scalar:
            node = done.node
        }
        try add(node, anchor: done.anchor)
    }

    mutating func alias(_ name: String, at mark: Mark) throws(YAMLError) {
        guard let node = anchors[name] else {
            throw YAMLError(problem: .syntax("found undefined alias"), mark: mark)
        }
        try add(node, anchor: nil)
    }

    /// A finished node: the root, an item, a key, or a key's value.
    mutating func add(_ node: Node, anchor: String?) throws(YAMLError) {
        if let anchor { anchors[anchor] = node }
        guard var top = stack.popLast() else {
            root = node
            return
        }
        defer { stack.append(top) }
        switch top.node {
        case .sequence(var s):
            top.node = .scalar(Node.Scalar(""))  // drops the reference: the append below stays in place
            s.items.append(node)
            top.node = .sequence(s)
        case .mapping(var m):
            guard let key = top.pendingKey else {
                top.pendingKey = node
                if let name = node.scalar?.string {
                    if let first = top.keys[name] { top.duplicates[name] = top.duplicates[name] ?? first } else { top.keys[name] = node.mark }
                }
                return
            }
            top.pendingKey = nil
            top.node = .scalar(Node.Scalar(""))
            m.entries.append((key, node))
            top.node = .mapping(m)
        case .scalar:
            break
        }
    }
}
