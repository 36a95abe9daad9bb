import GestureImport
import GestureProfiles
import Testing

/// libinput-gestures.conf files in its documented syntax.
@Suite struct LibinputGesturesImportTests {
    @Test func aDefaultLikeFileBindsEveryFingerCountForGesturesWithoutOne() throws {
        let source = try fixture("libinput-gestures-default-like.conf")
        let imported = try importFixture("libinput-gestures-default-like.conf")
        func at(_ marker: String) -> Int { line(of: marker, in: source) }
        let up = at("gesture swipe up"), down = at("gesture swipe down"), left = at("gesture swipe left"), right = at("gesture swipe right")
        let pinchIn = at("gesture pinch in"), pinchOut = at("gesture pinch out")
        let p = "libinput-gestures"
        #expect(imported.bindings == [
            // _internal ws_up / ws_down: the next and previous workspace.
            "\(p) tp-swipe-3-up: touchpad swipe 3 up -> desktop next @ \(up)",
            "\(p) tp-swipe-4-up: touchpad swipe 4 up -> desktop next @ \(up)",
            "\(p) tp-swipe-3-down: touchpad swipe 3 down -> desktop previous @ \(down)",
            "\(p) tp-swipe-4-down: touchpad swipe 4 down -> desktop previous @ \(down)",
            "\(p) tp-swipe-3-left: touchpad swipe 3 left -> keys Alt_L+Right @ \(left)",
            "\(p) tp-swipe-4-left: touchpad swipe 4 left -> keys Alt_L+Right @ \(left)",
            "\(p) tp-swipe-3-right: touchpad swipe 3 right -> keys Alt_L+Left @ \(right)",
            "\(p) tp-swipe-4-right: touchpad swipe 4 right -> keys Alt_L+Left @ \(right)",
            // Pinch in and out run the same command: one binding per finger count takes both.
            "\(p) tp-pinch-2: touchpad pinch 2 -> keys Super_L+s @ \(pinchIn), \(pinchOut)",
            "\(p) tp-pinch-3: touchpad pinch 3 -> keys Super_L+s @ \(pinchIn), \(pinchOut)",
            "\(p) tp-pinch-4: touchpad pinch 4 -> keys Super_L+s @ \(pinchIn), \(pinchOut)",
        ])
        #expect(imported.notes == [])
        #expect(imported.file.settings.target == .focused)
        #expect(imported.text.contains("# from libinput-gestures-default-like.conf:\(up); Tactus wraps around after the last desktop, where _internal stops without -w"))
        // Every direction of 3 and 4 fingers is bound: no claim warning.
        #expect(imported.warnings.isEmpty)
    }

    @Test func aCustomisedFileMapsWmctrlXdotoolAndKeepsOtherCommandsAsWords() throws {
        let source = try fixture("libinput-gestures-custom.conf")
        let imported = try importFixture("libinput-gestures-custom.conf", environment: ["HOME": "/home/ana"])
        func at(_ marker: String) -> Int { line(of: marker, in: source) }
        let p = "libinput-gestures", file = "libinput-gestures-custom.conf"
        #expect(imported.bindings == [
            "\(p) tp-swipe-3-up: touchpad swipe 3 up -> desktop next @ \(at("up 3 _internal -w ws_up"))",
            "\(p) tp-swipe-3-down: touchpad swipe 3 down -> desktop previous @ \(at("--wrap ws_down"))",
            "\(p) tp-swipe-3-left: touchpad swipe 3 left -> keys Alt_L+Right @ \(at("left 3 xdotool"))",
            "\(p) tp-swipe-3-right: touchpad swipe 3 right -> keys Alt_L+Left @ \(at("right 3 xdotool"))",
            // With settings.target focused, :ACTIVE: is the window a window action acts on.
            "\(p) tp-swipe-4-up: touchpad swipe 4 up -> window toggle-maximize @ \(at("maximized_vert"))",
            "\(p) tp-swipe-4-down: touchpad swipe 4 down -> desktop show @ \(at("wmctrl -k on"))",
            "\(p) tp-swipe-4-left: touchpad swipe 4 left -> desktop next @ \(at("--relative 1"))",
            "\(p) tp-swipe-4-right: touchpad swipe 4 right -> desktop previous @ \(at("--relative -- -1"))",
            "\(p) tp-swipe-5-left: touchpad swipe 5 left -> window close @ \(at("wmctrl -c :ACTIVE:"))",
            // Quotes are read as libinput-gestures' shlex.split reads them.
            "\(p) tp-pinch-3: touchpad pinch 3 -> command notify-send Pinch in three fingers @ \(at("pinch in 3")), \(at("pinch out 3"))",
            // ~ in the program name is expanded from HOME, as libinput-gestures does.
            "\(p) tp-pinch-4: touchpad pinch 4 -> command /home/ana/bin/zoom-out.sh --step 10 @ \(at("pinch in 4")), \(at("pinch out 4"))",
            // Different commands in and out: a binding for each direction.
            "\(p) tp-pinch-2-in: touchpad pinch 2 in -> keys Control_L+minus @ \(at("pinch in 2"))",
            "\(p) tp-pinch-2-out: touchpad pinch 2 out -> keys Control_L+plus @ \(at("pinch out 2"))",
            // Chained xdotool commands are not one key combination: they stay a command.
            "\(p) tp-swipe-5-up: touchpad swipe 5 up -> command xdotool keydown super key Up keyup super @ \(at("keydown super"))",
            // No shell: '|' is an argument, as libinput-gestures passes it.
            "\(p) tp-swipe-5-down: touchpad swipe 5 down -> command echo a | b @ \(at("echo a | b"))",
            "\(p) tp-swipe-5-right: touchpad swipe 5 right -> keys Control_L+Shift_L+t @ \(at("ctrl+shift+t"))",
        ])
        #expect(imported.notes == [
            "device DELL0820:00 044E:121F Touchpad (\(file):\(at("device DELL"))) because Tactus takes the gestures of every touchpad, through the X server",
            "swipe_threshold 100 (\(file):\(at("swipe_threshold"))) because the touchpad driver decides when a swipe begins; Tactus has no distance to set",
            "timeout 2.5 (\(file):\(at("timeout"))) because Tactus touchpad bindings have no time limit",
            "gesture swipe right 5 xdotool key ctrl+w (\(file):\(at("ctrl+w"))) because line \(at("ctrl+shift+t")) configures the same gesture again, and libinput-gestures keeps the last",
        ])
        #expect(imported.text.contains("~/bin/zoom-out.sh expanded to /home/ana/bin/zoom-out.sh from this environment"))
    }

    @Test func rotationsDiagonalsAndGridsImportHoldsAndDragsAreRefused() throws {
        let source = try fixture("libinput-gestures-unsupported.conf")
        let imported = try importFixture("libinput-gestures-unsupported.conf")
        func at(_ marker: String) -> Int { line(of: marker, in: source) }
        let file = "libinput-gestures-unsupported.conf"
        let clockwise = at("pinch clockwise"), diagonal = at("left_up")
        #expect(imported.bindings == [
            // libinput-gestures' PINCH.end: a turn past ROTATE_ANGLE (15°) where a rotation is
            // configured, clockwise for a positive angle; without a finger count, 2 to 4 fingers.
            "libinput-gestures tp-pinch-2-clockwise: touchpad pinch 2 clockwise -> keys Super_L+Right @ \(clockwise)",
            "libinput-gestures tp-pinch-3-clockwise: touchpad pinch 3 clockwise -> keys Super_L+Right @ \(clockwise)",
            "libinput-gestures tp-pinch-4-clockwise: touchpad pinch 4 clockwise -> keys Super_L+Right @ \(clockwise)",
            "libinput-gestures tp-pinch-3-counterclockwise: touchpad pinch 3 counterclockwise -> keys Super_L+Left @ \(at("anticlockwise"))",
            // SWIPE.end: left_up is a swipe left and up, more than 22.5° off both axes.
            "libinput-gestures tp-swipe-3-up-left: touchpad swipe 3 up-left -> keys Control_L+Tab @ \(diagonal)",
            "libinput-gestures tp-swipe-4-up-left: touchpad swipe 4 up-left -> keys Control_L+Tab @ \(diagonal)",
            "libinput-gestures tp-swipe-4-down-right: touchpad swipe 4 down-right -> keys Control_L+Shift_L+t @ \(at("right_down"))",
            // COMMAND_internal on a grid of 4 columns: ws_up moves the index by +4, to the
            // desktop below; ws_left_down by +1 and -4, up and to the right.
            "libinput-gestures tp-swipe-4-up: touchpad swipe 4 up -> desktop down @ \(at("--cols 4 ws_up"))",
            "libinput-gestures tp-swipe-4-down: touchpad swipe 4 down -> desktop up-right @ \(at("ws_left_down"))",
            "libinput-gestures tp-pinch-3-in: touchpad pinch 3 in -> keys Control_L+minus @ \(at("pinch in 3"))",
            "libinput-gestures tp-swipe-3-right: touchpad swipe 3 right -> keys Alt_L+Left @ \(at("swipe right 3"))",
        ])
        #expect(imported.notes == [
            "gesture hold on 4 xdotool key control+t (\(file):\(at("hold on 4"))) because X has no hold events: XInput 2.4 gives a touchpad's swipes and pinches only",
            "gesture hold on+1.5 4 xdotool key control+w (\(file):\(at("hold on+1.5"))) because X has no hold events: XInput 2.4 gives a touchpad's swipes and pinches only",
            "gesture drag drag 3 _drag 500 (\(file):\(at("_drag"))) because Tactus cannot hold a button down for the length of a touchpad gesture",
            "gesture swipe left 2 xdotool key alt+Left (\(file):\(at("swipe left 2"))) because the touchpad driver reports swipes of 3 to 5 fingers",
        ])
    }

    /// libinput-gestures' `has_extended` belongs to the gesture type: once one diagonal swipe
    /// (or one rotation) is configured, every finger count's oblique swipes (turning pinches)
    /// are told apart, and one without a command of its own runs nothing.
    @Test func diagonalsAndRotationsAreToldApartForEveryFingerCount() throws {
        let conf = """
            gesture swipe right_up 4 xdotool key ctrl+Tab
            gesture swipe up 3 xdotool key super
            gesture pinch clockwise 2 xdotool key ctrl+r
            gesture pinch in 3 xdotool key ctrl+minus
            """
        let result = try GestureImporter.importFile(Array(conf.utf8), path: "libinput-gestures.conf")
        let bindings = result.profiles[0].touchpad
        let quiet = bindings.filter { $0.action == nil }.map(\.trigger)
        #expect(quiet == [
            .touchpadSwipe(fingers: 3, direction: "up-left"), .touchpadSwipe(fingers: 3, direction: "up-right"),
            .touchpadSwipe(fingers: 3, direction: "down-left"), .touchpadSwipe(fingers: 3, direction: "down-right"),
            .touchpadPinch(fingers: 3, direction: "clockwise"), .touchpadPinch(fingers: 3, direction: "counterclockwise"),
        ])
        let text = GestureImporter.profileText(result, sourceName: "libinput-gestures.conf")
        #expect(ProfileLoader.load(yaml: text, path: "x").errors.isEmpty)
    }

    @Test func linesLibinputGesturesRejectsAreErrorsWithTheirLine() {
        let cases: [(String, String)] = [
            ("gesture swipe up\n", "conf:1: a gesture line needs a gesture, a motion and a command"),
            ("# ok\ngesture swipe sideways 3 xdotool key a\n", "conf:2: swipe has no motion 'sideways' (left, right, up, down, left_up, right_up, left_down, right_down)"),
            ("gesture tap on 3 xdotool key a\n", "conf:1: gesture 'tap' is not swipe, pinch, hold or drag"),
            ("gesture swipe up 3\n", "conf:1: the gesture has no command"),
            ("gesture swipe up 3 notify-send 'unclosed\n", "conf:1: the command cannot be split into words: no closing quotation mark (')"),
            ("gesture swipe up _internal ws_sideways\n", "conf:1: _internal: unknown argument 'ws_sideways'"),
            ("gesture swipe up _internal ws_left_up\n", "conf:1: _internal: \"--cols\" must be specified for ws_left_up"),
            ("gesture swipe up _internal --cols 0 ws_up\n", "conf:1: _internal: \"--cols\" must be >= 1"),
            ("gesture hold on+soon xdotool key a\n", "conf:1: the hold delay in 'on+soon' must be a number of seconds"),
            ("swipe_threshold far\n", "conf:1: swipe_threshold must be a whole number 0 or more, not 'far'"),
            ("timeout -1\n", "conf:1: timeout must be a number of seconds 0 or more, not '-1'"),
            ("gesture swipe up 3 xdotool key a\nmagic on\n", "conf:2: 'magic' is not a libinput-gestures keyword (gesture, device, swipe_threshold, timeout)"),
        ]
        for (text, expected) in cases {
            #expect(importError(text)?.description == expected, "\(text)")
        }
    }
}
