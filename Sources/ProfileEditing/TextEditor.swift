import GestureProfiles
import YAMLTree

/// A value to write: a scalar or flow fragment as text, or a mapping written in the style of
/// the place it goes to (block lines in a block mapping, `{ … }` in a flow one).
indirect enum NewValue {
    case text(String)
    case mapping([(key: String, value: NewValue)])

    /// `key: value` lines for a block mapping, indented by `indent` with `step` per level.
    func blockLines(key: String, indent: Int, step: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        switch self {
        case .text(let t): return [pad + key + ": " + t]
        case .mapping(let entries):
            return [pad + key + ":"] + entries.flatMap { $0.value.blockLines(key: $0.key, indent: indent + step, step: step) }
        }
    }

    /// The value in flow style.
    var flow: String {
        switch self {
        case .text(let t): return t
        case .mapping(let entries): return "{ " + entries.map { "\($0.key): \($0.value.flow)" }.joined(separator: ", ") + " }"
        }
    }

    /// `path` down to `leaf`: `a: { b: leaf }` for `["a", "b"]`'s tail.
    static func nested(_ path: ArraySlice<String>, _ leaf: NewValue) -> NewValue {
        guard let first = path.first else { return leaf }
        return .mapping([(first, nested(path.dropFirst(), leaf))])
    }
}

/// Why an edit was not made.
public enum ProfileEditError: Error, Sendable, CustomStringConvertible {
    /// The text is not YAML that can be edited (the loader's diagnostics say where).
    case unreadable([Diagnostic])
    /// The edit's result would not load, or would load with more errors than before: the
    /// diagnostics of the result (lines and columns of the text the edit would have made).
    case refused([Diagnostic], text: String)
    /// No profile, gesture or key of that name.
    case notFound(String)
    /// The file has the key, but not as this edit can change it (a list where a mapping is
    /// expected, a fragment that is not YAML).
    case unsupported(String)

    public var description: String {
        switch self {
        case .unreadable(let d): return "the file cannot be edited: " + d.map(\.description).joined(separator: "; ")
        case .refused(let d, _): return "the edit would not load: " + d.filter { $0.severity == .error }.map(\.description).joined(separator: "; ")
        case .notFound(let what): return "not found: \(what)"
        case .unsupported(let why): return why
        }
    }
}

/// The text and its composed tree, and the splices that change one part of it.
struct TextEditor {
    let lines: SourceLines
    let root: Node?

    init(_ text: String, path: String = "<text>") throws(ProfileEditError) {
        lines = SourceLines(text)
        do {
            root = try YAMLComposer.compose(text, within: YAMLLimits(bytes: ProfileLimits.fileBytes, nodes: ProfileLimits.yamlNodes, depth: ProfileLimits.yamlDepth))
        } catch {
            // The loader's words for it (it stops at the same YAML error, before reading anything else).
            throw .unreadable(ProfileLoader.load(yaml: text, path: path).errors)
        }
    }

    var rootMapping: Node.Mapping? { root?.mapping }

    // MARK: Where things are

    /// Where a node's own text ends: for a block collection, the end of its last entry (libyaml
    /// ends those where the next token begins, after comments and blank lines).
    func contentEnd(_ node: Node) -> Mark {
        switch node {
        case .scalar(let s): return s.end
        case .mapping(let m): return m.isFlow || m.entries.isEmpty ? m.end : contentEnd(m.entries.last!.value).max(contentEnd(m.entries.last!.key))
        case .sequence(let s): return s.isFlow || s.items.isEmpty ? s.end : contentEnd(s.items.last!)
        }
    }

    /// Where lines go to come after `node` (at the start of the line after its last one).
    func lineAfter(_ node: Node) -> Int {
        let end = lines.offset(contentEnd(node))
        let start = lines.lineStart(of: end)
        if lines.isBlank(start..<end) { return start }  // a block scalar ends on the next line
        return lines.lineEnd(of: end)
    }

    /// The 0-based column of a node (its indentation when it begins a line).
    func column(_ node: Node) -> Int { node.mark.column - 1 }

    /// How far the file indents a nested block mapping (2 unless it shows otherwise).
    var indentStep: Int {
        guard let root = rootMapping else { return 2 }
        for entry in root.entries {
            if let m = entry.value.mapping, !m.isFlow, m.mark.line > entry.key.mark.line {
                return max(1, m.mark.column - entry.key.mark.column)
            }
            if let s = entry.value.sequence, !s.isFlow, let first = s.items.first, first.mark.line == s.mark.line {
                let step = s.mark.column - entry.key.mark.column
                if step > 0 { return step }
            }
        }
        return 2
    }

