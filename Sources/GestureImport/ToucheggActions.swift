import GestureProfiles

/// Touchégg's actions as Tactus actions.
extension ToucheggImporter {
    enum Mapped {
        /// Fired once: when a discrete gesture is recognized, when a continuous one ends.
        case once(ImportedAction, remark: String?)
        /// `repeat: true`: `forward` each `step` of progress in the gesture's own direction,
        /// `backward` each step back; `began` once when it begins; `hold` keys held down from
        /// its begin to its end.
        case repeated(forward: ImportedAction?, backward: ImportedAction?, step: Double, began: ImportedAction?, hold: String?)
        /// Touchégg 1's SCROLL: the movement as wheel steps.
        case scroll(ImportedScroll)
        case refused(String)
    }

    /// The actions Touchégg animates that a Tactus preview draws.
    static let previewable: Set<String> = ["MAXIMIZE_RESTORE_WINDOW", "MINIMIZE_WINDOW", "FULLSCREEN_WINDOW", "CLOSE_WINDOW", "SHOW_DESKTOP", "CHANGE_DESKTOP"]

    /// Settings every action may have that only shape Touchégg's animation.
    static let animationSettings: Set<String> = ["animate", "color", "borderColor", "animationPosition", "animation"]

    static let knownSettings: [String: Set<String>] = [
        "MAXIMIZE_RESTORE_WINDOW": [], "MINIMIZE_WINDOW": [], "FULLSCREEN_WINDOW": [], "CLOSE_WINDOW": [],
        "SHOW_DESKTOP": [], "TILE_WINDOW": ["direction"], "CHANGE_DESKTOP": ["direction", "cyclic"],
        "SEND_KEYS": ["repeat", "modifiers", "keys", "decreaseKeys", "on", "times"],
        "RUN_COMMAND": ["repeat", "command", "decreaseCommand", "on", "times"],
        "MOUSE_CLICK": ["button", "on"],
    ]

    /// Notes the settings of `action` that the import leaves out (once per action).
    mutating func checkSettings(_ action: Action) {
        guard action.legacyText == nil, let known = Self.knownSettings[action.type] else { return }
        for (name, setting) in action.settings.sorted(by: { $0.value.line < $1.value.line }) where !known.contains(name) {
            if Self.animationSettings.contains(name) {
                animationLines.append(setting.line)
            } else {
                result.notes.append(ImportNote("<\(name)> of \(action.type)", because: "Touchégg does not read it for this action", lines: [setting.line]))
            }
        }
    }

    mutating func map(_ action: Action, gesture: Gesture, touchpad: Bool) -> Mapped {
        if let text = action.legacyText, !text.isEmpty || Self.knownSettings[action.type] == nil { return mapLegacy(action, text: text, gesture: gesture) }
        guard Self.knownSettings[action.type] != nil else {
            if action.type == "CUSTOM" { return .refused("CUSTOM actions are Touchégg plugins that Tactus cannot run") }
            return .refused(action.type.isEmpty ? "the <action> has no type" : "Touchégg does not know the action '\(action.type)'")
        }
        switch action.type {
        case "MAXIMIZE_RESTORE_WINDOW": return .once(.window("toggle-maximize"), remark: nil)
        case "MINIMIZE_WINDOW": return .once(.window("minimize"), remark: nil)
        case "FULLSCREEN_WINDOW": return .once(.window("toggle-fullscreen"), remark: nil)
        case "CLOSE_WINDOW": return .once(.window("close"), remark: nil)
        case "SHOW_DESKTOP": return .once(.desktop("show"), remark: nil)
        case "TILE_WINDOW":
            // tile-window.cpp: to the left unless <direction> says otherwise.
            let direction = action.value("direction")
            return .once(.window(direction == nil || direction == "left" ? "tile-left" : "tile-right"), remark: nil)
        case "CHANGE_DESKTOP": return changeDesktop(action, gesture: gesture, touchpad: touchpad)
        case "SEND_KEYS": return sendKeys(action)
        case "RUN_COMMAND": return runCommand(action)
        default: return mouseClick(action)
        }
    }

    /// change-desktop.cpp and x11.cpp: next and previous wrap around only with
    /// `<cyclic>true</cyclic>` (read since Touchégg 2.0.11); up, down, left and right move on
    /// the window manager's grid (`_NET_DESKTOP_LAYOUT`) and stop at its edges.
    private mutating func changeDesktop(_ action: Action, gesture: Gesture, touchpad: Bool) -> Mapped {
        let direction = action.value("direction") ?? ""
        let cyclic = action.value("cyclic") == "true"
        func wrapCaveat() {
            if !cyclic { caveat("desktop: next and previous wrap around after the last desktop, where Touchégg stops (without <cyclic>true</cyclic>).") }
        }
        switch direction {
        case "next", "previous":
            wrapCaveat()
            return .once(.desktop(direction), remark: nil)
        case "auto":
            guard gesture.type == "SWIPE" || gesture.type == "DRAG" else {
                return .refused("direction auto follows a swipe's direction, and this is not a swipe")
            }
            wrapCaveat()
            // Touchégg: with natural scrolling (always on a touchscreen) a swipe left or up
            // goes to the next desktop; without it, to the previous one.
            let forward = gesture.direction == "LEFT" || gesture.direction == "UP"
            let remark = touchpad ? "direction auto: assumes natural scrolling on the touchpad, swap next and previous if it is off" : nil
            return .once(.desktop(forward ? "next" : "previous"), remark: remark)
        case "up", "down", "left", "right":
            return .once(.desktop(direction), remark: nil)
        default:
            return .refused("CHANGE_DESKTOP needs a <direction>: next, previous or auto")
        }
    }

