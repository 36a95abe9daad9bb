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

    static let shift: UInt32 = 0x1, control: UInt32 = 0x4, mod1: UInt32 = 0x8, mod5: UInt32 = 0x80

    /// The KeyPresses a window must receive for each combination, per layout: the level's
    /// modifiers pressed before the key, the key with exactly the modifiers it needs.
    static let expected: [String: [(combo: String, presses: [WindowKeyEvent])]] = [
        "us": [
            ("plus", [.press("Shift_L", 0), .press("plus", shift)]),
            ("A", [.press("Shift_L", 0), .press("A", shift)]),
            ("ctrl+plus", [.press("Control_L", 0), .press("Shift_L", control), .press("plus", control | shift)]),
            ("at", [.press("Shift_L", 0), .press("at", shift)]),
            // Not in the layout: a spare keycode, no modifier.
            ("EuroSign", [.press("EuroSign", 0)]),
            // meta is Meta_L, the second level of pc's `<LALT> { [ Alt_L, Meta_L ] }`: that
            // key alone, Alt (Mod1) for the key after it — not Shift+Alt.
            ("meta+a", [.press("Alt_L", 0), .press("a", mod1)]),
        ],
        "de": [
            ("plus", [.press("plus", 0)]),
            ("A", [.press("Shift_L", 0), .press("A", shift)]),
            ("ctrl+plus", [.press("Control_L", 0), .press("plus", control)]),
            ("at", [.press("ISO_Level3_Shift", 0), .press("at", mod5)]),
            ("EuroSign", [.press("ISO_Level3_Shift", 0), .press("EuroSign", mod5)]),
            ("meta+a", [.press("Alt_L", 0), .press("a", mod1)]),
        ],
    ]


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
    static func fire(_ combo: String, performer: ActionPerformer, window: XvfbSession.TestWindow, expecting expected: [WindowKeyEvent]) throws -> [WindowKeyEvent] {
        let before = window.output.count
        guard case .success(let keys) = KeyCombo.parse(combo) else { throw FixtureError(description: "bad combo \(combo)") }
        performer.perform(ActionRequest(gesture: "test", state: .recognized, action: .keys(keys), window: nil, values: GestureValues(), time: .zero))
        _ = window.output.wait { _ in WindowKeyEvent.presses(in: window.output.lines(from: before)).count >= expected.count }
        return WindowKeyEvent.presses(in: window.output.lines(from: before))
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
        let cases: [(layout: String, presses: [WindowKeyEvent], decision: String)] = [
            ("us", [.press("Shift_L", 0), .press("at", Self.shift)], "keys at: at: keycode 11 level 2 with modifiers 0x1"),
            ("de", [.press("ISO_Level3_Shift", 0), .press("at", Self.mod5)], "keys at: at: keycode 24 level 3 with modifiers 0x80"),
        ]
        for (layout, presses, decision) in cases {
            if layout != "us" { try Self.setLayout(layout, on: x, window: w) }
            let before = w.output.count
            x.pointerDrag(from: Point(x: 150, y: 200), by: Vector(dx: 20, dy: 0))
            #expect(w.output.wait { _ in WindowKeyEvent.presses(in: w.output.lines(from: before)).contains(presses.last!) } != nil, "\(layout): \(w.output.lines.suffix(6))")
            #expect(WindowKeyEvent.presses(in: w.output.lines(from: before)) == presses, "\(layout)")
            #expect(daemon.output!.wait { $0.contains(decision) } != nil, "\(daemon.output!.lines.suffix(10))")
            #expect(x.server.keycodesDown() == [])
        }
    }
}
