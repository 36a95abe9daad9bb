import YAMLTree

/// `match:`'s conditions (all must hold).
enum MatchKey: String, SectionKey {
    case `class`, instance, title, type, monitor, touch
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
        var touch: ProgramTouch?
        for (key, _, v) in entries {
            if key == .touch {
                touch = reader.choice(v, "match touch", ProgramTouch.allCases.map(\.rawValue)).flatMap(ProgramTouch.init)
                continue
            }
            guard let s = reader.string(v, "match \(key.rawValue)") else { continue }
            let slashed = s.count >= 2 && s.hasPrefix("/") && s.hasSuffix("/")
            switch key {
            case .title: title = regex(slashed ? String(s.dropFirst().dropLast()) : s, node: v)
            case .type: type = s
            case .class: cls = slashed ? regex(String(s.dropFirst().dropLast()), node: v) : StringMatcher(exact: s)
            case .instance: instance = slashed ? regex(String(s.dropFirst().dropLast()), node: v) : StringMatcher(exact: s)
            case .monitor: monitor = slashed ? regex(String(s.dropFirst().dropLast()), node: v) : StringMatcher(exact: s)
            case .touch: break
            }
        }
        if entries.contains(where: { $0.0 == .touch }) {
            // A layer over the windows of a kind of program: the windows' own profiles are
            // matched as before, and `touch:` on one of them sets its kind.
            if entries.count > 1 {
                sink.error(node, "match 'touch' stands alone: its profile applies to every window whose program handles touch that way, over the window's own profile (to set it for a window class, put 'touch: own' or 'touch: mouse' in that class's profile)")
            }
            return touch.map { .programs(touch: $0) }
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
