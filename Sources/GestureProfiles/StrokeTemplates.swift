import GestureEngine

/// A stroke template as written in a profile: a built-in shape (three drawings of it) or a
/// user's own path.
public struct StrokeTemplateSpec: Sendable, Equatable {
    public var name: String
    public var points: [Point]
    public var rotationInvariant: Bool
}

/// The 16 shapes of the $1 data set, three drawings each (see Tools/generate-stroke-templates.py).
public enum BuiltInStrokes {
    /// name → its drawings.
    public static let shapes: [String: [[Point]]] = {
        var table: [String: [[Point]]] = [:]
        for line in builtInStrokeTemplateTable.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard let name = parts.first else { continue }
            let points = parts.dropFirst().compactMap { pair -> Point? in
                let xy = pair.split(separator: ",")
                guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else { return nil }
                return Point(x: x, y: y)
            }
            table[String(name), default: []].append(points)
        }
        return table
    }()

    public static var names: [String] { shapes.keys.sorted() }

    public static func templates(named name: String) -> [StrokeTemplateSpec] {
        (shapes[name] ?? []).map { StrokeTemplateSpec(name: name, points: $0, rotationInvariant: true) }
    }
}

/// Reads a stroke file: one point per line, `x y` or `x,y`; `#` starts a comment.
public func parseStrokePoints(_ text: String) -> [Point]? {
    var points: [Point] = []
    for raw in text.split(separator: "\n") {
        let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" })
        if fields.isEmpty { continue }
        guard fields.count == 2, let x = Double(fields[0]), let y = Double(fields[1]), x.isFinite, y.isFinite else { return nil }
        points.append(Point(x: x, y: y))
    }
    return points
}
