import YAMLTree

extension FileEdits {
    /// A profile file's text as lines, with its composed YAML for the positions of what is in
    /// it (lines and columns from 1, columns in Unicode scalars as libyaml counts them).
    struct Text {
        private(set) var lines: [[Unicode.Scalar]]
        let root: Node?
        private let endsWithNewline: Bool

        init(_ text: String) throws {
            do {
                root = try YAMLComposer.compose(text)
            } catch {
                throw Refusal("the file is not YAML: \(error)")
            }
            endsWithNewline = text.hasSuffix("\n")
            var body = Substring(text)
            if endsWithNewline { body = body.dropLast() }
            lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        }

        var text: String {
            var out = lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
            if endsWithNewline { out += "\n" }
            return out
        }

        func line(_ n: Int) -> [Unicode.Scalar] { lines.indices.contains(n - 1) ? lines[n - 1] : [] }

        /// Inserts `new` before line index `index` (0-based: 0 is the top, `lines.count` the end).
        mutating func insert(_ new: [String], at index: Int) {
            lines.insert(contentsOf: new.map { Array($0.unicodeScalars) }, at: min(max(0, index), lines.count))
        }

        mutating func remove(lines range: ClosedRange<Int>) {
            lines.removeSubrange((range.lowerBound - 1)...(range.upperBound - 1))
        }

        // MARK: Where things end

        /// The last line that belongs to `value` (and its key): the last line any node of its
        /// starts on, a block scalar's following lines included.
        func endLine(of key: Node?, value: Node) -> Int {
            var last = key?.mark.line ?? value.mark.line
            var blockScalarLine: Int?
            func visit(_ node: Node) {
                switch node {
                case .scalar(let s):
                    if s.mark.line > last { last = s.mark.line }
                    if s.style == .literal || s.style == .folded { blockScalarLine = s.mark.line }
                case .mapping(let m):
                    if m.mark.line > last { last = m.mark.line }
                    for e in m.entries { visit(e.key); visit(e.value) }
                case .sequence(let s):
                    if s.mark.line > last { last = s.mark.line }
                    s.items.forEach(visit)
                }
            }
            visit(value)
            // A block scalar's text runs on lines indented deeper than the line it starts on.
            if let start = blockScalarLine, start == last {
                let base = indentation(of: line(start))
                var n = last + 1
                while n <= lines.count, isBlank(line(n)) || indentation(of: line(n)) > base { n += 1 }
                last = n - 1
                while last > start, isBlank(line(last)) { last -= 1 }
            }
            return last
        }

        /// The column of the `-` that starts a sequence item.
        func dashColumn(of item: Node) -> Int {
            let n = lineOfDash(before: item)
            let text = line(n)
            let limit = n == item.mark.line ? item.mark.column - 1 : text.count
            for c in stride(from: min(limit, text.count) - 1, through: 0, by: -1) where text[c] == "-" { return c + 1 }
            return item.mark.column
        }

        /// The line of the `-` before an item (the item's own line, or a line of its own above).
        func lineOfDash(before item: Node) -> Int {
            var n = item.mark.line
            while n >= 1 {
                let text = line(n)
                let upTo = n == item.mark.line ? min(item.mark.column - 1, text.count) : text.count
                if text[..<upTo].contains("-") { return n }
                n -= 1
            }
            return item.mark.line
        }

        // MARK: Changing values

        /// Replaces a value: a scalar in place; a flow collection on its key's line (with
        /// `whole`); a block collection's lines by `new` on the key's line (with `whole`).
        mutating func replaceValue(_ value: Node, with new: String, key: Node, whole: Bool) throws {
            let newScalars = Array(new.unicodeScalars)
            switch value {
            case .scalar(let s):
                if s.string.isEmpty, s.style == .plain {
                    // `key:` with nothing after it: the value goes after the colon.
                    try appendAfterColon(of: key, newScalars)
                    return
                }
                let n = s.mark.line
                let start = s.mark.column - 1
                let end = try scalarEnd(s, in: line(n))
                lines[n - 1].replaceSubrange(start..<end, with: newScalars)
            case .mapping, .sequence:
                guard whole else { throw Refusal("'\(key.string ?? "")' holds more than one value") }
                let n = value.mark.line
                let text = line(n)
                let start = value.mark.column - 1
                if start < text.count, text[start] == "{" || text[start] == "[" {
                    guard let close = matchingBracket(in: text, from: start) else { throw Refusal("'\(key.string ?? "")' is written over several lines: change it by hand") }
                    lines[n - 1].replaceSubrange(start...close, with: newScalars)
                } else {
                    let last = endLine(of: key, value: value)
                    let first = value.mark.line > key.mark.line ? key.mark.line + 1 : key.mark.line
                    if first <= last, first > key.mark.line { remove(lines: first...last) }
                    try appendAfterColon(of: key, newScalars)
                }
            }
        }

