import GestureImport
import GestureProfiles
import Testing

/// Touchégg 1 files (`<action type="MOUSE_CLICK">BUTTON=3</action>`): every translation
/// against Touchégg 1.1.1's source (github.com/JoseExposito/touchegg, tag 1.1.1,
/// touchegg/src/touchegg/…).
@Suite struct ToucheggLegacyImportTests {
    @Test func aTouchegg1FileImportsAsTouchegg1ReadsIt() throws {
        let source = try fixture("touchegg1-laptop.conf")
        let imported = try importFixture("touchegg1-laptop.conf")
        func at(_ marker: String, _ n: Int = 1) -> Int { line(of: marker, in: source, occurrence: n) }
        let apps = "firefox+chromium-browser"
        // SendKeys.cpp sends _NET_ACTIVE_WINDOW for the gesture's window before the keys, and
        // holds Control_L, Alt_L, Shift_L for Control, Alt, Shift.
        let raise = "window raise; "
        #expect(imported.bindings == [
            // Touchpad: the driver's swipes and pinches.
            "all tp-swipe-3-up: touchpad swipe 3 up -> window toggle-maximize @ \(at("\"3\" direction=\"UP\""))",
            "all tp-swipe-3-down: touchpad swipe 3 down -> window minimize @ \(at("\"3\" direction=\"DOWN\""))",
            // ChangeDesktop.cpp: NEXT and PREVIOUS, wrapping around (modulo the count), as Tactus does.
            "all tp-swipe-4-left: touchpad swipe 4 left -> desktop next @ \(at("\"4\" direction=\"LEFT\""))",
            "all tp-swipe-4-right: touchpad swipe 4 right -> desktop previous @ \(at("\"4\" direction=\"RIGHT\""))",
            // ShowDesktop.cpp toggles _NET_SHOWING_DESKTOP, as desktop: show does.
            "all tp-swipe-4-down: touchpad swipe 4 down -> desktop show @ \(at("\"4\" direction=\"DOWN\""))",
            // RunCommand.cpp: QProcess::startDetached(text), words without a shell.
            "all tp-swipe-4-up: touchpad swipe 4 up -> command gnome-terminal --working-directory=/home/ana @ \(at("\"4\" direction=\"UP\""))",
            // GestureFactory.cpp: PINCH IN when the radius shrinks (the fingers close).
            "all tp-pinch-5-in: touchpad pinch 5 in -> \(raise)keys Alt_L+F1 @ \(at("\"5\" direction=\"IN\""))",
            // MouseClick.cpp: BUTTON=3 clicks button 3, BUTTON=2 button 2.
            "all tap-2: tap 2 -> click 3 @ \(at("\"TAP\" fingers=\"2\""))",
            "all tap-3: tap 3 -> click 2 @ \(at("\"TAP\" fingers=\"3\""))",
            "all double-tap-1: tap 1 x2 -> click 1 @ \(at("DOUBLE_TAP"))",
            // Scroll.cpp: SPEED=7 is a wheel step every 40 - 2 x 7 = 26; INVERTED=true moves
            // the content with the fingers (buttons 4 and 5 swapped).
            "all pan-2: pan 2 ->  @ \(at("\"ALL\""))",
            "all swipe-3-up: swipe 3 up -> window toggle-maximize @ \(at("\"3\" direction=\"UP\""))",
            "all swipe-3-down: swipe 3 down -> window minimize @ \(at("\"3\" direction=\"DOWN\""))",
            "all swipe-4-left: swipe 4 left -> desktop next @ \(at("\"4\" direction=\"LEFT\""))",
            "all swipe-4-right: swipe 4 right -> desktop previous @ \(at("\"4\" direction=\"RIGHT\""))",
            "all swipe-4-down: swipe 4 down -> desktop show @ \(at("\"4\" direction=\"DOWN\""))",
            "all swipe-4-up: swipe 4 up -> command gnome-terminal --working-directory=/home/ana @ \(at("\"4\" direction=\"UP\""))",
            "all tap-5: tap 5 -> window close @ \(at("\"TAP\" fingers=\"5\""))",
            "all pinch-5-in: pinch 5 in -> \(raise)keys Alt_L+F1 @ \(at("\"5\" direction=\"IN\""))",
            "\(apps) \(apps)-tp-swipe-3-left: touchpad swipe 3 left -> \(raise)keys Alt_L+Right @ \(at("\"3\" direction=\"LEFT\""))",
            "\(apps) \(apps)-tp-swipe-3-right: touchpad swipe 3 right -> \(raise)keys Alt_L+Left @ \(at("\"3\" direction=\"RIGHT\""))",
            "\(apps) \(apps)-tp-pinch-2-out: touchpad pinch 2 out -> \(raise)keys Control_L+plus @ \(at("\"2\" direction=\"OUT\""))",
            "\(apps) \(apps)-tp-pinch-2-in: touchpad pinch 2 in -> \(raise)keys Control_L+minus @ \(at("\"2\" direction=\"IN\""))",
            "\(apps) \(apps)-swipe-3-left: swipe 3 left -> \(raise)keys Alt_L+Right @ \(at("\"3\" direction=\"LEFT\""))",
            "\(apps) \(apps)-swipe-3-right: swipe 3 right -> \(raise)keys Alt_L+Left @ \(at("\"3\" direction=\"RIGHT\""))",
            "\(apps) \(apps)-pinch-2-out: pinch 2 out -> \(raise)keys Control_L+plus @ \(at("\"2\" direction=\"OUT\""))",
            "\(apps) \(apps)-pinch-2-in: pinch 2 in -> \(raise)keys Control_L+minus @ \(at("\"2\" direction=\"IN\""))",
            "\(apps) \(apps)-tap-4: tap 4 -> \(raise)keys Control_L+Shift_L+T @ \(at("\"TAP\" fingers=\"4\""))",
            // GestureFactory.cpp: ROTATE LEFT for a negative angle delta (counterclockwise on
            // the screen), RIGHT for a positive one; on a touchpad, XI 2.4's pinch angle.
            "eog eog-tp-pinch-2-counterclockwise: touchpad pinch 2 counterclockwise -> \(raise)keys Control_L+Shift_L+R @ \(at("ROTATE"))",
            "eog eog-tp-pinch-2-clockwise: touchpad pinch 2 clockwise -> \(raise)keys Control_L+R @ \(at("ROTATE", 2))",
        ])
        let scroll = try #require(imported.file.profiles[0].gestures.first { $0.name == "pan-2" }?.scroll)
        #expect(scroll.every == 26 && scroll.natural)
        #expect(imported.header.hasPrefix("Imported by 'tactus import' from touchegg1-laptop.conf (Touchégg). A Touchégg 1 file"))
        // Everything imports; the touchpad's own two-finger scrolling stays the driver's, and
        // Tactus's touchscreen rotation takes both ways.
        #expect(imported.notes.count == 4)
        #expect(imported.notes.allSatisfy { $0.hasPrefix("setting composed_gestures_time") || $0.contains("the touchpad driver (libinput) scrolls with two fingers itself")
            || $0.contains("because a Tactus touchscreen rotation takes both ways") })
    }

    @Test func touchegg1SettingsTextFollowsItsParsers() throws {
        func only(_ type: String, _ text: String, gesture: String = "type=\"TAP\" fingers=\"2\" direction=\"\"") throws -> ImportedBinding? {
            let xml = "<touchégg><application name=\"All\"><gesture \(gesture)><action type=\"\(type)\">\(text)</action></gesture></application></touchégg>"
            return try GestureImporter.importFile(Array(xml.utf8), path: "touchegg.conf").profiles.first?.gestures.first
        }
        // MouseClick.cpp: a setting other than BUTTON=1..9 clicks button 1.
        #expect(try only("MOUSE_CLICK", "BUTTON=8")?.action == .click(8))
        #expect(try only("MOUSE_CLICK", "BUTTON=12")?.action == .click(1))
        // SendKeys.cpp: AltGr holds Alt_R; each other key is pressed and released in turn
        // while the hold-down keys stay down.
        #expect(try only("SEND_KEYS", "AltGr+e")?.action == .sequence([.window("raise"), .keys("Alt_R+e")]))
        #expect(try only("SEND_KEYS", "Control+a+c")?.action == .sequence([.window("raise"), .keys("Control_L+a"), .keys("Control_L+c")]))
        // Config.cpp keeps the last element of a gesture as its action.
        #expect(try only("MOUSE_CLICK", "BUTTON=2</action><action type=\"CLOSE_WINDOW\">")?.action == .window("close"))
        // ChangeDesktop.cpp: anything but PREVIOUS goes to the next desktop.
        #expect(try only("CHANGE_DESKTOP", "PREVIOUS")?.action == .desktop("previous"))
        // Scroll.cpp: bad settings keep a step of 30, not inverted.
        #expect(try only("SCROLL", "SPEED=fast", gesture: "type=\"DRAG\" fingers=\"3\" direction=\"ALL\"")?.scroll == ImportedScroll(every: 30, natural: false))
    }
}
