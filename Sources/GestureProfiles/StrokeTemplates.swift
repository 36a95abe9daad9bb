import GestureEngine

/// A stroke template as written in a profile: a built-in shape (three drawings of it) or a
/// user's own path.
public struct StrokeTemplateSpec: Sendable, Equatable {
    public var name: String
    public var points: [Point]
    public var orientation: StrokeOrientation

    /// The engine's normalized template.
    public var template: StrokeTemplate { StrokeTemplate(name: name, points: points, orientation: orientation) }
}

/// The 16 shapes of the $1 data set, three drawings each, chosen by Tools/StrokeTemplates
/// among the drawings of ``trainingSubjects`` only.
public enum BuiltInStrokes {
    /// One built-in drawing: the shape, where it comes from in the data set
    /// (`SUBJECT/SPEED/SHAPENN`), and its points.
    public struct Drawing: Sendable {
        public var shape: String
        public var source: String
        public var points: [Point]
    }

    /// Every drawing, the best single one of each shape first.
    public static let drawings: [Drawing] = builtInStrokeTemplateTable.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: " ")
        guard parts.count > 2 else { return nil }
        let points = parts.dropFirst(2).compactMap { pair -> Point? in
            let xy = pair.split(separator: ",")
            guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else { return nil }
            return Point(x: x, y: y)
        }
        return Drawing(shape: String(parts[0]), source: String(parts[1]), points: points)
    }

    /// The subjects whose drawings the templates were chosen among.
    public static let trainingSubjects = builtInStrokeTrainingSubjects

    /// name → its drawings, the best single one first.
    public static let shapes: [String: [[Point]]] = Dictionary(grouping: drawings, by: \.shape).mapValues { $0.map(\.points) }

    public static var names: [String] { shapes.keys.sorted() }

    public static func templates(named name: String) -> [StrokeTemplateSpec] {
        (shapes[name] ?? []).map { StrokeTemplateSpec(name: name, points: $0, orientation: .upright) }
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
