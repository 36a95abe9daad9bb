/// A window pattern compiled for a Pike machine: every way through the pattern is followed
/// at once, one character at a time, so matching costs at most the text's length times the
/// program's, whatever the pattern (a backtracking matcher takes exponential time on
/// `^(a|aa)+$` against a title of `a`s and a `b`, and any X client sets its own title).
struct PatternProgram: Sendable {
    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case set(Int)
        case start, end
        case wordBoundary(Bool)
        /// Try both.
        case split(Int, Int)
        case jump(Int)
        case match
    }

    /// Instructions at most, with counted repetitions written out.
    static let maximumSize = 2_000
    /// Characters of a text looked at: a longer title is matched on its beginning.
    static let maximumText = 1_024

    private(set) var code: [Instruction] = []
    private(set) var sets: [PatternSet] = []
    let ignoresCase: Bool

    init(_ pattern: String) throws(PatternError) {
        var parser = PatternParser(pattern)
        let tree = try parser.parse()
        ignoresCase = parser.ignoresCase
        try emit(tree)
        code.append(.match)
    }

    // MARK: Compiling

    private mutating func append(_ instruction: Instruction) throws(PatternError) -> Int {
        guard code.count < Self.maximumSize else {
            throw PatternError(description: "the pattern is too large (over \(Self.maximumSize) steps once its counts are written out)")
        }
        code.append(instruction)
        return code.count - 1
    }

    private mutating func emit(_ node: PatternNode) throws(PatternError) {
        switch node {
        case .empty: break
        case .scalar(let c): _ = try append(.scalar(ignoresCase ? Self.fold(c) : c))
        case .any: _ = try append(.any)
        case .set(let s):
            sets.append(s)
            _ = try append(.set(sets.count - 1))
        case .start: _ = try append(.start)
        case .end: _ = try append(.end)
        case .wordBoundary(let b): _ = try append(.wordBoundary(b))
        case .sequence(let items): for item in items { try emit(item) }
        case .choice(let branches):
            var jumps: [Int] = []
            for (n, branch) in branches.enumerated() {
                if n == branches.count - 1 {
                    try emit(branch)
                } else {
                    let split = try append(.split(0, 0))
                    try emit(branch)
                    jumps.append(try append(.jump(0)))
                    code[split] = .split(split + 1, code.count)
                }
            }
            for j in jumps { code[j] = .jump(code.count) }
        case .repetition(let inner, let min, let max):
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy may be skipped to the end.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(try append(.split(0, 0)))
                    try emit(inner)
                }
                for s in splits { code[s] = .split(s + 1, code.count) }
            } else {
                let split = try append(.split(0, 0))
                try emit(inner)
                _ = try append(.jump(split))
                code[split] = .split(split + 1, code.count)
            }
        }
    }

    // MARK: Matching

    /// Whether the pattern matches somewhere in `text` (its first `maximumText` characters).
    func matches(_ text: String) -> Bool {
        let input = Array(text.unicodeScalars.prefix(Self.maximumText))
        var current = ThreadList(capacity: code.count), next = ThreadList(capacity: code.count)
        var stack: [Int] = []
        for position in 0...input.count {
            // A match may start anywhere: a new thread at every position.
            if add(0, at: position, in: input, to: &current, stack: &stack) { return true }
            guard position < input.count else { break }
            let c = ignoresCase ? Self.fold(input[position]) : input[position]
            next.clear()
            for pc in current.items {
                let passes: Bool
                switch code[pc] {
                case .scalar(let s): passes = s == c
                case .any: passes = c != "\n"
                case .set(let n): passes = sets[n].contains(input[position], ignoringCase: ignoresCase)
                default: passes = false
                }
                if passes, add(pc + 1, at: position + 1, in: input, to: &next, stack: &stack) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds the thread at `pc` and every thread it reaches without reading a character;
    /// true when one of them is the match.
    private func add(_ pc: Int, at position: Int, in input: [Unicode.Scalar], to list: inout ThreadList, stack: inout [Int]) -> Bool {
        stack.append(pc)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch code[pc] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let a, let b): stack.append(b); stack.append(a)
            case .start: if position == 0 { stack.append(pc + 1) }
            case .end: if position == input.count { stack.append(pc + 1) }
            case .wordBoundary(let wanted):
                let before = position > 0 && PatternSet.isNamed(.word, input[position - 1])
                let after = position < input.count && PatternSet.isNamed(.word, input[position])
                if (before != after) == wanted { stack.append(pc + 1) }
            default: break
            }
        }
        stack.removeAll(keepingCapacity: true)
        return false
    }

    /// Lower case, when it is one character.
    static func fold(_ c: Unicode.Scalar) -> Unicode.Scalar {
        let lower = c.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : c
    }

    static func upper(_ c: Unicode.Scalar) -> Unicode.Scalar? {
        let upper = c.properties.uppercaseMapping.unicodeScalars
        return upper.count == 1 ? upper.first! : nil
    }
}

/// The threads of one step, each instruction once (a sparse set: clearing is free).
private struct ThreadList {
    private var dense: [Int]
    private var sparse: [Int]
    private(set) var count = 0

    init(capacity: Int) {
        dense = Array(repeating: 0, count: capacity)
        sparse = Array(repeating: 0, count: capacity)
    }

    var items: ArraySlice<Int> { dense[0..<count] }

    mutating func clear() { count = 0 }

    /// false when it was there already.
    mutating func insert(_ pc: Int) -> Bool {
        let at = sparse[pc]
        if at < count && dense[at] == pc { return false }
        sparse[pc] = count
        dense[count] = pc
        count += 1
        return true
    }
}
