import GestureEngine
import GestureProfiles

/// What the hand does and what then happens, in the words a settings window shows:
/// "Three fingers slide left" → "Next desktop". Every recognizer and action kind of the model
/// has its words (the switches have no `default`: a new kind does not compile until it has).
public enum GestureWords {
    // MARK: The hand

    /// What the hand does for a recognizer: "Three fingers slide left", "Pinch with two
    /// fingers", "Long press", "Two-finger double tap", "Swipe in from the left edge",
    /// "Draw a circle".
    public static func hand(_ recognizer: RecognizerSpec) -> String {
        switch recognizer {
        case .tap(let p):
            return taps(p.taps, touches: p.touches)
        case .longPress(let p):
            let press = p.touches == 1 ? "Long press" : "\(Words.fingerAdjective(p.touches).capitalizedFirst) long press"
            if p.taps == 0 { return press }
            let before = p.taps == 1 ? "Tap" : "Tap \(timesWord(p.taps))"
            return "\(before), then \(press.lowercasedFirst)"
        case .pan(let p):
            let hands = touchRange(p.minimumTouches, p.maximumTouches)
            if p.directions.isEmpty { return "Drag with \(hands)" }
            return "Drag \(Words.directionPhrase(p.directions)) with \(hands)"
        case .swipe(let p):
            let way = Words.directionPhrase(p.directions)
            if p.touches == 1 { return "Swipe \(way) with one finger" }
            return "\(Words.fingers(p.touches, capitalized: true)) slide \(way)"
        case .pinch(let p):
            let f = Words.fingers(p.touches)
            switch p.direction {
            case .any: return "Pinch with \(f)"
            case .in: return "Pinch \(f) together"
            case .out: return "Spread \(f) apart"
            }
        case .rotation(let p):
            return "Turn \(Words.fingers(p.touches))"
        case .edgePan(let p):
            let e = Words.edges(p.edges)
            if e.count == 4 || e.isEmpty { return "Swipe in from any edge" }
            return "Swipe in from the \(Words.list(e)) edge"
        case .stroke(let templates, _, _):
            return "Draw " + Words.list(strokeNames(templates))
        }
    }

    /// What the hand does on the touchpad: "Three fingers swipe up on the touchpad".
    public static func hand(_ binding: TouchpadBinding) -> String {
        touchpadHand(kind: binding.kind, fingers: binding.fingers, direction: binding.direction, pinch: binding.pinchDirection,
                     modifiers: binding.modifiers)
    }

    static func touchpadHand(kind: TouchpadBinding.Kind, fingers: Int, direction: TouchpadSwipeDirection?, pinch: TouchpadPinchDirection,
                             modifiers: Set<String>) -> String {
        let f = Words.fingers(fingers, capitalized: true)
        var text: String
        switch kind {
        case .swipe:
            text = direction.map { "\(f) swipe \(directionWords($0))" } ?? "\(f) swipe"
        case .pinch:
            let lower = Words.fingers(fingers)
            switch pinch {
            case .any: text = "Pinch with \(lower)"
            case .in: text = "Pinch \(lower) together"
            case .out: text = "Spread \(lower) apart"
            case .clockwise: text = "Turn \(lower) clockwise"
            case .counterclockwise: text = "Turn \(lower) counterclockwise"
            }
        }
        text += " on the touchpad"
        if !modifiers.isEmpty {
            let mods = modifiers.sorted().map { Words.key(Keysyms.resolve($0) ?? $0) }.joined(separator: "+")
            text = "With \(mods) held, \(text.lowercasedFirst)"
        }
        return text
    }

    /// What the hand does on a region with a control (or an action and no control, a button).
    public static func hand(region: RegionSpec) -> String {
        let name = Words.quoted(region.name)
        guard let control = region.control else { return "Tap the \(name) area" }
        switch control.kind {
        case .button: return "Tap the \(name) button"
        case .switch: return "Tap or slide the \(name) switch"
        case .stepper: return "Tap − or + on \(name)"
        case .segmented: return "Tap a segment of \(name)"
        case .page: return "Tap either side of \(name) to turn the page"
        case .slider: return "Slide the \(name) slider"
        }
    }

