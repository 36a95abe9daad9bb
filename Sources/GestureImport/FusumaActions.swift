import GestureProfiles
import YAMLTree

/// fusuma's gesture properties and actions, and the bindings they make.
extension FusumaImporter {
    static let actionKeys = ["command", "sendkey", "shortcut", "workspace", "window"]

    /// px/s of the driver's swipe motion taken for a moderate swipe: fusuma repeats by time,
    /// Tactus by distance, and this turns one into the other (said in the profile's header).
    static let assumedSwipeSpeed = 500.0
    /// px per firing of an `update:` hook: fusuma runs it on each update of the swipe that
    /// way, at most every 0.1 s x interval (executor.rb BASE_REPEAT_INTERVAL).
    static let updateStep = 0.1 * assumedSwipeSpeed
    /// px per firing of a swipe given its own `interval:` below 1: fusuma fires it again every
    /// 0.3 s x interval while it goes on (BASE_ONESHOT_INTERVAL).
    static let oneshotStep = 0.3 * assumedSwipeSpeed

    /// One direction's properties: an action, `threshold:`, `interval:`, `keypress:`, and the
    /// `update:` and `end:` hooks of a swipe that way.
    mutating func direction(_ type: String, fingers: Int?, _ direction: String, _ node: Node, keyLine: Int, into section: inout Section) throws(ImportFailure) {
        let shown = "\(type)\(fingers.map { " \($0)" } ?? "") \(direction)"
        guard let props = try entries(node) else {
            section.notes.append(ImportNote(shown, because: "fusuma reads a mapping (command:, sendkey:, …) there", lines: [line(node)]))
            return
        }
        guard fingersReported(type, fingers, shown, keyLine, &section) else { return }
        var threshold: Double?
        var interval: Double?
        var hooks: [Entry] = []
        for (key, keyNode, value) in props {
            switch key {
            case _ where Self.actionKeys.contains(key):
                continue
            case "threshold":
                if type == "pinch", let t = number(value) { threshold = t } else if type == "swipe" { swipeThresholdLines.append(line(keyNode)) }
            case "interval":
                interval = number(value)
                // A swipe's interval below 1 makes it repeat (below); others are fusuma's timing.
                if !(type == "swipe" && (interval ?? 1) < 1) { intervalLines.append(line(keyNode)) }
            case "keypress":
                // fusuma-plugin-keypress: the variant runs when those keys are held as the
                // gesture is recognized, the gesture's own action otherwise.
                for (keys, keysNode, variant) in try entries(value) ?? [] {
                    let shownVariant = "keypress \(keys) on \(shown)"
                    guard type != "pinch" else {
                        section.notes.append(ImportNote(shownVariant, because: "Tactus pinches repeat as they go, whatever keys are held", lines: [line(keysNode)], bindings: 1))
                        continue
                    }
                    guard let modifiers = Self.heldModifiers(keys) else {
                        section.notes.append(ImportNote(shownVariant, because: "touchpad bindings can ask for Shift, Ctrl, Alt and Super held, not other keys", lines: [line(keysNode)], bindings: 1))
                        continue
                    }
                    guard let props = try entries(variant), let a = try executorAction(props, shown: shownVariant, into: &section) else {
                        section.notes.append(ImportNote(shownVariant, because: "it has no action (command:, sendkey:, …)", lines: [line(keysNode)], bindings: 1))
                        continue
                    }
                    var e = Entry(type: type, fingers: fingers, direction: direction, action: a, line: line(keysNode))
                    e.modifiers = modifiers
                    hooks.append(e)
                }
            case "update" where type == "swipe", "end" where type == "swipe":
                // The hooks of a swipe this way: update as it goes, end when it ends.
                guard let hook = try entries(value), let a = try executorAction(hook, shown: "\(shown) \(key)", into: &section) else {
                    section.notes.append(ImportNote("\(key): of \(shown)", because: "it has no action (command:, sendkey:, …)", lines: [line(keyNode)], bindings: 1))
                    continue
                }
                let hookInterval = hook.first { $0.key == "interval" }.flatMap { number($0.value) } ?? 1
                var e = Entry(type: type, fingers: fingers, direction: direction, hook: key, action: a, line: line(keyNode))
                if key == "update" {
                    e.repeatEvery = Self.updateStep * hookInterval
                    header("A fusuma update: hook of a swipe repeats its action every \(decimal(Self.updateStep)) px of the swipe that way (times its interval): fusuma fires it at most every 0.1 s x interval, which a swipe at \(decimal(Self.assumedSwipeSpeed)) px/s covers.")
                }
                hooks.append(e)
            case "begin", "update", "end":
                section.notes.append(ImportNote("\(key): of \(shown)", because: key == "begin" ? "Tactus cannot know a touchpad swipe's way when it begins" : "Tactus pinches repeat as they go: the in and out actions say what they do", lines: [line(keyNode)], bindings: 1))
            default:
                section.notes.append(ImportNote("\(key): of \(shown)", because: "fusuma does not know it (or it belongs to a plugin Tactus cannot stand in for)", lines: [line(keyNode)]))
            }
        }
        section.entries += hooks
        guard let action = try executorAction(props, shown: shown, into: &section) else {
            if !props.contains(where: { Self.actionKeys.contains($0.key) }) && hooks.isEmpty {
                section.notes.append(ImportNote(shown, because: "it has no action (command:, sendkey:, …)", lines: [keyLine], bindings: 1))
            }
            return
        }
        var entry = Entry(type: type, fingers: fingers, direction: direction, action: action, threshold: threshold, line: keyLine)
        if type == "swipe", let interval, interval < 1 {
            entry.repeatEvery = Self.oneshotStep * interval
            header("A fusuma swipe given an interval: below 1 fires again as it goes on, every 0.3 s x interval; it repeats here every \(decimal(Self.oneshotStep)) px x interval of the swipe that way, what a swipe at \(decimal(Self.assumedSwipeSpeed)) px/s covers in that time.")
        }
        section.entries.append(entry)
    }

