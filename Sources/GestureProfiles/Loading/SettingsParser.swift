import YAMLTree

/// `settings:`: a section per recognizer kind with thresholds (its keys are that recognizer's
/// threshold keys), the target, the pointer trigger, the touchscreens' monitors and the
/// on-screen feedback.
enum SettingsKey: SectionKey {
    case thresholds(RecognizerKind)
    case general(GeneralSettingKey)
    case section(SettingsSection)
    case target
    case pointer
    case touchscreens
    case feedback

    static var allCases: [SettingsKey] {
        GeneralSettingKey.allCases.map(SettingsKey.general)
            + RecognizerKind.allCases.filter { !$0.keys.thresholdNames.isEmpty }.map(SettingsKey.thresholds)
            + SettingsSection.allCases.map(SettingsKey.section) + [.target, .pointer, .touchscreens, .feedback]
    }

    init?(rawValue: String) {
        guard let key = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = key
    }

    var rawValue: String {
        switch self {
        case .thresholds(let kind): kind.rawValue
        case .general(let key): key.rawValue
        case .section(let section): section.rawValue
        case .target: "target"
        case .pointer: "pointer"
        case .touchscreens: "touchscreens"
        case .feedback: "feedback"
        }
    }
}

/// `settings.pointer`.
enum PointerKey: String, SectionKey { case button, modifiers }

/// `settings.feedback`.
enum FeedbackKey: String, SectionKey { case touches, actions, duration, previews }

extension RecognizerKey {
    static var thresholdNames: [String] { thresholdKeys.map(\.rawValue) }
}

extension ProfileParser {
    func parseSettings(_ node: Node) {
        guard let entries = reader.entries(node, "settings", SettingsKey.self) else { return }
        for (key, _, value) in entries {
            switch key {
            case .thresholds(let kind):
                readThresholds(value, kind, kind.keys)
            case .general(let key):
                read(key.threshold, value, named: key.rawValue, into: &settings)
            case .section(let section):
                let table = section.thresholds
                for (name, _, v) in reader.mapping(value, "settings.\(section.rawValue)", allowed: table.map(\.key)) ?? [] {
                    if let t = table.first(where: { $0.key == name })?.threshold { read(t, v, named: "\(section.rawValue) \(name)", into: &settings) }
                }
            case .target:
                if let t = reader.choice(value, "target", GestureTarget.allCases.map(\.rawValue)) { settings.target = GestureTarget(rawValue: t)! }
            case .pointer:
                parsePointer(value)
            case .touchscreens:
                parseTouchscreens(value)
            case .feedback:
                parseFeedback(value)
            }
        }
    }

    /// `settings.<kind>`: the kind's thresholds, named "<kind> <key>" in errors.
    private func readThresholds<Key: RecognizerKey>(_ node: Node, _ kind: RecognizerKind, _ keys: Key.Type) {
        for (key, _, value) in reader.entries(node, "settings.\(kind.rawValue)", among: Key.thresholdKeys) ?? [] {
            read(key.threshold!, value, named: "\(kind.rawValue) \(key.rawValue)", into: &settings)
        }
    }

    private func parsePointer(_ node: Node) {
        guard let entries = reader.entries(node, "settings.pointer", PointerKey.self) else { return }
        var button: Int?
        var modifiers: [String] = []
        for (key, _, value) in entries {
            switch key {
            case .button:
                button = reader.integer(value, "pointer button", range: 1...9)
            case .modifiers:
                for m in reader.list(value) {
                    if let name = reader.choice(m, "modifier", ["ctrl", "alt", "shift", "super"]) { modifiers.append(name) }
                }
            }
        }
        if let button {
            settings.pointer = PointerTrigger(button: button, modifiers: modifiers)
        } else {
            sink.error(node, "settings.pointer needs a 'button' (1-9)")
        }
    }

    /// `feedback: true | false`, or `{ touches, actions, duration }` (on, each part as given).
    private func parseFeedback(_ node: Node) {
        if case .scalar = node {
            if let on = reader.bool(node, "feedback") { settings.feedback = on ? FeedbackSettings() : nil }
            return
        }
        guard let entries = reader.entries(node, "settings.feedback", FeedbackKey.self) else { return }
        var feedback = FeedbackSettings()
        for (key, _, value) in entries {
            switch key {
            case .touches: feedback.touches = reader.bool(value, "feedback touches") ?? feedback.touches
            case .actions: feedback.actions = reader.bool(value, "feedback actions") ?? feedback.actions
            case .duration: feedback.duration = reader.number(value, "feedback duration", range: 0.05...600) ?? feedback.duration
            case .previews: feedback.previews = reader.bool(value, "feedback previews") ?? feedback.previews
            }
        }
        settings.feedback = feedback
    }
}
