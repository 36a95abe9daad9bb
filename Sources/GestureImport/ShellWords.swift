/// Splits a command line into words, as the tool it came from did.
///
/// A *shell line* (Touchégg's RUN_COMMAND goes through `system()`, fusuma's `command:`
/// through Ruby's `spawn`) is split as `/bin/sh` would split it when it holds nothing but
/// words and quoting; anything else (pipes, `;`, `&&`, `$`, redirections, globs, `~`) needs
/// the shell and is kept as a shell line. A line that was *not* a shell line
/// (libinput-gestures runs `shlex.split` and executes the words) never gets a shell: its
/// quotes and backslashes are read, every other character is a literal.
enum ShellWords {
    enum Outcome: Equatable {
        case words([String])
        /// It needs `/bin/sh`: `what` names the syntax found, for people.
        case needsShell(what: String)
        case malformed(String)
    }

    /// Words that are shell syntax, not programs, when they start a command.
    static let shellKeywords: Set<String> = [
        "!", "{", "}", "[[", "case", "do", "done", "elif", "else", "esac", "fi", "for", "function",
        "if", "in", "select", "then", "time", "until", "while", ".", "source", "alias", "cd",
        "eval", "exec", "export", "read", "set", "shift", "trap", "ulimit", "umask", "unset", "wait",
    ]

    static func split(_ text: String, shellLine: Bool) -> Outcome {
        var words: [String] = []
        var word = ""
        var inWord = false
        var chars = Array(text.unicodeScalars)[...]

        func endWord() {
            if inWord { words.append(word) }
            word = ""
            inWord = false
        }

        while let c = chars.popFirst() {
            switch c {
            case " ", "\t":
                endWord()
            case "\n", "\r":
                if shellLine { return .needsShell(what: "a line break") }
                endWord()
            case "'":
                inWord = true
                guard let close = chars.firstIndex(of: "'") else { return .malformed("no closing quotation mark (')") }
                word.unicodeScalars.append(contentsOf: chars[..<close])
                chars = chars[(close + 1)...]
            case "\"":
                inWord = true
                var closed = false
                while let d = chars.popFirst() {
                    if d == "\"" { closed = true; break }
                    if d == "\\", let e = chars.first {
                        let escapable: Set<Unicode.Scalar> = shellLine ? ["$", "`", "\"", "\\", "\n"] : ["\"", "\\"]
                        if escapable.contains(e) {
                            chars.removeFirst()
                            if e != "\n" { word.unicodeScalars.append(e) }
                            continue
                        }
                    }
                    if shellLine && (d == "$" || d == "`") { return .needsShell(what: d == "$" ? "$ expansion" : "` substitution") }
                    word.unicodeScalars.append(d)
                }
                if !closed { return .malformed("no closing quotation mark (\")") }
            case "\\":
                guard let e = chars.popFirst() else { return .malformed("a backslash at the end") }
                inWord = true
                if e == "\n" && shellLine { continue }
                word.unicodeScalars.append(e)
            default:
                if shellLine, let what = shellSyntax(c, startsWord: !inWord, firstWord: words.isEmpty) {
                    return .needsShell(what: what)
                }
                inWord = true
                word.unicodeScalars.append(c)
            }
        }
        endWord()
        guard let first = words.first else { return .malformed("the command is empty") }
        if first.isEmpty { return .malformed("the program name is empty") }
        if shellLine && shellKeywords.contains(first) { return .needsShell(what: "'\(first)'") }
        return .words(words)
    }

    /// Unquoted characters that mean something to `/bin/sh`.
    private static func shellSyntax(_ c: Unicode.Scalar, startsWord: Bool, firstWord: Bool) -> String? {
        switch c {
        case "|", "&", ";", "<", ">", "(", ")": return "'\(c)'"
        case "$": return "$ expansion"
        case "`": return "` substitution"
        case "*", "?", "[": return "a '\(c)' pattern"
        case "#" where startsWord: return "a # comment"
        case "~" where startsWord: return "~ expansion"
        case "=" where firstWord: return "a variable assignment"
        default: return nil
        }
    }

    /// The words quoted so that `/bin/sh` reads them back as they are (for notes).
    static func join(_ words: [String]) -> String {
        words.map { w in
            if !w.isEmpty, w.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || "0123456789-_./+=:,@%".unicodeScalars.contains($0) }) { return w }
            return "'" + w.replacingAll("'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        out += rest
        return out
    }
}