        /// Replaces one scalar where it is written.
        mutating func replaceScalar(_ s: Node.Scalar, with new: String) throws {
            let end = try scalarEnd(s, in: line(s.mark.line))
            lines[s.mark.line - 1].replaceSubrange((s.mark.column - 1)..<end, with: Array(new.unicodeScalars))
        }

        /// Adds `key: value` to a mapping: inside its braces when it is a flow mapping on one
        /// line, else as a line of its own after its last, at its keys' indentation.
        mutating func addEntry(key: String, value: String, to mapping: Node, under parent: Node) throws {
            guard let map = mapping.mapping else {
                // An empty value (`settings:` and nothing): the mapping is made on the next line.
                let pad = String(repeating: " ", count: parent.mark.column - 1 + 2)
                insert(["\(pad)\(key): \(value)"], at: parent.mark.line)
                return
            }
            let n = map.mark.line
            let text = line(n)
            let start = map.mark.column - 1
            if start < text.count, text[start] == "{" {
                guard let close = matchingBracket(in: text, from: start) else { throw Refusal("'\(parent.string ?? "")' is written over several lines: change it by hand") }
                var before = close
                while before > start + 1, text[before - 1] == " " { before -= 1 }
                let insertion = before == start + 1 ? " \(key): \(value) " : ", \(key): \(value)"
                lines[n - 1].insert(contentsOf: Array(insertion.unicodeScalars), at: before)
                return
            }
            guard let first = map.entries.first else { throw Refusal("'\(parent.string ?? "")' is empty") }
            let pad = String(repeating: " ", count: first.key.mark.column - 1)
            insert(["\(pad)\(key): \(value)"], at: endLine(of: parent, value: mapping))
        }

        /// `gestures: []`: the brackets removed from the key's line, for items under it.
        mutating func clearFlowValue(of key: Node, value: Node) throws {
            let n = value.mark.line
            let text = line(n)
            let start = value.mark.column - 1
            if n == key.mark.line, start < text.count, text[start] == "[" || text[start] == "{" {
                guard let close = matchingBracket(in: text, from: start) else { throw Refusal("'\(key.string ?? "")' is written over several lines") }
                var from = start
                while from > 0, text[from - 1] == " " { from -= 1 }
                lines[n - 1].removeSubrange(from...close)
            }
        }

        private mutating func appendAfterColon(of key: Node, _ value: [Unicode.Scalar]) throws {
            let n = key.mark.line
            let text = line(n)
            var i = key.mark.column - 1
            var quote: Unicode.Scalar?
            while i < text.count {
                let c = text[i]
                if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ":" { break }
                i += 1
            }
            guard i < text.count else { throw Refusal("no ':' after '\(key.string ?? "")'") }
            lines[n - 1].insert(contentsOf: [" "] + value, at: i + 1)
        }

        /// Where a scalar's source ends on its line (exclusive), quotes included.
        private func scalarEnd(_ s: Node.Scalar, in text: [Unicode.Scalar]) throws -> Int {
            let start = s.mark.column - 1
            switch s.style {
            case .plain:
                let scalars = Array(s.string.unicodeScalars)
                guard start + scalars.count <= text.count, Array(text[start..<(start + scalars.count)]) == scalars else {
                    throw Refusal("'\(s.string)' is written over several lines: change it by hand")
                }
                return start + scalars.count
            case .singleQuoted, .doubleQuoted:
                let q = text[start]
                var i = start + 1
                while i < text.count {
                    if text[i] == "\\", q == "\"" { i += 2; continue }
                    if text[i] == q {
                        if q == "'", i + 1 < text.count, text[i + 1] == "'" { i += 2; continue }
                        return i + 1
                    }
                    i += 1
                }
                throw Refusal("'\(s.string)' is written over several lines: change it by hand")
            case .literal, .folded:
                throw Refusal("'\(s.string)' is a block of text: change it by hand")
            }
        }