    /// The keys of a `begin:` hook that is `xdotool keydown KEYS…` when the `end:` hook is
    /// `xdotool keyup` of the same keys (in any order), as one combination (`alt`,
    /// `ctrl+alt`); nil otherwise (options, other commands, keys left down or never pressed).
    static func heldKeys(down: ImportedAction?, up: ImportedAction?) -> String? {
        func keys(_ action: ImportedAction?, _ command: String) -> [String]? {
            guard case .command(let argv)? = action, argv.count >= 3, argv[0].split(separator: "/").last == "xdotool", argv[1] == command else { return nil }
            let names = Array(argv.dropFirst(2))
            guard names.allSatisfy({ !$0.hasPrefix("-") && !CommandMapper.xdotoolCommands.contains($0) && CommandMapper.isKeyCombo($0) }) else { return nil }
            return names.flatMap { $0.split(separator: "+").map(String.init) }
        }
        guard let pressed = keys(down, "keydown"), let released = keys(up, "keyup"),
              Set(pressed.map { Keysyms.resolve($0) }) == Set(released.map { Keysyms.resolve($0) }) else { return nil }
        return pressed.joined(separator: "+")
    }

    /// The modifiers of fusuma-plugin-keypress key names (`LEFTSHIFT`, `LEFTCTRL+LEFTMETA`):
    /// either side of Shift, Ctrl, Alt or Meta (Super); nil for other keys.
    static func heldModifiers(_ keys: String) -> [String]? {
        var names: [String] = []
        for key in keys.split(separator: "+").map({ $0.trimmed.uppercased() }) {
            let side = key.hasPrefix("LEFT") ? key.dropFirst(4) : key.hasPrefix("RIGHT") ? key.dropFirst(5) : Substring(key)
            switch side {
            case "SHIFT": names.append("shift")
            case "CTRL": names.append("ctrl")
            case "ALT": names.append("alt")
            case "META": names.append("super")
            default: return nil
            }
        }
        return names.isEmpty ? nil : Array(Set(names)).sorted()
    }

    /// Whether the touchpad driver reports this many fingers (a note if not).
    private func fingersReported(_ type: String, _ fingers: Int?, _ shown: String, _ keyLine: Int, _ section: inout Section) -> Bool {
        if type == "swipe", let f = fingers, !(3...5).contains(f) {
            section.notes.append(ImportNote(shown, because: "the touchpad driver reports swipes of 3 to 5 fingers", lines: [keyLine], bindings: 1))
            return false
        }
        if type != "swipe", let f = fingers, !(2...5).contains(f) {
            section.notes.append(ImportNote(shown, because: "the touchpad driver reports pinches (and their turns) of 2 to 5 fingers", lines: [keyLine], bindings: 1))
            return false
        }
        return true
    }

