/// Linux input key names (`KEY_…` without the prefix, as fusuma-plugin-sendkey takes them)
/// and the X keysym each one types on a US layout.
enum EvdevKeys {
    static let keysyms: [String: String] = {
        var table: [String: String] = [
            "LEFTCTRL": "Control_L", "RIGHTCTRL": "Control_R", "LEFTSHIFT": "Shift_L", "RIGHTSHIFT": "Shift_R",
            "LEFTALT": "Alt_L", "RIGHTALT": "Alt_R", "LEFTMETA": "Super_L", "RIGHTMETA": "Super_R",
            "ESC": "Escape", "TAB": "Tab", "ENTER": "Return", "SPACE": "space", "BACKSPACE": "BackSpace",
            "DELETE": "Delete", "INSERT": "Insert", "HOME": "Home", "END": "End", "PAGEUP": "Prior", "PAGEDOWN": "Next",
            "LEFT": "Left", "RIGHT": "Right", "UP": "Up", "DOWN": "Down", "CAPSLOCK": "Caps_Lock",
            "MINUS": "minus", "EQUAL": "equal", "LEFTBRACE": "bracketleft", "RIGHTBRACE": "bracketright",
            "SEMICOLON": "semicolon", "APOSTROPHE": "apostrophe", "GRAVE": "grave", "BACKSLASH": "backslash",
            "COMMA": "comma", "DOT": "period", "SLASH": "slash", "SYSRQ": "Print", "PRINT": "Print",
            "SCROLLLOCK": "Scroll_Lock", "PAUSE": "Pause", "NUMLOCK": "Num_Lock", "COMPOSE": "Menu", "MENU": "Menu",
            "KPPLUS": "KP_Add", "KPMINUS": "KP_Subtract", "KPASTERISK": "KP_Multiply", "KPSLASH": "KP_Divide",
            "KPENTER": "KP_Enter", "KPDOT": "KP_Decimal", "KPEQUAL": "KP_Equal",
            "VOLUMEUP": "XF86AudioRaiseVolume", "VOLUMEDOWN": "XF86AudioLowerVolume", "MUTE": "XF86AudioMute",
            "PLAYPAUSE": "XF86AudioPlay", "PLAY": "XF86AudioPlay", "PAUSECD": "XF86AudioPause", "STOPCD": "XF86AudioStop",
            "NEXTSONG": "XF86AudioNext", "PREVIOUSSONG": "XF86AudioPrev",
            "BRIGHTNESSUP": "XF86MonBrightnessUp", "BRIGHTNESSDOWN": "XF86MonBrightnessDown",
            "BACK": "XF86Back", "FORWARD": "XF86Forward", "REFRESH": "XF86Reload", "SEARCH": "XF86Search",
            "ZOOMIN": "XF86ZoomIn", "ZOOMOUT": "XF86ZoomOut", "CALC": "XF86Calculator", "MAIL": "XF86Mail",
            "HOMEPAGE": "XF86HomePage", "WWW": "XF86WWW", "SLEEP": "XF86Sleep", "POWER": "XF86PowerOff",
        ]
        for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" { table[String(c)] = String(c).lowercased() }
        for d in 0...9 {
            table[String(d)] = String(d)
            table["KP\(d)"] = "KP_\(d)"
        }
        for f in 1...24 { table["F\(f)"] = "F\(f)" }
        return table
    }()

    /// The keysym of `LEFTCTRL`, `KEY_LEFTCTRL` or `leftctrl`.
    static func keysym(_ name: String) -> String? {
        var key = name.uppercased()
        if key.hasPrefix("KEY_") { key.removeFirst(4) }
        return keysyms[key]
    }
}