        /// The index of the bracket closing the one at `start`, on the same line (quotes skipped).
        private func matchingBracket(in text: [Unicode.Scalar], from start: Int) -> Int? {
            var depth = 0
            var quote: Unicode.Scalar?
            for i in start..<text.count {
                let c = text[i]
                if let q = quote { if c == q { quote = nil }; continue }
                switch c {
                case "\"", "'": quote = c
                case "{", "[": depth += 1
                case "}", "]":
                    depth -= 1
                    if depth == 0 { return i }
                case "#" where i > 0 && text[i - 1] == " ": return nil
                default: break
                }
            }
            return nil
        }

        private func indentation(of text: [Unicode.Scalar]) -> Int { text.prefix { $0 == " " }.count }
        private func isBlank(_ text: [Unicode.Scalar]) -> Bool { text.allSatisfy { $0 == " " || $0 == "\t" } }

        /// Whether a collection is written in flow style (`{ … }`, `[ … ]`).
        func isFlow(_ node: Node) -> Bool {
            let text = line(node.mark.line)
            let at = node.mark.column - 1
            return at < text.count && (text[at] == "{" || text[at] == "[")
        }

        // MARK: Finding profiles and gestures

        func profile(named name: String) throws -> Node {
            guard let profiles = root?.mapping?.entry("profiles")?.value.sequence,
                  let item = profiles.items.first(where: { $0.mapping?.entry("name")?.value.string == name }) else {
                throw Refusal("no profile named '\(name)' in the file")
            }
            return item
        }

        func gesture(named name: String, inProfile profile: String) throws -> Node {
            let item = try self.profile(named: profile)
            var lists = [item.mapping?.entry("gestures")?.value]
            for region in item.mapping?.entry("regions")?.value.sequence?.items ?? [] { lists.append(region.mapping?.entry("gestures")?.value) }
            for list in lists.compactMap({ $0?.sequence }) {
                if let g = list.items.first(where: { $0.mapping?.entry("name")?.value.string == name }) { return g }
            }
            throw Refusal("no gesture named '\(name)' in the profile '\(profile)'")
        }

        func touchpadBinding(named name: String, inProfile profile: String) throws -> Node {
            let item = try self.profile(named: profile)
            guard let b = item.mapping?.entry("touchpad")?.value.sequence?.items.first(where: { $0.mapping?.entry("name")?.value.string == name }) else {
                throw Refusal("no touchpad gesture named '\(name)' in the profile '\(profile)'")
            }
            return b
        }

        // MARK: Writing YAML

        /// `12`, `0.35`: whole numbers without a fraction.
        static func number(_ value: Double) -> String {
            if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
            return String((value * 10_000).rounded() / 10_000)
        }

        /// A name or class as a plain scalar when that reads back the same, else double-quoted.
        static func scalar(_ text: String) -> String {
            let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
                && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(text.lowercased()) && Double(text) == nil
            return plain ? text : ActionPicker.quoted(text)
        }

        /// `["tap", "maxMovement"]`, `12` → `  tap: { maxMovement: 12 }`.
        static func nested(_ keys: [String], _ value: String, indent: String) -> [String] {
            guard let first = keys.first else { return [] }
            return ["\(indent)\(first): \(flow(Array(keys.dropFirst()), value))"]
        }

        /// The rest of a path as flow mappings around the value: `{ maxMovement: 12 }`.
        static func flow(_ keys: [String], _ value: String) -> String {
            keys.reversed().reduce(value) { inner, key in "{ \(key): \(inner) }" }
        }

        /// An entry's lines as a sequence item with its `-` at `dash`.
        static func item(_ fragment: [String], dash: Int) -> [String] {
            let pad = String(repeating: " ", count: max(0, dash - 1))
            return fragment.enumerated().map { $0.offset == 0 ? "\(pad)- \($0.element)" : "\(pad)  \($0.element)" }
        }
    }
}
