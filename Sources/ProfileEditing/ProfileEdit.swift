import GestureProfiles

/// One change to a profile file, as a value: applied by ``ProfileDocument/applying(_:)`` to
/// the text, where it replaces only the part of the text it concerns.
public enum ProfileEdit: Sendable, Equatable {
    /// `settings.<path>` set to `value` (a scalar: written plain when nothing in it could be
    /// read otherwise, else double-quoted), `settings:` and the mappings on the way created when
    /// missing, in the style of the mapping they go into (`{ … }` or block).
    case setSetting(path: [String], value: String)
    /// `settings.feedback`: `true`, or `false` (which replaces a `{ touches, actions, … }` mapping).
    case setFeedback(Bool)
    /// Whether the overlay draws previews at all (`settings.feedback.previews`), the rest of the
    /// feedback as it was: off with feedback absent or off is
    /// `feedback: { touches: false, actions: false, previews: false }`.
    case setPreviews(Bool)
    /// A gesture's (or a touchpad binding's) `preview:`.
    case setPreview(profile: String, gesture: String, Bool)
    /// A new profile at the end of `profiles:`, `match: any` when `matchClass` is nil, else
    /// `match: { class: … }`, with no gestures yet (`gestures: []`).
    case addProfile(name: String, matchClass: String?)
    /// A gesture at the end of the profile's `gestures:` (created when missing).
    case addGesture(profile: String, NewGesture)
    /// A touchpad binding at the end of the profile's `touchpad:` (created when missing).
    case addTouchpadBinding(profile: String, NewGesture)
    /// `settings.feedback` as its three parts (`{ touches: …, actions: …, previews: … }`),
    /// replacing `true`, `false` or the mapping there.
    case setFeedbackParts(touches: Bool, actions: Bool, previews: Bool)
    /// A gesture (or a touchpad binding, or a region's gesture) taken out of the file, with its lines.
    case removeGesture(profile: String, name: String)
    /// A gesture's `action:` replaced by `action`, a one-line YAML fragment (`{ keys: ctrl+w }`).
    case setGestureAction(profile: String, gesture: String, action: String)
    /// A gesture's `enabled:` (`enabled: false` keeps it in the file, off).
    case setGestureEnabled(profile: String, gesture: String, Bool)
    /// The profiles of another profile file (what `tactus import` prints) appended to
    /// `profiles:`, each with its comments and lines as written there, re-indented.
    case importProfiles(text: String)
}

/// A gesture to add: its name, recognizer and action, or a YAML fragment as written.
public struct NewGesture: Sendable, Equatable {
    /// The lines of the gesture's mapping, at column 0 (`name: …`, `swipe: …`, …).
    public var lines: [String]
    /// The same in flow style, for a `[ … ]` list; nil for a fragment of several lines that
    /// are not all `key: one-line value`.
    public var flow: String?

    /// `name`, `recognizer: { parameters }`, `action: action` (a one-line YAML fragment:
    /// `{ desktop: next }`), and `preview: true` when asked for.
    public init(name: String, recognizer: String, parameters: [(String, String)] = [], action: String, preview: Bool = false) {
        let params = parameters.isEmpty ? "{}" : "{ " + parameters.map { "\($0.0): \(YAMLText.scalar($0.1))" }.joined(separator: ", ") + " }"
        var entries = [("name", YAMLText.scalar(name)), (recognizer, params), ("action", action)]
        if preview { entries.append(("preview", "true")) }
        lines = entries.map { "\($0.0): \($0.1)" }
        flow = "{ " + entries.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
    }

    /// A gesture written as YAML: the lines of one block mapping (`name: …` first), at any
    /// indentation (the smallest is taken away).
    public init(fragment: String) {
        var raw = fragment.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        while raw.last?.allSatisfy({ $0 == " " }) == true { raw.removeLast() }
        let indent = raw.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        lines = raw.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
        let oneLine = lines.allSatisfy { !$0.hasPrefix(" ") && !$0.hasPrefix("#") && $0.contains(": ") }
        flow = oneLine ? "{ " + lines.joined(separator: ", ") + " }" : nil
    }

    public static func == (a: NewGesture, b: NewGesture) -> Bool { a.lines == b.lines }

    /// As an item of a block list: "- first line", "  the others".
    var itemLines: [String] {
        lines.enumerated().map { i, line in i == 0 ? "- " + line : (line.isEmpty ? "" : "  " + line) }
    }
}