    /// The action fusuma runs of `props`: the first executor that takes the gesture, in the
    /// order the plugins load (lib/fusuma.rb `@executors.find`; plugin/manager.rb): its own
    /// command:, then the gems' sorted by path, fusuma-plugin-sendkey before -wmctrl. The
    /// others are noted.
    mutating func executorAction(_ props: [(key: String, keyNode: Node, value: Node)], shown: String, into section: inout Section) throws(ImportFailure) -> ImportedAction? {
        let rank = { (key: String) in Self.actionKeys.firstIndex(of: key).map { $0 == 2 ? 4 : $0 } ?? 5 }
        let runs = props.filter { Self.actionKeys.contains($0.key) }.min { rank($0.key) < rank($1.key) }?.key
        var action: ImportedAction?
        for (key, keyNode, value) in props where Self.actionKeys.contains(key) {
            guard key == runs, action == nil else {
                section.notes.append(ImportNote("\(key): of \(shown)", because: "fusuma runs one action per gesture: \(runs ?? key): (its executor comes first)", lines: [line(keyNode)]))
                continue
            }
            switch try mapAction(key, value) {
            case .action(let a): action = a
            case .refused(let why): section.notes.append(ImportNote("\(key): of \(shown)", because: why, lines: [line(keyNode)], bindings: 1))
            }
        }
        return action
    }

    private mutating func mapAction(_ key: String, _ node: Node) throws(ImportFailure) -> CommandMapper.Mapping {
        try visit(node)
        switch key {
        case "command":
            guard let text = node.scalar?.string, !text.trimmed.isEmpty else { return .refused("the command is empty") }
            return CommandMapper(focusedTarget: true).mapShellLine(text)
        case "sendkey":
            var combos: [String] = []
            if let s = node.scalar?.string {
                combos = [s]
            } else if case .sequence(let list) = node {
                for item in list {
                    try visit(item)
                    guard let s = item.scalar?.string else { return .refused("sendkey takes key names like LEFTCTRL+T") }
                    combos.append(s)
                }
            }
            guard !combos.isEmpty else { return .refused("sendkey takes key names like LEFTCTRL+T") }
            var keys: [ImportedAction] = []
            for combo in combos {
                var parts: [String] = []
                for name in combo.split(separator: "+").map(\.trimmed) {
                    guard let keysym = EvdevKeys.keysym(name) else { return .refused("the key name '\(name)' has no X keysym this import knows") }
                    parts.append(keysym)
                }
                guard !parts.isEmpty else { return .refused("sendkey takes key names like LEFTCTRL+T") }
                keys.append(.keys(parts.joined(separator: "+")))
            }
            return .action(keys.count == 1 ? keys[0] : .sequence(keys))
        case "shortcut":
            // fusuma before 1.0 gave it to `xdotool key` (removed in 2019, commit fdd0881).
            if toldVersion == nil { toldVersion = (FusumaVersion(major: 1), line(node), "shortcut: was read only by fusuma before 2.0") }
            guard let s = node.scalar?.string.trimmed, CommandMapper.isKeyCombo(s) else { return .refused("it is not a key combination of X keysym names") }
            return .action(.keys(s))
        case "workspace":
            // fusuma-plugin-wmctrl's workspace.rb: next and prev wrap only with
            // wrap-navigation (off by default); left, right, up and down move on a grid of
            // matrix-col-size columns, stopping at its edges unless it wraps.
            switch node.scalar?.string {
            case "next":
                header("desktop: next and previous wrap around after the last desktop, where fusuma-plugin-wmctrl stops (unless wrap-navigation: true).")
                return .action(.desktop("next"))
            case "prev":
                header("desktop: next and previous wrap around after the last desktop, where fusuma-plugin-wmctrl stops (unless wrap-navigation: true).")
                return .action(.desktop("previous"))
            case let d? where ["left", "right", "up", "down"].contains(d):
                header("Desktop moves up, down, left and right follow the window manager's grid (_NET_DESKTOP_LAYOUT), where fusuma-plugin-wmctrl takes matrix-col-size columns; they stop at its edges.")
                return .action(.desktop(d))
            default: return .refused("fusuma-plugin-wmctrl's workspace: takes next, prev, left, right, up or down")
            }
        default:
            return try window(node)
        }
    }

    /// fusuma-plugin-wmctrl's `window:` on the active window.
    private mutating func window(_ node: Node) throws(ImportFailure) -> CommandMapper.Mapping {
        var property = node.scalar?.string ?? ""
        var operation = "toggle"
        if let props = try entries(node), props.count == 1 {
            property = props[0].key
            operation = props[0].value.scalar?.string ?? ""
        }
        switch (property, operation) {
        case ("prev", _), ("next", _): return .refused("Tactus has no action that moves a window to another desktop")
        case ("close", _): return .action(.window("close"))
        case ("fullscreen", "toggle"): return .action(.window("toggle-fullscreen"))
        case ("fullscreen", "add"): return .action(.window("fullscreen"))
        case ("maximized", "toggle"): return .action(.window("toggle-maximize"))
        case ("maximized", "add"): return .action(.window("maximize"))
        case ("maximized", "remove"): return .action(.window("unmaximize"))
        case ("fullscreen", "remove"): return .refused("Tactus has no action that leaves fullscreen (toggle-fullscreen switches)")
        default: return .refused("fusuma-plugin-wmctrl's window: takes prev, next, fullscreen or maximized")
        }
    }