    private mutating func sendKeys(_ action: Action) -> Mapped {
        func combo(_ names: [String]) -> Result<String?, Refusal> {
            let parts = names.flatMap { $0.split(separator: "+").map(\.trimmed) }.filter { !$0.isEmpty }
            guard !parts.isEmpty else { return .success(nil) }
            for p in parts where !CommandMapper.isKeyName(p) { return .failure(Refusal(reason: "'\(p)' is not an X keysym name")) }
            return .success(parts.joined(separator: "+"))
        }
        let modifiers = action.value("modifiers") ?? ""
        let keys: String?, decrease: String?
        switch (combo([modifiers, action.value("keys") ?? ""]), combo([modifiers, action.value("decreaseKeys") ?? ""])) {
        case (.failure(let r), _), (_, .failure(let r)): return .refused(r.reason)
        case (.success(let k), .success(let d)): (keys, decrease) = (k, d)
        }
        let hasKeys = !(action.value("keys") ?? "").trimmed.isEmpty
        let hasDecrease = !(action.value("decreaseKeys") ?? "").trimmed.isEmpty
        if action.value("repeat") == "true" {
            guard hasKeys || hasDecrease else { return .refused("SEND_KEYS has no <keys>") }
            // send-keys.cpp, repeated-action.cpp: the prelude activates the window and presses
            // <modifiers> as the gesture begins; each step taps <keys> (<decreaseKeys> back)
            // with them still down; the postlude releases them as it ends. Held for the
            // gesture (hold:), the modifiers make a window switcher walk its list (Alt held,
            // Tab stepping); pressed with each step they would end a switch at every step.
            guard case .success(let held) = combo([modifiers]), let held else {
                caveat("SEND_KEYS activates the window under the gesture first, as Touchégg does (window: raise).")
                return .repeated(forward: hasKeys ? .keys(keys!) : nil, backward: hasDecrease ? .keys(decrease!) : nil,
                                 step: repeatStep(action), began: .window("raise"), hold: nil)
            }
            let tapped = { (name: String) -> ImportedAction? in
                guard case .success(let k?) = combo([action.value(name) ?? ""]) else { return nil }
                return .keys(k)
            }
            caveat("A repeated SEND_KEYS holds its <modifiers> down from the gesture's begin to its end, as Touchégg does (hold:), and taps <keys> (<decreaseKeys> coming back) at each step with them held; the held keys go down in the window under the gesture, activated first where it does not have the focus, as Touchégg activates it. They come up when the gesture ends, is cancelled, or is cut short (a reload, its window closing, the daemon stopping).")
            return .repeated(forward: hasKeys ? tapped("keys") : nil, backward: hasDecrease ? tapped("decreaseKeys") : nil,
                             step: repeatStep(action), began: nil, hold: held)
        }
        // Touchégg activates the window under the pointer before it sends keys.
        caveat("SEND_KEYS activates the window under the gesture first, as Touchégg does (window: raise).")
        guard hasKeys, let keys else { return .refused("SEND_KEYS has no <keys>") }
        return .once(.sequence([.window("raise"), .keys(keys)]), remark: nil)
    }

    private func runCommand(_ action: Action) -> Mapped {
        let mapper = CommandMapper(focusedTarget: false)
        func command(_ name: String) -> Result<ImportedAction?, Refusal> {
            guard let text = action.value(name), !text.trimmed.isEmpty else { return .success(nil) }
            switch mapper.mapShellLine(text) {
            case .action(let a): return .success(a)
            case .refused(let why): return .failure(Refusal(reason: why))
            }
        }
        let f: ImportedAction?, b: ImportedAction?
        switch (command("command"), command("decreaseCommand")) {
        case (.failure(let r), _), (_, .failure(let r)): return .refused(r.reason)
        case (.success(let x), .success(let y)): (f, b) = (x, y)
        }
        if action.value("repeat") == "true" {
            guard f != nil || b != nil else { return .refused("RUN_COMMAND has no <command>") }
            return .repeated(forward: f, backward: b, step: repeatStep(action), began: nil, hold: nil)
        }
        guard let f else { return .refused("RUN_COMMAND has no <command>") }
        return .once(f, remark: nil)
    }

    private func mouseClick(_ action: Action) -> Mapped {
        let text = action.value("button") ?? "1"
        guard let button = Int(text), (1...9).contains(button) else { return .refused("button '\(text)' is not a pointer button 1 to 9") }
        return .once(.click(button), remark: nil)
    }

    /// Touchégg repeats every 10% of a gesture's progress, or every 100/`times` percent
    /// (`times` from 2 to 15); for a pinch, 10% is a tenth of its scale.
    private func repeatStep(_ action: Action) -> Double {
        guard let t = action.value("times").flatMap({ Int($0) }) else { return 0.1 }
        return Double(100 / min(15, max(2, t))) / 100
    }
}

/// Why something is not imported, as an error value.
struct Refusal: Error {
    var reason: String
}
