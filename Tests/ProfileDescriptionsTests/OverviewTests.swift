import GestureEngine
import GestureProfiles
import Testing
@testable import ProfileDescriptions

/// The list the settings window shows: entries, rows of words, pictures.
struct OverviewTests {
    @Test func everyRowOfTheBuiltInProfileAndTheExamplesHasWords() {
        for (name, file) in [("built-in", Profiles.builtIn)] + Profiles.examples {
            let o = ProfileOverview(file: file)
            #expect(o.entries.first?.title == "Everywhere", "\(name)")
            let rows = o.entries.flatMap { $0.rows + $0.touchpadRows }
            let gestureCount = file.allGestures.count + file.profiles.flatMap(\.touchpad).count
                + file.profiles.flatMap(\.regions).filter { $0.control != nil || $0.action != nil }.count
            #expect(rows.count == gestureCount, "\(name)")
            for r in rows {
                #expect(!r.hand.isEmpty && !r.action.isEmpty, "\(name) \(r.name)")
                // Never the raw key of the file.
                for raw in ["swipe:", "pinch:", "longPress", "edgePan", "toggle-maximize", "desktop next", "keys ", "alt+Left", "Control_L"] {
                    #expect(!r.hand.contains(raw) && !r.action.contains(raw), "\(name) \(r.name): \(r.hand) → \(r.action)")
                }
                #expect(!r.picture.primitives.isEmpty, "\(name) \(r.name)")
            }
            #expect(Set(o.entries.map(\.title)).count == o.entries.count, "\(name): two entries with one title")
        }
    }

