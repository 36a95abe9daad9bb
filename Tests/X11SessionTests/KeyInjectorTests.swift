import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// `keys:` at the X seam, against a keyboard map written here after xkeyboard-config's pc105
/// `de` layout (the keycodes of evdev): the order of presses and releases, the level's
/// modifiers, the user's modifiers set aside and back, and that a combination that cannot
/// be sent presses nothing. What a real window receives is
/// KeysLayoutXvfbTests' and HeldModifiersXorgTests' part.
@Suite struct KeyInjectorTests {
    /// The keyboard part of the X server (HeldKeysTests' desktop adds the windows to it).
    class FakeKeyboard: KeyInjector.Server {
        var calls: [String] = []
        var down: Set<UInt8> = []
        var layout: KeyboardLayout
        var locked: ModifierMask = []
        var latched: ModifierMask = []
        var spareKeycodes: [UInt8] = []

        init(layout: KeyboardLayout) { self.layout = layout }

        func flush() {}
        func sync() {}
        func fakeKey(_ keycode: UInt8, pressed: Bool) {
            calls.append("\(keycode) \(pressed ? "down" : "up")")
            if pressed { down.insert(keycode) } else { down.remove(keycode) }
        }
        func fakeButton(_ button: UInt32, pressed: Bool) {}
        func fakeMotion(to point: Point) {}
        func keycode(forKeysym keysym: UInt) -> UInt8? { layout.placement(of: keysym)?.keycode }
        func keyboardState() -> KeyboardState { KeyboardState(keysDown: down.sorted(), group: 0, latched: latched, locked: locked) }
        func keyboardLayout(group: Int) -> KeyboardLayout? { layout }
        func latchModifiers(_ affect: ModifierMask, to values: ModifierMask) {
            calls.append("latch 0x\(String(affect.rawValue, radix: 16)) to 0x\(String(values.rawValue, radix: 16))")
            latched = latched.subtracting(affect).union(values)
        }
        func lockModifiers(_ affect: ModifierMask, to values: ModifierMask) {
            calls.append("lock 0x\(String(affect.rawValue, radix: 16)) to 0x\(String(values.rawValue, radix: 16))")
            locked = locked.subtracting(affect).union(values)
        }
        func bindSpareKeycode(toKeysym keysym: UInt) -> UInt8? {
            guard !spareKeycodes.isEmpty else { return nil }
            let code = spareKeycodes.removeFirst()
            layout.levels[code] = [.init(keysym: keysym, modifierChoices: [[]])]
            calls.append("bind \(code)")
            return code
        }
        func unbindKeycode(_ keycode: UInt8, from keysym: UInt) {
            layout.levels[keycode] = nil
            calls.append("unbind \(keycode)")
        }
    }

    static func sym(_ name: String) -> UInt { UInt(Keysyms.byName[name]!) }

