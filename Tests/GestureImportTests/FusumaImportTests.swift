import GestureEngine
@testable import GestureImport
import GestureProfiles
import Testing
import TestSupport

/// fusuma config.yml files in its documented syntax, with fusuma-plugin-sendkey,
/// -wmctrl and -appmatcher properties.
@Suite struct FusumaImportTests {
    @Test func aDefaultLikeFileMapsSwipesAndRepeatsPinches() throws {
        let at = try FixtureLines("fusuma-default-like.yml")
        let imported = try importFixture("fusuma-default-like.yml")
        let f = "fusuma", file = "fusuma-default-like.yml"
        #expect(imported.bindings == [
            "\(f) tp-swipe-3-left: touchpad swipe 3 left -> keys Alt_L+Right @ \(at("left:", 1))",
            "\(f) tp-swipe-3-right: touchpad swipe 3 right -> keys Alt_L+Left @ \(at("right:", 1))",
            "\(f) tp-swipe-3-up: touchpad swipe 3 up -> keys Super_L @ \(at("up:", 1))",
            "\(f) tp-swipe-3-down: touchpad swipe 3 down -> keys Super_L @ \(at("down:", 1))",
            "\(f) tp-swipe-4-left: touchpad swipe 4 left -> keys Control_L+Alt_L+Down @ \(at("left:", 2))",
            "\(f) tp-swipe-4-right: touchpad swipe 4 right -> keys Control_L+Alt_L+Up @ \(at("right:", 2))",
            "\(f) tp-swipe-4-up: touchpad swipe 4 up -> keys Control_L+Alt_L+Down @ \(at("up:", 2))",
            "\(f) tp-swipe-4-down: touchpad swipe 4 down -> keys Control_L+Alt_L+Up @ \(at("down:", 2))",
            // The file does not tell its fusuma release: 3.0 or later is assumed, where "in"
            // is the fingers closing (the scale shrinking; pinch_detector.rb: zoom above the
            // base is OUT) and "out" them spreading. fusuma repeats a pinch every
            // 0.1 x threshold (0.5 at the root) of scale.
            "\(f) tp-pinch-2: touchpad pinch 2 -> repeat 0.05: keys Control_L+minus / keys Control_L+plus @ \(at("in:")), \(at("out:"))",
        ])
        #expect(imported.header.contains("Pinches: fusuma 3.0 or later reads pinch in as the fingers closing and out as them spreading (assumed, since the file does not tell: for fusuma before 3.0 (2023), import again with --fusuma-version 2)."))
        #expect(imported.notes == [
            "threshold for swipes (\(file):\(at("swipe: 0.4"))) because Tactus fires a touchpad swipe when the fingers lift, however far they went",
            "interval (\(file):\(at("interval:"))) because Tactus repeats by how far a gesture goes, not by time",
        ])
        #expect(imported.file.settings.target == .focused)
    }

    @Test func beforeFusuma3APinchInSpreadsTheFingers() throws {
        let at = try FixtureLines("fusuma-default-like.yml")
        // fusuma 2.5.1's pinch_detector.rb: a zoom above the base is IN (reversed in 3.0,
        // commit aa46ae1 "Reverse pinch in/out").
        let imported = try importFixture("fusuma-default-like.yml", options: ImportOptions(fusumaVersion: FusumaVersion(parsing: "2.5.1")))
        #expect(imported.bindings.last == "fusuma tp-pinch-2: touchpad pinch 2 -> repeat 0.05: keys Control_L+plus / keys Control_L+minus @ \(at("in:")), \(at("out:"))")
        #expect(imported.header.contains("Pinches: fusuma before 3.0 reads pinch in as the fingers spreading and out as them closing (as given with --fusuma-version 2.5)."))
    }

    @Test func aFileThatNamesAnOptionOfFusuma3TellsTheRelease() throws {
        let yaml = """
            pinch:
              2:
                in:
                  command: 'xdotool key ctrl+minus'
                out:
                  command: 'xdotool key ctrl+plus'
            plugin:
              inputs:
                libinput_command_input:
                  disable-dwt: true
            """
        let result = try GestureImporter.importFile(Array(yaml.utf8), path: "config.yml")
        let text = GestureImporter.profileText(result, sourceName: "config.yml")
        // The fingers spreading (scale growing) zoom in, as in fusuma 3.2 with this file.
        #expect(text.contains("repeat: { every: 0.1, action: { command: [\"xdotool\", \"key\", \"ctrl+plus\"] }, reverse: { command: [\"xdotool\", \"key\", \"ctrl+minus\"] } }") || text.contains("repeat: { every: 0.1, action: { keys: ctrl+plus }, reverse: { keys: ctrl+minus } }"), "\(text)")
        #expect(result.header.contains { $0.contains("as the file tells (line 10: its disable-dwt option came with fusuma 3.2)") })
        // A shortcut: (fusuma before 2.0) tells the older meaning.
        let old = try GestureImporter.importFile(Array("pinch:\n  2:\n    in:\n      shortcut: ctrl+plus\n".utf8), path: "config.yml")
        #expect(old.profiles[0].touchpad[0].repeating == ImportedRepeat(every: 0.1, action: .keys("ctrl+plus"), reverse: nil))
        #expect(old.header.contains { $0.contains("fusuma before 3.0 reads pinch in as the fingers spreading") && $0.contains("line 4") })
    }

    @Test func appmatcherContextsBecomeProfilesMatchingTheirClasses() throws {
        let at = try FixtureLines("fusuma-appmatcher.yml")
        let imported = try importFixture("fusuma-appmatcher.yml")
        let zoomOut = at("in:"), zoomIn = at("out:", 1)
        // fusuma 3 (assumed): out spreads the fingers, the scale grows.
        let zoom = "repeat 0.05: keys Control_L+plus / keys Control_L+minus @ \(zoomOut), \(zoomIn)"
        let chrome = "google-chrome", terminals = "alacritty+gnome-terminal"
        #expect(imported.bindings == [
            // sendkey's Linux key names become X keysyms.
            "fusuma tp-swipe-3-left: touchpad swipe 3 left -> keys Alt_L+Right @ \(at("left:", 1))",
            "fusuma tp-swipe-3-right: touchpad swipe 3 right -> keys Alt_L+Left @ \(at("right:", 1))",
            // fusuma-plugin-wmctrl: workspace and window on the active window.
            "fusuma tp-swipe-4-left: touchpad swipe 4 left -> desktop next @ \(at("left:", 2))",
            "fusuma tp-swipe-4-right: touchpad swipe 4 right -> desktop previous @ \(at("right:", 2))",
            "fusuma tp-swipe-4-up: touchpad swipe 4 up -> window toggle-maximize @ \(at("up:", 1))",
            // fusuma-plugin-keypress: with Shift held, the variant runs instead.
            "fusuma tp-swipe-4-up-shift: touchpad swipe 4 up with shift -> window toggle-fullscreen @ \(at("LEFTSHIFT:"))",
            "fusuma tp-swipe-4-down: touchpad swipe 4 down -> window unmaximize @ \(at("down:", 1))",
            // A pinch without a finger count: 2, 3 and 4 fingers; its own threshold 0.5.
            "fusuma tp-pinch-2: touchpad pinch 2 -> \(zoom)",
            "fusuma tp-pinch-3: touchpad pinch 3 -> \(zoom)",
            "fusuma tp-pinch-4: touchpad pinch 4 -> \(zoom)",
            "\(chrome) \(chrome)-tp-swipe-3-up: touchpad swipe 3 up -> keys Control_L+t @ \(at("up:", 2))",
            "\(chrome) \(chrome)-tp-swipe-3-down: touchpad swipe 3 down -> keys Control_L+w @ \(at("down:", 2))",
            "\(chrome) \(chrome)-tp-swipe-3-left: touchpad swipe 3 left -> keys Control_L+Tab @ \(at("left:", 3))",
            "\(terminals) \(terminals)-tp-swipe-3-up: touchpad swipe 3 up -> keys Shift_L+Control_L+t @ \(at("up:", 3))",
            // && needs the shell, as fusuma's spawn gives it one.
            "\(terminals) \(terminals)-tp-swipe-3-down: touchpad swipe 3 down -> shell notify-send \"closing\" && xdotool key ctrl+shift+w @ \(at("down:", 3))",
            // Only "in" (fusuma 3: the fingers closing, the scale shrinking) is bound.
            "\(terminals) \(terminals)-tp-pinch-2: touchpad pinch 2 -> repeat 0.1:  / keys Control_L+minus; keys Control_L+minus @ \(at("in:", 2))",
        ])
        #expect(imported.notes == [])
        let profiles = imported.file.profiles
        #expect(profiles.map(\.name) == ["fusuma", chrome, terminals])
        func window(_ cls: String) -> GestureProfiles.WindowInfo { .init(id: 1, windowClass: cls, frame: .init(x: 0, y: 0, width: 1, height: 1)) }
        #expect(imported.file.matchingProfile(for: window("google-chrome"))?.name == chrome)
        #expect(imported.file.matchingProfile(for: window("Gnome-terminal"))?.name == terminals)
        #expect(imported.file.matchingProfile(for: window("Alacritty"))?.name == terminals)
        #expect(imported.file.matchingProfile(for: window("XTerm")) == nil)
    }

    @Test func theRootApplicationMappingOfOlderAppmatchersIsReadToo() throws {
        let at = try FixtureLines("fusuma-old-appmatcher.yml")
        let imported = try importFixture("fusuma-old-appmatcher.yml")
        #expect(imported.bindings == [
            "fusuma tp-swipe-3-left: touchpad swipe 3 left -> keys Alt_L+Right @ \(at("left:"))",
            "fusuma tp-swipe-3-right: touchpad swipe 3 right -> keys Alt_L+Left @ \(at("right:"))",
            "terminal terminal-tp-swipe-3-up: touchpad swipe 3 up -> window fullscreen @ \(at("up:"))",
            "terminal terminal-tp-swipe-3-down: touchpad swipe 3 down -> window toggle-maximize @ \(at("down:"))",
        ])
        #expect(imported.notes == [])
    }

    @Test func holdsKeypressesAndOtherContextsAreRefused() throws {
        let at = try FixtureLines("fusuma-unsupported.yml")
        let imported = try importFixture("fusuma-unsupported.yml")
        let file = "fusuma-unsupported.yml"
        // fusuma's begin: hook of three-finger swipes (swipe_detector.rb: the repeat index
        // swipe/3/begin, its direction skippable) runs as any such swipe begins.
        // rotate_detector.rb: clockwise for a positive angle (as XI 2.4 reports it).
        #expect(imported.bindings == [
            "fusuma tp-swipe-3: touchpad swipe 3 any -> began: command xdotool keydown alt @ \(at("begin:"))",
            // fusuma-plugin-wmctrl's workspace.rb: up is the workspace a row above.
            "fusuma tp-swipe-3-right: touchpad swipe 3 right -> desktop up @ \(at("right:"))",
            "fusuma tp-pinch-2-clockwise: touchpad pinch 2 clockwise -> keys Super_L+Right @ \(at("clockwise:"))",
        ])
        // Notes about the file come first, then those of the profile, each in line order.
        #expect(imported.notes == [
            "plugin settings (\(file):\(at("plugin:"))) because Tactus has no fusuma plugins: it takes every touchpad through the X server",
            "the document with context thumbsense (\(file):\(at("context:"))) because Tactus profiles match windows (by application), not other conditions",
            "swipe 2 up (\(file):\(at("up:"))) because the touchpad driver reports swipes of 3 to 5 fingers",
            "window: of swipe 3 left (\(file):\(at("window: prev"))) because Tactus has no action that moves a window to another desktop",
            "sendkey: of swipe 3 up (\(file):\(at("SPACESHIP"))) because the key name 'SPACESHIP' has no X keysym this import knows",
            "window: of swipe 3 down (\(file):\(at("fullscreen: remove"))) because Tactus has no action that leaves fullscreen (toggle-fullscreen switches)",
            "swipe 4 up (\(file):\(at("up:", 3))) because it has no action (command:, sendkey:, …)",
            "hold gestures (\(file):\(at("hold:"))) because X has no hold events: XInput 2.4 gives a touchpad's swipes and pinches only",
            "gestures_per_minute: (\(file):\(at("gestures_per_minute"))) because fusuma reads no gesture or setting there (an anchor it holds is imported where an alias uses it)",
        ])
    }

    @Test func hooksAndShortIntervalsRepeatAsTheSwipeGoes() throws {
        let at = try FixtureLines("fusuma-volume.yml")
        let imported = try importFixture("fusuma-volume.yml")
        let volume = "command pactl set-sink-volume @DEFAULT_SINK@"
        #expect(imported.bindings == [
            // swipe_detector.rb: the repeat index swipe/3/(direction, skippable)/begin|update|end:
            // begin as any three-finger swipe begins, update as it goes (at most every
            // 0.1 s x interval 4, executor.rb: 200 px at 500 px/s), end as it ends (a
            // cancelled swipe's too: libinput_gesture_parser.rb makes only a hold's end
            // "cancelled"): alt held by xdotool keydown from the begin to the end's keyup,
            // while Tab steps. One hold of the binding, from its begin to however it ends.
            "fusuma tp-swipe-3: touchpad swipe 3 any -> hold Alt_L | repeat 200.0: keys Tab / keys Tab @ \(at("begin:")), \(at("update:")), \(at("end:"))",
            "fusuma tp-swipe-4-left: touchpad swipe 4 left -> keys Control_L+Alt_L+Right @ \(at("left:"))",
            "fusuma tp-swipe-4-right: touchpad swipe 4 right -> keys Control_L+Alt_L+Left @ \(at("right:"))",
            // update: under a direction fires while the swipe goes that way, at most every 0.1 s.
            "fusuma tp-swipe-4-up: touchpad swipe 4 up -> repeat 50.0: \(volume) +5% @ \(at("update:", 2))",
            "fusuma tp-swipe-4-down: touchpad swipe 4 down -> repeat 50.0: \(volume) -5% @ \(at("update:", 3))",
            // interval 0.4: fusuma fires the swipe again every 0.3 s x 0.4 while it goes on
            // (60 px at 500 px/s).
            "fusuma tp-swipe-5-up: touchpad swipe 5 up -> repeat 60.0: command brightnessctl set +10% @ \(at("up:", 2))",
            // The end hook of a swipe down fires as the fingers lift.
            "fusuma tp-swipe-5-down: touchpad swipe 5 down -> command notify-send brightness | repeat 60.0: command brightnessctl set 10%- @ \(at("down:", 2)), \(at("end:", 2))",
        ])
        // The keydown and keyup are the hold: no xdotool runs, nothing to leave Alt down.
        let switcher = try #require(imported.file.profiles[0].touchpad.first { $0.name == "tp-swipe-3" })
        #expect(switcher.on.isEmpty && switcher.hold == HoldSpec(keys: KeyCombo(keys: ["Alt_L"])))
        #expect(imported.text.contains("        hold: { keys: alt }\n"))
        #expect(imported.header.contains("fusuma's begin: xdotool keydown and end: xdotool keyup of the same keys are a hold: { keys } here"))
        #expect(imported.notes == [])
    }

    /// The realistic file's window switcher: `begin: xdotool keydown alt`, `update: xdotool key
    /// Tab` (interval 3), `end: xdotool keyup alt` on any three-finger swipe. fusuma runs the
    /// begin hook at the swipe's first update, the update hook as it goes, and the end hook as
    /// it ends, a cancelled swipe included (swipe_detector.rb; libinput_gesture_parser.rb
    /// marks only a hold's end cancelled): Alt down for the swipe, Tab stepping. Live: Alt held
    /// from the begin, a Tab each 150 px, Alt up at the end and at a cancelled end alike;
    /// keydown and keyup with other keys, or with options, stay the commands they are.
    @Test func keydownAndKeyupHooksAreAHold() throws {
        let at = try FixtureLines("realistic/fusuma-contexts-volume.yml")
        let imported = try importFixture("realistic/fusuma-contexts-volume.yml")
        #expect(imported.bindings.first == "fusuma tp-swipe-3: touchpad swipe 3 any -> hold Alt_L | repeat 150.0: keys Tab / keys Tab @ \(at("begin:")), \(at("update:")), \(at("end:"))")
        let sink = ActionLines()
        let runtime = ProfileRuntime(configuration: imported.file, engine: EngineHarness().engine)
        runtime.sink = sink
        for cancelled in [false, true] {
            #expect(runtime.touchpadBegan(.swipe, fingers: 3, at: Point(x: 100, y: 100), time: .zero))
            runtime.touchpadUpdated(delta: Vector(dx: 160, dy: 0), scale: 1, angle: 0, time: Instant(milliseconds: 10))
            runtime.touchpadUpdated(delta: Vector(dx: 160, dy: 0), scale: 1, angle: 0, time: Instant(milliseconds: 20))
            runtime.touchpadEnded(cancelled: cancelled, time: Instant(milliseconds: 30))
        }
        #expect(sink.lines == [
            "tp-swipe-3 began: hold Alt_L #1", "tp-swipe-3 changed: keys Tab #1", "tp-swipe-3 changed: keys Tab #1", "tp-swipe-3 ended: release Alt_L #1",
            "tp-swipe-3 began: hold Alt_L #2", "tp-swipe-3 changed: keys Tab #2", "tp-swipe-3 changed: keys Tab #2", "tp-swipe-3 cancelled: release Alt_L #2",
        ])
        // Only a keydown and a keyup of the same keys, nothing else on their lines, are a hold.
        func hold(_ down: [String], _ up: [String]) -> String? {
            FusumaImporter.heldKeys(down: .command(down), up: .command(up))
        }
        #expect(hold(["xdotool", "keydown", "ctrl", "alt"], ["/usr/bin/xdotool", "keyup", "alt+ctrl"]) == "ctrl+alt")
        #expect(hold(["xdotool", "keydown", "alt"], ["xdotool", "keyup", "super"]) == nil)
        #expect(hold(["xdotool", "keydown", "--delay", "0", "alt"], ["xdotool", "keyup", "alt"]) == nil)
        #expect(hold(["xdotool", "keydown", "alt", "key", "Tab"], ["xdotool", "keyup", "alt"]) == nil)
        #expect(hold(["ydotool", "keydown", "alt"], ["ydotool", "keyup", "alt"]) == nil)
    }

    @Test func anchorHoldersAndMergeKeysImportAsFusumaReadsThem() throws {
        // fusuma reads its file with Ruby's YAML.load_stream (config.rb), which follows
        // aliases and merges `<<:` (Psych: the merged entries replace the ones before the
        // `<<`, later ones replace them, of a list the earlier mapping wins), and looks up
        // only the keys of its gestures: a root key holding anchors is passed over.
        let at = try FixtureLines("fusuma-anchors.yml")
        let imported = try importFixture("fusuma-anchors.yml")
        let copyTwice = "command xdotool key --clearmodifiers ctrl+c ctrl+c"
        #expect(imported.bindings == [
            // <<: *browser brings left and right into swipe 3 (their lines are the anchor's).
            "fusuma tp-swipe-3-left: touchpad swipe 3 left -> keys Alt_L+Right @ \(at("left:"))",
            "fusuma tp-swipe-3-right: touchpad swipe 3 right -> keys Alt_L+Left @ \(at("right:"))",
            "fusuma tp-swipe-3-up: touchpad swipe 3 up -> \(copyTwice) @ \(at("up: *deepl"))",
            // The sendkey written after the merge replaces the merged one.
            "fusuma tp-swipe-3-down: touchpad swipe 3 down -> keys Alt_L+Shift_L+Tab @ \(at("down:"))",
            "fusuma tp-swipe-4-left: touchpad swipe 4 left -> desktop next @ \(at("left:", 2))",
            // Both command: and sendkey: merged in: fusuma's own command executor comes
            // before the sendkey plugin's (lib/fusuma.rb: @executors.find).
            "fusuma tp-swipe-4-right: touchpad swipe 4 right -> \(copyTwice) @ \(at("right:", 2))",
        ])
        #expect(imported.notes.contains("sendkey: of swipe 4 right (fusuma-anchors.yml:\(at("sendkey: LEFTALT+TAB"))) because fusuma runs one action per gesture: command: (its executor comes first)"))
        #expect(imported.notes.filter { $0.hasPrefix("deepl:") || $0.hasPrefix("alt_tab:") || $0.hasPrefix("browser:") }.count == 3)
        // Psych keeps `<<: 5` (no mapping to merge) as an ordinary key; a quoted "<<" is one too.
        for yaml in ["swipe:\n  3:\n    <<: 5\n", "swipe:\n  3:\n    \"<<\": { left: { command: a } }\n"] {
            let result = try GestureImporter.importFile(Array(yaml.utf8), path: "config.yml")
            #expect(result.bindingCount == 0)
            #expect(result.profiles[0].notes.map(\.subject) == ["swipe 3 <<:"])
        }
    }

    @Test func thresholdsAndEmptySectionsAreReadAsFusumaReadsThem() throws {
        let yaml = """
            pinch:
              2:
                in:
                  command: 'xdotool key ctrl+minus'
                out:
                  command: 'xdotool key ctrl+plus'
            hold:
            threshold:
              pinch: 0
              rotate: 0.5
            """
        let result = try GestureImporter.importFile(Array(yaml.utf8), path: "config.yml")
        // pinch_detector.rb: BASE_THRESHOLD x 0 = 0, a repeat at every update: the smallest step.
        #expect(result.profiles[0].touchpad.map { ($0.repeating?.every ?? 0) * 1000 }.map { $0.rounded() } == [10])
        // An empty hold: binds nothing and is not reported; a rotate threshold is said to be
        // Tactus's one angle for the whole file.
        #expect(result.profiles[0].notes.map(\.subject) == ["threshold for rotate"])
    }

    @Test func badYAMLIsAnErrorWithItsLine() {
        // The line where the unclosed quote starts, not the end of the file.
        #expect(importError("swipe:\n  3:\n    left:\n      command: 'xdotool key a\n")?.description == "conf:4: YAML syntax: while scanning a quoted scalar, found unexpected end of stream")
        #expect(importError("swipe:\n  3: {}\n  3: {}\n")?.description == "conf:2: duplicate key '3' in a mapping")
        #expect(importError("- swipe\n- pinch\n")?.description == "conf:1: cannot tell the format: expected a Touchégg touchegg.conf (XML), a libinput-gestures.conf (gesture … lines) or a fusuma config.yml (swipe:, pinch:, …)")
        #expect(importError("---\n- swipe\n")?.description == "conf:2: a fusuma configuration is a mapping (swipe:, pinch:, …), not a list")
        #expect(importError("swipe: {}\n---\ncontext: { application: [] }\nswipe: {}\n")?.description == "conf:3: application: must be a name or a list of names")
    }
}
