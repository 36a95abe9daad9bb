import GestureEngine
import YAMLTree

/// A gesture's keys: its name, one recognizer key, and the options.
enum GestureKey: SectionKey {
    case name
    case recognizer(RecognizerKind)
    case option(GestureOption)

    static var allCases: [GestureKey] {
        [.name] + RecognizerKind.allCases.map(GestureKey.recognizer) + GestureOption.allCases.map(GestureKey.option)
    }

    init?(rawValue: String) {
        if rawValue == "name" {
            self = .name
        } else if let kind = RecognizerKind(rawValue: rawValue) {
            self = .recognizer(kind)
        } else if let option = GestureOption(rawValue: rawValue) {
            self = .option(option)
        } else {
            return nil
        }
    }

    var rawValue: String {
        switch self {
        case .name: "name"
        case .recognizer(let kind): kind.rawValue
        case .option(let option): option.rawValue
        }
    }
}

/// A gesture's actions, relations and delivery options.
enum GestureOption: String, CaseIterable {
    case action, on, `repeat`, scroll, requireToFail, simultaneousWith, preventsNot, notPreventedBy
    case cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded, exclude, enabled
    case fire, preview, hold, drag, claim
}

/// `on:`'s keys: the states of a continuous gesture, or `recognized` for a discrete one.
enum OnKey: String, SectionKey {
    case began, changed, ended, cancelled, recognized

    static let continuous: [OnKey] = [.began, .changed, .ended, .cancelled]
    static let discrete: [OnKey] = [.recognized]

    /// `recognized` is the engine's `ended`.
    var state: GestureState {
        switch self {
        case .began: .began
        case .changed: .changed
        case .ended, .recognized: .ended
        case .cancelled: .cancelled
        }
    }
}

enum RepeatKey: String, SectionKey { case every, action, reverse }

enum ScrollKey: String, SectionKey { case every, natural, axis, kinetic }

enum HoldKey: String, SectionKey { case keys }

/// `drag:`'s keys.
enum DragKey: String, SectionKey { case button }

/// Where a reference to a gesture was written, for errors found after the whole file is read.
struct Reference {
    var name: String
    var node: Node
    var from: String
    var field: String
}

/// `from` waits for `to` to fail (requireToFail), for the cycle check.
typealias RequirementEdge = (from: String, to: String, node: Node)

extension ProfileParser {
    func parseGesture(_ node: Node, regionNames: [String]) -> GestureSpec? {
        guard admitGesture(node) else { return nil }
        guard let entries = reader.entries(node, "a gesture", GestureKey.self) else { return nil }
        let byKey = firstEntries(entries)
        var name = "gesture\(SourceLocation(node.mark).line)"
        if let n = byKey[.name], let s = reader.string(n.value, "gesture name") {
            if s == "all" || s.isEmpty {
                sink.error(n.value, "'\(s)' cannot be a gesture name")
            } else {
                claimGestureName(s, at: n.value)
            }
            name = s
        } else if byKey[.name] == nil {
            sink.error(node, "a gesture needs a 'name'")
        }
        let recognizers = entries.compactMap { entry -> (kind: RecognizerKind, entry: Entry<GestureKey>)? in
            if case .recognizer(let kind) = entry.key { return (kind, entry) }
            return nil
        }
        var recognizer: RecognizerSpec?
        if recognizers.isEmpty {
            sink.error(node, "gesture '\(name)' needs exactly one recognizer key: \(RecognizerKind.allCases.map(\.rawValue).joined(separator: ", "))")
        } else if recognizers.count > 1 {
            for extra in recognizers.dropFirst() {
                sink.error(extra.entry.keyNode, "gesture '\(name)' has two recognizer keys ('\(recognizers[0].kind.rawValue)' and '\(extra.kind.rawValue)'); a gesture has exactly one")
            }
        } else {
            recognizer = parseRecognizer(recognizers[0].kind, recognizers[0].entry.value)
        }
        // Without a recognizer the gesture is not kept, but its options are still checked.
        let spec = parseOptions(entries, name: name, node: node, recognizer: recognizer, regionNames: regionNames)
        return recognizer == nil ? nil : spec
    }

