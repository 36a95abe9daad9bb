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

/// What a YAML text costs once its aliases are expanded, counted as the composer reads its
/// events, and refused where it passes a limit.
///
/// Composing shares an alias's node, but whoever walks the tree (the profile parser, the
/// importer, duplicate-key checks) walks every alias again: a "billion laughs" tree would be
/// walked through all of its expansion. So each anchor's expanded size and depth are worked
/// out (saturating) from the same events the tree is built from, in the same single pass,
/// and the text is refused at the event where it passes a limit — before the rest is read.
struct ExpansionBudget {
    let limits: YAMLLimits

    /// What an anchored node stands for once expanded.
    private struct Expansion { var nodes: Int; var depth: Int }

    /// An open list or mapping: its anchor, its nodes so far, and the depth below it.
    private struct Open { var anchor: String?; var nodes: Int; var depthBelow: Int }

    private var anchors: [String: Expansion] = [:]
    private var open: [Open] = []
    /// The nodes of the documents finished so far (the limit is for the whole text).
    private var finished = 0

    init(_ limits: YAMLLimits) { self.limits = limits }

    /// A text longer than the limit is refused before it is parsed, at the byte that passes it.
    static func checkLength(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ limits: YAMLLimits) throws(YAMLError) {
        guard bytes.count > limits.bytes else { return }
        throw YAMLError(problem: .tooLarge("is longer than \(limits.bytes) bytes"), mark: Mark(ofByte: limits.bytes, in: bytes))
    }

    /// A document ended: anchors do not cross documents.
    mutating func endDocument() { anchors = [:] }

    mutating func scalar(anchor: String?, at mark: Mark) throws(YAMLError) {
        try finish(Expansion(nodes: 1, depth: 0), anchor: anchor, at: mark)
    }

    mutating func alias(_ name: String, at mark: Mark) throws(YAMLError) {
        try finish(anchors[name] ?? Expansion(nodes: 1, depth: 0), anchor: nil, at: mark)
    }

    mutating func open(anchor: String?, at mark: Mark) throws(YAMLError) {
        open.append(Open(anchor: anchor, nodes: 1, depthBelow: 0))
        if open.count > limits.depth {
            throw YAMLError(problem: .tooLarge("nests lists and mappings deeper than \(limits.depth) levels"), mark: mark)
        }
    }

    mutating func close(at mark: Mark) throws(YAMLError) {
        guard let closed = open.popLast() else { return }
        try finish(Expansion(nodes: closed.nodes, depth: closed.depthBelow + 1), anchor: closed.anchor, at: mark)
    }

    /// A node is complete: it counts, expanded, towards the collection it is in.
    private mutating func finish(_ node: Expansion, anchor: String?, at mark: Mark) throws(YAMLError) {
        if let anchor { anchors[anchor] = node }
        // An alias brings its anchor's whole depth to where it is used.
        if open.count + node.depth > limits.depth {
            throw YAMLError(problem: .tooLarge("nests lists and mappings deeper than \(limits.depth) levels, its aliases expanded"), mark: mark)
        }
        if open.isEmpty {
            finished = min(finished + node.nodes, limits.nodes + 1)
        } else {
            open[open.count - 1].nodes = min(open[open.count - 1].nodes + node.nodes, limits.nodes + 1)
            open[open.count - 1].depthBelow = max(open[open.count - 1].depthBelow, node.depth)
        }
        // The nodes of the documents read so far, and of the lists and mappings still open.
        if open.reduce(finished, { $0 + $1.nodes }) > limits.nodes {
            throw YAMLError(problem: .tooLarge("has more than \(limits.nodes) nodes, its aliases expanded"), mark: mark)
        }
    }
}
