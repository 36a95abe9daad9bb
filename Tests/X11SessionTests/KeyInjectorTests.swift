import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// `keys:` at the X seam, against the fake server's keyboard map after xkeyboard-config's
/// pc105 `de` layout (``KeyboardLayout/germanPC105``): the order of presses and releases, the level's
/// modifiers, the user's modifiers set aside and back, and that a combination that cannot
/// be sent presses nothing. What a real window receives is
/// KeysLayoutXvfbTests' and HeldModifiersXorgTests' part.
@Suite struct KeyInjectorTests {
    func press(_ combo: String, on keyboard: FakeX) -> KeyInjector {
        let injector = KeyInjector(server: keyboard)
        guard case .success(let keys) = KeyCombo.parse(combo) else { Issue.record("bad combo \(combo)"); return injector }
        injector.press(keys)
        return injector
    }

    @Test func aLevelsModifiersArePressedAroundItsKeyAndReleasedInReverse() {
        let keyboard = FakeX()
        _ = press("ctrl+at", on: keyboard)
        // AltGr is ISO_Level3_Shift (the lowest such keycode), never Mode_switch.
        #expect(keyboard.log == ["key 37 down", "key 92 down", "key 24 down", "key 24 up", "key 92 up", "key 37 up"])
        keyboard.log = []
        _ = press("A", on: keyboard)
        #expect(keyboard.log == ["key 50 down", "key 38 down", "key 38 up", "key 50 up"], "Shift, never Caps Lock, for a capital")
        keyboard.log = []
        _ = press("shift+A", on: keyboard)
        #expect(keyboard.log == ["key 50 down", "key 38 down", "key 38 up", "key 50 up"], "the combination's Shift serves the level")
        keyboard.log = []
        _ = press("plus", on: keyboard)
        #expect(keyboard.log == ["key 35 down", "key 35 up"])
        keyboard.log = []
        // Meta_L is the second level of Alt_L's key (pc): the key alone sets Mod1 either way.
        _ = press("meta+a", on: keyboard)
        #expect(keyboard.log == ["key 64 down", "key 38 down", "key 38 up", "key 64 up"])
        #expect(keyboard.down.isEmpty)
    }

    @Test func heldModifiersAreReleasedForTheCombinationAndPressedAgainAfter() {
        let keyboard = FakeX()
        keyboard.down = [62, 35]  // Shift_R held, and a key that is not a modifier
        _ = press("e", on: keyboard)
        #expect(keyboard.log == ["key 62 up", "key 26 down", "key 26 up", "key 62 down"])
        #expect(keyboard.down == [62, 35])
    }

    @Test func latchedModifiersAndLocksThatChooseALevelAreClearedForTheCombinationAndSetAgain() {
        let keyboard = FakeX()
        keyboard.down = [66]  // Caps Lock held: not released (a second press would toggle it)
        keyboard.locked = [.capsLock, .mod2]
        keyboard.latched = .shift
        _ = press("a", on: keyboard)
        // Num Lock chooses no level of a letter: left on (no LED blinking at each combination).
        #expect(keyboard.log == ["lock 0x2 to 0x0", "latch 0x1 to 0x0", "key 38 down", "key 38 up", "lock 0x2 to 0x2", "latch 0x1 to 0x1"])
        #expect(keyboard.locked == [.capsLock, .mod2] && keyboard.latched == .shift && keyboard.down == [66])
        keyboard.log = []
        keyboard.latched = []
        _ = press("ctrl+Control_L", on: keyboard)
        #expect(keyboard.log == ["key 37 down", "key 37 up"], "Caps Lock chooses no level of Control")
    }

    @Test func aCombinationThatCannotBeSentPressesNothing() {
        // A keysym neither in the layout nor bindable (no spare keycode) after a modifier and a
        // level's AltGr: nothing is pressed (no half combination), the held Shift untouched.
        let keyboard = FakeX()
        keyboard.down = [50]
        var messages: [String] = []
        let injector = KeyInjector(server: keyboard)
        injector.log = { messages.append($0) }
        injector.press(KeyCombo(keys: ["Control_L", "EuroSign", "ecircumflex"]))
        #expect(keyboard.log == [])
        #expect(messages == ["no keycode for ecircumflex, and none spare to bind it to"])
        // A level whose modifier no key sets (AltGr gone from the map).
        keyboard.layout.modifierKeys = keyboard.layout.modifierKeys.filter { $0.value != .mod5 }
        injector.press(KeyCombo(keys: ["Control_L", "at"]))
        #expect(keyboard.log == [])
        #expect(messages.last?.hasPrefix("no key sets the modifier 0x80 that at needs") == true)
        // An unknown name.
        injector.press(KeyCombo(keys: ["Control_L", "nosuchkey"]))
        #expect(keyboard.log == [])
        #expect(messages.last == "unknown key nosuchkey")
        #expect(keyboard.down == [50])
    }

    @Test func aKeysymTheLayoutLacksGetsASpareKeycodeWithoutModifiers() {
        let keyboard = FakeX()
        keyboard.spareKeycodes = [255]
        let injector = press("ctrl+ecircumflex", on: keyboard)
        // Bound before any key goes down.
        #expect(keyboard.log == ["bind 255", "key 37 down", "key 255 down", "key 255 up", "key 37 up"])
        // Kept for the next press, undone on shutdown.
        keyboard.log = []
        injector.press(KeyCombo(keys: ["ecircumflex"]))
        #expect(keyboard.log == ["key 255 down", "key 255 up"])
        injector.releaseBindings()
        #expect(keyboard.log.last == "unbind 255")
    }

    @Test func theLowestLevelThenTheLowestKeycodeTypesAKeysym() {
        var layout = KeyboardLayout.germanPC105
        layout.levels[10] = [.init(keysym: keysym("1"), modifierChoices: [[]]), .init(keysym: keysym("plus"), modifierChoices: [.shift])]
        layout.levels[86] = [.init(keysym: keysym("KP_Add"), modifierChoices: [[]]), .init(keysym: keysym("plus"), modifierChoices: [.mod2])]
        #expect(layout.placement(of: keysym("plus")) == .init(keycode: 35, level: 0, modifiers: []))
        layout.levels[35] = nil
        #expect(layout.placement(of: keysym("plus")) == .init(keycode: 10, level: 1, modifiers: .shift))
        layout.levels[10] = nil
        #expect(layout.placement(of: keysym("plus")) == nil, "reached only with Num Lock, a lock: not a level to press")
    }
}