    /// The options of a gesture, in file order. `recognizer` nil: the recognizer key was
    /// missing or wrong (the options are checked as a continuous gesture's).
    private func parseOptions(_ entries: [Entry<GestureKey>], name: String, node: Node, recognizer: RecognizerSpec?, regionNames: [String]) -> GestureSpec {
        let continuous = recognizer?.isContinuous ?? true
        // A stand-in recognizer for a gesture that is dropped anyway.
        let standIn = RecognizerSpec.tap(.init())
        var spec = GestureSpec(
            name: name, recognizer: recognizer ?? standIn,
            action: nil, on: [:], repeat: nil, scroll: nil, requireToFail: [], simultaneousWith: .names([]), preventsNot: .names([]),
            notPreventedBy: .names([]), cancelsTouchesInView: nil, delaysTouchesBegan: nil, delaysTouchesEnded: nil,
            exclude: [], enabled: true, location: SourceLocation(node.mark))
        for (key, keyNode, value) in entries {
            guard case .option(let option) = key else { continue }
            let field = option.rawValue
            switch option {
            case .action: spec.action = parseAction(value)
            case .on: spec.on = parseOn(value, continuous: continuous, gesture: name)
            case .repeat:
                if recognizer != nil && !continuous {
                    sink.error(keyNode, "'repeat' needs a continuous gesture (longPress, pan, pinch, rotation, edgePan); '\(name)' is discrete")
                }
                spec.repeat = parseRepeat(value)
            case .scroll:
                if recognizer != nil && !continuous {
                    sink.error(keyNode, "'scroll' needs a continuous gesture (pan, edgePan, longPress, pinch, rotation); '\(name)' is discrete (use the action '{ scroll: down }' for a single step)")
                }
                spec.scroll = parseScroll(value)
            case .requireToFail:
                let first = references.count
                spec.requireToFail = parseReferences(value, from: name, field: field, allowAll: false).names
                for r in references[first...] { requirementEdges.append((name, r.name, r.node)) }
            case .simultaneousWith: spec.simultaneousWith = parseReferences(value, from: name, field: field, allowAll: true)
            case .preventsNot: spec.preventsNot = parseReferences(value, from: name, field: field, allowAll: true)
            case .notPreventedBy: spec.notPreventedBy = parseReferences(value, from: name, field: field, allowAll: true)
            case .cancelsTouchesInView: spec.cancelsTouchesInView = reader.bool(value, field)
            case .delaysTouchesBegan: spec.delaysTouchesBegan = reader.bool(value, field)
            case .delaysTouchesEnded: spec.delaysTouchesEnded = reader.bool(value, field)
            case .enabled: spec.enabled = reader.bool(value, field) ?? true
            case .claim: spec.claimsOnLanding = reader.choice(value, field, ClaimTiming.allCases.map(\.rawValue)) == ClaimTiming.onLanding.rawValue
            case .fire:
                if case .longPress? = recognizer {
                    spec.fire = reader.choice(value, field, [FireTiming.ifStill.rawValue]).flatMap(FireTiming.init)
                } else {
                    checkSwipeOrPinch(recognizer, keyNode, field: field, gesture: name)
                    spec.fire = reader.choice(value, field, FireTiming.ofTravel.map(\.rawValue)).flatMap(FireTiming.init)
                }
            case .preview:
                checkSwipeOrPinch(recognizer, keyNode, field: field, gesture: name)
                spec.preview = reader.bool(value, field) ?? false
            case .hold:
                if recognizer != nil && !continuous {
                    sink.error(keyNode, "'hold' needs a continuous gesture (longPress, pan, pinch, rotation, edgePan); '\(name)' is discrete, its keys would go down and up at once (put them in its action's keys instead)")
                }
                spec.hold = parseHold(value)
            case .drag:
                switch recognizer {
                case .longPress?, nil: break
                default: sink.error(keyNode, "'drag' is for a longPress (held still, then moved: a drag with the mouse button); '\(name)' is not one")
                }
                var slop = settings.gestures.longPress.allowableMovement
                if case .longPress(let p)? = recognizer { slop = p.allowableMovement(in: settings.gestures) }
                spec.drag = parseDrag(value, slop: slop)
            case .exclude:
                for r in reader.list(value) {
                    guard let s = reader.string(r, field) else { continue }
                    if regionNames.contains(s) {
                        spec.exclude.append(s)
                    } else {
                        sink.error(r, "unknown region '\(s)' in exclude\(suggestion(for: s, among: regionNames))")
                    }
                }
            }
        }
        if spec.preview {
            if spec.fire == .atRecognition, let entry = entries.first(where: { $0.key == .option(.fire) }) {
                sink.error(entry.value, "gesture '\(name)' has a preview, so its action waits for the lift: 'fire: at-recognition' would perform it before the preview is shown (use 'fire: at-lift', or no preview)")
            }
            spec.fire = .atLift
            if let action = spec.action, !action.isPreviewable, let entry = entries.first(where: { $0.key == .option(.preview) }) {
                sink.warning(entry.keyNode, "gesture '\(name)': a preview draws window and desktop actions only, and its action has none: nothing is shown while it waits for the lift (write 'fire: at-lift' instead)")
            }
        }
        if spec.firesAtLift, spec.action == nil, recognizer != nil {
            sink.error(node, "gesture '\(name)' fires at the lift but has no 'action' to fire")
        }
        return spec
    }

