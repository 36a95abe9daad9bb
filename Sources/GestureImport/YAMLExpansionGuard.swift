// libyaml (Debian's), read event by event: the same parser YAMLTree composes with.
import CYAML

/// Bounds what a YAML text's aliases expand to, before it is composed.
///
/// Composing shares an alias's node, but the import walks the tree, where every alias is
/// walked again: a "billion laughs" tree would be walked through all of its expansion. So
/// the events are read once, each anchor's expanded size worked out (saturating), and a text
/// whose nodes, aliases expanded, exceed `limit` is refused at the line where it does, with
/// a message that says so. A syntax error is left to the composer to report.
enum YAMLExpansionGuard {
    static func check(_ text: String, limit: Int = ImportLimits.yamlNodes) throws(ImportFailure) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        let overflow: Int? = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return firstOverflow(&parser, limit: limit)
        }
        if let line = overflow {
            throw ImportFailure(line: line, message: "the YAML, its aliases expanded, has more than \(limit) nodes: not a fusuma configuration")
        }
    }

    /// The line where the expanded size passes `limit`, or nil.
    private static func firstOverflow(_ parser: inout yaml_parser_t, limit: Int) -> Int? {
        var sizes: [String: Int] = [:]
        // Open collections: their anchor and their size so far.
        var open: [(anchor: String?, size: Int)] = []
        var total = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            let size: Int
            var anchor: String?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                size = 1
                anchor = string(event.data.scalar.anchor)
            case YAML_ALIAS_EVENT:
                size = string(event.data.alias.anchor).flatMap { sizes[$0] } ?? 1
            case YAML_SEQUENCE_START_EVENT:
                open.append((string(event.data.sequence_start.anchor), 1))
                continue
            case YAML_MAPPING_START_EVENT:
                open.append((string(event.data.mapping_start.anchor), 1))
                continue
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                size = closed.size
                anchor = closed.anchor
            default:
                continue
            }
            if let anchor { sizes[anchor] = size }
            if open.isEmpty {
                total = min(total + size, limit + 1)
            } else {
                open[open.count - 1].size = min(open[open.count - 1].size + size, limit + 1)
                total = max(total, open[open.count - 1].size)
            }
            if total > limit { return line }
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
