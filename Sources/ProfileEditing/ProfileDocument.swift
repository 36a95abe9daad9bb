import GestureProfiles
import SystemCalls
import YAMLTree

/// A profile file opened for editing: its text as the user wrote it, what the loader of
/// `tactus check` says of it, and edits that change only the part of the text they concern.
///
/// A document with errors can be opened and shown (``diagnostics`` say where, with line and
/// column), and edited; it cannot be saved until no error is left.
public struct ProfileDocument {
    /// The file the text is saved to, and that names it in diagnostics.
    public let path: String
    /// The text, edits included.
    public private(set) var text: String
    /// The file as it was on disk when the document was opened (nil: there was none): a save
    /// refuses to replace anything else.
    public internal(set) var diskText: String?
    /// What the loader says of ``text``: errors and warnings, in file order.
    public private(set) var diagnostics: [Diagnostic]
    /// The loaded profiles; nil while the text has an error.
    public private(set) var profiles: ProfileFile?
    let files: any ProfileFileReader

    /// The text of a file at `path` (which names it in diagnostics, and whose folder the
    /// stroke templates it names are read from). `diskText` is what is on disk now (nil:
    /// no file), what a save checks before it replaces it.
    public init(text: String, path: String, diskText: String?, files: any ProfileFileReader = FileSystemReader()) {
        self.path = path
        self.text = text
        self.diskText = diskText
        self.files = files
        let result = ProfileLoader.load(yaml: text, path: path, files: files)
        diagnostics = result.diagnostics
        profiles = result.file
    }

    /// The text of the file at `path`, taken as what is on disk.
    public init(text: String, path: String) {
        self.init(text: text, path: path, diskText: text)
    }

