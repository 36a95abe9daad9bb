import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// `keys:` as written, whatever the layout: a real client window on Xvfb reports each
/// KeyPress as Xlib resolves it (keysym and modifier state), for layouts set with setxkbmap.
/// What each combination must give comes from xkeyboard-config's symbols files: `us` has
/// `key <AE12> { [ equal, plus ] }`, `<AE02> { [ 2, at ] }` and no EuroSign; `de` has
/// `<AD12> { [ plus, asterisk, … ] }`, `<AD01> q Q at` (latin(type4)), `<AD03> { [ e, E,
/// EuroSign, … ] }` and AltGr as ISO_Level3_Shift (level3(ralt_switch)), which sets Mod5.
@Suite(.serialized) struct KeysLayoutXvfbTests {
    /// One KeyPress as the window saw it.
    struct Press: Equatable, CustomStringConvertible {
        var keysym: String
        var state: UInt32
        var description: String { "\(keysym)/0x\(String(state, radix: 16))" }
    }

    static let shift: UInt32 = 0x1, control: UInt32 = 0x4, mod1: UInt32 = 0x8, mod5: UInt32 = 0x80

    /// The KeyPresses a window must receive for each combination, per layout: the level's
    /// modifiers pressed before the key, the key with exactly the modifiers it needs.
    static let expected: [String: [(combo: String, presses: [Press])]] = [
        "us": [
            ("plus", [Press(keysym: "Shift_L", state: 0), Press(keysym: "plus", state: shift)]),
            ("A", [Press(keysym: "Shift_L", state: 0), Press(keysym: "A", state: shift)]),
            ("ctrl+plus", [Press(keysym: "Control_L", state: 0), Press(keysym: "Shift_L", state: control), Press(keysym: "plus", state: control | shift)]),
            ("at", [Press(keysym: "Shift_L", state: 0), Press(keysym: "at", state: shift)]),
            // Not in the layout: a spare keycode, no modifier.
            ("EuroSign", [Press(keysym: "EuroSign", state: 0)]),
            // meta is Meta_L, the second level of pc's `<LALT> { [ Alt_L, Meta_L ] }`: that
            // key alone, Alt (Mod1) for the key after it — not Shift+Alt.
            ("meta+a", [Press(keysym: "Alt_L", state: 0), Press(keysym: "a", state: mod1)]),
        ],
        "de": [
            ("plus", [Press(keysym: "plus", state: 0)]),
            ("A", [Press(keysym: "Shift_L", state: 0), Press(keysym: "A", state: shift)]),
            ("ctrl+plus", [Press(keysym: "Control_L", state: 0), Press(keysym: "plus", state: control)]),
            ("at", [Press(keysym: "ISO_Level3_Shift", state: 0), Press(keysym: "at", state: mod5)]),
            ("EuroSign", [Press(keysym: "ISO_Level3_Shift", state: 0), Press(keysym: "EuroSign", state: mod5)]),
            ("meta+a", [Press(keysym: "Alt_L", state: 0), Press(keysym: "a", state: mod1)]),
        ],
    ]

    /// `key TEXT KEYSYM state 0xMASK` → the keysym and state (the text is Xlib's Latin-1
    /// rendering, not what is judged).
    static func press(_ line: String) -> Press? {
        let parts = line.split(separator: " ")
        guard parts.count >= 5, parts[0] == "key", parts[parts.count - 2] == "state",
              let state = UInt32(parts[parts.count - 1].dropFirst(2), radix: 16) else { return nil }
        return Press(keysym: String(parts[parts.count - 3]), state: state)
    }

    /// Runs `setxkbmap LAYOUT` on the display and waits until the window has been told of
    /// the new map (an XKB notification): key events after that are read with the new layout.
    /// `options`: more arguments (`-option grp:caps_toggle`).
    static func setLayout(_ layout: String, options: [String] = [], on x: XvfbSession, window: XvfbSession.TestWindow) throws {
        let before = window.output.count
        let tool = try Child(["setxkbmap", "-display", x.display, layout] + options, environment: ["PATH=/usr/bin:/bin"], capture: false)
        #expect(tool.waitForExit(timeout: 10) == 0, "setxkbmap \(layout)")
        #expect(window.output.wait { _ in window.output.lines(from: before).contains { $0.hasPrefix("keyboard-changed ") } } != nil, "no XKB notification after setxkbmap \(layout)")
    }

