import GestureEngine

/// The thresholds `settings:` sets beyond the recognizer sections' own (those are the
/// ``RecognizerKey`` tables): each with where it lives in the engine's
/// ``GestureConfiguration`` and the values it may take.
enum GeneralSettingKey: String, SectionKey {
    case touchSlop, fingerArrivalWindow, landingMotion, landingPause, framePeriod, velocityWindow, touchMarkDelay

    var threshold: Threshold {
        switch self {
        case .touchSlop: .distance(\.touchSlop)
        case .fingerArrivalWindow: .duration(\.fingerArrivalWindow)
        case .landingMotion: .distance(\.landingMotion)
        case .landingPause: .duration(\.landingPause)
        case .framePeriod: .duration(\.framePeriod)
        case .velocityWindow: .duration(\.velocityWindow)
        case .touchMarkDelay: .duration(\.preview.touchMarkDelay)
        }
    }
}

/// `settings:` sections that are not a recognizer's: two-tap timing, how pinch and rotation
/// are told from scrolling, touchpad bindings.
enum SettingsSection: String, CaseIterable {
    case multiTap, transform, touchpad, preview

    /// Its keys and their thresholds, in the order they are documented.
    var thresholds: [(key: String, threshold: Threshold)] {
        switch self {
        case .multiTap:
            [("interval", .duration(\.multiTap.interval)),
             ("distance", .distance(\.multiTap.distance))]
        case .transform:
            [("fingerMotionThreshold", .distance(\.transform.fingerMotionThreshold)),
             ("dominance", Threshold(setting: \.transform.dominance, range: 1...100, unit: "times"))]
        case .touchpad:
            [("swipeMinimumDistance", .distance(\.touchpad.swipeMinimumDistance)),
             ("pinchMinimumScaleChange", Threshold(setting: \.touchpad.pinchMinimumScaleChange, range: 0.01...1, unit: "scale")),
             ("rotationMinimumAngle", .angle(\.touchpad.rotationMinimumAngle, range: 1...180))]
        case .preview:
            [("distance", .distance(\.preview.distance)),
             ("touchpadDistance", .distance(\.preview.touchpadDistance)),
             ("commit", Threshold(setting: \.preview.commit, range: 0.05...1, unit: "fraction")),
             ("pinchScale", Threshold(setting: \.preview.pinchScale, range: 1.1...10, unit: "times")),
             ("frameDelay", Threshold(setting: \.preview.frameDelay, range: 0...0.1, unit: "s"))]
        }
    }
}

/// Every number `settings:` can set, by its path in the file (`tap.maxMovement`,
/// `touchSlop`): what `tactus check --print-default` lists and tactus.yaml(5) documents.
public enum SettingsCatalog {
    static var entries: [(path: String, threshold: Threshold)] {
        var all: [(String, Threshold)] = GeneralSettingKey.allCases.map { ($0.rawValue, $0.threshold) }
        for kind in RecognizerKind.allCases {
            for key in kind.keys.thresholdEntries { all.append(("\(kind.rawValue).\(key.name)", key.threshold)) }
        }
        for section in SettingsSection.allCases {
            for (key, t) in section.thresholds { all.append(("\(section.rawValue).\(key)", t)) }
        }
        return all
    }
}

extension RecognizerKey {
    /// The thresholds of this kind, by key name.
    static var thresholdEntries: [(name: String, threshold: Threshold)] {
        thresholdKeys.map { ($0.rawValue, $0.threshold!) }
    }
}

extension SettingsCatalog {
    /// The catalog as YAML comments for the `settings:` block of `tactus check
    /// --print-default`: one line per section, values from `configuration`, units after.
    public static func commentedSettings(_ configuration: GestureConfiguration = .standard, indent: String = "  ") -> String {
        var groups: [(name: String, items: [(key: String, threshold: Threshold)])] = []
        for (path, t) in entries {
            let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
            let (group, key) = parts.count == 2 ? (parts[0], parts[1]) : ("", parts[0])
            if let i = groups.firstIndex(where: { $0.name == group && !group.isEmpty }) { groups[i].items.append((key, t)) } else { groups.append((group, [(key, t)])) }
        }
        var lines: [String] = []
        for g in groups {
            let values = g.items.map { "\($0.key): \(formatNumber(configuration[keyPath: $0.threshold.setting]))" }
            let units = g.items.map(\.threshold.unit).joined(separator: ", ")
            let text = g.name.isEmpty ? values.joined() : "\(g.name): { \(values.joined(separator: ", ")) }"
            lines.append("\(indent)# \(text + String(repeating: " ", count: max(0, 60 - text.count)))  # \(units)")
        }
        return lines.joined(separator: "\n")
    }

    /// The lines of tactus.yaml(5)'s DEFAULTS section: `path value unit`, one per number.
    public static func manPageDefaults(_ configuration: GestureConfiguration = .standard) -> [String] {
        entries.map { "\($0.path) \(formatNumber(configuration[keyPath: $0.threshold.setting])) \($0.threshold.unit)" }
    }
}