    /// Lines inserted at `offset` (a line start), each ended by a line break.
    func insertingLines(_ new: [String], at offset: Int) -> String {
        let br = lines.lineBreak
        var text = new.map { $0 + br }.joined()
        if offset == lines.bytes.count, !lines.endsWithLineBreak { text = br + text }
        return lines.replacing(offset..<offset, with: text)
    }

    /// Just past the `:` that follows `key`.
    func afterColon(_ key: Node) -> Int? {
        guard let colon = lines.next(0x3A, from: lines.offset(key.end)) else { return nil }
        return colon + 1
    }

    func isNull(_ node: Node) -> Bool {
        guard let s = node.scalar else { return false }
        return s.style == .plain && (s.string.isEmpty || s.string == "~" || s.string == "null")
    }

    // MARK: Splices

    /// The value of `key` in `mapping` set to `value`, written in the mapping's style; the entry
    /// is added at the mapping's end when it has none.
    func setting(_ key: String, in mapping: Node.Mapping, to value: NewValue) throws(ProfileEditError) -> String {
        if let entry = mapping.entries.first(where: { $0.key.string == key }) {
            return try replacing(entry.value, of: entry.key, with: value, inFlow: mapping.isFlow)
        }
        return inserting(key, value, into: mapping)
    }

    /// A new entry at the end of `mapping`.
    func inserting(_ key: String, _ value: NewValue, into mapping: Node.Mapping) -> String {
        if mapping.isFlow {
            // Inside the braces, right after the last value (not before the `}`: a comment may
            // come between), the rest of the mapping as written.
            guard let last = mapping.entries.last else {
                let open = lines.offset(mapping.mark) + 1
                let inside = lines.offset(mapping.end) - 1
                return lines.replacing(open..<open, with: " " + key + ": " + value.flow + (open == inside ? " " : ""))
            }
            let at = lines.offset(contentEnd(last.value).max(contentEnd(last.key)))
            return lines.replacing(at..<at, with: ", " + key + ": " + value.flow)
        }
        let node = Node.mapping(mapping)
        return insertingLines(value.blockLines(key: key, indent: column(node), step: indentStep), at: lineAfter(node))
    }

    /// `old` (the value of `key`) replaced by `value`.
    func replacing(_ old: Node, of key: Node, with value: NewValue, inFlow: Bool) throws(ProfileEditError) -> String {
        if isNull(old) {
            let at = lines.offset(old.mark)
            let s = old.scalar!
            let written = lines.offset(s.end) > at  // `~` or `null`
            if case .mapping = value, !inFlow {
                // `key:` alone (maybe a comment after): the entries on the lines that follow.
                let step = indentStep
                let block = value.blockLines(key: "", indent: column(key), step: step).dropFirst()
                var text = written ? lines.replacing(at..<lines.offset(s.end), with: "") : nil
                let base = text.map(SourceLines.init) ?? lines
                let line = base.lineEnd(of: lines.lineStart(of: lines.offset(key.mark)))
                var out = block.map { $0 + lines.lineBreak }.joined()
                if line == base.bytes.count, !base.endsWithLineBreak { out = lines.lineBreak + out }
                text = base.replacing(line..<line, with: out)
                return text!
            }
            return lines.replacing(at..<lines.offset(s.end), with: (written ? "" : " ") + value.flow)
        }
        switch old {
        case .scalar(let s):
            if s.style == .literal || s.style == .folded {
                guard let after = afterColon(key) else { throw .unsupported("no ':' after '\(key.string ?? "")'") }
                return lines.replacing(after..<lineAfter(old), with: " " + value.flow + lines.lineBreak)
            }
            return lines.replacing(lines.offset(s.mark)..<lines.offset(s.end), with: value.flow)
        case .mapping(let m) where m.isFlow:
            return lines.replacing(lines.offset(m.mark)..<lines.offset(m.end), with: value.flow)
        case .sequence(let q) where q.isFlow:
            return lines.replacing(lines.offset(q.mark)..<lines.offset(q.end), with: value.flow)
        default:
            // A block collection: from the ':' to its last line, one line now.
            guard let after = afterColon(key) else { throw .unsupported("no ':' after '\(key.string ?? "")'") }
            return lines.replacing(after..<lineAfter(old), with: " " + value.flow + lines.lineBreak)
        }
    }

    /// The 0-based columns of a block list's dashes and of its items' text.
    func listColumns(_ list: Node.Sequence) -> (dash: Int, item: Int) {
        let dash = list.mark.column - 1
        if let first = list.items.first, first.mark.line == list.mark.line { return (dash, first.mark.column - 1) }
        return (dash, dash + 2)
    }

    /// `item` (lines in the form "- first", "  rest", at column 0) indented for a list whose
    /// dashes are at `dash` and text at `text`.
    static func indentItem(_ item: [String], dash: Int, text: Int) -> [String] {
        item.enumerated().map { i, line in
            if i == 0 {
                return String(repeating: " ", count: dash) + "-" + String(repeating: " ", count: max(1, text - dash - 1)) + line.dropFirst(2)
            }
            return line.isEmpty ? line : String(repeating: " ", count: max(0, text - 2)) + line
        }
    }