    /// Opens the file at `path`: a missing file is an empty document (the first save creates it).
    public static func open(path: String, files: any ProfileFileReader = FileSystemReader()) throws(ProfileSaveError) -> ProfileDocument {
        let disk = try ProfileSaving.read(path)
        return ProfileDocument(text: disk ?? "", path: path, diskText: disk, files: files)
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    /// Whether the text loads (it may still have warnings).
    public var isValid: Bool { profiles != nil }
    /// Whether the text differs from the file on disk when it was opened.
    public var isModified: Bool { text != diskText }

    // MARK: Edits

    /// The text `edit` makes of this one. Refused when the result would have errors (more of
    /// them than the text has now, for a text that has some: its errors can be mended one at
    /// a time), with the result's diagnostics.
    public func applying(_ edit: ProfileEdit) throws(ProfileEditError) -> String {
        let new = try Self.edit(text, edit, path: path)
        let result = ProfileLoader.load(yaml: new, path: path, files: files)
        let before = errors.count
        let after = result.errors.count
        if after > 0, before == 0 || after > before { throw .refused(result.diagnostics, text: new) }
        return new
    }

    /// Applies `edit` to this document (see ``applying(_:)``).
    public mutating func apply(_ edit: ProfileEdit) throws(ProfileEditError) {
        replaceText(with: try applying(edit))
    }

    /// Replaces the whole text (what a person typed in a text view), loaded again.
    public mutating func replaceText(with new: String) {
        text = new
        let result = ProfileLoader.load(yaml: new, path: path, files: files)
        diagnostics = result.diagnostics
        profiles = result.file
    }

    /// How many splices an edit may take (creating `version:`, `profiles:`, a profile's `gestures:`…).
    private static let maximumSteps = 8

    static func edit(_ text: String, _ edit: ProfileEdit, path: String) throws(ProfileEditError) -> String {
        var text = text
        for _ in 0..<maximumSteps {
            let editor = try TextEditor(text, path: path)
            switch try step(editor, edit) {
            case .done(let new): return new
            case .again(let new): text = new
            }
        }
        throw .unsupported("the edit did not settle")
    }

    private enum Step {
        /// The edit's text.
        case done(String)
        /// A text with something the edit needs (a root mapping, `profiles:`): edit it again.
        case again(String)
    }

    private static func step(_ editor: TextEditor, _ edit: ProfileEdit) throws(ProfileEditError) -> Step {
        guard editor.root != nil else {
            // Empty, or comments only: a file begins with its version.
            return .again(editor.insertingLines(["version: 1"], at: editor.lines.bytes.count))
        }
        guard let root = editor.rootMapping else { throw .unsupported("the file is not a mapping of 'version', 'settings' and 'profiles'") }
        switch edit {
        case .setSetting(let path, let value):
            guard !path.isEmpty else { throw .unsupported("no setting named") }
            let new = try set(["settings"] + path, to: .text(YAMLText.scalar(value)), in: root, editor)
            // What was written is where it was meant to be (not, say, inside a comment).
            var node = try TextEditor(new).root
            for key in ["settings"] + path { node = node?.mapping?[key] }
            guard node?.string == value else { throw .unsupported("settings.\(path.joined(separator: ".")) could not be written in this file's layout") }
            return .done(new)
        case .setFeedback(let on):
            if on, let current = root["settings"]?.mapping?["feedback"], current.mapping != nil { return .done(editor.lines.text) }
            return .done(try set(["settings", "feedback"], to: .text(on ? "true" : "false"), in: root, editor))
        case .setPreviews(let on):
            let current = root["settings"]?.mapping?["feedback"]
            if let m = current?.mapping {
                if on, m["previews"] == nil { return .done(editor.lines.text) }
                return .done(try set(["settings", "feedback", "previews"], to: .text(on ? "true" : "false"), in: root, editor))
            }
            if on { return .done(editor.lines.text) }  // previews are drawn unless a feedback mapping says not
            let value = current?.string == "true" ? "{ previews: false }" : "{ touches: false, actions: false, previews: false }"
            return .done(try set(["settings", "feedback"], to: .text(value), in: root, editor))
        case .setPreview(let profile, let gesture, let on):
            let g = try gestureMapping(profile, gesture, root)
            if !on, g["preview"] == nil { return .done(editor.lines.text) }
            return .done(try editor.setting("preview", in: g, to: .text(on ? "true" : "false")))
        case .setGestureEnabled(let profile, let gesture, let on):
            let g = try gestureMapping(profile, gesture, root)
            if on, g["enabled"] == nil { return .done(editor.lines.text) }
            return .done(try editor.setting("enabled", in: g, to: .text(on ? "true" : "false")))
        case .setGestureAction(let profile, let gesture, let action):
            let fragment = try oneLineFragment(action)
            let g = try gestureMapping(profile, gesture, root)
            return .done(try editor.setting("action", in: g, to: .text(fragment)))
        case .addProfile(let name, let matchClass):
            if (try? profileMapping(name, root)) != nil { throw .unsupported("there is a profile named '\(name)' already") }
            let match = matchClass.map { "{ class: \(YAMLText.scalar($0)) }" } ?? "any"
            let item = ["- name: \(YAMLText.scalar(name))", "  match: \(match)", "  gestures: []"]
            let flow = "{ name: \(YAMLText.scalar(name)), match: \(match), gestures: [] }"
            return try appendProfiles([(item, flow)], root, editor)
        case .addGesture(let profile, let draft):
            return .done(try add(draft, toList: "gestures", ofProfile: profile, root, editor))
        case .addTouchpadBinding(let profile, let draft):
            return .done(try add(draft, toList: "touchpad", ofProfile: profile, root, editor))
        case .setFeedbackParts(let touches, let actions, let previews):
            return .done(try set(["settings", "feedback"], to: .text("{ touches: \(touches), actions: \(actions), previews: \(previews) }"), in: root, editor))
        case .removeGesture(let profile, let name):
            let p = try profileMapping(profile, root)
            for (key, list) in gestureLists(p) {
                if let i = list.items.firstIndex(where: { $0.mapping?["name"]?.string == name }) {
                    return .done(try editor.removing(i, from: list, keyOfList: key))
                }
            }
            throw .notFound("gesture '\(name)' in profile '\(profile)'")
        case .importProfiles(let imported):
            let source = try TextEditor(imported)
            guard let list = source.rootMapping?["profiles"]?.sequence, !list.items.isEmpty else {
                throw .unsupported("the imported text has no profiles")
            }
            var items: [([String], String?)] = []
            for item in list.items { items.append((try source.itemLines(item, of: list), nil)) }
            return try appendProfiles(items, root, editor)
        }
    }

    /// A gesture (or touchpad binding) at the end of the profile's list `key`, the list made
    /// when missing; checked to be the one written.
    private static func add(_ draft: NewGesture, toList key: String, ofProfile profile: String, _ root: Node.Mapping, _ editor: TextEditor) throws(ProfileEditError) -> String {
        guard !draft.lines.isEmpty, !draft.lines.contains(where: { $0.contains("\n") || $0.contains("\r") }) else {
            throw .unsupported("a gesture's name, recognizer and action are written on one line each")
        }
        let p = try profileMapping(profile, root)
        let new: String
        if let list = p[key]?.sequence {
            new = try editor.appending(draft.itemLines, flow: draft.flow, to: list)
        } else {
            new = try editor.addingList(key, items: [draft.itemLines], flows: [draft.flow], in: p)
        }
        // The profile has one more entry there, and it is the one written.
        let before = p[key]?.sequence?.count ?? 0
        guard let after = try TextEditor(new).rootMapping.flatMap({ try? profileMapping(profile, $0) })?[key]?.sequence,
              after.count == before + 1, (try? TextEditor(draft.lines.joined(separator: "\n")))?.rootMapping?["name"]?.string == after.items.last?.mapping?["name"]?.string else {
            throw .unsupported("the gesture could not be written in this file's layout")
        }
        return new
    }

    /// `settings.a.b…` set, the mappings on the way created when missing.
    private static func set(_ path: [String], to value: NewValue, in root: Node.Mapping, _ editor: TextEditor) throws(ProfileEditError) -> String {
        var mapping = root
        var rest = path[...]
        while let key = rest.first {
            rest = rest.dropFirst()
            guard let entry = mapping.entries.first(where: { $0.key.string == key }) else {
                if key == "settings", rest.count == path.count - 1, !mapping.isFlow, let profiles = mapping.entries.first(where: { $0.key.string == "profiles" }) {
                    // A new `settings:` goes before `profiles:`, as every example writes it.
                    var at = editor.lines.lineStart(of: editor.lines.offset(profiles.key.mark))
                    while at > 0, editor.lines.slice(editor.lines.lineStart(of: at - 1)..<at).drop(while: { $0 == " " }).hasPrefix("#") {
                        at = editor.lines.lineStart(of: at - 1)  // the comments that head `profiles:` stay with it
                    }
                    let lines = NewValue.nested(rest, value).blockLines(key: key, indent: editor.column(.mapping(mapping)), step: editor.indentStep)
                    return editor.insertingLines(lines + [""], at: at)
                }
                return editor.inserting(key, NewValue.nested(rest, value), into: mapping)
            }
            if rest.isEmpty || editor.isNull(entry.value) {
                if !rest.isEmpty || entry.value.scalar != nil || value.isText {
                    return try editor.replacing(entry.value, of: entry.key, with: NewValue.nested(rest, value), inFlow: mapping.isFlow)
                }
            }
            guard let next = entry.value.mapping else {
                throw .unsupported("'\(path.prefix(path.count - rest.count).joined(separator: "."))' is not a mapping")
            }
            mapping = next
        }
        throw .unsupported("no setting named")
    }

    private static func appendProfiles(_ items: [([String], String?)], _ root: Node.Mapping, _ editor: TextEditor) throws(ProfileEditError) -> Step {
        guard let list = root["profiles"]?.sequence else {
            if root["profiles"] != nil, !editor.isNull(root["profiles"]!) { throw .unsupported("'profiles' is not a list") }
            return .done(try editor.addingList("profiles", items: items.map(\.0), flows: items.map(\.1), in: root))
        }
        var text = try editor.appending(items[0].0, flow: items[0].1, to: list)
        for item in items.dropFirst() {
            let next = try TextEditor(text)
            guard let l = next.rootMapping?["profiles"]?.sequence else { throw .unsupported("'profiles' is not a list") }
            text = try next.appending(item.0, flow: item.1, to: l)
        }
        return .done(text)
    }

    private static func profileMapping(_ name: String, _ root: Node.Mapping) throws(ProfileEditError) -> Node.Mapping {
        guard let profiles = root["profiles"]?.sequence,
              let p = profiles.items.first(where: { $0.mapping?["name"]?.string == name })?.mapping else {
            throw .notFound("profile '\(name)'")
        }
        return p
    }

    /// A profile's lists of gestures (its key, and the list): `gestures`, `touchpad`, and each region's `gestures`.
    private static func gestureLists(_ p: Node.Mapping) -> [(Node, Node.Sequence)] {
        var lists: [(Node, Node.Sequence)] = []
        for entry in p.entries where entry.key.string == "gestures" || entry.key.string == "touchpad" {
            if let s = entry.value.sequence { lists.append((entry.key, s)) }
        }
        for region in p["regions"]?.sequence?.items ?? [] {
            for entry in region.mapping?.entries ?? [] where entry.key.string == "gestures" {
                if let s = entry.value.sequence { lists.append((entry.key, s)) }
            }
        }
        return lists
    }

    private static func gestureMapping(_ profile: String, _ gesture: String, _ root: Node.Mapping) throws(ProfileEditError) -> Node.Mapping {
        let p = try profileMapping(profile, root)
        for (_, list) in gestureLists(p) {
            if let g = list.items.first(where: { $0.mapping?["name"]?.string == gesture })?.mapping { return g }
        }
        throw .notFound("gesture '\(gesture)' in profile '\(profile)'")
    }

    /// A YAML fragment of one line that composes to one value.
    private static func oneLineFragment(_ fragment: String) throws(ProfileEditError) -> String {
        let trimmed = String(fragment.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !trimmed.isEmpty, !trimmed.contains("\n"), !trimmed.contains("\r") else {
            throw .unsupported("an action is written on one line: { keys: ctrl+w }")
        }
        guard (try? TextEditor("x: " + trimmed))?.rootMapping?["x"] != nil else {
            throw .unsupported("'\(trimmed)' is not YAML")
        }
        return trimmed
    }
}

extension NewValue {
    var isText: Bool { if case .text = self { return true } else { return false } }
}

extension TextEditor {
    /// An item of a block list as lines in the form "- first", "  rest" at column 0, its
    /// comments and blank lines inside kept.
    func itemLines(_ item: Node, of list: Node.Sequence) throws(ProfileEditError) -> [String] {
        guard !list.isFlow else { throw .unsupported("the imported profiles are a '[ … ]' list") }
        let text = item.mark.column - 1  // where the item's text begins, after its dash
        let start = lines.lineStart(of: lines.offset(item.mark))
        let end = lineAfter(item)
        var out: [String] = []
        var itemText = lines.slice(start..<end).split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        if itemText.last?.isEmpty == true { itemText.removeLast() }
        for (i, raw) in itemText.enumerated() {
            let line = String(raw)
            if i == 0 {
                out.append("- " + line.dropFirst(text))
                continue
            }
            let lead = line.prefix { $0 == " " }.count
            if line.allSatisfy({ $0 == " " }) { out.append(""); continue }
            out.append(String(repeating: " ", count: 2) + line.dropFirst(min(lead, text)))
        }
        return out
    }
}