    @Test func theBuiltInProfileInWords() {
        let o = ProfileOverview(file: Profiles.builtIn)
        #expect(o.entries.map(\.title) == ["Everywhere", "Firefox, Chromium and 7 more", "XTerm", "Programs without touch"])
        let everywhere = o.entries[0]
        #expect(everywhere.rows.map { "\($0.hand) → \($0.action)" } == [
            "Three fingers slide left → Next desktop",
            "Three fingers slide right → Previous desktop",
            "Three fingers slide up → Maximize or restore window",
            "Three fingers slide down → Minimize window",
            "Four fingers slide down → Show desktop",
        ])
        #expect(everywhere.touchpadRows.map { "\($0.hand) → \($0.action)" } == [
            "Three fingers swipe left on the touchpad → Next desktop",
            "Three fingers swipe right on the touchpad → Previous desktop",
            "Three fingers swipe up on the touchpad → Maximize or restore window",
            "Three fingers swipe down on the touchpad → Minimize window",
        ])
        #expect(everywhere.touchpadRows.allSatisfy { $0.kind == .touchpad })
        let browser = o.entries[1]
        #expect(browser.applications == ["Firefox", "Chromium", "Google Chrome", "Brave", "Vivaldi", "LibreWolf", "Epiphany", "Falkon", "Midori"])
        #expect(browser.iconHints.prefix(3) == ["firefox", "chromium", "google-chrome"])
        #expect(browser.iconHints.contains("org.gnome.epiphany"))
        #expect(browser.rows.map { "\($0.hand) → \($0.action)" } == [
            "Swipe in from the left edge → Alt+Left",
            "Swipe in from the right edge → Alt+Right",
        ])
        #expect(o.entries[2].iconHints == ["XTerm"])
        #expect(o.entries[2].rows.isEmpty)
        let programs = o.entries[3]
        #expect(programs.kind == .programs(.mouse))
        #expect(programs.rows.map { "\($0.hand) → \($0.action)" } == [
            "Drag with one finger → Scrolls, and on after a flick",
            "Drag with two fingers → Scrolls, and on after a flick",
            "Long press → Right click; moved, drags with the left button",
            "Two-finger tap → Right click",
            "Two-finger long press → Right click if the fingers stay still",
            "Pinch with two fingers → With Ctrl held: scroll up while spreading, scroll down while pinching",
        ])
        #expect(o.pointer == nil)
    }

    @Test func theExamplesInWords() {
        let examples = Dictionary(uniqueKeysWithValues: Profiles.examples.map { ($0.name, ProfileOverview(file: $0.file)) })
        func words(_ file: String, _ row: String) -> String? {
            examples[file]?.entries.flatMap { $0.rows + $0.touchpadRows }.first { $0.name == row }.map { "\($0.hand) → \($0.action)" }
        }
        #expect(words("touchscreen-laptop.yaml", "zoom") == "Pinch with two fingers → Ctrl+Plus while spreading, Ctrl+Minus while pinching")
        #expect(words("touchscreen-laptop.yaml", "right-click") == "Long press → Right click")
        #expect(words("touchscreen-laptop.yaml", "check-mark") == "Draw a check mark → Runs notify-send Tactus 'check mark on {window.class}'")
        #expect(words("touchscreen-laptop.yaml", "fullscreen") == "Two-finger double tap → Full screen on or off")
        #expect(words("touchscreen-laptop.yaml", "close-tab") == "Swipe down with one finger in “tab-strip” → Ctrl+W")
        #expect(words("touchscreen-laptop.yaml", "terminal-paste") == "Two-finger tap → Ctrl+Shift+V")
        #expect(words("touchscreen-laptop.yaml", "touchpad-overview") == "Four fingers swipe up on the touchpad → Super")
        #expect(words("touchpad-only.yaml", "launcher") == "Four fingers swipe up on the touchpad → Runs rofi -show drun")
        #expect(words("touchpad-only.yaml", "browser-reload") == "Three fingers swipe down on the touchpad → F5")
        #expect(words("kiosk.yaml", "admin-exit")?.hasPrefix("Four-finger long press → Runs a shell command: logger -t kiosk") == true)
        #expect(words("kiosk.yaml", "volume") == "Slide the “volume” slider → Runs pactl set-sink-volume @DEFAULT_SINK@ {value}%")
        #expect(words("kiosk.yaml", "home") == "Tap the “home” button → Alt+Home")
        #expect(words("laptop-and-monitor.yaml", "next-slide") == "Tap → Page Down")
        #expect(words("laptop-and-monitor.yaml", "previous-slide") == "Swipe right with one finger → Page Up")
        let laptop = examples["laptop-and-monitor.yaml"]!
        #expect(laptop.entries.map(\.title) == ["Everywhere", "On eDP-1", "LibreOffice and Evince"])
        #expect(laptop.entries[2].subtitle == "On HDMI-1")
    }

    @Test func titlesFromMatches() {
        let yaml = """
        version: 1
        settings:
          pointer: { button: 3, modifiers: [super] }
        profiles:
          - name: a
            match: { class: firefox }
            gestures: [{ name: g1, tap: {}, action: { click: 2 } }]
          - name: b
            match: { class: org.gnome.Nautilus, type: dialog }
            gestures: [{ name: g2, tap: {}, action: { click: 2 } }]
          - name: c
            match: { title: "Private Browsing" }
            gestures: [{ name: g3, tap: {}, action: { click: 2 } }]
          - name: d
            match: { class: "/[a-z]+\\\\d/" }
            gestures: [{ name: g4, tap: {}, action: { click: 2 } }]
          - name: e
            match: { touch: own }
            gestures: [{ name: g5, tap: { touches: 3 }, action: { click: 2 } }]
          - name: f
            match: any
            gestures: [{ name: g6, tap: { touches: 4 }, action: { desktop: 2 } }]
        """
        let o = ProfileOverview(file: Profiles.load(yaml))
        #expect(o.entries.map(\.title) == ["Everywhere", "Firefox", "Nautilus", "Windows titled “Private Browsing”",
                                           "Windows whose class matches /[a-z]+\\d/", "Programs that handle touch"])
        #expect(o.entries[0].profiles == ["f"])
        #expect(o.entries[0].rows.map(\.action) == ["Desktop 2"])
        #expect(o.entries[2].subtitle == "Dialog windows")
        #expect(o.entries[2].iconHints == ["org.gnome.Nautilus"])
        #expect(o.pointer == "The right mouse button, with Super held, makes gestures as a finger does")
    }

    /// Every recognizer and action kind in words (the model's, all of them).
    @Test func everyKindInWords() {
        let gestures = """
        - { name: a, tap: { taps: 3 }, action: { command: [firefox] } }
        - { name: b, longPress: { taps: 1 }, action: { shell: "echo hi | wall" } }
        - { name: c, pan: { touches: 2, direction: up }, action: { keys: ctrl+alt+Left } }
        - { name: d, swipe: { directions: [left, right], touches: 3 }, action: { click: 1 } }
        - { name: e, pinch: { direction: in }, action: { window: tile-left } }
        - { name: f, rotation: {}, repeat: { every: 15, action: { keys: ctrl+r }, reverse: { keys: ctrl+shift+r } } }
        - { name: g, edgePan: { edges: [top, bottom] }, action: { desktop: up-left } }
        - { name: h, stroke: { templates: [circle, x] }, action: { scroll: down } }
        - { name: i, tap: { touches: 2, taps: 2 }, action: [{ log: "two {x}" }, { keys: Prior }] }
        - { name: j, pan: { minimumTouches: 1, maximumTouches: 3 }, on: { began: { click: 3 }, ended: { desktop: show } } }
        - { name: k, stroke: { templates: [{ name: zigzag, points: [[0, 0], [10, 10], [20, 0], [30, 10]] }] } }
        """
        let file = Profiles.load(Profiles.yaml(gestures: gestures))
        let rows = ProfileOverview(file: file).entries[0].rows
        #expect(rows.map { "\($0.hand) → \($0.action)" } == [
            "Triple tap → Runs firefox",
            "Tap, then long press → Runs a shell command: echo hi | wall",
            "Drag up with two fingers → Ctrl+Alt+Left",
            "Three fingers slide left or right → Click",
            "Pinch two fingers together → Tile window to the left half",
            "Turn two fingers → Ctrl+R while turning clockwise, Ctrl+Shift+R while turning back",
            "Swipe in from the top or bottom edge → Desktop up and to the left",
            "Draw a circle or an X → Scroll down",
            "Two-finger double tap → Writes “two {x}” to the log, then Page Up",
            "Drag with one to three fingers → When it begins: Right click; when it ends: Show desktop",
            "Draw the shape “zigzag” → Nothing",
        ])
    }

    @Test func notesOfARow() {
        let file = Profiles.load(Profiles.yaml(gestures: """
        - { name: double, tap: { taps: 2 } }
        - { name: single, tap: {}, requireToFail: [double], enabled: false }
        - { name: zoom, pinch: {}, simultaneousWith: [turn, double], fire: at-lift, action: { keys: ctrl+plus } }
        - { name: turn, rotation: {}, simultaneousWith: all }
        - { name: next, swipe: { direction: left, touches: 3 }, preview: true, action: { desktop: next } }
        """))
        let rows = ProfileOverview(file: file).entries[0].rows
        #expect(rows.map(\.notes) == [
            [],
            ["Off", "Waits until “double” cannot be"],
            ["Fires when the fingers lift, if they went far enough", "Can fire along with “turn” and “double”"],
            ["Can fire along with any other gesture"],
            ["Shows where it goes while the fingers move"],
        ])
        #expect(rows[1].enabled == false)
    }

    @Test func fingersOfAPan() {
        #expect(GestureWords.hand(.pan(.init())) == "Drag with one or more fingers")
        #expect(GestureWords.hand(.pan(.init(minimumTouches: 2))) == "Drag with two or more fingers")
        #expect(GestureWords.hand(.pan(.init(minimumTouches: 2, maximumTouches: 2))) == "Drag with two fingers")
    }

    @Test func keyNamesAsDesktopsShowThem() {
        #expect(Words.key("Control_L") == "Ctrl")
        #expect(Words.key("w") == "W")
        #expect(Words.key("plus") == "Plus")
        #expect(Words.key("Prior") == "Page Up")
        #expect(Words.key("XF86AudioRaiseVolume") == "Volume Up")
        #expect(Words.key("XF86Calculator") == "Calculator")
        #expect(Words.key("KP_5") == "Keypad 5")
        #expect(Words.keys(KeyCombo(keys: ["Control_L", "Alt_L", "Left"])) == "Ctrl+Alt+Left")
    }
}