    static func focusedWindow(on x: XvfbSession, performer: ActionPerformer, class cls: String = "Editor") throws -> XvfbSession.TestWindow {
        let w = try x.openWindow(class: cls, title: cls.lowercased(), keyState: true)
        performer.perform(ActionRequest(gesture: "test", state: .recognized, action: .window(.raise, window: UInt64(w.id)), window: nil, values: GestureValues(), time: .zero))
        #expect(w.output.wait { $0 == "focus-in" } != nil)
        return w
    }

    /// Fires `keys: COMBO` and returns the KeyPresses the window received for it, once as
    /// many as `expected` have arrived (or after 5 s). A press too many shows in this
    /// combination's list or in the next one's.
    static func fire(_ combo: String, performer: ActionPerformer, window: XvfbSession.TestWindow, expecting expected: [Press]) throws -> [Press] {
        let before = window.output.count
        guard case .success(let keys) = KeyCombo.parse(combo) else { throw FixtureError(description: "bad combo \(combo)") }
        performer.perform(ActionRequest(gesture: "test", state: .recognized, action: .keys(keys), window: nil, values: GestureValues(), time: .zero))
        _ = window.output.wait { _ in window.output.lines(from: before).compactMap(press).count >= expected.count }
        return window.output.lines(from: before).compactMap(press)
    }

    @Test(arguments: ["us", "de"])
    func keysArriveAsTheLayoutTypesThem(layout: String) throws {
        let x = try XvfbSession()
        let performer = ActionPerformer(server: x.server)
        let w = try Self.focusedWindow(on: x, performer: performer)
        try Self.setLayout(layout, on: x, window: w)
        for (combo, presses) in Self.expected[layout]! {
            let received = try Self.fire(combo, performer: performer, window: w, expecting: presses)
            #expect(received == presses, "\(layout) \(combo): \(received)")
            x.server.sync()
            #expect(x.server.keycodesDown() == [], "\(layout) \(combo): keys left down")
            #expect(x.server.keyboardState().locked == [] && x.server.keyboardState().latched == [])
        }
    }

    /// Through `tactus run`: a pointer-trigger drag fires `keys: at`, typed as the US layout
    /// types it (Shift+2); the layout then changes to German under the running daemon
    /// (setxkbmap), and the same drag types AltGr+q. The daemon's debug log says which key
    /// and level each time.
    @Test func theDaemonTypesKeysAsTheLayoutInForce() throws {
        let x = try XvfbSession()
        let performer = ActionPerformer(server: x.server)
        // The class the drag's profile matches.
        let w = try Self.focusedWindow(on: x, performer: performer, class: "Demo")
        try Self.setLayout("us", on: x, window: w)
        let config = DaemonXvfbTests.dragConfig.replacingOccurrences(of: "keys: ctrl+c", with: "keys: at")
        let daemon = try x.startDaemon(config: config)
        for (layout, presses, decision) in [
            ("us", [Press(keysym: "Shift_L", state: 0), Press(keysym: "at", state: Self.shift)], "keys at: at: keycode 11 level 2 with modifiers 0x1"),
            ("de", [Press(keysym: "ISO_Level3_Shift", state: 0), Press(keysym: "at", state: Self.mod5)], "keys at: at: keycode 24 level 3 with modifiers 0x80"),
        ] {
            if layout != "us" { try Self.setLayout(layout, on: x, window: w) }
            let before = w.output.count
            x.pointerDrag(from: Point(x: 150, y: 200), by: Vector(dx: 20, dy: 0))
            #expect(w.output.wait { _ in w.output.lines(from: before).compactMap(Self.press).contains(presses.last!) } != nil, "\(layout): \(w.output.lines.suffix(6))")
            #expect(Array(w.output.lines(from: before).compactMap(Self.press)) == presses, "\(layout)")
            #expect(daemon.output!.wait { $0.contains(decision) } != nil, "\(daemon.output!.lines.suffix(10))")
            #expect(x.server.keycodesDown() == [])
        }
    }
}
