import YAMLTree

/// Imports a fusuma `config.yml`: `swipe:` by fingers and direction, `pinch:` in and out
/// (repeated as the fingers go, as fusuma does), `threshold:`/`interval:`, and
/// per-application sections of fusuma-plugin-appmatcher, either as YAML documents with
/// `context: { application: NAME }` or under a root `application:` mapping.
///
/// fusuma's `command:` goes to the shell (Ruby's `spawn`); `sendkey:` takes Linux key
/// names. `rotate:` and `hold:` have no Tactus touchpad counterpart and are refused.
/// Aliases are followed, but a text whose aliases expand past `ImportLimits.yamlNodes` is
/// refused as it is composed (`YAMLLimits`), and every node the import reaches
/// counts against the same budget: a "billion laughs" file stops with an error.
struct FusumaImporter {
    /// One gesture direction with its action.
    struct Entry {
        var type: String
        var fingers: Int?
        /// A direction, or "" for a hook of any direction.
        var direction: String
        /// `begin`, `update` or `end`: a hook of the swipe, not its action.
        var hook: String?
        var action: ImportedAction
        var threshold: Double?
        var line: Int
        /// px: the action repeats every so far of the swipe that way, instead of firing once.
        var repeatEvery: Double?
        /// A keypress: variant: the modifiers held.
        var modifiers: [String] = []

        init(type: String, fingers: Int?, direction: String, hook: String? = nil, action: ImportedAction, threshold: Double? = nil, line: Int, repeatEvery: Double? = nil) {
            self.hook = hook
            self.type = type
            self.fingers = fingers
            self.direction = direction
            self.action = action
            self.threshold = threshold
            self.line = line
            self.repeatEvery = repeatEvery
        }
    }

    /// The gestures of one context: the default one, or some applications.
    struct Section {
        var applications: [String]
        var entries: [Entry] = []
        var notes: [ImportNote] = []
        var pinchThreshold: Double?
    }

    /// A pinch threshold of 0 (fusuma repeats at every update): a repeat every 0.1 x this.
    static let smallestPinchThreshold = 0.1

    var result = ImportResult(format: .fusuma)
    private var budget = ImportLimits.yamlNodes
    private var sectionIndex: [[String]: Int] = [:]
    var intervalLines: [Int] = []
    var swipeThresholdLines: [Int] = []
    /// The release given with `--fusuma-version`.
    var givenVersion: FusumaVersion?
    /// What the file says of its fusuma release: a key only some releases read.
    var toldVersion: (version: FusumaVersion, line: Int, why: String)?

    static func run(_ text: String, version: FusumaVersion? = nil) throws(ImportFailure) -> ImportResult {
        var importer = FusumaImporter()
        importer.givenVersion = version
        var sections: [Section] = []
        let (documents, error) = YAMLComposer.composeAll(text, within: YAMLLimits(bytes: ImportLimits.fileSize, nodes: ImportLimits.yamlNodes, depth: ImportLimits.yamlDepth))
        // A text past the limits is refused whole, before any of its documents is imported.
        if let error, case .tooLarge(let problem) = error.problem {
            throw ImportFailure(line: error.mark.line, message: "the YAML \(problem): not a fusuma configuration")
        }
        for (index, document) in documents.enumerated() {
            try importer.document(document, first: index == 0, into: &sections)
        }
        if let error { throw yamlFailure(error) }
        importer.build(sections)
        return importer.result
    }

    private static func yamlFailure(_ e: YAMLError) -> ImportFailure {
        switch e.problem {
        case .syntax(let problem):
            // Where the construct in trouble starts (an unclosed quote) says more than where
            // the reader gave up (the end of the file).
            return ImportFailure(line: e.context?.mark.line ?? e.mark.line, message: "YAML syntax: \(e.context.map { "\($0.text), " } ?? "")\(problem)")
        case .duplicateKeys(let duplicates):
            return ImportFailure(line: e.mark.line, message: "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in a mapping")
        case .unreadable(let problem):
            return ImportFailure(line: e.mark.line, message: "cannot read the file: \(problem)")
        case .tooLarge(let problem):
            return ImportFailure(line: e.mark.line, message: "the YAML \(problem): not a fusuma configuration")
        }
    }

