import GestureEngine
import GestureImport
import GestureProfiles
import Testing
import TestSupport

/// touchegg.conf files in Touchégg's documented syntax: what becomes a touchpad binding, what
/// a touchscreen gesture, and what is refused, each with its source line.
@Suite struct ToucheggImportTests {
    @Test func aDefaultLikeFileMapsWindowDesktopKeyAndClickActions() throws {
        let at = try FixtureLines("touchegg-default-like.conf")
        let imported = try importFixture("touchegg-default-like.conf")
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
            // send-keys.cpp: <modifiers> go down in the prelude (the gesture's begin) and stay
            // down while each step taps <keys> (<decreaseKeys> back), up in the postlude.
            "google-chrome+firefox google-chrome+firefox-tp-pinch-2: touchpad pinch 2 -> hold Control_L | repeat 0.1: keys KP_Add / keys KP_Subtract @ \(zoomIn), \(zoomOut)",
            "google-chrome+firefox google-chrome+firefox-pinch-2-in: pinch 2 in -> hold Control_L | repeat 0.1: keys KP_Add / keys KP_Subtract @ \(zoomIn)",
            "google-chrome+firefox google-chrome+firefox-pinch-2-out: pinch 2 out -> hold Control_L | repeat 0.1: keys KP_Add / keys KP_Subtract @ \(zoomOut)",
        ])
        let file = "touchegg-default-like.conf"
        // Not imported: the animation's looks, and <animate> where no preview was made (TILE_WINDOW's).
        let tileAnimate = at(#"TILE_WINDOW"#) + 2
        let animations = [at("animation_delay"), at("\"color\""), at("borderColor\">"), tileAnimate] + at.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.contains("<animationPosition>") || $0.element.contains("<color>") || $0.element.contains("<borderColor>") }.map { $0.offset + 1 }
        let shown = animations.sorted().map(String.init).joined(separator: ", ")
        #expect(imported.notes == [
            "animations (animate, color, borderColor, animationPosition, animation_delay) (\(file):\(shown)) because Tactus draws its previews (imported as preview: true where <animate> is not false on a swipe or pinch of a window or desktop action) in its own colour and at once",
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
        let at = try FixtureLines("touchegg-custom.conf")
        let imported = try importFixture("touchegg-custom.conf")
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
            "all tp-swipe-4-right: touchpad swipe 4 right -> desktop previous [preview] @ \(previous)",
            "all tp-swipe-4-up: touchpad swipe 4 up -> window toggle-fullscreen [preview] @ \(fullscreen)",
            "all tp-swipe-4-down: touchpad swipe 4 down -> \(notifyCommand) @ \(notify)",
            // <times>5</times>: a step of 100/5 = 20% of the scale.
            "all tp-pinch-5: touchpad pinch 5 -> \(brightnessRepeat) @ \(brightness)",
            "all tp-swipe-3-up: touchpad swipe 3 up -> \(shell) @ \(shellLine)",
            "all tp-swipe-3-down: touchpad swipe 3 down -> desktop show @ \(showDesktop)",
            // The same action in and out: one touchpad binding (an "All,Evince" section).
            "all tp-pinch-3: touchpad pinch 3 -> window toggle-maximize [preview] @ \(pinchIn), \(pinchOut)",
            "all swipe-4-left: swipe 4 left -> desktop next @ \(next)",
            "all swipe-4-right: swipe 4 right -> desktop previous [preview] @ \(previous)",
            "all swipe-4-up: swipe 4 up -> window toggle-fullscreen [preview] @ \(fullscreen)",
            "all swipe-4-down: swipe 4 down -> \(notifyCommand) @ \(notify)",
            "all pinch-5-out: pinch 5 out -> \(brightnessRepeat) @ \(brightness)",
            // Two fingers: a touchscreen swipe only (a touchpad's 2-finger swipe scrolls).
            "all swipe-2-up: swipe 2 up -> window raise; keys XF86AudioRaiseVolume @ \(volume)",
            "all swipe-3-up: swipe 3 up -> \(shell) @ \(shellLine)",
            "all swipe-3-down: swipe 3 down -> desktop show @ \(showDesktop)",
            // The later 3-finger tap replaces the first; MOUSE_CLICK's button defaults to 1.
            "all tap-3: tap 3 -> click 1 @ \(secondTap)",
            "all pinch-3-in: pinch 3 in -> window toggle-maximize [preview] @ \(pinchIn)",
            "all pinch-3-out: pinch 3 out -> window toggle-maximize [preview] @ \(pinchOut)",
            "alacritty+org.gnome.nautilus alacritty+org.gnome.nautilus-tp-swipe-3-left: touchpad swipe 3 left -> window raise; keys Control_L+Shift_L+Tab @ \(tabBack)",
            "alacritty+org.gnome.nautilus alacritty+org.gnome.nautilus-tp-swipe-3-right: touchpad swipe 3 right -> window raise; keys Control_L+Tab @ \(tabForward)",
            "alacritty+org.gnome.nautilus alacritty+org.gnome.nautilus-swipe-3-left: swipe 3 left -> window raise; keys Control_L+Shift_L+Tab @ \(tabBack)",
            "alacritty+org.gnome.nautilus alacritty+org.gnome.nautilus-swipe-3-right: swipe 3 right -> window raise; keys Control_L+Tab @ \(tabForward)",
            "evince evince-tp-pinch-3: touchpad pinch 3 -> window toggle-maximize [preview] @ \(pinchIn), \(pinchOut)",
            "evince evince-pinch-3-in: pinch 3 in -> window toggle-maximize [preview] @ \(pinchIn)",
            "evince evince-pinch-3-out: pinch 3 out -> window toggle-maximize [preview] @ \(pinchOut)",
        ])
        let file = "touchegg-custom.conf"
        #expect(imported.notes == [
            "animations (animate, color, borderColor, animationPosition, animation_delay) (\(file):\(at("animation_delay")), \(at("<animate>false"))) because Tactus previews only swipes and pinches of window and desktop actions whose <animate> is not false, in its own colour and at once",
            "MOUSE_CLICK on a 3-finger tap (\(file):\(firstTap)) because the same gesture at line \(secondTap) replaces it, as in Touchégg",
        ])
        // The shell line keeps its text: && and $ are the shell's, braces stay literal.
        let shellAction = try #require(imported.file.profiles[0].touchpad.first { $0.name == "tp-swipe-3-up" }?.action)
        guard case .shell(let script) = shellAction else { Issue.record("not a shell action: \(shellAction)"); return }
        #expect(script.render { _ in "?" } == #"xdotool getactivewindow windowminimize && notify-send "minimized {it}""#)
    }

    @Test func whatTactusCannotExpressIsRefusedWithItsReason() throws {
        let at = try FixtureLines("touchegg-unsupported.conf")
        let imported = try importFixture("touchegg-unsupported.conf")
        let file = "touchegg-unsupported.conf"
        let minimize = at(#"fingers="5" direction="DOWN""#), zoomOut = at(#"PINCH" fingers="2" direction="IN""#)
        let volume = at(#"fingers="5" direction="UP""#)
        let tile = at(#"fingers="3" direction="LEFT""#), grid = at(#"fingers="4" direction="UP""#)
        #expect(imported.bindings == [
            // TILE_WINDOW and CHANGE_DESKTOP up (x11.cpp: the desktop a row above on
            // _NET_DESKTOP_LAYOUT's grid).
            "all tp-swipe-3-left: touchpad swipe 3 left -> window tile-left @ \(tile)",
            "all tp-swipe-4-up: touchpad swipe 4 up -> desktop up [preview] @ \(grid)",
            // repeat: the keys every 10% of the swipe's progress the way it goes, the
            // decrease keys as it comes back (repeated-action.cpp); SEND_KEYS activates the
            // window first (send-keys.cpp). 10% is taken as 50 px of the driver's motion.
            "all tp-swipe-5-up: touchpad swipe 5 up -> repeat 50.0: window raise; keys XF86AudioRaiseVolume / window raise; keys XF86AudioLowerVolume @ \(volume)",
            // The pinch out is refused (below): the pinch in alone is a binding of its direction.
            "all tp-pinch-2-in: touchpad pinch 2 in -> window raise; keys Control_L+minus @ \(zoomOut)",
            "all tp-swipe-5-down: touchpad swipe 5 down -> window minimize [preview] @ \(minimize)",
            "all swipe-3-left: swipe 3 left -> window tile-left @ \(tile)",
            "all swipe-4-up: swipe 4 up -> desktop up [preview] @ \(grid)",
            // On the touchscreen the same repeat is a pan bound to up, a step every 19 px (10%
            // of Touchégg's 194.4 px for a swipe up on 1920 x 1080); the window is raised as
            // the pan begins (send-keys.cpp's prelude). The swipe down beside it stays a swipe.
            "all pan-5-up: pan 5 up -> began: window raise | repeat 19.0: keys XF86AudioRaiseVolume / keys XF86AudioLowerVolume @ \(volume)",
            "all pinch-2-in: pinch 2 in -> window raise; keys Control_L+minus @ \(zoomOut)",
            "all swipe-5-down: swipe 5 down -> window minimize [preview] @ \(minimize)",
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
            "the touchscreen part of RUN_COMMAND on a 4-finger tap (\(file):\(at(#"TAP" fingers="4""#))) because a repeated action needs a gesture that progresses, and Touchégg never repeats on a tap either",
            "SEND_KEYS on a 2-finger pinch out (\(file):\(at(#"PINCH" fingers="2" direction="OUT""#))) because 'Plus_Sign' is not an X keysym name",
            "MOUSE_CLICK on a 2-finger tap (\(file):\(at(#"TAP" fingers="2""#))) because button '12' is not a pointer button 1 to 9",
            "MINIMIZE_WINDOW on a 1-finger swipe left (\(file):\(at(#"fingers="1""#))) because Touchégg recognizes swipes of 2 to 10 fingers (3 or more on a touchpad)",
            "a gesture without action on a 5-finger swipe left (\(file):\(at(#"fingers="5" direction="LEFT""#))) because it has no <action>",
        ])
    }

    /// Touchégg's repeated swipes on the touchscreen (repeated-action.cpp): the action at each
    /// step of the swipe's percentage the way it was recognized going, the decrease action at
    /// each step back; a touchscreen swipe's 100% is 2% of the screen's shorter side plus 16%
    /// of its side along the swipe (libinput-device-handler.cpp, libinput-handler.cpp), on the
    /// 1920 x 1080 screen the import assumes 194.4 px up or down and 328.8 px left or right.
    /// Each becomes a pan bound to that direction whose repeat counts along it.
    @Test func repeatedTouchscreenSwipesBecomeDirectionalPans() throws {
        let at = try FixtureLines("touchegg-touchscreen-repeat.conf")
        let imported = try importFixture("touchegg-touchscreen-repeat.conf")
        let up3 = at(#"fingers="3" direction="UP""#), down3 = at(#"fingers="3" direction="DOWN""#)
        let right2 = at(#"fingers="2" direction="RIGHT""#), left2 = at(#"fingers="2" direction="LEFT""#)
        let drag4 = at(#"DRAG" fingers="4""#), left4 = at(#"fingers="4" direction="LEFT""#), up5 = at(#"fingers="5" direction="UP""#)
        let kritaUp = at(#"fingers="3" direction="UP""#, 2), kritaDown = at(#"fingers="3" direction="DOWN""#, 2)
        let louder = "command pactl set-sink-volume @DEFAULT_SINK@ +5%", quieter = "command pactl set-sink-volume @DEFAULT_SINK@ -5%"
        #expect(imported.bindings == [
            // Touchpad swipes of 3 to 5 fingers: repeats of 10% of 500 px (said in the header).
            "all tp-swipe-3-up: touchpad swipe 3 up -> repeat 50.0: \(louder) / \(quieter) @ \(up3)",
            "all tp-swipe-3-down: touchpad swipe 3 down -> repeat 50.0: \(quieter) / \(louder) @ \(down3)",
            // The window switcher: Alt held while the swipe goes (send-keys.cpp's prelude and
            // postlude), Tab at each step right, Shift+Tab at each step back.
            "all tp-swipe-4-right: touchpad swipe 4 right -> hold Alt_L | repeat 50.0: keys Tab / keys Shift_L+Tab @ \(drag4)",
            // Animated: a preview on the touchpad as on the touchscreen.
            "all tp-swipe-4-left: touchpad swipe 4 left -> desktop next [preview] @ \(left4)",
            "all tp-swipe-5-up: touchpad swipe 5 up -> repeat 50.0: keys Control_L+plus @ \(up5)",
            // Volume: three fingers up raise it a step every 10% (19 px), coming back lowers it
            // (decreaseCommand); down the other way round. Over Krita, Touchégg runs Krita's own
            // swipe up instead (gesture-controller.cpp): the pan waits for it to fail there.
            "all pan-3-up: pan 3 up (after krita-swipe-3-up fail) -> repeat 19.0: \(louder) / \(quieter) @ \(up3)",
            "all pan-3-down: pan 3 down -> repeat 19.0: \(quieter) / \(louder) @ \(down3)",
            // Two fingers: the touchscreen only (a touchpad's two fingers scroll). <times>4</times>
            // is a step of 100/4 = 25%: 82 px of the 328.8 px of a swipe left or right. SEND_KEYS
            // raises the window once, as the pan begins (send-keys.cpp's prelude).
            "all pan-2-right: pan 2 right -> began: window raise | repeat 82.0: keys XF86MonBrightnessUp / keys XF86MonBrightnessDown @ \(right2)",
            "all pan-2-left: pan 2 left -> began: window raise | repeat 82.0: keys XF86MonBrightnessDown / keys XF86MonBrightnessUp @ \(left2)",
            // DRAG is SWIPE to Touchégg 2 (gesture-type.h): 10% of a swipe right is 33 px. Alt
            // goes down as the pan begins and stays down through the steps.
            "all pan-4-right: pan 4 right -> hold Alt_L | repeat 33.0: keys Tab / keys Shift_L+Tab @ \(drag4)",
            // A swipe that does not repeat stays a swipe, beside the pan of the same fingers.
            "all swipe-4-left: swipe 4 left -> desktop next [preview] @ \(left4)",
            // Without decreaseCommand, coming back runs nothing.
            "all pan-5-up: pan 5 up -> repeat 19.0: keys Control_L+plus @ \(up5)",
            "krita krita-tp-swipe-3-up: touchpad swipe 3 up -> window raise; keys Control_L+z @ \(kritaUp)",
            "krita krita-tp-swipe-3-down: touchpad swipe 3 down -> hold Control_L | repeat 50.0: keys minus / keys plus @ \(kritaDown)",
            "krita krita-swipe-3-up: swipe 3 up -> window raise; keys Control_L+z @ \(kritaUp)",
            // Krita's own repeating swipe down: its window's pan comes before the screen's.
            "krita krita-pan-3-down: pan 3 down -> hold Control_L | repeat 19.0: keys minus / keys plus @ \(kritaDown)",
        ])
        let file = "touchegg-touchscreen-repeat.conf"
        // A swipe's direction is always one of four (gesture-direction.h): Touchégg never runs one bound to ALL.
        #expect(imported.notes == [
            "animations (animate, color, borderColor, animationPosition, animation_delay) (\(file):\(at("animation_delay"))) because Tactus draws its previews (imported as preview: true where <animate> is not false on a swipe or pinch of a window or desktop action) in its own colour and at once",
            "RUN_COMMAND on a 3-finger swipe all (\(file):\(at(#"direction="ALL""#))) because a swipe needs direction UP, DOWN, LEFT or RIGHT",
        ])
        #expect(imported.text.contains("# from \(file):\(up3); every 19 px: Touchégg's 10% of a touchscreen swipe up or down (on 1920x1080)"))
        #expect(imported.text.contains("# from \(file):\(right2); every 82 px: Touchégg's 25% of a touchscreen swipe left or right (on 1920x1080)"))
        #expect(imported.header.contains("taken on a 1920x1080 screen, 10% is 19 px up or down and 33 px left or right."))
        #expect(imported.header.contains("Touchégg counts from 4% of the shorter side past where the fingers land and no further than 100%, and runs no decrease action past that start"))
        #expect(!imported.text.contains("cannot repeat"))
    }

    /// The written profile, live: over Krita three fingers up are Krita's swipe (Control+z),
    /// elsewhere the volume pan; three fingers down over Krita are Krita's zoom out, two
    /// fingers right raise the brightness a step every 82 px and lower it coming back.
    @Test func theImportedPansDoWhatTouchéggDid() throws {
        let imported = try importFixture("touchegg-touchscreen-repeat.conf")
        let hand = EngineHarness()
        let runtime = ProfileRuntime(configuration: imported.file, engine: hand.engine)
        let sink = ActionLines()
        runtime.sink = sink
        runtime.updateWindow(WindowInfo(id: 5, windowClass: "krita", frame: Rect(x: 0, y: 0, width: 960, height: 1080)))
        runtime.updateWindow(WindowInfo(id: 6, windowClass: "XTerm", frame: Rect(x: 960, y: 0, width: 960, height: 1080)))
        var t = 0.0
        /// Fingers land 10 ms apart at `at`, 60 px apart, move by each offset a frame (16 ms), lift.
        func drag(_ fingers: Int, at p: Point, _ path: [Vector]) -> [String] {
            let before = sink.lines.count
            let ids = (1...fingers).map { Int64(t) * 10 + Int64($0) }
            func frame(_ phase: TouchPhase, _ d: Vector, _ which: [Int]) {
                hand.frame(phase, which.map { (ids[$0], p.x + 60 * Double($0), p.y) }, movedBy: d, at: t)
            }
            for i in 0..<fingers { frame(.began, .zero, [i]); t += 10 }
            for d in path { t += 16; frame(.moved, d, Array(0..<fingers)) }
            t += 16
            frame(.ended, path.last!, Array(0..<fingers))
            t += 1000
            return Array(sink.lines[before...])
        }
        let raise = "window raise"
        // Over Krita, up 80 px: Krita's swipe, at 50 px; the volume pan waited for it and failed.
        #expect(drag(3, at: Point(x: 300, y: 700), [Vector(dx: 0, dy: -20), Vector(dx: 0, dy: -40), Vector(dx: 0, dy: -60), Vector(dx: 0, dy: -80)])
            == ["krita-swipe-3-up recognized: \(raise)", "krita-swipe-3-up recognized: keys Control_L+z"])
        // Over the terminal, up 80 px: four volume steps (at 19, 38, 57, 76), then back to 30:
        // two down (at 57 and 38).
        let up = drag(3, at: Point(x: 1200, y: 700), [Vector(dx: 0, dy: -20), Vector(dx: 0, dy: -40), Vector(dx: 0, dy: -60), Vector(dx: 0, dy: -80), Vector(dx: 0, dy: -30)])
        let louder = "command pactl set-sink-volume @DEFAULT_SINK@ +5%", quieter = "command pactl set-sink-volume @DEFAULT_SINK@ -5%"
        #expect(up == ["pan-3-up began: \(louder)"] + Array(repeating: "pan-3-up changed: \(louder)", count: 3)
            + Array(repeating: "pan-3-up changed: \(quieter)", count: 2))
        // Over Krita, down 40 px: Krita's own repeat, not the volume: Control held as the pan
        // begins (Touchégg's prelude), minus twice under it, Control let go at the lift.
        #expect(drag(3, at: Point(x: 300, y: 300), [Vector(dx: 0, dy: 20), Vector(dx: 0, dy: 40)])
            == ["krita-pan-3-down began: hold Control_L #1", "krita-pan-3-down began: keys minus #1", "krita-pan-3-down changed: keys minus #1",
                "krita-pan-3-down ended: release Control_L #1"])
        // Two fingers right 200 px: two brightness steps (at 82, 164); back to 70: one down (at 82).
        #expect(drag(2, at: Point(x: 1100, y: 500), [Vector(dx: 30, dy: 2), Vector(dx: 120, dy: 4), Vector(dx: 200, dy: 4), Vector(dx: 70, dy: 4)])
            == ["pan-2-right began: \(raise)", "pan-2-right changed: keys XF86MonBrightnessUp", "pan-2-right changed: keys XF86MonBrightnessUp",
                "pan-2-right changed: keys XF86MonBrightnessDown"])
        // Two fingers down: no binding, nothing fires (the touches are the terminal's).
        #expect(drag(2, at: Point(x: 1100, y: 500), [Vector(dx: 0, dy: 30), Vector(dx: 0, dy: 120)]) == [])
    }

    /// Touchégg's window switcher (its README's Example 2, in the tablet's file): a repeated
    /// SEND_KEYS whose prelude presses <modifiers> Alt_L as the gesture begins, whose steps tap
    /// <keys> with Alt still down (<decreaseKeys> coming back), and whose postlude lets Alt up as
    /// it ends (send-keys.cpp, repeated-action.cpp): Alt is held once for the whole gesture,
    /// so the switcher walks its list. Imported as a hold: of Alt_L with a repeat of the keys
    /// alone, on the touchpad (Touchégg's 10% as 50 px) and on the touchscreen (a pan, 10% of a
    /// swipe left or right being 33 px), and run live: the whole ordered trace of what reaches
    /// the X session, as Touchégg would press and release the keys.
    @Test func theWindowSwitcherHoldsAltForTheWholeGesture() throws {
        let at = try FixtureLines("realistic/touchegg2-tablet.conf")
        let imported = try importFixture("realistic/touchegg2-tablet.conf")
        let left = at(#"fingers="3" direction="LEFT""#), right = at(#"fingers="3" direction="RIGHT""#)
        #expect(imported.bindings.filter { $0.contains("Tab") } == [
            "all tp-swipe-3-left: touchpad swipe 3 left -> hold Alt_L | repeat 50.0: keys Shift_L+Tab / keys Tab @ \(left)",
            "all tp-swipe-3-right: touchpad swipe 3 right -> hold Alt_L | repeat 50.0: keys Tab / keys Shift_L+Tab @ \(right)",
            "all pan-3-left: pan 3 left -> hold Alt_L | repeat 33.0: keys Shift_L+Tab / keys Tab @ \(left)",
            "all pan-3-right: pan 3 right -> hold Alt_L | repeat 33.0: keys Tab / keys Shift_L+Tab @ \(right)",
        ])
        #expect(!imported.text.contains("Alt_L+Tab"), "Alt is never pressed and released around a step")
        #expect(imported.header.contains("A repeated SEND_KEYS holds its <modifiers> down from the gesture's begin to its end, as Touchégg does (hold:)"))

        let sink = ActionLines()
        let hand = EngineHarness()
        let runtime = ProfileRuntime(configuration: imported.file, engine: hand.engine)
        runtime.sink = sink
        // The touchscreen: three fingers right 110 px (Tab at 33, 66, 99), back to 50 (Shift+Tab
        // at 66), lifted.
        hand.nextFrame(.began, WindowSwitcher.fingers)
        for dx in [15.0, 50, 80, 110, 50] { hand.nextFrame(.moved, WindowSwitcher.fingers, movedBy: Vector(dx: dx, dy: 0)) }
        hand.nextFrame(.ended, WindowSwitcher.fingers, movedBy: Vector(dx: 50, dy: 0))
        #expect(sink.lines == [
            "pan-3-right began: hold Alt_L #1",
            "pan-3-right changed: keys Tab #1", "pan-3-right changed: keys Tab #1", "pan-3-right changed: keys Tab #1",
            "pan-3-right changed: keys Shift_L+Tab #1",
            "pan-3-right ended: release Alt_L #1",
        ])
        // The touchpad: a swipe left 130 px (Shift+Tab at 50, 100), then lifted. Alt goes down
        // once the swipe's way is known (Touchégg begins a touchpad gesture then).
        sink.lines = []
        #expect(runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 100, y: 100), time: Instant(milliseconds: 1000)))
        for (i, dx) in [-10.0, -30, -40, -50].enumerated() {
            runtime.touchpadUpdated(delta: Vector(dx: dx, dy: 0), scale: 1, angle: 0, time: Instant(milliseconds: 1010 + 10 * Double(i)))
        }
        runtime.touchpadEnded(cancelled: false, time: Instant(milliseconds: 1100))
        #expect(sink.lines == [
            "tp-swipe-3-left changed: hold Alt_L #2",
            "tp-swipe-3-left changed: keys Shift_L+Tab #2", "tp-swipe-3-left changed: keys Shift_L+Tab #2",
            "tp-swipe-3-left ended: release Alt_L #2",
        ])
    }

    /// The realistic files' repeating swipes, on the touchscreen as Touchégg ran them: the
    /// laptop's volume on four fingers up and down, the grid's window switcher on three left
    /// (<times>5</times>: 20% of 328.8 px).
    @Test func theRealisticFilesRepeatingSwipesCarryTheirTouchscreenPart() throws {
        func pans(_ name: String) throws -> [String] {
            let imported = try importFixture("realistic/" + name)
            #expect(!imported.text.contains("cannot repeat"), "\(name)")
            return imported.bindings.filter { $0.contains(": pan ") }
        }
        let laptop = try fixture("realistic/touchegg2-laptop.conf"), grid = try fixture("realistic/touchegg2-grid.conf")
        let up = line(of: #"fingers="4" direction="UP""#, in: laptop), down = line(of: #"fingers="4" direction="DOWN""#, in: laptop)
        let louder = "command pactl set-sink-volume @DEFAULT_SINK@ +3%", quieter = "command pactl set-sink-volume @DEFAULT_SINK@ -3%"
        #expect(try pans("touchegg2-laptop.conf") == [
            "all pan-4-up: pan 4 up -> repeat 19.0: \(louder) / \(quieter) @ \(up)",
            "all pan-4-down: pan 4 down -> repeat 19.0: \(quieter) / \(louder) @ \(down)",
        ])
        #expect(try pans("touchegg2-grid.conf") == [
            "all pan-3-left: pan 3 left -> hold Alt_L | repeat 66.0: keys Tab / keys Shift_L+Tab @ \(line(of: #"fingers="3" direction="LEFT""#, in: grid))",
        ])
    }

    @Test func textBeforeTheRootElementIsPassedOverAsTouchegg2Does() throws {
        // Touchégg 2 loads its file with pugixml's load_file (src/config/xml-config-loader.cpp),
        // which skips text outside the root element: checked with libpugixml 1.13, a file
        // starting "my config" then <touchégg> loads with <touchégg> as its document element.
        let at = try FixtureLines("touchegg-stray-text.conf")
        let imported = try importFixture("touchegg-stray-text.conf")
        #expect(imported.bindings == [
            "all tp-swipe-3-up: touchpad swipe 3 up -> window toggle-maximize [preview] @ \(at("SWIPE"))",
            "all tp-pinch-4-in: touchpad pinch 4 in -> window close [preview] @ \(at("PINCH"))",
            "all swipe-3-up: swipe 3 up -> window toggle-maximize [preview] @ \(at("SWIPE"))",
            "all pinch-4-in: pinch 4 in -> window close [preview] @ \(at("PINCH"))",
        ])
        #expect(imported.notes.first == "the text before <touchégg> (touchegg-stray-text.conf:1) because it is not XML; Touchégg 2 (pugixml) passes over it too, Touchégg 1 (Qt) refuses the file")
        // What follows the root element is passed over too (pugixml's document_element is the first).
        let trailing = try GestureImporter.importFile(Array("<touchégg><application name=\"All\"/></touchégg>\n<touchégg>\n".utf8), path: "t.conf")
        #expect(trailing.notes.map(\.subject) == ["what follows </touchégg>"])
    }
}