    /// `settings.pointer`: "The right mouse button, with Super held, draws gestures as a finger".
    public static func pointer(_ p: PointerTrigger) -> String {
        var text = "The \(buttonName(p.button)) mouse button"
        if !p.modifiers.isEmpty {
            text += ", with \(p.modifiers.map { Words.key(Keysyms.resolve($0) ?? $0) }.joined(separator: "+")) held,"
        }
        return text + " makes gestures as a finger does"
    }

    /// "Draw a circle", for strokes: the names of the shapes, built-in ones in words, a
    /// person's own quoted; each once.
    static func strokeNames(_ templates: [StrokeTemplateSpec]) -> [String] {
        var seen: [String] = []
        for t in templates where !seen.contains(t.name) { seen.append(t.name) }
        return seen.map { name in
            let builtIn = templates.contains { $0.name == name && $0.distanceScale != nil }
            return builtIn ? (builtInShapeNames[name] ?? "a \(name.replacingUnderscores)") : "the shape \(Words.quoted(name))"
        }
    }

    /// The $1 data set's shapes as people say them.
    public static let builtInShapeNames: [String: String] = [
        "arrow": "an arrow", "caret": "a caret (^)", "check": "a check mark", "circle": "a circle",
        "delete_mark": "a delete mark", "left_curly_brace": "a left curly brace", "left_sq_bracket": "a left square bracket",
        "pigtail": "a pigtail loop", "question_mark": "a question mark", "rectangle": "a rectangle",
        "right_curly_brace": "a right curly brace", "right_sq_bracket": "a right square bracket", "star": "a star",
        "triangle": "a triangle", "v": "a V", "x": "an X",
    ]

    private static func taps(_ taps: Int, touches: Int) -> String {
        let kind: String
        switch taps {
        case 1: kind = "tap"
        case 2: kind = "double tap"
        case 3: kind = "triple tap"
        default: kind = "tap"
        }
        let many = taps > 3 ? " \(timesWord(taps))" : ""
        if touches == 1 { return kind.capitalizedFirst + many }
        return "\(Words.fingerAdjective(touches).capitalizedFirst) \(kind)\(many)"
    }

    private static func timesWord(_ n: Int) -> String {
        switch n {
        case 1: "once"
        case 2: "twice"
        default: "\(Words.number(n)) times"
        }
    }

    private static func touchRange(_ minimum: Int, _ maximum: Int?) -> String {
        guard let maximum else { return "\(Words.number(minimum)) or more fingers" }
        guard maximum != minimum else { return Words.fingers(minimum) }
        return "\(Words.number(minimum)) to \(Words.fingers(maximum))"
    }

    static func directionWords(_ d: TouchpadSwipeDirection) -> String {
        switch d {
        case .left, .right, .up, .down: d.rawValue
        case .upLeft: "up and left"
        case .upRight: "up and right"
        case .downLeft: "down and left"
        case .downRight: "down and right"
        }
    }

    static func buttonName(_ b: Int) -> String {
        switch b {
        case 1: "left"
        case 2: "middle"
        case 3: "right"
        case 8: "back"
        case 9: "forward"
        default: "number \(b)"
        }
    }

    // MARK: The action

