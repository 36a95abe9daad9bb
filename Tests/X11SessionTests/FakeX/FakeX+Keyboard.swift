@testable import GestureEngine
import GestureProfiles
@testable import X11Session

/// The keyboard: XTest key events change the keys down, the latches and locks change the
/// state, and spare keycodes take the keysyms bound to them.
extension FakeX: KeyboardMap {
    func keycode(forKeysym keysym: UInt) -> UInt8? { layout.placement(of: keysym)?.keycode }
    func keyboardState() -> KeyboardState { KeyboardState(keysDown: down.sorted(), group: 0, latched: latched, locked: locked) }
    func keyboardLayout(group: Int) -> KeyboardLayout? { layout }

    func latchModifiers(_ affect: ModifierMask, to values: ModifierMask) {
        record("latch \(Self.hex(UInt(affect.rawValue))) to \(Self.hex(UInt(values.rawValue)))")
        latched = latched.subtracting(affect).union(values)
    }

    func lockModifiers(_ affect: ModifierMask, to values: ModifierMask) {
        record("lock \(Self.hex(UInt(affect.rawValue))) to \(Self.hex(UInt(values.rawValue)))")
        locked = locked.subtracting(affect).union(values)
    }

    func bindSpareKeycode(toKeysym keysym: UInt) -> UInt8? {
        guard !spareKeycodes.isEmpty else { return nil }
        let code = spareKeycodes.removeFirst()
        layout.levels[code] = [.init(keysym: keysym, modifierChoices: [[]])]
        record("bind \(code)")
        return code
    }

    func unbindKeycode(_ keycode: UInt8, from keysym: UInt) {
        layout.levels[keycode] = nil
        record("unbind \(keycode)")
    }
}

func keysym(_ name: String) -> UInt { UInt(Keysyms.byName[name]!) }

extension KeyboardLayout {
    /// A few keys of xkeyboard-config's pc105 `de` with evdev keycodes (Tab 23, q 24, e 26,
    /// plus 35, a 38, Control_L 37, Shift_L 50, Shift_R 62, Alt_L 64, Caps_Lock 66, AltGr 92
    /// and 108, Mode_switch 203): FOUR_LEVEL_SEMIALPHABETIC letters (Shift or Lock: level 2;
    /// LevelThree = Mod5: level 3), the FOUR_LEVEL `plus` key, and the modifier keys, with
    /// Mode_switch in Mod5's row as pc's symbols put it. A German layout, so that levels
    /// beyond Shift are exercised.
    static var germanPC105: KeyboardLayout {
        let two: [ModifierMask] = [.shift, .capsLock], three: [ModifierMask] = [.mod5], four: [ModifierMask] = [[.shift, .mod5], [.capsLock, .mod5]]
        func key(_ names: [String]) -> [KeyboardLayout.Level] {
            zip(names, [[[]], two, three, four]).map { KeyboardLayout.Level(keysym: keysym($0), modifierChoices: $1) }
        }
        return KeyboardLayout(
            levels: [
                23: [.init(keysym: keysym("Tab"), modifierChoices: [[]]), .init(keysym: keysym("ISO_Left_Tab"), modifierChoices: [.shift])],
                24: key(["q", "Q", "at", "Greek_OMEGA"]),
                26: key(["e", "E", "EuroSign", "EuroSign"]),
                35: key(["plus", "asterisk", "asciitilde", "macron"]),
                38: key(["a", "A", "ae", "AE"]),
                37: key(["Control_L"]), 50: key(["Shift_L"]), 64: key(["Alt_L", "Meta_L"]), 62: key(["Shift_R"]), 66: key(["Caps_Lock"]),
                92: key(["ISO_Level3_Shift"]), 108: key(["ISO_Level3_Shift"]), 203: key(["Mode_switch"]),
            ],
            modifierKeys: [37: .control, 50: .shift, 64: .mod1, 62: .shift, 66: .capsLock, 92: .mod5, 108: .mod5, 203: .mod5],
            levelModifiers: [24: [.shift, .capsLock, .mod5], 26: [.shift, .capsLock, .mod5], 35: [.shift, .mod5], 38: [.shift, .capsLock, .mod5]])
    }
}
