/// The regular expressions of `match:` (tactus.yaml(5), WINDOW PATTERNS), parsed into a
/// tree. Only what a linear-time matcher can do is accepted: literal characters, `.`,
/// classes (`[a-z]`, `[^…]`, `\d \w \s` and their negations), `^ $ \b \B`, groups (`(…)`,
/// `(?:…)`, `(?<name>…)`), `|`, and the quantifiers `* + ? {n} {n,} {n,m}` (a trailing `?`,
/// lazy, matches the same windows). A leading `(?i)` ignores case. Backreferences and
/// lookaround, which need backtracking, are refused.
indirect enum PatternNode {
    case empty
    case scalar(Unicode.Scalar)
    /// `.`: any character but a newline.
    case any
    case set(PatternSet)
    case start, end
    case wordBoundary(Bool)
    case sequence([PatternNode])
    case choice([PatternNode])
    case repetition(PatternNode, min: Int, max: Int?)
}

/// A character class: ranges and named classes, possibly negated.
struct PatternSet {
    enum Named { case digit, word, space }
    var ranges: [ClosedRange<UInt32>] = []
    var named: [(Named, negated: Bool)] = []
    var negated = false

    func contains(_ c: Unicode.Scalar, ignoringCase: Bool) -> Bool {
        func inside(_ c: Unicode.Scalar) -> Bool {
            ranges.contains { $0.contains(c.value) } || named.contains { $0.negated != Self.isNamed($0.0, c) }
        }
        var found = inside(c)
        if !found && ignoringCase { found = inside(PatternProgram.fold(c)) || PatternProgram.upper(c).map(inside) == true }
        return found != negated
    }

    static func isNamed(_ named: Named, _ c: Unicode.Scalar) -> Bool {
        switch named {
        case .digit: return c.properties.numericType == .decimal
        case .word: return c == "_" || c.properties.isAlphabetic || c.properties.numericType == .decimal
        case .space: return c.properties.isWhitespace
        }
    }
}

/// A pattern that cannot be used, in words.
public struct PatternError: Error, CustomStringConvertible {
    public var description: String
}

struct PatternParser {
    private let scalars: [Unicode.Scalar]
    private var i = 0
    private(set) var ignoresCase = false
    /// Bounds on `{n,m}`: a larger count is written with `*` or `+`.
    static let maximumCount = 1000

    init(_ pattern: String) { scalars = Array(pattern.unicodeScalars) }

    mutating func parse() throws(PatternError) -> PatternNode {
        if scalars.starts(with: Array("(?i)".unicodeScalars)) {
            ignoresCase = true
            i = 4
        }
        let node = try choice()
        if i < scalars.count { throw PatternError(description: "unbalanced ')' at character \(i + 1)") }
        return node
    }

    private var next: Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