    /// A few keys of pc105 `de`: FOUR_LEVEL_SEMIALPHABETIC letters (Shift or Lock: level 2;
    /// LevelThree = Mod5: level 3), FOUR_LEVEL `plus` key, and the modifier keys, with
    /// Mode_switch in Mod5's row as pc's symbols put it.
    static func germanLayout() -> KeyboardLayout {
        let two: [ModifierMask] = [.shift, .capsLock], three: [ModifierMask] = [.mod5], four: [ModifierMask] = [[.shift, .mod5], [.capsLock, .mod5]]
        func key(_ names: [String]) -> [KeyboardLayout.Level] {
            zip(names, [[[]], two, three, four]).map { KeyboardLayout.Level(keysym: sym($0), modifierChoices: $1) }
        }
        return KeyboardLayout(
            levels: [
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

    func press(_ combo: String, on keyboard: FakeKeyboard) -> KeyInjector {
        let injector = KeyInjector(server: keyboard)
        guard case .success(let keys) = KeyCombo.parse(combo) else { Issue.record("bad combo \(combo)"); return injector }
        injector.press(keys)
        return injector
    }

    @Test func aLevelsModifiersArePressedAroundItsKeyAndReleasedInReverse() {
        let keyboard = FakeKeyboard(layout: Self.germanLayout())
        _ = press("ctrl+at", on: keyboard)
        // AltGr is ISO_Level3_Shift (the lowest such keycode), never Mode_switch.
        #expect(keyboard.calls == ["37 down", "92 down", "24 down", "24 up", "92 up", "37 up"])
        keyboard.calls = []
        _ = press("A", on: keyboard)
        #expect(keyboard.calls == ["50 down", "38 down", "38 up", "50 up"], "Shift, never Caps Lock, for a capital")
        keyboard.calls = []
        _ = press("shift+A", on: keyboard)
        #expect(keyboard.calls == ["50 down", "38 down", "38 up", "50 up"], "the combination's Shift serves the level")
        keyboard.calls = []
        _ = press("plus", on: keyboard)
        #expect(keyboard.calls == ["35 down", "35 up"])
        keyboard.calls = []
        // Meta_L is the second level of Alt_L's key (pc): the key alone sets Mod1 either way.
        _ = press("meta+a", on: keyboard)
        #expect(keyboard.calls == ["64 down", "38 down", "38 up", "64 up"])
        #expect(keyboard.down.isEmpty)
    }

    @Test func heldModifiersAreReleasedForTheCombinationAndPressedAgainAfter() {
        let keyboard = FakeKeyboard(layout: Self.germanLayout())
        keyboard.down = [62, 35]  // Shift_R held, and a key that is not a modifier
        _ = press("e", on: keyboard)
        #expect(keyboard.calls == ["62 up", "26 down", "26 up", "62 down"])
        #expect(keyboard.down == [62, 35])
    }

    @Test func latchedModifiersAndLocksThatChooseALevelAreClearedForTheCombinationAndSetAgain() {
        let keyboard = FakeKeyboard(layout: Self.germanLayout())
        keyboard.down = [66]  // Caps Lock held: not released (a second press would toggle it)
        keyboard.locked = [.capsLock, .mod2]
        keyboard.latched = .shift
        _ = press("a", on: keyboard)
        // Num Lock chooses no level of a letter: left on (no LED blinking at each combination).
        #expect(keyboard.calls == ["lock 0x2 to 0x0", "latch 0x1 to 0x0", "38 down", "38 up", "lock 0x2 to 0x2", "latch 0x1 to 0x1"])
        #expect(keyboard.locked == [.capsLock, .mod2] && keyboard.latched == .shift && keyboard.down == [66])
        keyboard.calls = []
        keyboard.latched = []
        _ = press("ctrl+Control_L", on: keyboard)
        #expect(keyboard.calls == ["37 down", "37 up"], "Caps Lock chooses no level of Control")
    }

    @Test func aCombinationThatCannotBeSentPressesNothing() {
        // A keysym neither in the layout nor bindable (no spare keycode) after a modifier and a
        // level's AltGr: nothing is pressed (no half combination), the held Shift untouched.
        let keyboard = FakeKeyboard(layout: Self.germanLayout())
        keyboard.down = [50]
        var messages: [String] = []
        let injector = KeyInjector(server: keyboard)
        injector.log = { messages.append($0) }
        injector.press(KeyCombo(keys: ["Control_L", "EuroSign", "ecircumflex"]))
        #expect(keyboard.calls == [])
        #expect(messages == ["no keycode for ecircumflex, and none spare to bind it to"])
        // A level whose modifier no key sets (AltGr gone from the map).
        keyboard.layout.modifierKeys = keyboard.layout.modifierKeys.filter { $0.value != .mod5 }
        injector.press(KeyCombo(keys: ["Control_L", "at"]))
        #expect(keyboard.calls == [])
        #expect(messages.last?.hasPrefix("no key sets the modifier 0x80 that at needs") == true)
        // An unknown name.
        injector.press(KeyCombo(keys: ["Control_L", "nosuchkey"]))
        #expect(keyboard.calls == [])
        #expect(messages.last == "unknown key nosuchkey")
        #expect(keyboard.down == [50])
    }

    @Test func aKeysymTheLayoutLacksGetsASpareKeycodeWithoutModifiers() {
        let keyboard = FakeKeyboard(layout: Self.germanLayout())
        keyboard.spareKeycodes = [255]
        let injector = press("ctrl+ecircumflex", on: keyboard)
        // Bound before any key goes down.
        #expect(keyboard.calls == ["bind 255", "37 down", "255 down", "255 up", "37 up"])
        // Kept for the next press, undone on shutdown.
        keyboard.calls = []
        injector.press(KeyCombo(keys: ["ecircumflex"]))
        #expect(keyboard.calls == ["255 down", "255 up"])
        injector.releaseBindings()
        #expect(keyboard.calls.last == "unbind 255")
    }

    @Test func theLowestLevelThenTheLowestKeycodeTypesAKeysym() {
        var layout = Self.germanLayout()
        layout.levels[10] = [.init(keysym: Self.sym("1"), modifierChoices: [[]]), .init(keysym: Self.sym("plus"), modifierChoices: [.shift])]
        layout.levels[86] = [.init(keysym: Self.sym("KP_Add"), modifierChoices: [[]]), .init(keysym: Self.sym("plus"), modifierChoices: [.mod2])]
        #expect(layout.placement(of: Self.sym("plus")) == .init(keycode: 35, level: 0, modifiers: []))
        layout.levels[35] = nil
        #expect(layout.placement(of: Self.sym("plus")) == .init(keycode: 10, level: 1, modifiers: .shift))
        layout.levels[10] = nil
        #expect(layout.placement(of: Self.sym("plus")) == nil, "reached only with Num Lock, a lock: not a level to press")
    }
}
