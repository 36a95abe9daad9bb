import YAMLTree

/// The kinds of action (an action mapping has exactly one of these keys).
enum ActionKey: String, SectionKey { case command, shell, keys, click, window, desktop, scroll, log }

extension ProfileParser {
    /// One action, or a list of them (a sequence); nil (reported) when any is wrong.
    func parseAction(_ node: Node) -> ActionSpec? {
        if case .sequence(let items) = node {
            let actions = items.compactMap { parseAction($0) }
            return actions.count == items.count ? .sequence(actions) : nil
        }
        guard let entries = reader.entries(node, "an action", ActionKey.self) else { return nil }
        guard entries.count == 1 else {
            if entries.isEmpty {
                sink.error(node, "an action needs one of: \(ActionKey.allCases.map(\.rawValue).joined(separator: ", "))")
            } else {
                sink.error(entries[1].keyNode, "an action has exactly one kind ('\(entries[0].key.rawValue)' and '\(entries[1].key.rawValue)' given); use a list for a sequence")
            }
            return nil
        }
        let (key, _, value) = entries[0]
        switch key {
        case .command: return parseCommand(value)
        case .shell:
            guard let s = reader.string(value, "shell"), let t = template(s, value) else { return nil }
            if !t.placeholders.isEmpty {
                sink.error(value, "placeholders are not pasted into shell scripts; use the environment variables instead (\(t.placeholders.map { "$" + environmentName(for: $0) }.joined(separator: ", ")))")
                return nil
            }
            return .shell(t)
        case .keys: return parseKeys(value)
        case .click:
            return reader.integer(value, "click button", range: 1...9).map { .click($0) }
        case .window:
            return reader.choice(value, "window operation", WindowOperation.allCases.map(\.rawValue)).map { .window(WindowOperation(rawValue: $0)!) }
        case .desktop:
            if case .scalar(let sc) = value, sc.style == .plain, Int(sc.string) != nil {
                return reader.integer(value, "desktop number", range: 0...99).map { .desktop(.number($0)) }
            }
            guard let c = reader.choice(value, "desktop operation (next, previous, show, a grid move such as up, or a number)", ["next", "previous", "show"] + DesktopMove.allCases.map(\.rawValue)) else { return nil }
            if let move = DesktopMove(rawValue: c) { return .desktop(.move(move)) }
            return .desktop(c == "next" ? .next : c == "previous" ? .previous : .show)
        case .scroll:
            return reader.choice(value, "scroll direction", ScrollDirection.allCases.map(\.rawValue)).map { .scroll(ScrollDirection(rawValue: $0)!) }
        case .log:
            guard let s = reader.string(value, "log"), let t = template(s, value) else { return nil }
            return .log(t)
        }
    }

    /// `command: [program, arguments…]`, each a template; spawned without a shell.
    private func parseCommand(_ value: Node) -> ActionSpec? {
        guard let items = reader.sequence(value, "command (a list: program, then arguments; no shell)") else { return nil }
        if items.isEmpty {
            sink.error(value, "command needs at least the program to run")
            return nil
        }
        var argv: [Template] = []
        for item in items {
            guard let s = reader.string(item, "command argument"), let t = template(s, item) else { return nil }
            argv.append(t)
        }
        if case .literal(let program)? = argv.first?.segments.first, program.isEmpty { sink.error(items[0], "the program name is empty") }
        return .command(argv)
    }

    func parseKeys(_ value: Node) -> ActionSpec? {
        guard let s = reader.string(value, "keys") else { return nil }
        switch KeyCombo.parse(s) {
        case .success(let combo): return .keys(combo)
        case .failure(.empty):
            sink.error(value, "keys '\(s)' has an empty key name (write 'plus' for +)")
        case .failure(.unknown(let part)):
            let candidates = Array(Keysyms.byName.keys) + Array(Keysyms.modifierAliases.keys)
            sink.error(value, "unknown key name '\(part)' in '\(s)'\(suggestion(for: part, among: candidates))")
        }
        return nil
    }

    /// Text with placeholders, each checked; errors point at the character.
    func template(_ s: String, _ node: Node) -> Template? {
        switch Template.parse(s) {
        case .success(let t): return t
        case .failure(.unknownPlaceholder(let name, let offset)):
            sink.error(offsetLocation(node, offset), "unknown placeholder '{\(name)}'\(suggestion(for: name, among: Template.known))")
        case .failure(.unclosed(let offset)):
            sink.error(offsetLocation(node, offset), "unclosed '{' (write '{{' for a literal brace)")
        }
        return nil
    }

    /// The position of a character inside a plain or quoted one-line scalar.
    private func offsetLocation(_ node: Node, _ offset: Int) -> SourceLocation {
        var loc = SourceLocation(node.mark)
        if case .scalar(let s) = node {
            let quote = (s.style == .singleQuoted || s.style == .doubleQuoted) ? 1 : 0
            if !s.string.contains("\n") { loc.column += offset + quote }
        }
        return loc
    }
}
