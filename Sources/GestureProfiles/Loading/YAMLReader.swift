import YAMLTree

/// The keys one section of a profile file accepts: the one table that both reading the
/// section and the did-you-mean of an unknown key use, so that each key is written once.
protocol SectionKey: RawRepresentable, CaseIterable, Hashable where RawValue == String {}

/// One entry of a mapping: its key, where the key was written, and its value.
typealias Entry<Key> = (key: Key, keyNode: Node, value: Node)

/// The first entry of each key (YAML rejects duplicate keys before this runs).
func firstEntries<Key: Hashable>(_ entries: [Entry<Key>]) -> [Key: Entry<Key>] {
    Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
}

/// Typed reading of a YAML node tree that reports every problem with its position and keeps
/// going: a wrong value becomes a diagnostic and a nil, never a crash.
struct YAMLReader {
    let sink: DiagnosticSink

    /// The entries of a mapping, checking keys against `allowed` (unknown ones are reported
    /// with a did-you-mean). Returns nil (and reports) when `node` is not a mapping.
    func mapping(_ node: Node, _ what: String, allowed: [String]) -> [Entry<String>]? {
        guard case .mapping(let m) = node else {
            sink.error(node, "\(what) must be a mapping, not \(describe(node))")
            return nil
        }
        var out: [(String, Node, Node)] = []
        for (k, v) in m {
            guard let key = k.scalar?.string else {
                sink.error(k, "\(what): keys must be plain names")
                continue
            }
            if !allowed.contains(key) {
                sink.error(k, "unknown key '\(key)' in \(what)\(suggestion(for: key, among: allowed))")
                continue
            }
            out.append((key, k, v))
        }
        return out
    }

    /// `mapping` with typed keys: the section accepts the keys of `Key` (in declaration
    /// order, which the did-you-mean of an unknown key prefers on a tie).
    func entries<Key: SectionKey>(_ node: Node, _ what: String, _ keys: Key.Type) -> [Entry<Key>]? {
        entries(node, what, among: Array(Key.allCases))
    }

    /// `mapping` accepting only `keys` of a section (a part of its table).
    func entries<Key: SectionKey>(_ node: Node, _ what: String, among keys: [Key]) -> [Entry<Key>]? {
        mapping(node, what, allowed: keys.map(\.rawValue))?.map { (Key(rawValue: $0.key)!, $0.keyNode, $0.value) }
    }

    func sequence(_ node: Node, _ what: String) -> [Node]? {
        guard case .sequence(let s) = node else {
            sink.error(node, "\(what) must be a list, not \(describe(node))")
            return nil
        }
        return Array(s)
    }

    /// A list, or a single item standing for a list of one.
    func list(_ node: Node) -> [Node] {
        if case .sequence(let s) = node { return Array(s) }
        return [node]
    }

    func string(_ node: Node, _ what: String) -> String? {
        guard case .scalar(let s) = node, !isNull(node) else {
            sink.error(node, "\(what) must be a string, not \(describe(node))")
            return nil
        }
        return s.string
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        if case .scalar(let s) = node, s.style == .plain {
            switch s.string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: break
            }
        }
        sink.error(node, "\(what) must be true or false, not \(describe(node))")
        return nil
    }

    func number(_ node: Node, _ what: String, range: ClosedRange<Double>) -> Double? {
        guard case .scalar(let s) = node, s.style == .plain, let v = Double(s.string), v.isFinite else {
            sink.error(node, "\(what) must be a number, not \(describe(node))")
            return nil
        }
        guard range.contains(v) else {
            sink.error(node, "\(what) must be between \(range.lowerBound.compact) and \(range.upperBound.compact), not \(v.compact)")
            return nil
        }
        return v
    }

    func integer(_ node: Node, _ what: String, range: ClosedRange<Int>) -> Int? {
        guard case .scalar(let s) = node, s.style == .plain, let v = Int(s.string) else {
            sink.error(node, "\(what) must be a whole number, not \(describe(node))")
            return nil
        }
        guard range.contains(v) else {
            sink.error(node, "\(what) must be between \(range.lowerBound) and \(range.upperBound), not \(v)")
            return nil
        }
        return v
    }

    /// One of `choices` (case-insensitive), reported with a did-you-mean otherwise.
    func choice(_ node: Node, _ what: String, _ choices: [String]) -> String? {
        guard let s = string(node, what) else { return nil }
        if let c = choices.first(where: { $0.caseInsensitiveCompare(s) }) { return c }
        sink.error(node, "unknown \(what) '\(s)'\(suggestion(for: s, among: choices)); expected one of: \(choices.joined(separator: ", "))")
        return nil
    }

    func isNull(_ node: Node) -> Bool {
        if case .scalar(let s) = node, s.style == .plain, ["", "~", "null", "Null", "NULL"].contains(s.string) { return true }
        return false
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let s):
            if isNull(node) { return "nothing" }
            return s.style == .plain ? "'\(s.string)'" : "\"\(s.string)\""
        }
    }
}

extension String {
    func caseInsensitiveCompare(_ other: String) -> Bool { lowercased() == other.lowercased() }
}

extension Double {
    var compact: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}