    /// Counts one node against the budget.
    mutating func visit(_ node: Node) throws(ImportFailure) {
        budget -= 1
        guard budget >= 0 else {
            throw ImportFailure(line: line(node), message: "more than \(ImportLimits.yamlNodes) YAML nodes (aliases counted where they are used): not a fusuma configuration")
        }
    }

    func line(_ node: Node) -> Int { node.mark.line }

    /// The entries of a mapping with plain keys, each node counted, merge keys (`<<: *name`,
    /// `<<: [*a, *b]`) resolved as fusuma's YAML reader (Ruby's Psych) resolves them: the
    /// merged entries replace those written before the `<<`, those written after it replace
    /// them, and of a list of merged mappings the earlier ones win.
    mutating func entries(_ node: Node) throws(ImportFailure) -> [(key: String, keyNode: Node, value: Node)]? {
        try visit(node)
        guard case .mapping(let m) = node else { return nil }
        var out: [(key: String, keyNode: Node, value: Node)] = []
        var index: [String: Int] = [:]
        func set(_ entry: (key: String, keyNode: Node, value: Node)) {
            if let i = index[entry.key] { out[i] = entry } else { index[entry.key] = out.count; out.append(entry) }
        }
        for (k, v) in m {
            try visit(k)
            let key = k.scalar?.string ?? ""
            // A quoted "<<" is a plain key, as in Psych.
            guard key == "<<", k.scalar?.style == .plain else { set((key, k, v)); continue }
            let merged: [Node]
            switch v {
            case .mapping: merged = [v]
            case .sequence(let list): merged = list.reversed()
            case .scalar: set((key, k, v)); continue
            }
            for source in merged {
                guard let inner = try entries(source) else {
                    throw ImportFailure(line: line(source), message: "a merge key (<<) takes a mapping or a list of mappings")
                }
                for entry in inner { set(entry) }
            }
        }
        return out
    }

    private mutating func document(_ node: Node, first: Bool, into sections: inout [Section]) throws(ImportFailure) {
        if case .scalar(let s) = node, ["", "~", "null"].contains(s.string) { return }
        guard let top = try entries(node) else {
            throw ImportFailure(line: line(node), message: "a fusuma configuration is a mapping (swipe:, pinch:, …), not \(kind(node))")
        }
        var applications: [String] = []
        if let context = top.first(where: { $0.key == "context" }) {
            guard let conditions = try entries(context.value) else {
                throw ImportFailure(line: line(context.value), message: "context: must be a mapping, like { application: Firefox }")
            }
            let others = conditions.filter { $0.key != "application" }
            if !others.isEmpty || conditions.isEmpty {
                let what = others.map(\.key).joined(separator: ", ")
                result.notes.append(ImportNote("the document with context \(what.isEmpty ? "{}" : what)", because: "Tactus profiles match windows (by application), not other conditions", lines: [line(context.keyNode)], bindings: try actionCount(node)))
                return
            }
            applications = try names(conditions[0].value)
        } else if !first {
            result.notes.append(ImportNote("a document without context:", because: "fusuma uses only the first document without a context", lines: [line(node)]))
            return
        }
        try section(top, applications: applications, into: &sections)
    }

    /// `application: NAME` or a list of names.
    private mutating func names(_ node: Node) throws(ImportFailure) -> [String] {
        try visit(node)
        switch node {
        case .scalar(let s) where !s.string.trimmed.isEmpty:
            return [s.string.trimmed]
        case .sequence(let list):
            var out: [String] = []
            for item in list {
                try visit(item)
                guard let s = item.scalar?.string.trimmed, !s.isEmpty else {
                    throw ImportFailure(line: line(item), message: "application names must be text")
                }
                out.append(s)
            }
            if !out.isEmpty { return out }
        default:
            break
        }
        throw ImportFailure(line: line(node), message: "application: must be a name or a list of names")
    }