    /// `item` appended to `list`: block lines in the list's indentation (a blank line before it
    /// when the list's items are apart), or `flow` before the `]` of a flow list.
    func appending(_ item: [String], flow: String?, to list: Node.Sequence) throws(ProfileEditError) -> String {
        if list.isFlow {
            guard let flow else { throw .unsupported("this gesture cannot be written into a '[ … ]' list: write it as a block list first") }
            guard let last = list.items.last else {
                let open = lines.offset(list.mark) + 1
                return lines.replacing(open..<open, with: flow)
            }
            let at = lines.offset(contentEnd(last))
            return lines.replacing(at..<at, with: ", " + flow)
        }
        let (dash, text) = listColumns(list)
        var new = Self.indentItem(item, dash: dash, text: text)
        if list.items.count >= 2, lines.isBlankLine(at: lines.lineStart(of: lines.offset(list.items.last!.mark)) - 1) {
            new.insert("", at: 0)
        }
        return insertingLines(new, at: lineAfter(.sequence(list)))
    }

    /// A new list under `key` (of `mapping`, which has no such key or a null one) holding `items`.
    func addingList(_ key: String, items: [[String]], flows: [String?], in mapping: Node.Mapping) throws(ProfileEditError) -> String {
        if mapping.isFlow {
            let flow = flows.compactMap { $0 }
            guard flow.count == flows.count else { throw .unsupported("this cannot be written into a '{ … }' mapping") }
            return try setting(key, in: mapping, to: .text("[" + flow.joined(separator: ", ") + "]"))
        }
        let node = Node.mapping(mapping)
        let indent = column(node)
        let step = indentStep
        let listLines = items.flatMap { Self.indentItem($0, dash: indent + step, text: indent + step + 2) }
        if let entry = mapping.entries.first(where: { $0.key.string == key }) {
            guard isNull(entry.value) else { throw .unsupported("'\(key)' is not a list") }
            let s = entry.value.scalar!
            let base = SourceLines(lines.replacing(lines.offset(s.mark)..<lines.offset(s.end), with: ""))
            let line = base.lineEnd(of: lines.lineStart(of: lines.offset(entry.key.mark)))
            var out = listLines.map { $0 + lines.lineBreak }.joined()
            if line == base.bytes.count, !base.endsWithLineBreak { out = lines.lineBreak + out }
            return base.replacing(line..<line, with: out)
        }
        return insertingLines([String(repeating: " ", count: indent) + key + ":"] + listLines, at: lineAfter(node))
    }

    /// `list` without its item `index`.
    func removing(_ index: Int, from list: Node.Sequence, keyOfList key: Node) throws(ProfileEditError) -> String {
        let item = list.items[index]
        if list.isFlow {
            var start = lines.offset(item.mark), end = lines.offset(item.end)
            if index + 1 < list.items.count {
                end = lines.offset(list.items[index + 1].mark)
            } else if index > 0 {
                start = lines.offset(list.items[index - 1].end)
            }
            return lines.replacing(start..<end, with: "")
        }
        var start = lines.lineStart(of: lines.offset(item.mark))
        let lead = lines.slice(start..<lines.offset(item.mark)).filter { $0 != " " }
        guard lead == "-" else { throw .unsupported("the item does not begin its own line") }
        let end = lineAfter(item)
        if list.items.count == 1 {
            // The last one: the list becomes `[]`, so that the key keeps its meaning.
            guard let after = afterColon(key) else { throw .unsupported("no ':' after '\(key.string ?? "")'") }
            var out = lines.replacing(start..<end, with: "")
            out = SourceLines(out).replacing(after..<after, with: " []")
            return out
        }
        if index > 0, start > 0, lines.isBlankLine(at: start - 1) {
            start = lines.lineStart(of: start - 1)  // the blank line that set it apart from the one before
        }
        return lines.replacing(start..<end, with: "")
    }
}

extension Mark {
    func max(_ other: Mark) -> Mark {
        (line, column) >= (other.line, other.column) ? self : other
    }
}

/// Scalars as YAML text: plain when nothing in them could be read otherwise, else double-quoted.
enum YAMLText {
    static func scalar(_ s: String) -> String {
        let safe = s.unicodeScalars.allSatisfy { c in
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || "_.+-/@$ ".unicodeScalars.contains(c) || c.value > 0x7F && c.properties.isAlphabetic
        }
        if !s.isEmpty, safe, s.first != " ", s.last != " ", s.first != "-" || s.count > 1 && s.dropFirst().first != " ", s.first != "@" {
            return s
        }
        return doubleQuoted(s)
    }
}
