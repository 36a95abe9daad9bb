import YAMLTree

/// `match:`'s conditions (all must hold).
enum MatchKey: String, SectionKey {
    case `class`, instance, title, type, monitor
}

extension ProfileParser {
    /// `any`, or a mapping of conditions. Class, instance and monitor compare exactly
    /// (ignoring case) unless written `/regex/`; a title is always a regular expression.
    /// `monitor` alone limits a screen profile to a monitor; with window keys, it is where
    /// the window must be.
    func parseMatch(_ node: Node) -> WindowMatch? {
        if case .scalar = node {
            guard let s = reader.string(node, "match") else { return nil }
            if s.lowercased() == "any" { return .any }
            sink.error(node, "match must be 'any' or a mapping of class/instance/title/type/monitor, not '\(s)'")
            return nil
        }
        guard let entries = reader.entries(node, "match", MatchKey.self) else { return nil }
        var cls: StringMatcher?, instance: StringMatcher?, title: StringMatcher?, type: String?, monitor: StringMatcher?
        for (key, _, v) in entries {
            guard let s = reader.string(v, "match \(key.rawValue)") else { continue }
            let slashed = s.count >= 2 && s.hasPrefix("/") && s.hasSuffix("/")
            switch key {
            case .title: title = regex(slashed ? String(s.dropFirst().dropLast()) : s, node: v)
            case .type: type = s
            case .class: cls = slashed ? regex(String(s.dropFirst().dropLast()), node: v) : StringMatcher(exact: s)
            case .instance: instance = slashed ? regex(String(s.dropFirst().dropLast()), node: v) : StringMatcher(exact: s)
            case .monitor: monitor = slashed ? regex(String(s.dropFirst().dropLast()), node: v) : StringMatcher(exact: s)
            }
        }
        if entries.isEmpty { sink.error(node, "match needs at least one of \(MatchKey.allCases.map(\.rawValue).joined(separator: ", "))") }
        if let monitor, entries.allSatisfy({ $0.0 == .monitor }) { return .monitor(monitor) }
        return .window(class: cls, instance: instance, title: title, type: type, monitor: monitor)
    }

    private func regex(_ pattern: String, node: Node) -> StringMatcher? {
        do {
            return try StringMatcher(regex: pattern)
        } catch {
            sink.error(node, "bad regular expression '\(pattern)': \(error)")
            return nil
        }
    }
}
