@testable import GestureImport
import GestureProfiles
import Testing
import TestSupport

/// Commands as the source tools run them, and the Tactus actions they become.
@Suite struct CommandMappingTests {
    @Test func shellLinesSplitLikeShWhenTheyAreOnlyWordsAndStayShellLinesOtherwise() {
        #expect(ShellWords.split(#"notify-send 'Hello world' "it's" a\ b"#, shellLine: true) == .words(["notify-send", "Hello world", "it's", "a b"]))
        #expect(ShellWords.split(#"echo "a\"b" "\$x" '' c"#, shellLine: true) == .words(["echo", "a\"b", "$x", "", "c"]))
        for (line, what) in [("a | b", "'|'"), ("a; b", "';'"), ("a && b", "'&'"), ("echo $HOME", "$ expansion"), ("echo \"$HOME\"", "$ expansion"),
                             ("a > f", "'>'"), ("ls *.txt", "a '*' pattern"), ("cat ~/x", "~ expansion"), ("A=1 b", "a variable assignment"),
                             ("echo `date`", "` substitution"), ("a # note", "a # comment"), ("cd /tmp", "'cd'"), ("a\nb", "a line break")] {
            #expect(ShellWords.split(line, shellLine: true) == .needsShell(what: what), "\(line)")
        }
        #expect(ShellWords.split("a 'b", shellLine: true) == .malformed("no closing quotation mark (')"))
        #expect(ShellWords.split("   ", shellLine: true) == .malformed("the command is empty"))
    }

    @Test func commandsThatWereNotShellLinesNeverGetAShell() {
        // libinput-gestures: shlex.split, then the words are run as they are.
        #expect(ShellWords.split(#"echo a | b $HOME ~ "x\y" 'z'"#, shellLine: false) == .words(["echo", "a", "|", "b", "$HOME", "~", #"x\y"#, "z"]))
        #expect(ShellWords.split(#"say "a\"b""#, shellLine: false) == .words(["say", "a\"b"]))
    }

