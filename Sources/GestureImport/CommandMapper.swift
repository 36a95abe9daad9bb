import GestureProfiles

/// Turns a command of the source file into a Tactus action: a native `keys:`, `click:`,
/// `window:` or `desktop:` action where the command does exactly that, else the command
/// itself (`command:` without a shell, or `shell:` when it was a shell line that needs one).
struct CommandMapper {
    /// Whether window actions act on the focused window (`settings.target: focused`): only
    /// then is `wmctrl -r :ACTIVE: …` the same as a Tactus `window:` action.
    var focusedTarget: Bool

    enum Mapping: Equatable {
        case action(ImportedAction)
        case refused(String)
    }

    /// A command line as the source tool gives it to `/bin/sh` (Touchégg, fusuma).
    func mapShellLine(_ text: String) -> Mapping {
        switch ShellWords.split(text, shellLine: true) {
        case .words(let argv): return .action(map(argv))
        case .needsShell: return .action(.shell(text.trimmed))
        case .malformed(let why): return .refused("the shell cannot run it either: \(why)")
        }
    }

    /// Words that are run without a shell.
    func map(_ argv: [String]) -> ImportedAction {
        let program = argv[0].split(separator: "/").last.map(String.init) ?? argv[0]
        let args = Array(argv.dropFirst())
        let native: ImportedAction?
        switch program {
        case "xdotool": native = xdotool(args)
        case "wmctrl": native = wmctrl(args)
        default: native = nil
        }
        return native ?? .command(argv)
    }

    /// xdotool's commands, for telling a key name from a chained command.
    static let xdotoolCommands: Set<String> = [
        "key", "keydown", "keyup", "type", "click", "mousedown", "mouseup", "mousemove", "mousemove_relative",
        "getmouselocation", "search", "selectwindow", "getactivewindow", "getwindowfocus", "windowactivate",
        "windowfocus", "windowmap", "windowunmap", "windowminimize", "windowraise", "windowsize", "windowmove",
        "windowkill", "windowclose", "windowquit", "set_desktop", "get_desktop", "set_desktop_for_window",
        "get_desktop_for_window", "set_num_desktops", "get_num_desktops", "set_window", "behave", "exec", "sleep",
        "getwindowname", "getwindowpid", "getwindowgeometry", "getdisplaygeometry", "set_desktop_viewport",
        "get_desktop_viewport", "windowstate",
    ]

    /// `key COMBO…`, `click N`, `set_desktop N`, `set_desktop --relative ±1`, without options
    /// or chained commands.
    private func xdotool(_ args: [String]) -> ImportedAction? {
        guard let command = args.first else { return nil }
        let rest = Array(args.dropFirst())
        switch command {
        case "key":
            guard !rest.isEmpty, rest.allSatisfy({ !$0.hasPrefix("-") && !Self.xdotoolCommands.contains($0) && Self.isKeyCombo($0) }) else { return nil }
            return rest.count == 1 ? .keys(rest[0]) : .sequence(rest.map { .keys($0) })
        case "click":
            guard rest.count == 1, let b = Int(rest[0]), (1...9).contains(b) else { return nil }
            return .click(b)
        case "set_desktop":
            if rest.count == 1, let n = Int(rest[0]), (0...99).contains(n) { return .desktop(String(n)) }
            var relative = rest
            guard relative.first == "--relative" else { return nil }
            relative.removeFirst()
            if relative.first == "--" { relative.removeFirst() }
            guard relative.count == 1 else { return nil }
            switch relative[0] {
            case "1", "+1": return .desktop("next")
            case "-1": return .desktop("previous")
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `-k on`, `-s N`, and (acting on the focused window) `-r :ACTIVE: -b OP,PROPS` and
    /// `-c :ACTIVE:`.
    private func wmctrl(_ args: [String]) -> ImportedAction? {
        if args == ["-k", "on"] { return .desktop("show") }
        if args.count == 2, args[0] == "-s", let n = Int(args[1]), (0...99).contains(n) { return .desktop(String(n)) }
        guard focusedTarget else { return nil }
        if args == ["-c", ":ACTIVE:"] { return .window("close") }
        guard args.count == 4, args[0] == "-r", args[1] == ":ACTIVE:", args[2] == "-b" else { return nil }
        let parts = args[3].split(separator: ",").map(String.init)
        guard let op = parts.first, (2...3).contains(parts.count) else { return nil }
        let props = Set(parts.dropFirst())
        switch (op, props) {
        case ("toggle", ["maximized_vert", "maximized_horz"]): return .window("toggle-maximize")
        case ("add", ["maximized_vert", "maximized_horz"]): return .window("maximize")
        case ("remove", ["maximized_vert", "maximized_horz"]): return .window("unmaximize")
        case ("toggle", ["fullscreen"]): return .window("toggle-fullscreen")
        case ("add", ["fullscreen"]): return .window("fullscreen")
        default: return nil
        }
    }

    /// Whether every part of `ctrl+alt+Left` is a key name Tactus knows.
    static func isKeyCombo(_ text: String) -> Bool {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && isKeyName(String($0)) }
    }

    /// Key names in lower case, with how many keysyms share each spelling.
    private static let lowercaseKeyNames: [String: Int] = {
        var counts: [String: Int] = [:]
        for name in Keysyms.byName.keys { counts[name.lowercased(), default: 0] += 1 }
        return counts
    }()

    /// Whether `Keysyms.resolve` accepts `name` (a modifier alias, an exact keysym name, or
    /// one in another case that only one keysym has), without its scan of every keysym: a
    /// file may hold thousands of names.
    static func isKeyName(_ name: String) -> Bool {
        Keysyms.modifierAliases[name.lowercased()] != nil || Keysyms.byName[name] != nil || lowercaseKeyNames[name.lowercased()] == 1
    }
}
