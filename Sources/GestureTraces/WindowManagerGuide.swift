/// Which window manager Tactus found and what each window and desktop action means under it:
/// what the daemon's start log says, and what `tactus windows` shows (carried in the daemon's
/// ``WindowsAnswer``, so that the command says what the running daemon found).
public struct WindowManagerGuide: Sendable, Equatable {
    /// Actions of a profile (`window: maximize, unmaximize`…) and what they become here.
    public struct Meaning: Sendable, Equatable {
        public var actions: String
        public var meaning: String

        public init(_ actions: String, _ meaning: String) {
            self.actions = actions
            self.meaning = meaning
        }
    }

    /// "Openbox", "i3 4.22", "no window manager".
    public var name: String
    /// How Tactus speaks to it: "EWMH requests", "i3's IPC socket /run/…".
    public var speaksThrough: String
    public var meanings: [Meaning]
    /// What the user should know beyond the table (i3 out of reach…), nil when nothing.
    public var note: String?

    public init(name: String, speaksThrough: String, meanings: [Meaning], note: String? = nil) {
        self.name = name
        self.speaksThrough = speaksThrough
        self.meanings = meanings
        self.note = note
    }

    /// The status line and the table of `tactus windows`.
    public func text() -> String {
        var out = "window manager: \(name) (\(speaksThrough)); each request is checked, and a warning says when it did not take effect\n"
        let width = meanings.map(\.actions.count).max() ?? 0
        for m in meanings { out += "  " + m.actions + String(repeating: " ", count: width - m.actions.count + 2) + m.meaning + "\n" }
        if let note { out += "note: \(note)\n" }
        return out
    }

    public var json: JSONLine {
        var o = JSONLine()
        o.add("name", name)
        o.add("speaksThrough", speaksThrough)
        o.add("actions", meanings.map { m in
            var item = JSONLine()
            item.add("actions", m.actions)
            item.add("meaning", m.meaning)
            return item
        })
        if let note { o.add("note", note) }
        return o
    }

    /// Reads what ``json`` wrote; nil when something is missing.
    package init?(_ value: JSONValue) {
        guard case .object(let o) = value, case .string(let name)? = o["name"], case .string(let through)? = o["speaksThrough"],
              case .array(let items)? = o["actions"] else { return nil }
        var meanings: [Meaning] = []
        for case .object(let item) in items {
            guard case .string(let actions)? = item["actions"], case .string(let meaning)? = item["meaning"] else { return nil }
            meanings.append(Meaning(actions, meaning))
        }
        var note: String?
        if case .string(let n)? = o["note"] { note = n }
        self.init(name: name, speaksThrough: through, meanings: meanings, note: note)
    }
}
