import GestureEngine
import YAMLTree

/// The keys of `stroke:` (no thresholds in `settings:`).
enum StrokeKey: String, RecognizerKey {
    case templates, minScore, minimumLength

    typealias Parameters = Void

    var threshold: Threshold? { nil }
    /// Read by ``ProfileParser/parseStroke(_:)`` itself.
    var own: WritableKeyPath<Void, Double?>? { nil }
}

/// A template of `stroke.templates` written as a mapping (a plain name is a built-in shape).
enum StrokeTemplateKey: String, SectionKey {
    case name, points, file, orientation
    /// Tactus 0.2's spelling of `orientation`, still read (with a warning).
    case rotationInvariant
}

extension ProfileParser {
    func parseStroke(_ node: Node) -> RecognizerSpec? {
        var templates: [StrokeTemplateSpec] = []
        var score = ProfileDefaults.strokeMinimumScore, length = ProfileDefaults.strokeMinimumLength
        var sawTemplates = false
        for (key, _, value) in reader.entries(node, "stroke", StrokeKey.self) ?? [] {
            switch key {
            case .minScore: score = reader.number(value, key.rawValue, range: 0...1) ?? score
            case .minimumLength: length = reader.number(value, key.rawValue, range: ValueRange.distance) ?? length
            case .templates:
                sawTemplates = true
                for t in reader.list(value) { templates += parseStrokeTemplate(t) }
            }
        }
        if !sawTemplates { sink.error(node, "stroke needs 'templates' (built-in shapes: \(BuiltInStrokes.names.joined(separator: ", ")), or your own)") }
        return .stroke(templates: templates, minimumScore: score, minimumLength: length)
    }

    /// A built-in shape by name (its drawings), or `{ name, points }`, or `{ name, file }`.
    func parseStrokeTemplate(_ node: Node) -> [StrokeTemplateSpec] {
        if case .scalar = node {
            guard let name = reader.string(node, "stroke template") else { return [] }
            let found = BuiltInStrokes.templates(named: name)
            if found.isEmpty {
                sink.error(node, "unknown stroke template '\(name)'\(suggestion(for: name, among: BuiltInStrokes.names)); built in: \(BuiltInStrokes.names.joined(separator: ", ")); or give { name, points } or { name, file }")
            }
            return found
        }
        guard let entries = reader.entries(node, "a stroke template", StrokeTemplateKey.self) else { return [] }
        let byKey = firstEntries(entries)
        guard let nameNode = byKey[.name], let name = reader.string(nameNode.value, "template name") else {
            if byKey[.name] == nil { sink.error(node, "a stroke template needs a 'name'") }
            return []
        }
        let points: [Point]
        if let p = byKey[.points] {
            guard let list = parsePoints(p.value) else { return [] }
            points = list
        } else if let f = byKey[.file], let file = reader.string(f.value, "template file") {
            guard let list = readStrokeFile(file, at: f.value) else { return [] }
            points = list
        } else {
            sink.error(node, "stroke template '\(name)' needs 'points' or 'file'")
            return []
        }
        guard points.count >= 2, UnistrokeMatcher.normalize(points, rotate: true).count == UnistrokeMatcher.resampleCount else {
            sink.error(byKey[.points]?.value ?? byKey[.file]?.value ?? node, "stroke template '\(name)' needs a path of at least two distinct points")
            return []
        }
        var orientation = ProfileDefaults.strokeOrientation
        if let o = byKey[.orientation] {
            if let choice = reader.choice(o.value, "orientation", StrokeOrientation.allCases.map(\.rawValue)) { orientation = StrokeOrientation(rawValue: choice)! }
            if let legacy = byKey[.rotationInvariant] { sink.error(legacy.keyNode, "give 'orientation' or 'rotationInvariant', not both") }
        } else if let legacy = byKey[.rotationInvariant], let invariant = reader.bool(legacy.value, "rotationInvariant") {
            orientation = invariant ? .any : .fixed
            sink.warning(legacy.keyNode, "'rotationInvariant: \(invariant)' is now 'orientation: \(orientation.rawValue)'")
        }
        return [StrokeTemplateSpec(name: name, points: points, orientation: orientation)]
    }

    /// `points: [[x, y], …]`; nil (reported) when one is not a pair of numbers.
    private func parsePoints(_ node: Node) -> [Point]? {
        var list: [Point] = []
        for item in reader.sequence(node, "points (a list of [x, y])") ?? [] {
            guard let xy = reader.sequence(item, "a point ([x, y])"), xy.count == 2,
                  let x = reader.number(xy[0], "x", range: -1e6...1e6), let y = reader.number(xy[1], "y", range: -1e6...1e6) else {
                if case .sequence(let s) = item, s.count != 2 { sink.error(item, "a point is [x, y]") }
                return nil
            }
            list.append(Point(x: x, y: y))
        }
        return list
    }

    /// A stroke file (one `x y` point per line), relative to the profile file's folder.
    private func readStrokeFile(_ file: String, at node: Node) -> [Point]? {
        let path = file.hasPrefix("/") ? file : directory + "/" + file
        guard let text = files.contents(of: path) else {
            sink.error(node, "cannot read the stroke file '\(path)'")
            return nil
        }
        guard let points = parseStrokePoints(text) else {
            sink.error(node, "'\(path)' is not a stroke file (one 'x y' point per line)")
            return nil
        }
        return points
    }
}
