import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// `keys:` against the state of a real keyboard (Xorg's inputtest keyboard, not XTest):
/// modifiers the user holds do not leak into the keys — they arrive as written — and are in
/// force again after them; a locked Caps Lock neither; a second layout the user switched to
/// is the one typed. The window reports what it received (see KeysLayoutXvfbTests);
/// xkeyboard-config's `us` and `de` give the expectations.
@Suite(.serialized) struct KeysRealKeyboardXorgTests {
    static let shift = KeysLayoutXvfbTests.shift, control = KeysLayoutXvfbTests.control, lock: UInt32 = 0x2
    /// X keycodes of the pc105 keyboard (evdev): Shift_L, Control_L, Caps_Lock, Num_Lock, b.
    static let shiftL: UInt8 = 50, controlL: UInt8 = 37, capsLock: UInt8 = 66, numLock: UInt8 = 77, keyB: UInt8 = 56
    /// Num Lock's modifier in pc's map.
    static let mod2: UInt32 = 0x10

    func start(layout: String = "us", options: [String] = []) throws -> (XvfbSession, ActionPerformer, XvfbSession.TestWindow, InputTestDevice) {
        let x = try XvfbSession(backend: .xorg)
        let performer = ActionPerformer(server: x.server)
        let w = try KeysLayoutXvfbTests.focusedWindow(on: x, performer: performer)
        try KeysLayoutXvfbTests.setLayout(layout, options: options, on: x, window: w)
        return (x, performer, w, try InputTestDevice(path: x.deviceSockets["keyboard"]!))
    }

    /// Presses (or releases) keys of the physical keyboard and waits until the window saw the
    /// presses.
    func physical(_ keys: [UInt8], pressed: Bool, keyboard: InputTestDevice, window: XvfbSession.TestWindow, seen: [String] = []) throws {
        let before = window.output.count
        for k in keys { try keyboard.key(k, pressed: pressed) }
        for keysym in seen {
            #expect(window.output.wait { _ in WindowKeyEvent.presses(in: window.output.lines(from: before)).contains { $0.keysym == keysym } } != nil, "\(keysym) not seen")
        }
    }

    @Test func heldShiftAndControlAreReleasedForTheCombinationAndInForceAfter() throws {
        let (x, performer, w, keyboard) = try start()
        try physical([Self.controlL, Self.shiftL], pressed: true, keyboard: keyboard, window: w, seen: ["Control_L", "Shift_L"])
        #expect(x.server.keycodesDown() == [Self.controlL, Self.shiftL])
        // What was held comes back after the combination (Control, then Shift): seen as presses.
        let restored = [WindowKeyEvent.press("Control_L", 0), WindowKeyEvent.press("Shift_L", Self.control)]
        let cases: [(combo: String, presses: [WindowKeyEvent])] = [
            ("b", [WindowKeyEvent.press("b", 0)]),
            ("at", [WindowKeyEvent.press("Shift_L", 0), WindowKeyEvent.press("at", Self.shift)]),
            ("ctrl+plus", [WindowKeyEvent.press("Control_L", 0), WindowKeyEvent.press("Shift_L", Self.control), WindowKeyEvent.press("plus", Self.control | Self.shift)]),
        ]
        for (combo, presses) in cases {
            let received = try KeysLayoutXvfbTests.fire(combo, performer: performer, window: w, expecting: presses + restored)
            #expect(received == presses + restored, "\(combo): \(received)")
            x.server.sync()
            #expect(x.server.keycodesDown() == [Self.controlL, Self.shiftL], "\(combo): the held keys are down again, nothing else")
        }
        // The user's next key still has their modifiers; once they let go, nothing is down.
        try physical([Self.keyB], pressed: true, keyboard: keyboard, window: w, seen: ["B"])
        #expect(WindowKeyEvent.presses(in: w.output.lines).last == WindowKeyEvent.press("B", Self.control | Self.shift))
        try physical([Self.keyB, Self.shiftL, Self.controlL], pressed: false, keyboard: keyboard, window: w)
        #expect(x.poll { x.server.keycodesDown() == [] }, "\(x.server.keycodesDown())")
        try physical([Self.keyB], pressed: true, keyboard: keyboard, window: w, seen: ["b"])
        #expect(WindowKeyEvent.presses(in: w.output.lines).last == WindowKeyEvent.press("b", 0))
        try keyboard.key(Self.keyB, pressed: false)
    }

    /// Caps Lock chooses a letter's level: lifted for the keys, locked again after. Num Lock
    /// chooses none of a letter's: left on (the keys carry it, as from the keyboard).
    @Test func aLockedCapsLockDoesNotChangeTheKeysAndStaysLocked() throws {
        let (x, performer, w, keyboard) = try start()
        for lock in [Self.capsLock, Self.numLock] {
            try physical([lock], pressed: true, keyboard: keyboard, window: w, seen: [lock == Self.capsLock ? "Caps_Lock" : "Num_Lock"])
            try keyboard.key(lock, pressed: false)
        }
        let locks: ModifierMask = [.capsLock, .mod2]
        #expect(x.poll { x.server.keyboardState().locked == locks })
        for (combo, presses) in [("b", [WindowKeyEvent.press("b", Self.mod2)]), ("A", [WindowKeyEvent.press("Shift_L", Self.mod2), WindowKeyEvent.press("A", Self.shift | Self.mod2)])] {
            let received = try KeysLayoutXvfbTests.fire(combo, performer: performer, window: w, expecting: presses)
            #expect(received == presses, "\(combo): \(received)")
            x.server.sync()
            #expect(x.server.keycodesDown() == [])
            #expect(x.poll { x.server.keyboardState().locked == locks }, "Caps Lock and Num Lock locked again after \(combo)")
        }
        try physical([Self.keyB], pressed: true, keyboard: keyboard, window: w, seen: ["B"])
        #expect(WindowKeyEvent.presses(in: w.output.lines).last == WindowKeyEvent.press("B", Self.lock | Self.mod2))
        try keyboard.key(Self.keyB, pressed: false)
    }

    /// `us,de` with Caps Lock switching between them: after the user switches to the second
    /// group (German), keys are typed as German does, the group bits (0x2000) in every state.
    @Test func theLayoutTheUserSwitchedToIsTheOneTyped() throws {
        let (x, performer, w, keyboard) = try start(layout: "us,de", options: ["-option", "grp:caps_toggle"])
        // With grp:caps_toggle, Caps Lock is ISO_Next_Group.
        try physical([Self.capsLock], pressed: true, keyboard: keyboard, window: w, seen: ["ISO_Next_Group"])
        try keyboard.key(Self.capsLock, pressed: false)
        #expect(x.poll { x.server.keyboardState().group == 1 })
        let german: UInt32 = 0x2000
        let cases: [(combo: String, presses: [WindowKeyEvent])] = [
            ("plus", [WindowKeyEvent.press("plus", german)]),
            ("at", [WindowKeyEvent.press("ISO_Level3_Shift", german), WindowKeyEvent.press("at", german | KeysLayoutXvfbTests.mod5)]),
            ("A", [WindowKeyEvent.press("Shift_L", german), WindowKeyEvent.press("A", german | Self.shift)]),
        ]
        for (combo, presses) in cases {
            let received = try KeysLayoutXvfbTests.fire(combo, performer: performer, window: w, expecting: presses)
            #expect(received == presses, "\(combo): \(received)")
            x.server.sync()
            #expect(x.server.keycodesDown() == [])
            #expect(x.server.keyboardState().group == 1, "still the German layout after \(combo)")
        }
    }
}
