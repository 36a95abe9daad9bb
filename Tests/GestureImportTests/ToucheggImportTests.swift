import GestureImport
import Testing

/// touchegg.conf files in Touchégg's documented syntax: what becomes a touchpad binding, what
/// a touchscreen gesture, and what is refused, each with its source line.
@Suite struct ToucheggImportTests {
    @Test func aDefaultLikeFileMapsWindowDesktopKeyAndClickActions() throws {
        let source = try fixture("touchegg-default-like.conf")
        let imported = try importFixture("touchegg-default-like.conf")
        func at(_ marker: String) -> Int { line(of: marker, in: source) }
        let swipe3Up = at(#"fingers="3" direction="UP""#), swipe3Down = at(#"fingers="3" direction="DOWN""#)
        let swipe3Left = at(#"fingers="3" direction="LEFT""#)
        let swipe4Left = at(#"fingers="4" direction="LEFT""#), swipe4Right = at(#"fingers="4" direction="RIGHT""#)
        let pinch3In = at(#"PINCH" fingers="3" direction="IN""#), pinch4Out = at(#"PINCH" fingers="4" direction="OUT""#)
        let pinch4In = at(#"PINCH" fingers="4" direction="IN""#), tap2 = at(#"TAP" fingers="2""#)
        let zoomIn = at(#"PINCH" fingers="2" direction="IN""#), zoomOut = at(#"PINCH" fingers="2" direction="OUT""#)
        #expect(imported.bindings == [
            // Animated window and desktop actions are previews, on the touchpad as on the
            // touchscreen: Touchégg animates them on both and runs them at the end past
            // action_execute_threshold (animated-action.cpp).
            "all tp-swipe-3-up: touchpad swipe 3 up -> window toggle-maximize [preview] @ \(swipe3Up)",
            "all tp-swipe-3-down: touchpad swipe 3 down -> window minimize [preview] @ \(swipe3Down)",
            // tile-window.cpp / x11.cpp tileWindow: the left half of the work area.
            "all tp-swipe-3-left: touchpad swipe 3 left -> window tile-left @ \(swipe3Left)",
            // CHANGE_DESKTOP auto with natural scrolling: swipe left = next desktop.
            "all tp-swipe-4-left: touchpad swipe 4 left -> desktop next [preview] @ \(swipe4Left)",
            "all tp-swipe-4-right: touchpad swipe 4 right -> desktop previous [preview] @ \(swipe4Right)",
            // Different actions in and out: a touchpad binding for each direction.
            "all tp-pinch-3-in: touchpad pinch 3 in -> window close [preview] @ \(pinch3In)",
            "all tp-pinch-4-out: touchpad pinch 4 out -> desktop show [preview] @ \(pinch4Out)",
            "all tp-pinch-4-in: touchpad pinch 4 in -> window raise; keys Super_L+A @ \(pinch4In)",
            "all swipe-3-up: swipe 3 up -> window toggle-maximize [preview] @ \(swipe3Up)",
            "all swipe-3-down: swipe 3 down -> window minimize [preview] @ \(swipe3Down)",
            "all swipe-3-left: swipe 3 left -> window tile-left @ \(swipe3Left)",
            "all swipe-4-left: swipe 4 left -> desktop next [preview] @ \(swipe4Left)",
            "all swipe-4-right: swipe 4 right -> desktop previous [preview] @ \(swipe4Right)",
            "all pinch-3-in: pinch 3 in -> window close [preview] @ \(pinch3In)",
            "all pinch-4-out: pinch 4 out -> desktop show [preview] @ \(pinch4Out)",
            // SEND_KEYS activates the window under the gesture, then types.
            "all pinch-4-in: pinch 4 in -> window raise; keys Super_L+A @ \(pinch4In)",
            "all tap-2: tap 2 -> click 3 @ \(tap2)",
            // Mirror-image repeated pinches are one touchpad binding: scale up = zoom in.
            "google-chrome+firefox google-chrome+firefox-tp-pinch-2: touchpad pinch 2 -> began: window raise | repeat 0.1: keys Control_L+KP_Add / keys Control_L+KP_Subtract @ \(zoomIn), \(zoomOut)",
            "google-chrome+firefox google-chrome+firefox-pinch-2-in: pinch 2 in -> began: window raise | repeat 0.1: keys Control_L+KP_Add / keys Control_L+KP_Subtract @ \(zoomIn)",
            "google-chrome+firefox google-chrome+firefox-pinch-2-out: pinch 2 out -> began: window raise | repeat 0.1: keys Control_L+KP_Add / keys Control_L+KP_Subtract @ \(zoomOut)",
        ])
        let file = "touchegg-default-like.conf"
        // Not imported: the animation's looks, and <animate> where no preview was made (TILE_WINDOW's).
        let tileAnimate = at(#"TILE_WINDOW"#) + 2
        let animations = [at("animation_delay"), at("\"color\""), at("borderColor\">"), tileAnimate] + source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.contains("<animationPosition>") || $0.element.contains("<color>") || $0.element.contains("<borderColor>") }.map { $0.offset + 1 }
        let shown = animations.sorted().map(String.init).joined(separator: ", ")
        #expect(imported.notes == [
            "animations (animate, color, borderColor, animationPosition, animation_delay) (\(file):\(shown)) because Tactus draws its previews (imported as preview: true where <animate> is true on a swipe or pinch of a window or desktop action) in its own colour and at once",
        ])
        // action_execute_threshold 15 %: the previews' commit point, touchpad swipes' included
        // (Touchégg's whole touchpad swipe is the preview's whole, 500 px of the driver's motion).
        #expect(imported.file.settings.gestures.preview.commit == 0.15)
        #expect(imported.text.contains("  preview: { commit: 0.15 }"))
        // Touchégg's pinch percentage is linear in the scale (libinput-handler.cpp), Tactus's in ratios.
        #expect(imported.header.contains("A previewed touchpad pinch commits at scale 0.9 closing and 1.11 opening, where Touchégg commits at 0.85 and 1.15"), "\(imported.header)")
        // The application section matches both classes, case-insensitively, as one profile.
        let browsers = try #require(imported.file.profiles.last)
        for cls in ["Firefox", "firefox", "Google-chrome"] {
            #expect(browsers.match.matches(.init(id: 1, windowClass: cls, frame: .init(x: 0, y: 0, width: 10, height: 10))))
        }
        #expect(!browsers.match.matches(.init(id: 1, windowClass: "Firefox-esr", frame: .init(x: 0, y: 0, width: 10, height: 10))))
        #expect(imported.text.contains("# direction auto: assumes natural scrolling") == false)
        #expect(imported.text.contains("# from touchegg-default-like.conf:\(swipe4Left); direction auto: assumes natural scrolling on the touchpad"))
    }

    @Test func aCustomisedFileKeepsCommandsAppSectionsAndLaterGesturesWin() throws {
        let source = try fixture("touchegg-custom.conf")
        let imported = try importFixture("touchegg-custom.conf")
        func at(_ marker: String, _ n: Int = 1) -> Int { line(of: marker, in: source, occurrence: n) }
        let next = at(#"fingers="4" direction="LEFT""#), previous = at(#"fingers="4" direction="RIGHT""#)
        let fullscreen = at(#"fingers="4" direction="UP""#), notify = at(#"fingers="4" direction="DOWN""#)
        let brightness = at(#"PINCH" fingers="5""#), volume = at(#"DRAG" fingers="2""#)
        let shellLine = at(#"fingers="3" direction="UP""#), showDesktop = at(#"fingers="3" direction="DOWN""#)
        let firstTap = at(#"TAP" fingers="3""#), secondTap = at(#"TAP" fingers="3""#, 2)
        let tabBack = at(#"fingers="3" direction="LEFT""#), tabForward = at(#"fingers="3" direction="RIGHT""#)
        let pinchIn = at(#"PINCH" fingers="3" direction="IN""#), pinchOut = at(#"PINCH" fingers="3" direction="OUT""#)
        let notifyCommand = "command notify-send Four fingers swiped down"
        let shell = #"shell xdotool getactivewindow windowminimize && notify-send "minimized {it}""#
        let brightnessRepeat = "repeat 0.2: command brightnessctl set 5%+ / command brightnessctl set 5%-"
        #expect(imported.bindings == [
            "all tp-swipe-4-left: touchpad swipe 4 left -> desktop next @ \(next)",
            "all tp-swipe-4-right: touchpad swipe 4 right -> desktop previous @ \(previous)",
            "all tp-swipe-4-up: touchpad swipe 4 up -> window toggle-fullscreen @ \(fullscreen)",
            "all tp-swipe-4-down: touchpad swipe 4 down -> \(notifyCommand) @ \(notify)",
            // <times>5</times>: a step of 100/5 = 20% of the scale.
            "all tp-pinch-5: touchpad pinch 5 -> \(brightnessRepeat) @ \(brightness)",
            "all tp-swipe-3-up: touchpad swipe 3 up -> \(shell) @ \(shellLine)",
            "all tp-swipe-3-down: touchpad swipe 3 down -> desktop show @ \(showDesktop)",
            // The same action in and out: one touchpad binding (an "All,Evince" section).
            "all tp-pinch-3: touchpad pinch 3 -> window toggle-maximize @ \(pinchIn), \(pinchOut)",
            "all swipe-4-left: swipe 4 left -> desktop next @ \(next)",
            "all swipe-4-right: swipe 4 right -> desktop previous @ \(previous)",
            "all swipe-4-up: swipe 4 up -> window toggle-fullscreen @ \(fullscreen)",
            "all swipe-4-down: swipe 4 down -> \(notifyCommand) @ \(notify)",
            "all pinch-5-out: pinch 5 out -> \(brightnessRepeat) @ \(brightness)",
            // Two fingers: a touchscreen swipe only (a touchpad's 2-finger swipe scrolls).
            "all swipe-2-up: swipe 2 up -> window raise; keys XF86AudioRaiseVolume @ \(volume)",
            "all swipe-3-up: swipe 3 up -> \(shell) @ \(shellLine)",
            "all swipe-3-down: swipe 3 down -> desktop show @ \(showDesktop)",
            // The later 3-finger tap replaces the first; MOUSE_CLICK's button defaults to 1.
            "all tap-3: tap 3 -> click 1 @ \(secondTap)",
            "all pinch-3-in: pinch 3 in -> window toggle-maximize @ \(pinchIn)",
            "all pinch-3-out: pinch 3 out -> window toggle-maximize @ \(pinchOut)",
            "alacritty+org.gnome.nautilus alacritty+org.gnome.nautilus-tp-swipe-3-left: touchpad swipe 3 left -> window raise; keys Control_L+Shift_L+Tab @ \(tabBack)",
            "alacritty+org.gnome.nautilus alacritty+org.gnome.nautilus-tp-swipe-3-right: touchpad swipe 3 right -> window raise; keys Control_L+Tab @ \(tabForward)",
            "alacritty+org.gnome.nautilus alacritty+org.gnome.nautilus-swipe-3-left: swipe 3 left -> window raise; keys Control_L+Shift_L+Tab @ \(tabBack)",
            "alacritty+org.gnome.nautilus alacritty+org.gnome.nautilus-swipe-3-right: swipe 3 right -> window raise; keys Control_L+Tab @ \(tabForward)",
            "evince evince-tp-pinch-3: touchpad pinch 3 -> window toggle-maximize @ \(pinchIn), \(pinchOut)",
            "evince evince-pinch-3-in: pinch 3 in -> window toggle-maximize @ \(pinchIn)",
            "evince evince-pinch-3-out: pinch 3 out -> window toggle-maximize @ \(pinchOut)",
        ])
        let file = "touchegg-custom.conf"
        #expect(imported.notes == [
            "animations (animate, color, borderColor, animationPosition, animation_delay) (\(file):\(at("animation_delay")), \(at("<animate>false"))) because Tactus previews only swipes and pinches of window and desktop actions whose <animate> is true, in its own colour and at once",
            "MOUSE_CLICK on a 3-finger tap (\(file):\(firstTap)) because the same gesture at line \(secondTap) replaces it, as in Touchégg",
        ])
        // The shell line keeps its text: && and $ are the shell's, braces stay literal.
        let shellAction = try #require(imported.file.profiles[0].touchpad.first { $0.name == "tp-swipe-3-up" }?.action)
        guard case .shell(let script) = shellAction else { Issue.record("not a shell action: \(shellAction)"); return }
        #expect(script.render { _ in "?" } == #"xdotool getactivewindow windowminimize && notify-send "minimized {it}""#)
    }

    @Test func whatTactusCannotExpressIsRefusedWithItsReason() throws {
        let source = try fixture("touchegg-unsupported.conf")
        let imported = try importFixture("touchegg-unsupported.conf")
        func at(_ marker: String) -> Int { line(of: marker, in: source) }
        let file = "touchegg-unsupported.conf"
        let minimize = at(#"fingers="5" direction="DOWN""#), zoomOut = at(#"PINCH" fingers="2" direction="IN""#)
        let volume = at(#"fingers="5" direction="UP""#)
        let tile = at(#"fingers="3" direction="LEFT""#), grid = at(#"fingers="4" direction="UP""#)
        #expect(imported.bindings == [
            // TILE_WINDOW and CHANGE_DESKTOP up (x11.cpp: the desktop a row above on
            // _NET_DESKTOP_LAYOUT's grid).
            "all tp-swipe-3-left: touchpad swipe 3 left -> window tile-left @ \(tile)",
            "all tp-swipe-4-up: touchpad swipe 4 up -> desktop up @ \(grid)",
            // repeat: the keys every 10% of the swipe's progress the way it goes, the
            // decrease keys as it comes back (repeated-action.cpp); SEND_KEYS activates the
            // window first (send-keys.cpp). 10% is taken as 50 px of the driver's motion.
            "all tp-swipe-5-up: touchpad swipe 5 up -> repeat 50.0: window raise; keys XF86AudioRaiseVolume / window raise; keys XF86AudioLowerVolume @ \(volume)",
            // The pinch out is refused (below): the pinch in alone is a binding of its direction.
            "all tp-pinch-2-in: touchpad pinch 2 in -> window raise; keys Control_L+minus @ \(zoomOut)",
            "all tp-swipe-5-down: touchpad swipe 5 down -> window minimize @ \(minimize)",
            "all swipe-3-left: swipe 3 left -> window tile-left @ \(tile)",
            "all swipe-4-up: swipe 4 up -> desktop up @ \(grid)",
            "all pinch-2-in: pinch 2 in -> window raise; keys Control_L+minus @ \(zoomOut)",
            "all swipe-5-down: swipe 5 down -> window minimize @ \(minimize)",
            // Touchégg 2 reads no text inside <action>: its button is the default, 1.
            "all tap-3: tap 3 -> click 1 @ \(at(#"TAP" fingers="3""#))",
        ])
        #expect(imported.notes == [
            "setting font_size (\(file):\(at("font_size"))) because Touchégg does not know it",
            "<unknown> in <settings> (\(file):\(at("<unknown/>"))) because Touchégg reads only <property name=\"…\">",
            "<gestures> (\(file):\(at("<gestures/>"))) because Touchégg does not read it",
            "an <application> without a name (\(file):\(at("<application>"))) because Touchégg never uses it",
            "<speed> of MINIMIZE_WINDOW (\(file):\(at("<speed>"))) because Touchégg does not read it for this action",
            "a second <action> (\(file):\(at("<speed>") + 1)) because Touchégg runs only the first action of a gesture",
            "the text 'BUTTON=2' inside <action> (\(file):\(at("BUTTON=2"))) because Touchégg 2 reads an action's settings from elements such as <button>, not from text (Touchégg 1 syntax)",
            "CUSTOM on a 4-finger swipe down (\(file):\(at(#"fingers="4" direction="DOWN""#))) because CUSTOM actions are Touchégg plugins that Tactus cannot run",
            "LAUNCH_ROCKET on a 4-finger swipe left (\(file):\(at(#"fingers="4" direction="LEFT""#))) because Touchégg does not know the action 'LAUNCH_ROCKET'",
            "CLOSE_WINDOW on a 2-finger rotate left (\(file):\(at("ROTATE"))) because Touchégg does not know the gesture type 'ROTATE'",
            "CLOSE_WINDOW on a 3-finger swipe (\(file):\(at(#"<gesture type="SWIPE" fingers="3">"#))) because a swipe needs direction UP, DOWN, LEFT or RIGHT",
            "CLOSE_WINDOW on a three-finger swipe down (\(file):\(at(#"fingers="three""#))) because fingers=\"three\" is not a number of fingers",
            "the touchscreen part of SEND_KEYS on a 5-finger swipe up (\(file):\(at(#"fingers="5" direction="UP""#))) because a Tactus touchscreen swipe is recognized once, so it cannot repeat an action as it goes",
            "the touchscreen part of RUN_COMMAND on a 4-finger tap (\(file):\(at(#"TAP" fingers="4""#))) because a repeated action needs a gesture that progresses, and Touchégg never repeats on a tap either",
            "SEND_KEYS on a 2-finger pinch out (\(file):\(at(#"PINCH" fingers="2" direction="OUT""#))) because 'Plus_Sign' is not an X keysym name",
            "MOUSE_CLICK on a 2-finger tap (\(file):\(at(#"TAP" fingers="2""#))) because button '12' is not a pointer button 1 to 9",
            "MINIMIZE_WINDOW on a 1-finger swipe left (\(file):\(at(#"fingers="1""#))) because Touchégg recognizes swipes of 2 to 10 fingers (3 or more on a touchpad)",
            "a gesture without action on a 5-finger swipe left (\(file):\(at(#"fingers="5" direction="LEFT""#))) because it has no <action>",
        ])
    }

    @Test func textBeforeTheRootElementIsPassedOverAsTouchegg2Does() throws {
        // Touchégg 2 loads its file with pugixml's load_file (src/config/xml-config-loader.cpp),
        // which skips text outside the root element: checked with libpugixml 1.13, a file
        // starting "my config" then <touchégg> loads with <touchégg> as its document element.
        let source = try fixture("touchegg-stray-text.conf")
        let imported = try importFixture("touchegg-stray-text.conf")
        func at(_ marker: String) -> Int { line(of: marker, in: source) }
        #expect(imported.bindings == [
            "all tp-swipe-3-up: touchpad swipe 3 up -> window toggle-maximize [preview] @ \(at("SWIPE"))",
            "all tp-pinch-4-in: touchpad pinch 4 in -> window close @ \(at("PINCH"))",
            "all swipe-3-up: swipe 3 up -> window toggle-maximize [preview] @ \(at("SWIPE"))",
            "all pinch-4-in: pinch 4 in -> window close @ \(at("PINCH"))",
        ])
        #expect(imported.notes.first == "the text before <touchégg> (touchegg-stray-text.conf:1) because it is not XML; Touchégg 2 (pugixml) passes over it too, Touchégg 1 (Qt) refuses the file")
        // What follows the root element is passed over too (pugixml's document_element is the first).
        let trailing = try GestureImporter.importFile(Array("<touchégg><application name=\"All\"/></touchégg>\n<touchégg>\n".utf8), path: "t.conf")
        #expect(trailing.notes.map(\.subject) == ["what follows </touchégg>"])
    }
}