    /// `fire:` and `preview:` follow a swipe's travel or a pinch's spread.
    private func checkSwipeOrPinch(_ recognizer: RecognizerSpec?, _ keyNode: Node, field: String, gesture: String) {
        switch recognizer {
        case .swipe?, .pinch?, nil: return
        default: sink.error(keyNode, "'\(field)' is for swipe and pinch gestures (their travel decides at the lift); '\(gesture)' is neither")
        }
    }

    func parseReferences(_ node: Node, from: String, field: String, allowAll: Bool) -> GestureReferences {
        if case .scalar(let s) = node, s.string == "all" {
            if allowAll { return .all }
            sink.error(node, "\(field) needs gesture names; 'all' would wait for every gesture")
            return .names([])
        }
        var names: [String] = []
        for r in reader.list(node) {
            guard let s = reader.string(r, field) else { continue }
            if s == from {
                sink.error(r, "gesture '\(from)' refers to itself in \(field)")
                continue
            }
            names.append(s)
            references.append(Reference(name: s, node: r, from: from, field: field))
        }
        return .names(names)
    }

    /// `on:` of a gesture or a touchpad binding: an action per state.
    func parseOn(_ node: Node, continuous: Bool, gesture: String) -> [GestureState: ActionSpec] {
        var out: [GestureState: ActionSpec] = [:]
        for (key, _, value) in reader.entries(node, "on (of '\(gesture)')", among: continuous ? OnKey.continuous : OnKey.discrete) ?? [] {
            if let a = parseAction(value) { out[key.state] = a }
        }
        return out
    }

    func parseRepeat(_ node: Node) -> RepeatSpec? {
        guard let entries = reader.entries(node, "repeat", RepeatKey.self) else { return nil }
        var every: Double?, action: ActionSpec?, reverse: ActionSpec?
        for (key, _, value) in entries {
            switch key {
            case .every: every = reader.number(value, "repeat every", range: 0.000001...100000)
            case .action: action = parseAction(value)
            case .reverse: reverse = parseAction(value)
            }
        }
        if !entries.contains(where: { $0.key == .every }) { sink.error(node, "repeat needs 'every' (the progress between two firings)") }
        if !entries.contains(where: { $0.key == .action }) { sink.error(node, "repeat needs an 'action'") }
        guard let every, let action else { return nil }
        return RepeatSpec(every: every, action: action, reverse: reverse)
    }

    /// `hold: { keys }`: the keys a gesture or a touchpad binding holds down while it goes on.
    func parseHold(_ node: Node) -> HoldSpec? {
        if case .scalar = node, !reader.isNull(node) {
            sink.error(node, "hold takes a mapping with the keys to hold, such as 'hold: { keys: alt }'")
            return nil
        }
        guard let entries = reader.entries(node, "hold", HoldKey.self) else { return nil }
        guard let keys = entries.first(where: { $0.key == .keys }) else {
            sink.error(node, "hold needs 'keys': the keys held down from the gesture's begin to its end, such as 'keys: alt'")
            return nil
        }
        guard case .keys(let combo)? = parseKeys(keys.value) else { return nil }
        return HoldSpec(keys: combo)
    }

    /// `drag: { button }` (`drag: {}`: button 1).
    /// `slop`: the long press's own allowable movement.
    func parseDrag(_ node: Node, slop: Double) -> DragSpec? {
        guard let entries = reader.entries(node, "drag", DragKey.self) else { return nil }
        var spec = DragSpec(button: 1, slop: slop)
        for (key, _, value) in entries {
            switch key {
            case .button: spec.button = reader.integer(value, "drag button", range: 1...9) ?? spec.button
            }
        }
        return spec
    }

    /// `scroll: { every, natural, axis, kinetic }`, each optional (`scroll: {}` takes the defaults).
    func parseScroll(_ node: Node) -> ScrollSpec? {
        guard let entries = reader.entries(node, "scroll", ScrollKey.self) else { return nil }
        var spec = ScrollSpec()
        for (key, _, value) in entries {
            switch key {
            case .every: spec.every = reader.number(value, "scroll every", range: 1...10000)
            case .natural: spec.natural = reader.bool(value, "scroll natural") ?? spec.natural
            case .axis: spec.axis = reader.choice(value, "scroll axis", ScrollAxis.allCases.map(\.rawValue)).flatMap(ScrollAxis.init) ?? spec.axis
            case .kinetic: spec.kinetic = reader.bool(value, "scroll kinetic") ?? spec.kinetic
            }
        }
        return spec
    }
}