    @Test func xdotoolAndWmctrlBecomeNativeActionsOnlyWhereTheyMapExactly() {
        let focused = CommandMapper(focusedTarget: true), underPointer = CommandMapper(focusedTarget: false)
        let cases: [([String], ImportedAction, ImportedAction)] = [
            (["xdotool", "key", "super+Up"], .keys("super+Up"), .keys("super+Up")),
            (["/usr/bin/xdotool", "key", "ctrl+c", "ctrl+v"], .sequence([.keys("ctrl+c"), .keys("ctrl+v")]), .sequence([.keys("ctrl+c"), .keys("ctrl+v")])),
            (["xdotool", "click", "3"], .click(3), .click(3)),
            (["xdotool", "set_desktop", "2"], .desktop("2"), .desktop("2")),
            (["xdotool", "set_desktop", "--relative", "1"], .desktop("next"), .desktop("next")),
            (["xdotool", "set_desktop", "--relative", "--", "-1"], .desktop("previous"), .desktop("previous")),
            (["wmctrl", "-k", "on"], .desktop("show"), .desktop("show")),
            (["wmctrl", "-s", "0"], .desktop("0"), .desktop("0")),
            (["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,maximized_vert,maximized_horz"], .window("toggle-maximize"), .command(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,maximized_vert,maximized_horz"])),
            (["wmctrl", "-r", ":ACTIVE:", "-b", "add,maximized_horz,maximized_vert"], .window("maximize"), .command(["wmctrl", "-r", ":ACTIVE:", "-b", "add,maximized_horz,maximized_vert"])),
            (["wmctrl", "-r", ":ACTIVE:", "-b", "remove,maximized_vert,maximized_horz"], .window("unmaximize"), .command(["wmctrl", "-r", ":ACTIVE:", "-b", "remove,maximized_vert,maximized_horz"])),
            (["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,fullscreen"], .window("toggle-fullscreen"), .command(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,fullscreen"])),
            (["wmctrl", "-c", ":ACTIVE:"], .window("close"), .command(["wmctrl", "-c", ":ACTIVE:"])),
            // Not exact: options, chained commands, unknown key names, other windows.
            (["xdotool", "key", "--clearmodifiers", "super+Up"], .command(["xdotool", "key", "--clearmodifiers", "super+Up"]), .command(["xdotool", "key", "--clearmodifiers", "super+Up"])),
            (["xdotool", "key", "ctrl+l", "type", "x"], .command(["xdotool", "key", "ctrl+l", "type", "x"]), .command(["xdotool", "key", "ctrl+l", "type", "x"])),
            (["xdotool", "key", "ctrl+Lfet"], .command(["xdotool", "key", "ctrl+Lfet"]), .command(["xdotool", "key", "ctrl+Lfet"])),
            (["xdotool", "set_desktop", "--relative", "2"], .command(["xdotool", "set_desktop", "--relative", "2"]), .command(["xdotool", "set_desktop", "--relative", "2"])),
            (["wmctrl", "-k", "off"], .command(["wmctrl", "-k", "off"]), .command(["wmctrl", "-k", "off"])),
            (["wmctrl", "-r", "Firefox", "-b", "toggle,fullscreen"], .command(["wmctrl", "-r", "Firefox", "-b", "toggle,fullscreen"]), .command(["wmctrl", "-r", "Firefox", "-b", "toggle,fullscreen"])),
        ]
        for (argv, whenFocused, whenUnderPointer) in cases {
            #expect(focused.map(argv) == whenFocused, "\(argv)")
            #expect(underPointer.map(argv) == whenUnderPointer, "\(argv)")
        }
    }

    @Test func everySendkeyNameTypesAKeysymTactusKnows() {
        for (name, keysym) in EvdevKeys.keysyms {
            #expect(Keysyms.resolve(keysym) == keysym, "\(name) -> \(keysym)")
        }
        #expect(EvdevKeys.keysym("KEY_leftctrl") == "Control_L")
    }

    /// Whatever the text of a command or a shell line, the written profile gives it back
    /// unchanged: quotes, backslashes, braces, control characters and non-ASCII included.
    @Test func writtenCommandsAndShellLinesLoadBackUnchanged() throws {
        var random = SeededRandom(seed: 18)
        let alphabet = Array("ab {}{{}}\"'\\$|;:#-,[]&*\n\t\r\u{1}\u{7F}\u{85}\u{2028}é✓%@!?=<>`~")
        for round in 0..<300 {
            let words = (0..<Int.random(in: 1...4, using: &random)).map { _ in String((0..<Int.random(in: 1...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }) }
            var result = ImportResult(format: .fusuma)
            var profile = ImportedProfile(name: "p", applications: [round % 2 == 0 ? "Odd \"class\" {x}" : "/Odd \"class\" {x}/"])
            profile.touchpad = [
                ImportedBinding(.touchpadSwipe(fingers: 3, direction: "up"), action: .command(words), lines: [1]),
                ImportedBinding(.touchpadSwipe(fingers: 3, direction: "down"), action: .shell(words.joined(separator: " ")), lines: [2]),
            ]
            profile.notes = [ImportNote(words.joined(), because: words.joined(separator: "\n"), lines: [3])]
            result.profiles = [profile]
            let text = ProfileWriter(sourceName: "weird\nname.conf").write(result)
            let loaded = ProfileLoader.load(yaml: text, path: "t.yaml")
            #expect(loaded.errors.isEmpty, "round \(round): \(loaded.errors)\n\(text)")
            guard let bindings = loaded.file?.profiles.first?.touchpad, bindings.count == 2 else { continue }
            if case .command(let argv)? = bindings[0].action {
                #expect(argv.map { $0.render { _ in "?" } } == words)
            } else { Issue.record("not a command: \(String(describing: bindings[0].action))") }
            if case .shell(let script)? = bindings[1].action {
                #expect(script.render { _ in "?" } == words.joined(separator: " "))
            } else { Issue.record("not a shell line: \(String(describing: bindings[1].action))") }
            // The class is matched as written, even one that looks like a /regex/.
            let cls = round % 2 == 0 ? "Odd \"class\" {x}" : "/Odd \"class\" {x}/"
            #expect(loaded.file?.profiles.first?.match.matches(.init(id: 1, windowClass: cls, frame: .init(x: 0, y: 0, width: 1, height: 1))) == true)
            #expect(loaded.file?.profiles.first?.match.matches(.init(id: 1, windowClass: "Odd", frame: .init(x: 0, y: 0, width: 1, height: 1))) == false)
        }
    }
}

extension CommandMappingTests {
    /// The importer's quick key-name check agrees with the loader's resolution, name by name.
    @Test func theKeyNameCheckAgreesWithTheLoader() {
        var names = Array(Keysyms.byName.keys.prefix(400)) + ["ctrl", "CTRL", "Super", "left", "LEFT", "a", "A", "kp_add", "xf86audioraisevolume", "Lfet", "", "ctrl+", "é"]
        names += Keysyms.byName.keys.suffix(400).map { $0.uppercased() }
        for name in names {
            #expect(CommandMapper.isKeyName(name) == (Keysyms.resolve(name) != nil), "\(name)")
        }
    }
}