    /// `nested`: inside a root `application:` mapping, where another one is not read (and
    /// aliases could otherwise nest it without end).
    private mutating func section(_ top: [(key: String, keyNode: Node, value: Node)], applications: [String], nested: Bool = false, into sections: inout [Section]) throws(ImportFailure) {
        let i: Int
        if let existing = sectionIndex[applications] {
            i = existing
        } else {
            i = sections.count
            sectionIndex[applications] = i
            sections.append(Section(applications: applications))
        }
        for (key, keyNode, value) in top {
            switch key {
            case "context":
                continue
            case "swipe", "pinch", "rotate":
                try gestures(key, value, into: &sections[i])
            case "hold":
                // An empty hold: binds nothing; there is nothing to leave out.
                if case .scalar(let s) = value, ["", "~", "null"].contains(s.string) { continue }
                sections[i].notes.append(ImportNote("hold gestures", because: "X has no hold events: XInput 2.4 gives a touchpad's swipes and pinches only", lines: [line(keyNode)], bindings: try actionCount(value)))
            case "threshold":
                for (gesture, gestureKey, v) in try entries(value) ?? [] {
                    switch gesture {
                    case "pinch":
                        // fusuma multiplies its base by the threshold: 0 fires at every update,
                        // which the smallest repeat step stands for.
                        if let t = number(v) { sections[i].pinchThreshold = t } else if v.scalar.flatMap({ Double($0.string) }) == 0 { sections[i].pinchThreshold = Self.smallestPinchThreshold }
                    case "swipe":
                        swipeThresholdLines.append(line(gestureKey))
                    case "rotate":
                        sections[i].notes.append(ImportNote("threshold for rotate", because: "a touchpad rotation fires past touchpad.rotationMinimumAngle (15°) here, a setting of the whole file", lines: [line(gestureKey)]))
                    case "hold":
                        sections[i].notes.append(ImportNote("threshold for hold", because: "X has no hold events: XInput 2.4 gives a touchpad's swipes and pinches only", lines: [line(gestureKey)]))
                    default:
                        sections[i].notes.append(ImportNote("threshold for \(gesture)", because: "fusuma has no such gesture", lines: [line(gestureKey)]))
                    }
                }
            case "interval":
                intervalLines.append(line(keyNode))
            case "plugin":
                try readVersion(plugin: value)
                result.notes.append(ImportNote("plugin settings", because: "Tactus has no fusuma plugins: it takes every touchpad through the X server", lines: [line(keyNode)]))
            case "application" where !nested && applications.isEmpty:
                // fusuma-plugin-appmatcher before contexts: application: { Global: …, Firefox: … }
                for (name, nameNode, config) in try entries(value) ?? [] {
                    guard let inner = try entries(config) else {
                        result.notes.append(ImportNote("application \(name)", because: "its settings are not a mapping", lines: [line(nameNode)]))
                        continue
                    }
                    let apps = name.lowercased() == "global" ? [] : [name]
                    try section(inner, applications: apps, nested: true, into: &sections)
                }
            default:
                // Root keys fusuma does not know often hold YAML anchors (`deepl: &deepl …`)
                // that gestures use through aliases: those uses are imported.
                sections[i].notes.append(ImportNote("\(key):", because: "fusuma reads no gesture or setting there (an anchor it holds is imported where an alias uses it)", lines: [line(keyNode)]))
            }
        }
    }

