import GestureEngine
import GestureProfiles

/// Words for people: numbers of fingers, key names as desktops show them, lists.
enum Words {
    static let numbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// `three` (a number word up to ten, digits beyond).
    static func number(_ n: Int) -> String { n >= 0 && n < numbers.count ? numbers[n] : String(n) }

    /// `Three fingers` / `One finger`.
    static func fingers(_ n: Int, capitalized: Bool = false) -> String {
        let s = "\(number(n)) finger\(n == 1 ? "" : "s")"
        return capitalized ? s.capitalizedFirst : s
    }

    /// `Two-finger` (for `Two-finger tap`).
    static func fingerAdjective(_ n: Int) -> String { "\(number(n))-finger" }

    /// `a, b or c`.
    static func list(_ items: [String], conjunction: String = "or") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
        }
    }

    /// The directions of a set, in a fixed order (left, right, up, down).
    static func directions(_ set: DirectionSet) -> [Direction] {
        [Direction.left, .right, .up, .down].filter { set.contains($0) }
    }

    /// `left or right`, `in any direction` for all four.
    static func directionPhrase(_ set: DirectionSet) -> String {
        let d = directions(set)
        if d.count == 4 || d.isEmpty { return "in any direction" }
        return list(d.map(\.rawValue))
    }

    static func edges(_ set: EdgeSet) -> [String] {
        [(EdgeSet.left, "left"), (.right, "right"), (.top, "top"), (.bottom, "bottom")].filter { set.contains($0.0) }.map(\.1)
    }

    // MARK: Keys

    /// Keysym names as desktops show them in shortcuts.
    private static let keyNames: [String: String] = [
        "Control_L": "Ctrl", "Control_R": "Ctrl", "Alt_L": "Alt", "Alt_R": "Alt", "Shift_L": "Shift", "Shift_R": "Shift",
        "Super_L": "Super", "Super_R": "Super", "Meta_L": "Meta", "Meta_R": "Meta", "ISO_Level3_Shift": "AltGr",
        "Hyper_L": "Hyper", "Hyper_R": "Hyper",
        "Prior": "Page Up", "Next": "Page Down", "Page_Up": "Page Up", "Page_Down": "Page Down",
        "Return": "Enter", "KP_Enter": "Enter", "Escape": "Esc", "BackSpace": "Backspace", "Delete": "Delete",
        "Insert": "Insert", "Print": "Print Screen", "space": "Space", "Tab": "Tab", "ISO_Left_Tab": "Tab",
        "plus": "Plus", "minus": "Minus", "equal": "=", "comma": ",", "period": ".", "slash": "/", "backslash": "\\",
        "semicolon": ";", "apostrophe": "'", "grave": "`", "bracketleft": "[", "bracketright": "]",
        "KP_Add": "Plus", "KP_Subtract": "Minus", "KP_Multiply": "*", "KP_Divide": "/",
        "Caps_Lock": "Caps Lock", "Num_Lock": "Num Lock", "Scroll_Lock": "Scroll Lock", "Menu": "Menu",
        "XF86AudioRaiseVolume": "Volume Up", "XF86AudioLowerVolume": "Volume Down", "XF86AudioMute": "Mute",
        "XF86AudioPlay": "Play", "XF86AudioPause": "Pause", "XF86AudioNext": "Next Track", "XF86AudioPrev": "Previous Track",
        "XF86MonBrightnessUp": "Brightness Up", "XF86MonBrightnessDown": "Brightness Down",
        "XF86Back": "Back", "XF86Forward": "Forward", "XF86Reload": "Reload",
    ]

    /// One keysym as a desktop shows it: `Ctrl`, `W`, `Left`, `Page Up`, `Volume Up`.
    static func key(_ keysym: String) -> String {
        if let n = keyNames[keysym] { return n }
        if keysym.count == 1 { return keysym.uppercased() }
        // A keysym for one character (Latin-1's are their code points, others 0x01000000 + it).
        if let v = Keysyms.byName[keysym] {
            let code: UInt32? = (0x21...0x7E).contains(v) || (0xA0...0xFF).contains(v) ? v : (v & 0xFF00_0000 == 0x0100_0000 ? v & 0xFF_FFFF : nil)
            if let code, let scalar = Unicode.Scalar(code), scalar.properties.isAlphabetic || scalar.properties.generalCategory != .control {
                return Character(scalar).uppercased()
            }
        }
        var name = keysym
        if name.hasPrefix("XF86") { name = String(name.dropFirst(4)) }
        if name.hasPrefix("KP_") { name = "Keypad " + name.dropFirst(3) }
        // `AudioRaiseVolume` → `Audio Raise Volume`, `Page_Up` → `Page Up`.
        var out = ""
        var previous: Character = " "
        for c in name {
            if c == "_" { out.append(" "); previous = " "; continue }
            if c.isUppercase, previous.isLowercase { out.append(" ") }
            out.append(c)
            previous = c
        }
        return out.capitalizedFirst
    }

    /// `Ctrl+Alt+Left`.
    static func keys(_ combo: KeyCombo) -> String { combo.keys.map(key).joined(separator: "+") }

    /// `“text”`.
    static func quoted(_ s: String) -> String { "“" + s + "”" }
}

extension String {
    var capitalizedFirst: String {
        guard let f = first else { return self }
        return f.uppercased() + dropFirst()
    }

    var lowercasedFirst: String {
        guard let f = first else { return self }
        return f.lowercased() + dropFirst()
    }

    /// Whether it holds `part` (no Foundation).
    func has(_ part: String) -> Bool {
        guard !part.isEmpty else { return true }
        let a = Array(self), b = Array(part)
        guard b.count <= a.count else { return false }
        for i in 0...(a.count - b.count) where a[i] == b[0] {
            if Array(a[i..<(i + b.count)]) == b { return true }
        }
        return false
    }
}