    /// The profiles: an explicit finger count wins over a direction given for any number of
    /// fingers (3 and 4 for a swipe, 2 to 4 for a pinch). A pinch becomes one binding per
    /// finger count that repeats as the scale changes, every tenth of the threshold: the
    /// direction that spreads the fingers as the scale grows, the other as it shrinks. Which
    /// of `in` and `out` spreads them depends on the fusuma release (`pinchConvention`).
    mutating func build(_ sections: [Section]) {
        let defaultThreshold = sections.first { $0.applications.isEmpty }?.pinchThreshold
        let hasPinches = sections.contains { $0.entries.contains { $0.type == "pinch" } }
        let inCloses = hasPinches ? pinchConvention() : true
        let spreading = inCloses ? "out" : "in", closing = inCloses ? "in" : "out"
        for section in sections {
            var profile = ImportedProfile(name: section.applications.isEmpty ? "fusuma" : profileName(section.applications), applications: section.applications)
            profile.notes = section.notes
            var chosen: [String: Entry] = [:]
            for explicit in [false, true] {
                for e in section.entries where (e.fingers != nil) == explicit && e.modifiers.isEmpty {
                    for f in e.fingers.map({ [$0] }) ?? (e.type == "swipe" ? [3, 4] : [2, 3, 4]) {
                        var copy = e
                        copy.fingers = f
                        chosen["\(e.type) \(f) \(e.direction)" + (e.hook.map { " " + $0 } ?? "")] = copy
                    }
                    if e.fingers == nil { header("A gesture without a finger count is imported as one binding per count: 3 and 4 fingers for a swipe, 2 to 4 for a pinch.") }
                }
            }
            for f in 3...5 {
                // Hooks of every swipe of these fingers: begin and end as it begins and ends,
                // update as it goes either way.
                let begin = chosen["swipe \(f)  begin"], update = chosen["swipe \(f)  update"], end = chosen["swipe \(f)  end"]
                if begin != nil || update != nil || end != nil {
                    var b = ImportedBinding(.touchpadSwipe(fingers: f, direction: nil), lines: [begin, update, end].compactMap { $0?.line }.sorted())
                    if let keys = Self.heldKeys(down: begin?.action, up: end?.action) {
                        // `xdotool keydown alt` as it begins and `keyup alt` as it ends (fusuma's
                        // end comes for a cancelled swipe too): keys held for the swipe. The
                        // update's Tab steps are typed with them down, not set aside for each.
                        b.hold = keys
                        header("fusuma's begin: xdotool keydown and end: xdotool keyup of the same keys are a hold: { keys } here: held from the swipe's begin to its end, and let up however it ends (cancelled, a reload, the daemon stopping), where an xdotool keyup that never ran would leave them down.")
                    } else {
                        b.onBegan = begin?.action
                        b.onEnded = end?.action
                    }
                    if let u = update { b.repeating = ImportedRepeat(every: u.repeatEvery ?? Self.updateStep, action: u.action, reverse: u.action) }
                    profile.touchpad.append(b)
                }
                for d in ["left", "right", "up", "down"] {
                    for e in section.entries where e.type == "swipe" && !e.modifiers.isEmpty && e.direction == d && (e.fingers ?? f) == f && (e.fingers != nil || f < 5) {
                        var b = ImportedBinding(.touchpadSwipe(fingers: f, direction: d), action: e.action, lines: [e.line])
                        b.modifiers = e.modifiers
                        profile.touchpad.append(b)
                    }
                    let oneshot = chosen["swipe \(f) \(d)"], update = chosen["swipe \(f) \(d) update"], end = chosen["swipe \(f) \(d) end"]
                    guard oneshot != nil || update != nil || end != nil else { continue }
                    // fusuma fires the action once the swipe is fast enough and the end hook
                    // when it ends: both when the fingers lift here, in that order.
                    let once = [oneshot?.repeatEvery == nil ? oneshot?.action : nil, end?.action].compactMap { $0 }
                    var b = ImportedBinding(.touchpadSwipe(fingers: f, direction: d), action: once.isEmpty ? nil : once.count == 1 ? once[0] : .sequence(once),
                                            lines: [oneshot, update, end].compactMap { $0?.line }.sorted())
                    if let r = update ?? (oneshot?.repeatEvery != nil ? oneshot : nil), let every = r.repeatEvery {
                        b.repeating = ImportedRepeat(every: every, action: r.action, reverse: nil)
                        if update != nil, let o = oneshot, o.repeatEvery != nil {
                            profile.notes.append(ImportNote("the repeat of swipe \(f) \(d)", because: "its update: hook repeats instead", lines: [o.line]))
                        }
                    }
                    profile.touchpad.append(b)
                }
            }
            for f in 2...5 {
                // rotate_detector.rb: clockwise for a positive angle, as XI 2.4 gives it; fired
                // once the turn is large enough (here: when the fingers lift, past 15°).
                for d in ["clockwise", "counterclockwise"] {
                    for e in section.entries where e.type == "rotate" && e.direction == d && (e.fingers ?? f) == f && (e.fingers != nil || f < 5) && !e.modifiers.isEmpty {
                        var b = ImportedBinding(.touchpadPinch(fingers: f, direction: d), action: e.action, lines: [e.line])
                        b.modifiers = e.modifiers
                        profile.touchpad.append(b)
                    }
                    guard let e = chosen["rotate \(f) \(d)"] else { continue }
                    profile.touchpad.append(ImportedBinding(.touchpadPinch(fingers: f, direction: d), action: e.action, lines: [e.line]))
                }
                let grow = chosen["pinch \(f) \(spreading)"], shrink = chosen["pinch \(f) \(closing)"]
                guard grow != nil || shrink != nil else { continue }
                let threshold = grow?.threshold ?? shrink?.threshold ?? section.pinchThreshold ?? defaultThreshold ?? 1
                var remark: String?
                let common = section.pinchThreshold ?? defaultThreshold
                if let a = grow?.threshold ?? common, let b = shrink?.threshold ?? common, grow != nil, shrink != nil, a != b {
                    remark = "in and out have different thresholds; every follows the one of \(spreading)"
                }
                let r = ImportedRepeat(every: 0.1 * threshold, action: grow?.action, reverse: shrink?.action)
                profile.touchpad.append(ImportedBinding(.touchpadPinch(fingers: f, direction: nil), repeating: r, lines: [grow?.line, shrink?.line].compactMap { $0 }.sorted(), remark: remark))
            }
            profile.touchpad.sort { ($0.lines[0], fingerCount($0.trigger)) < ($1.lines[0], fingerCount($1.trigger)) }
            result.profiles.append(profile)
        }
        if !swipeThresholdLines.isEmpty {
            result.notes.append(ImportNote("threshold for swipes", because: "Tactus fires a touchpad swipe when the fingers lift, however far they went", lines: Array(Set(swipeThresholdLines)).sorted()))
        }
        if !intervalLines.isEmpty {
            result.notes.append(ImportNote("interval", because: "Tactus repeats by how far a gesture goes, not by time", lines: Array(Set(intervalLines)).sorted()))
        }
        header("fusuma fires a swipe as soon as it has gone far enough; Tactus fires it when the fingers lift. Pinches repeat as they go, as in fusuma (repeat:).")
        result.focusedTargetReason = "fusuma's actions act on the focused window, and fusuma-plugin-appmatcher matches the focused application; so do these profiles."
    }

    /// Whether a pinch `in` closes the fingers (fusuma 3.0 and later) or spreads them
    /// (before), from `--fusuma-version`, else from the file, else assumed: always said in
    /// the header, since a wrong guess swaps zooming in and out.
    private mutating func pinchConvention() -> Bool {
        let version: FusumaVersion
        let source: String
        if let given = givenVersion {
            version = given
            source = "as given with --fusuma-version \(given)"
        } else if let told = toldVersion {
            version = told.version
            source = "as the file tells (line \(told.line): \(told.why)); --fusuma-version says otherwise"
        } else {
            version = FusumaVersion(major: 3)
            source = "assumed, since the file does not tell: for fusuma before 3.0 (2023), import again with --fusuma-version 2"
        }
        let meaning = version.pinchInCloses
            ? "fusuma \(version.major >= 3 ? "3.0 or later" : "\(version)") reads pinch in as the fingers closing and out as them spreading"
            : "fusuma before 3.0 reads pinch in as the fingers spreading and out as them closing"
        header("Pinches: \(meaning) (\(source)).")
        return version.pinchInCloses
    }

    mutating func header(_ line: String) {
        if !result.header.contains(line) { result.header.append(line) }
    }
}