    /// `swipe: { 3: { left: {…} } }`, or a direction straight under `swipe:` for any
    /// number of fingers.
    private mutating func gestures(_ type: String, _ node: Node, into section: inout Section) throws(ImportFailure) {
        let directions = type == "swipe" ? ["left", "right", "up", "down"] : type == "rotate" ? ["clockwise", "counterclockwise"] : ["in", "out"]
        guard let byFingers = try entries(node) else {
            section.notes.append(ImportNote("\(type):", because: "fusuma reads a mapping of fingers there", lines: [line(node)]))
            return
        }
        for (key, keyNode, value) in byFingers {
            if directions.contains(key) {
                try direction(type, fingers: nil, key, value, keyLine: line(keyNode), into: &section)
                continue
            }
            guard let fingers = Int(key) else {
                section.notes.append(ImportNote("\(type) \(key):", because: "it is neither a number of fingers nor a direction (\(directions.joined(separator: ", ")))", lines: [line(keyNode)]))
                continue
            }
            guard let byDirection = try entries(value) else {
                section.notes.append(ImportNote("\(type) \(fingers):", because: "fusuma reads a mapping of directions there", lines: [line(value)]))
                continue
            }
            for (d, dNode, props) in byDirection {
                if directions.contains(d) {
                    try direction(type, fingers: fingers, d, props, keyLine: line(dNode), into: &section)
                } else if type == "swipe", ["begin", "update", "end"].contains(d), (3...5).contains(fingers) {
                    // A hook of a swipe of these fingers, whichever way it goes.
                    guard let hook = try entries(props), let a = try executorAction(hook, shown: "\(type) \(fingers) \(d)", into: &section) else {
                        section.notes.append(ImportNote("\(type) \(fingers) \(d):", because: "it has no action (command:, sendkey:, …)", lines: [line(dNode)], bindings: 1))
                        continue
                    }
                    let hookInterval = hook.first { $0.key == "interval" }.flatMap { number($0.value) } ?? 1
                    section.entries.append(Entry(type: type, fingers: fingers, direction: "", hook: d, action: a, line: line(dNode),
                                                 repeatEvery: d == "update" ? Self.updateStep * hookInterval : nil))
                } else {
                    let why = ["begin", "update", "end"].contains(d) ? "Tactus pinches repeat as they go: the in and out actions say what they do"
                        : "it is not a \(type) direction (\(directions.joined(separator: ", ")))"
                    section.notes.append(ImportNote("\(type) \(fingers) \(d):", because: why, lines: [line(dNode)], bindings: try actionCount(props)))
                }
            }
        }
    }

    /// Options of `plugin: { inputs: { libinput_command_input: … } }` that only newer fusuma
    /// reads: `disable-dwt` since 3.2 (commit 16b5367), `libinput-command` since 3.8.
    private mutating func readVersion(plugin node: Node) throws(ImportFailure) {
        guard toldVersion == nil else { return }
        for (kind, _, inputs) in try entries(node) ?? [] where kind == "inputs" {
            for (name, _, options) in try entries(inputs) ?? [] where name == "libinput_command_input" {
                for (option, optionNode, _) in try entries(options) ?? [] {
                    switch option {
                    case "disable-dwt": toldVersion = (FusumaVersion(major: 3, minor: 2), line(optionNode), "its disable-dwt option came with fusuma 3.2")
                    case "libinput-command": toldVersion = (FusumaVersion(major: 3, minor: 8), line(optionNode), "its libinput-command option came with fusuma 3.8")
                    default: continue
                    }
                    return
                }
            }
        }
    }

    /// How many mappings with an action (command:, sendkey:, …) `node` holds: the bindings
    /// a section that is left out whole takes with it.
    mutating func actionCount(_ node: Node) throws(ImportFailure) -> Int {
        guard let entries = try entries(node) else { return 0 }
        var count = entries.contains { Self.actionKeys.contains($0.key) } ? 1 : 0
        for e in entries where !Self.actionKeys.contains(e.key) { count += try actionCount(e.value) }
        return count
    }

    private func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let s): return "'\(comment(s.string, limit: 40))'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    func number(_ node: Node) -> Double? {
        guard let s = node.scalar?.string, let v = Double(s), v.isFinite, v > 0 else { return nil }
        return v
    }
}