    /// One action in words: "Next desktop", "Ctrl+W", "Runs firefox", "Right click".
    public static func action(_ a: ActionSpec) -> String {
        switch a {
        case .command(let argv):
            return "Runs " + argv.map { arg in
                let s = arg.description
                return s.isEmpty || s.contains(" ") ? "'\(s)'" : s
            }.joined(separator: " ")
        case .shell(let script):
            return "Runs a shell command: \(script.description)"
        case .keys(let combo):
            return Words.keys(combo)
        case .click(let b):
            switch b {
            case 1: return "Click"
            case 2: return "Middle click"
            case 3: return "Right click"
            case 4: return "Wheel up"
            case 5: return "Wheel down"
            case 6: return "Wheel left"
            case 7: return "Wheel right"
            case 8: return "Back button"
            case 9: return "Forward button"
            default: return "Click button \(b)"
            }
        case .window(let op):
            return window(op)
        case .desktop(let op):
            return desktop(op)
        case .scroll(let d):
            return "Scroll \(d.rawValue)"
        case .log(let text):
            return "Writes \(Words.quoted(text.description)) to the log"
        case .sequence(let list):
            return list.enumerated().map { $0.offset == 0 ? action($0.element) : Part(action($0.element), $0.element).inList }
                .joined(separator: ", then ")
        }
    }

    static func window(_ op: WindowOperation) -> String {
        switch op {
        case .close: "Close window"
        case .minimize: "Minimize window"
        case .maximize: "Maximize window"
        case .unmaximize: "Restore window"
        case .toggleMaximize: "Maximize or restore window"
        case .fullscreen: "Full screen"
        case .toggleFullscreen: "Full screen on or off"
        case .raise: "Raise window"
        case .tileLeft: "Tile window to the left half"
        case .tileRight: "Tile window to the right half"
        }
    }

    static func desktop(_ op: DesktopOperation) -> String {
        switch op {
        case .next: return "Next desktop"
        case .previous: return "Previous desktop"
        case .show: return "Show desktop"
        case .number(let n): return "Desktop \(n)"
        case .move(let m):
            switch m {
            case .up: return "Desktop above"
            case .down: return "Desktop below"
            case .left: return "Desktop to the left"
            case .right: return "Desktop to the right"
            case .upLeft: return "Desktop up and to the left"
            case .upRight: return "Desktop up and to the right"
            case .downLeft: return "Desktop down and to the left"
            case .downRight: return "Desktop down and to the right"
            }
        }
    }

    /// What a gesture does, all of it: its action, `repeat`'s steps, per-state actions, a held
    /// key, a scroll, a drag. "Nothing" when it does nothing.
    public static func action(_ g: GestureSpec) -> String {
        var parts: [Part] = []
        if var main = g.action.map({ Part(action($0), $0) }) {
            if case .longPress = g.recognizer, g.fire == .ifStill { main.text += " if the fingers stay still" }
            parts.append(main)
        }
        if let d = g.drag {
            let drag = "moved, drags with the \(buttonName(d.button)) button"
            if parts.isEmpty { parts.append(Part(drag.capitalizedFirst)) } else { parts[0].text += "; " + drag }
        }
        if let r = g.repeat { parts.append(Part(repeatWords(r, progress: progressWords(g.recognizer)), r.action)) }
        parts += stateWords(g.on, continuous: g.recognizer.isContinuous).map { Part($0) }
        if let s = g.scroll { parts.append(Part(scrollWords(s))) }
        return joined(parts, hold: g.hold)
    }

    /// A piece of what a gesture does, and whether its first word may be lowercased in a list
    /// (not a key's name: "Ctrl+W" stays).
    struct Part {
        var text: String
        var lowercasable = true

        init(_ text: String, _ action: ActionSpec? = nil) {
            self.text = text
            if case .keys? = action { lowercasable = false }
        }

        var inList: String { lowercasable ? text.lowercasedFirst : text }
    }

    /// The parts as one text, "Nothing" when there are none, under a held key.
    static func joined(_ parts: [Part], hold: HoldSpec?) -> String {
        guard let first = parts.first else { return hold.map { "Holds \(Words.keys($0.keys))" } ?? "Nothing" }
        let rest = parts.dropFirst().map(\.inList)
        if let hold { return "With \(Words.keys(hold.keys)) held: " + ([first.inList] + rest).joined(separator: "; ") }
        return ([first.text] + rest).joined(separator: "; ")
    }