    private mutating func choice() throws(PatternError) -> PatternNode {
        var branches = [try sequence()]
        while next == "|" {
            i += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .choice(branches)
    }

    private mutating func sequence() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let c = next, c != "|", c != ")" {
            var atom = try self.atom()
            while let (min, max) = try quantifier() {
                if case .repetition = atom { throw PatternError(description: "a quantifier after a quantifier at character \(i)") }
                switch atom {
                case .start, .end, .wordBoundary, .empty: throw PatternError(description: "nothing to repeat at character \(i)")
                default: atom = .repetition(atom, min: min, max: max)
                }
            }
            items.append(atom)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func quantifier() throws(PatternError) -> (Int, Int?)? {
        guard let c = next else { return nil }
        let bounds: (Int, Int?)
        switch c {
        case "*": bounds = (0, nil); i += 1
        case "+": bounds = (1, nil); i += 1
        case "?": bounds = (0, 1); i += 1
        case "{":
            guard let counted = try counts() else { return nil }
            bounds = counted
        default: return nil
        }
        if next == "?" { i += 1 }  // lazy: the same windows match
        if next == "+" { throw PatternError(description: "possessive quantifiers are not supported (character \(i + 1))") }
        return bounds
    }

    /// `{n}`, `{n,}`, `{n,m}`; nil (and nothing read) when the brace is a literal one.
    private mutating func counts() throws(PatternError) -> (Int, Int?)? {
        var j = i + 1
        func number() -> Int? {
            var n: Int?
            while j < scalars.count, ("0"..."9").contains(scalars[j]) {
                let d = Int(scalars[j].value) - 48
                n = min((n ?? 0) * 10 + d, Self.maximumCount + 1)
                j += 1
            }
            return n
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if j < scalars.count, scalars[j] == "," {
            j += 1
            high = number()
        }
        guard j < scalars.count, scalars[j] == "}" else { return nil }
        i = j + 1
        if low > Self.maximumCount || (high ?? 0) > Self.maximumCount {
            throw PatternError(description: "a count above \(Self.maximumCount) (write * or +)")
        }
        if let high, high < low { throw PatternError(description: "{\(low),\(high)}: the larger count comes second") }
        return (low, high)
    }

    private mutating func atom() throws(PatternError) -> PatternNode {
        let c = scalars[i]
        i += 1
        switch c {
        case ".": return .any
        case "^": return .start
        case "$": return .end
        case "[": return .set(try set())
        case "(": return try group()
        case "*", "+", "?": throw PatternError(description: "nothing to repeat at character \(i)")
        case "\\": return try escape(inSet: false).node
        default: return .scalar(c)
        }
    }

    private mutating func group() throws(PatternError) -> PatternNode {
        if next == "?" {
            let rest = scalars[i...].prefix(3).map(Character.init)
            if rest.starts(with: ["?", ":"]) {
                i += 2
            } else if rest.starts(with: ["?", "<"]), rest.count == 3, rest[2] != "=", rest[2] != "!" {
                guard let close = scalars[i...].firstIndex(of: ">") else { throw PatternError(description: "unclosed group name") }
                i = close + 1
            } else if rest.starts(with: ["?", "="]) || rest.starts(with: ["?", "!"]) || rest.starts(with: ["?", "<"]) {
                throw PatternError(description: "lookaround is not supported (patterns match in linear time, without backtracking)")
            } else {
                throw PatternError(description: "unsupported group '(?' at character \(i); (?i) is accepted at the start only")
            }
        }
        let inner = try choice()
        guard next == ")" else { throw PatternError(description: "missing ')'") }
        i += 1
        // A group may be repeated, even when it holds a repetition: '(a*)*'.
        return .sequence([inner])
    }

    /// A backslash escape (the backslash read): a character, or a class.
    private mutating func escape(inSet: Bool) throws(PatternError) -> (node: PatternNode, scalar: Unicode.Scalar?) {
        guard let c = next else { throw PatternError(description: "a '\\' at the end") }
        i += 1
        func named(_ n: PatternSet.Named, _ negated: Bool) -> (PatternNode, Unicode.Scalar?) {
            (.set(PatternSet(named: [(n, negated)])), nil)
        }
        switch c {
        case "d": return named(.digit, false)
        case "D": return named(.digit, true)
        case "w": return named(.word, false)
        case "W": return named(.word, true)
        case "s": return named(.space, false)
        case "S": return named(.space, true)
        case "t": return (.scalar("\t"), "\t")
        case "n": return (.scalar("\n"), "\n")
        case "b" where !inSet: return (.wordBoundary(true), nil)
        case "B" where !inSet: return (.wordBoundary(false), nil)
        case "1"..."9", "k":
            throw PatternError(description: "backreferences are not supported (patterns match in linear time, without backtracking)")
        default:
            if c.properties.isAlphabetic || c.properties.numericType != nil {
                throw PatternError(description: "unknown escape '\\\(c)'")
            }
            return (.scalar(c), c)
        }
    }

    private mutating func set() throws(PatternError) -> PatternSet {
        var result = PatternSet()
        if next == "^" {
            result.negated = true
            i += 1
        }
        var first = true
        while true {
            guard let c = next else { throw PatternError(description: "missing ']'") }
            if c == "]" && !first { i += 1; return result }
            first = false
            i += 1
            var low = c
            if c == "\\" {
                let (node, scalar) = try escape(inSet: true)
                guard let scalar else {
                    if case .set(let named) = node { result.named += named.named }
                    continue
                }
                low = scalar
            }
            if next == "-", i + 1 < scalars.count, scalars[i + 1] != "]" {
                i += 1
                var high = scalars[i]
                i += 1
                if high == "\\" {
                    guard let scalar = try escape(inSet: true).scalar else { throw PatternError(description: "a class cannot end a range") }
                    high = scalar
                }
                guard low.value <= high.value else { throw PatternError(description: "range '\(low)-\(high)' out of order") }
                result.ranges.append(low.value...high.value)
            } else {
                result.ranges.append(low.value...low.value)
            }
        }
    }
}
