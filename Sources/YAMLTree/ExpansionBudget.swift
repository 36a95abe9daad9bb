// libyaml (Debian's), read event by event: the same parser YAMLComposer composes with.
import CYAML

/// How much YAML a reader accepts: bytes of text, nodes with every alias expanded, and
/// nesting of lists and mappings.
package struct YAMLLimits: Sendable {
    package var bytes: Int
    package var nodes: Int
    package var depth: Int

    package init(bytes: Int, nodes: Int, depth: Int) {
        self.bytes = bytes
        self.nodes = nodes
        self.depth = depth
    }
}

/// Bounds what a YAML text costs before it is composed and walked.
///
/// Composing shares an alias's node, but whoever walks the tree (the profile parser, the
/// importer, duplicate-key checks) walks every alias again: a "billion laughs" tree would be
/// walked through all of its expansion. So the events are read once, iteratively, each
/// anchor's expanded size and depth worked out (saturating), and a text past a limit is
/// refused at the position where it passes it. A syntax error is left to the composer.
package enum YAMLBounds {
    /// Where and how a text passes a limit.
    package struct Exceeded: Error, Sendable {
        /// 1-based.
        package var line: Int
        package var column: Int
        /// What was passed, for a sentence ("has more than 100000 nodes, its aliases expanded").
        package var problem: String
    }

    package static func check(_ text: String, _ limits: YAMLLimits) throws(Exceeded) {
        let bytes = Array(text.utf8)
        if bytes.count > limits.bytes {
            let (line, column) = position(ofByte: limits.bytes, in: bytes)
            throw Exceeded(line: line, column: column, problem: "is longer than \(limits.bytes) bytes")
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        let exceeded: Exceeded? = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return firstExcess(&parser, limits)
        }
        if let exceeded { throw exceeded }
    }

    /// What an anchored node stands for once expanded.
    private struct Expansion { var nodes: Int; var depth: Int }

    /// An open list or mapping: its anchor, its nodes so far, and the depth below it.
    private struct Open { var anchor: String?; var nodes: Int; var depthBelow: Int }

    /// The first place where the expanded text passes a limit, or nil.
    private static func firstExcess(_ parser: inout yaml_parser_t, _ limits: YAMLLimits) -> Exceeded? {
        var anchors: [String: Expansion] = [:]
        var open: [Open] = []
        var finished = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
            var node: Expansion
            var anchor: String?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_DOCUMENT_END_EVENT:
                // Anchors do not cross documents.
                anchors = [:]
                continue
            case YAML_SCALAR_EVENT:
                node = Expansion(nodes: 1, depth: 0)
                anchor = string(event.data.scalar.anchor)
            case YAML_ALIAS_EVENT:
                node = string(event.data.alias.anchor).flatMap { anchors[$0] } ?? Expansion(nodes: 1, depth: 0)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let name = event.type == YAML_SEQUENCE_START_EVENT ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                open.append(Open(anchor: string(name), nodes: 1, depthBelow: 0))
                if open.count > limits.depth {
                    return Exceeded(line: line, column: column, problem: "nests lists and mappings deeper than \(limits.depth) levels")
                }
                continue
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                node = Expansion(nodes: closed.nodes, depth: closed.depthBelow + 1)
                anchor = closed.anchor
            default:
                continue
            }
            if let anchor { anchors[anchor] = node }
            // An alias brings its anchor's whole depth to where it is used.
            if open.count + node.depth > limits.depth {
                return Exceeded(line: line, column: column, problem: "nests lists and mappings deeper than \(limits.depth) levels, its aliases expanded")
            }
            if open.isEmpty {
                finished = min(finished + node.nodes, limits.nodes + 1)
            } else {
                open[open.count - 1].nodes = min(open[open.count - 1].nodes + node.nodes, limits.nodes + 1)
                open[open.count - 1].depthBelow = max(open[open.count - 1].depthBelow, node.depth)
            }
            // The nodes of the documents read so far, and of the lists and mappings still open.
            if open.reduce(finished, { $0 + $1.nodes }) > limits.nodes {
                return Exceeded(line: line, column: column, problem: "has more than \(limits.nodes) nodes, its aliases expanded")
            }
        }
    }

    /// The line and column (1-based, in Unicode scalars) of the byte at `offset`.
    private static func position(ofByte offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for b in bytes[..<offset] {
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