    /// What a touchpad binding does.
    public static func action(_ b: TouchpadBinding) -> String {
        var parts: [Part] = []
        if let a = b.action { parts.append(Part(action(a), a)) }
        if let r = b.repeat {
            let progress: (String, String)
            switch b.kind {
            case .swipe: progress = ("moving", "moving back")
            case .pinch: progress = b.pinchDirection.isRotation ? ("turning", "turning back") : ("spreading", "pinching")
            }
            parts.append(Part(repeatWords(r, progress: progress), r.action))
        }
        parts += stateWords(b.on, continuous: true).map { Part($0) }
        return joined(parts, hold: b.hold)
    }

    /// What a region's control or button does when it changes or is tapped.
    public static func action(region: RegionSpec) -> String {
        region.action.map(action) ?? "Nothing"
    }

    /// What more a row says of a gesture, in short sentences: off, previewed, when it fires,
    /// its relations to other gestures, the regions it leaves alone.
    public static func notes(_ g: GestureSpec) -> [String] {
        var out: [String] = []
        if !g.enabled { out.append("Off") }
        if g.preview { out.append("Shows where it goes while the fingers move") }
        if let f = g.fire, !g.preview { out.append(fireWords(f)) }
        if g.claimsOnLanding { out.append("Takes the fingers as soon as they land") }
        if !g.requireToFail.isEmpty { out.append("Waits until \(Words.list(g.requireToFail.map(Words.quoted))) cannot be") }
        switch g.simultaneousWith {
        case .all: out.append("Can fire along with any other gesture")
        case .names(let n) where !n.isEmpty: out.append("Can fire along with \(Words.list(n.map(Words.quoted), conjunction: "and"))")
        case .names: break
        }
        if !g.exclude.isEmpty { out.append("Not in \(Words.list(g.exclude.map(Words.quoted)))") }
        return out
    }

    /// What more a row says of a touchpad binding.
    public static func notes(_ b: TouchpadBinding) -> [String] {
        var out: [String] = []
        if b.preview { out.append("Shows where it goes while the fingers move") }
        if let f = b.fire, !b.preview { out.append(fireWords(f)) }
        return out
    }

    static func fireWords(_ f: FireTiming) -> String {
        switch f {
        case .atRecognition: "Fires as soon as it is recognized"
        case .atLift: "Fires when the fingers lift, if they went far enough"
        case .ifStill: "Fires when the fingers lift, if they stayed still"
        }
    }

    /// The words of a continuous gesture's progress, forward and back.
    static func progressWords(_ r: RecognizerSpec) -> (String, String) {
        switch r {
        case .pinch: ("spreading", "pinching")
        case .rotation: ("turning clockwise", "turning back")
        case .pan, .edgePan, .longPress, .swipe, .tap, .stroke: ("moving", "moving back")
        }
    }

    /// "Ctrl+Plus while spreading, Ctrl+Minus while pinching".
    static func repeatWords(_ r: RepeatSpec, progress: (String, String)) -> String {
        var text = "\(action(r.action)) while \(progress.0)"
        if let back = r.reverse { text += ", \(Part(action(back), back).inList) while \(progress.1)" }
        return text
    }

    /// "When it begins: Right click", in the states' order.
    static func stateWords(_ on: [GestureState: ActionSpec], continuous: Bool) -> [String] {
        let order: [(GestureState, String)] = [
            (.began, "when it begins"), (.changed, "as it changes"),
            (.ended, continuous ? "when it ends" : "when recognized"), (.cancelled, "when it is cancelled"),
        ]
        return order.compactMap { state, words in on[state].map { "\(words.capitalizedFirst): \(action($0))" } }
    }

    /// "Scrolls", "Scrolls up and down, and on after a flick".
    static func scrollWords(_ s: ScrollSpec) -> String {
        var text = "Scrolls"
        switch s.axis {
        case .both: break
        case .vertical: text += " up and down"
        case .horizontal: text += " sideways"
        }
        if s.kinetic { text += ", and on after a flick" }
        return text
    }
}

extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
