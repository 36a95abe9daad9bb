/// Touchégg 1 actions: their settings are the text inside `<action>` (`BUTTON=3`,
/// `Control+L`, `NEXT`, `SPEED=7:INVERTED=false`), read as Touchégg 1.1.1 reads them
/// (touchegg/src/touchegg/actions/implementation/*.cpp).
extension ToucheggImporter {
    /// Touchégg 1's hold-down key names and the keysyms it presses for them (SendKeys.cpp:
    /// `Control`, `Shift`, `Super` and `Alt` get `_L`, `AltGr` is `Alt_R`).
    static let legacyModifiers = ["Control": "Control_L", "Shift": "Shift_L", "Super": "Super_L", "Alt": "Alt_L", "AltGr": "Alt_R"]

    func mapLegacy(_ action: Action, text: String, gesture: Gesture) -> Mapped {
        switch action.type {
        case "MOUSE_CLICK":
            // MouseClick.cpp: BUTTON=1..9; anything else clicks button 1, with a warning.
            let parts = text.split(separator: "=", omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == "BUTTON", let b = Int(parts[1]), (1...9).contains(b) { return .once(.click(b), remark: nil) }
            return .once(.click(1), remark: "Touchégg 1 clicks button 1 for '\(comment(text, limit: 40))'")
        case "SEND_KEYS":
            return legacyKeys(text)
        case "CHANGE_DESKTOP":
            // ChangeDesktop.cpp: NEXT or PREVIOUS (anything else: NEXT), wrapping around
            // after the last desktop as Tactus does.
            return .once(.desktop(text == "PREVIOUS" ? "previous" : "next"), remark: text == "NEXT" || text == "PREVIOUS" ? nil : "Touchégg 1 goes to the next desktop for '\(comment(text, limit: 40))'")
        case "RUN_COMMAND":
            // RunCommand.cpp: QProcess::startDetached(command) splits the text into words
            // itself; no shell sees it.
            switch ShellWords.split(text, shellLine: false) {
            case .words(let argv): return .once(CommandMapper(focusedTarget: false).map(argv), remark: nil)
            case .malformed(let why), .needsShell(let why): return .refused("the command cannot be split into words: \(why)")
            }
        case "SCROLL":
            return legacyScroll(text)
        case "MINIMIZE_WINDOW", "MAXIMIZE_RESTORE_WINDOW", "CLOSE_WINDOW", "SHOW_DESKTOP":
            return .refused("unreachable: settings-free actions are read as in Touchégg 2")
        case "CHANGE_VIEWPORT":
            return .refused("Tactus switches desktops, not viewports (compiz)")
        case "MOVE_WINDOW", "RESIZE_WINDOW", "DRAG_AND_DROP":
            return .refused("Tactus actions fire at a point of a gesture; they cannot drag a window's edge, the window, or a held button along with the fingers")
        default:
            return .refused(action.type.isEmpty ? "the <action> has no type" : "Touchégg 1 does not know the action '\(action.type)'")
        }
    }

    /// `Control+Alt+Left`: the hold-down keys held while each other key is pressed and
    /// released in turn (SendKeys::sendKeys). One key is one combination; several are a
    /// sequence of combinations with the same hold-down keys. Touchégg 1 also activates the
    /// gesture's window first, as Touchégg 2 does.
    private func legacyKeys(_ text: String) -> Mapped {
        var held: [String] = [], tapped: [String] = []
        for name in text.split(separator: "+").map(\.trimmed) where !name.isEmpty {
            if let modifier = Self.legacyModifiers[name] {
                held.append(modifier)
            } else {
                guard CommandMapper.isKeyName(name) else { return .refused("'\(name)' is not an X keysym name") }
                tapped.append(name)
            }
        }
        guard !held.isEmpty || !tapped.isEmpty else { return .refused("SEND_KEYS has no keys") }
        let combos: [ImportedAction] = tapped.isEmpty ? [.keys(held.joined(separator: "+"))] : tapped.map { .keys((held + [$0]).joined(separator: "+")) }
        return .once(.sequence([.window("raise")] + combos), remark: nil)
    }

    /// `SPEED=1..10:INVERTED=true|false` (Scroll.cpp): a wheel step every 40 - 2 x SPEED
    /// units of movement on both axes; INVERTED=true moves the content with the fingers.
    /// Bad settings keep Touchégg 1's defaults, a step every 30, not inverted.
    private func legacyScroll(_ text: String) -> Mapped {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        var step = 30.0, natural = false
        if parts.count == 2 {
            let speed = parts[0].split(separator: "="), inverted = parts[1].split(separator: "=")
            if speed.count == 2, speed[0] == "SPEED", let v = Int(speed[1]), (1...10).contains(v),
               inverted.count == 2, inverted[0] == "INVERTED" {
                step = Double(40 - 2 * v)
                natural = inverted[1] == "true"
            }
        }
        return .scroll(ImportedScroll(every: step, natural: natural))
    }
}
