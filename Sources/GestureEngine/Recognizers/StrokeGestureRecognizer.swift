#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a stroke template treats the orientation a shape is drawn in.
public enum StrokeOrientation: String, Sendable, CaseIterable {
    /// Any orientation matches equally: the path is turned to the template before comparing
    /// ($1's rotation invariance). For shapes with no up, like a circle drawn from anywhere.
    case any
    /// Half the measure is rotation-invariant, half compares the path as drawn (within ±30°):
    /// a turned drawing still matches, a drawing near the template's own orientation matches
    /// better. People draw on a screen with its up in mind; this tells a check from a v and a
    /// caret from a question mark better than either measure alone (see the README's figures).
    case upright
    /// Only near the orientation it was drawn in (±15°): for shapes whose direction is their
    /// meaning, like an arrow pointing right.
    case fixed
}

/// A named shape to recognize, kept normalized (resampled, rotated, scaled and centred the
/// way ``UnistrokeMatcher`` compares strokes).
public struct StrokeTemplate: Sendable {
    public let name: String
    public let orientation: StrokeOrientation
    /// Normalized with its indicative angle turned to zero (for `any` and `upright`).
    let turned: [Point]
    /// Normalized as drawn (for `upright` and `fixed`).
    let asDrawn: [Point]

    /// - Parameter points: the raw path as drawn, in any units.
    public init(name: String, points: [Point], orientation: StrokeOrientation = .upright) {
        self.name = name
        self.orientation = orientation
        self.turned = orientation == .fixed ? [] : UnistrokeMatcher.normalize(points, rotate: true)
        self.asDrawn = orientation == .any ? [] : UnistrokeMatcher.normalize(points, rotate: false)
    }

    /// True when the template has no extent (every point the same) and can match nothing.
    var isEmpty: Bool { turned.isEmpty && asDrawn.isEmpty }
}

/// The $1 unistroke recognizer (Wobbrock, Wilson and Li, UIST 2007): resample the path to
/// 64 equidistant points, rotate its indicative angle (centroid → first point) to zero,
/// scale it to a 250 × 250 square, move its centroid to the origin, then take the template
/// at the smallest mean point distance, searching the best rotation within ±45° by golden
/// section. The score is 1 − distance / half the square's diagonal. Templates that care
/// about orientation (``StrokeOrientation``) also, or only, compare the path as drawn.
public enum UnistrokeMatcher {
    public static let resampleCount = 64
    public static let squareSize = 250.0
    /// How far the turned path is searched either side of the template ($1's ±45°).
    static let turnedRange = 45.0 * .pi / 180
    /// How far an upright template's as-drawn half is searched either side.
    static let uprightRange = 30.0 * .pi / 180
    /// How far a fixed template is searched either side of its own orientation.
    static let fixedRange = 15.0 * .pi / 180
    static let halfDiagonal = 0.5 * (2 * squareSize * squareSize).squareRoot()
    static let phi = 0.5 * (-1 + 5.0.squareRoot())

    /// The normalized form of a raw path (empty when it has no extent).
    public static func normalize(_ raw: [Point], rotate: Bool) -> [Point] {
        guard raw.count >= 2 else { return [] }
        var pts = resample(raw, resampleCount)
        guard pts.count == resampleCount else { return [] }  // no extent (every point the same)
        if rotate {
            let c = centroid(pts)
            pts = rotated(pts, by: -atan2(pts[0].y - c.y, pts[0].x - c.x))
        }
        pts = scaled(pts)
        let c = centroid(pts)
        return pts.map { Point(x: $0.x - c.x, y: $0.y - c.y) }
    }

    /// A raw path to compare with templates, normalized each way once and only when a
    /// template needs it.
    public struct Candidate {
        let raw: [Point]
        lazy var turned = UnistrokeMatcher.normalize(raw, rotate: true)
        lazy var asDrawn = UnistrokeMatcher.normalize(raw, rotate: false)

        public init(_ raw: [Point]) { self.raw = raw }

        /// The mean point distance (in units of the 250-unit square) to a template, at the
        /// best rotation the template's orientation allows; nil when either has no extent.
        public mutating func distance(to template: StrokeTemplate) -> Double? {
            switch template.orientation {
            case .any: return bestDistance(turned, template.turned, within: turnedRange)
            case .fixed: return bestDistance(asDrawn, template.asDrawn, within: fixedRange)
            case .upright:
                guard let a = bestDistance(turned, template.turned, within: turnedRange),
                      let b = bestDistance(asDrawn, template.asDrawn, within: uprightRange) else { return nil }
                return (a + b) / 2
            }
        }
    }

    /// The distance at the best rotation within ±`range`; nil when either path has no extent.
    static func bestDistance(_ path: [Point], _ template: [Point], within range: Double) -> Double? {
        guard path.count == resampleCount, template.count == resampleCount else { return nil }
        return distanceAtBestAngle(path, template, from: -range, to: range)
    }

    /// The score (0…1) of a mean point distance.
    static func score(distance: Double) -> Double { max(0, 1 - distance / halfDiagonal) }

    /// The best template for a raw path and its score in 0…1, or nil when there is no template
    /// or the path has no extent.
    public static func match(_ raw: [Point], templates: [StrokeTemplate]) -> (index: Int, score: Double)? {
        var candidate = Candidate(raw)
        var best: (Int, Double)?
        for (i, t) in templates.enumerated() {
            guard let d = candidate.distance(to: t) else { continue }
            if best == nil || d < best!.1 { best = (i, d) }
        }
        guard let (index, distance) = best else { return nil }
        return (index, score(distance: distance))
    }

    /// `n` points equally spaced along the path (the first and last kept).
    public static func resample(_ raw: [Point], _ n: Int) -> [Point] {
        var total = 0.0
        for i in 1..<raw.count { total += raw[i - 1].distance(to: raw[i]) }
        guard total > 0 else { return [] }
        let interval = total / Double(n - 1)
        var out = [raw[0]]
        out.reserveCapacity(n)
        var accumulated = 0.0
        var previous = raw[0]
        var i = 1
        while i < raw.count {
            let current = raw[i]
            let d = previous.distance(to: current)
            if accumulated + d >= interval && d > 0 {
                let f = (interval - accumulated) / d
                let q = Point(x: previous.x + f * (current.x - previous.x), y: previous.y + f * (current.y - previous.y))
                out.append(q)
                previous = q  // the new point starts the next segment
                accumulated = 0
                if out.count == n { break }
            } else {
                accumulated += d
                previous = current
                i += 1
            }
        }
        while out.count < n { out.append(raw[raw.count - 1]) }  // rounding can leave one short
        return out
    }

    static func centroid(_ pts: [Point]) -> Point {
        var x = 0.0, y = 0.0
        for p in pts { x += p.x; y += p.y }
        return Point(x: x / Double(pts.count), y: y / Double(pts.count))
    }

    static func rotated(_ pts: [Point], by angle: Double) -> [Point] {
        let c = centroid(pts), cs = cos(angle), sn = sin(angle)
        return pts.map { p in
            Point(x: (p.x - c.x) * cs - (p.y - c.y) * sn + c.x, y: (p.x - c.x) * sn + (p.y - c.y) * cs + c.y)
        }
    }

    /// Non-uniform scaling to the square, as $1 does; a nearly one-dimensional stroke (a line)
    /// is scaled uniformly instead, so it is not blown up across its thin side.
    static func scaled(_ pts: [Point]) -> [Point] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in pts { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        let w = maxX - minX, h = maxY - minY
        let longest = max(w, h, 1e-9)
        let sx: Double, sy: Double
        if min(w, h) / longest < 0.2 {
            sx = squareSize / longest; sy = sx
        } else {
            sx = squareSize / w; sy = squareSize / h
        }
        return pts.map { Point(x: $0.x * sx, y: $0.y * sy) }
    }

    static func distanceAtBestAngle(_ pts: [Point], _ template: [Point], from a: Double, to b: Double) -> Double {
        var a = a, b = b
        let threshold = 2 * Double.pi / 180
        var x1 = phi * a + (1 - phi) * b
        var f1 = distance(pts, template, angle: x1)
        var x2 = (1 - phi) * a + phi * b
        var f2 = distance(pts, template, angle: x2)
        while abs(b - a) > threshold {
            if f1 < f2 {
                b = x2; x2 = x1; f2 = f1
                x1 = phi * a + (1 - phi) * b
                f1 = distance(pts, template, angle: x1)
            } else {
                a = x1; x1 = x2; f1 = f2
                x2 = (1 - phi) * a + phi * b
                f2 = distance(pts, template, angle: x2)
            }
        }
        return min(f1, f2)
    }

    /// Mean distance between corresponding points after rotating `pts` (centred) by `angle`.
    static func distance(_ pts: [Point], _ template: [Point], angle: Double) -> Double {
        let cs = cos(angle), sn = sin(angle)
        var sum = 0.0
        for i in 0..<pts.count {
            let p = pts[i], q = template[i]
            let x = p.x * cs - p.y * sn - q.x, y = p.x * sn + p.y * cs - q.y
            sum += (x * x + y * y).squareRoot()
        }
        return sum / Double(pts.count)
    }
}

/// Discrete: one finger draws a shape; recognized when it lifts and the path matches a
/// template with at least `minimumScore`, failed otherwise — and at once when a second
/// finger lands.
public final class StrokeGestureRecognizer: GestureRecognizer {
    public var templates: [StrokeTemplate]
    public var minimumScore: Double
    /// Shorter paths are taps, not strokes.
    public var minimumLength: Double

    private var path: [Point] = []
    private var length = 0.0
    private var recognized: (index: Int, score: Double)?

    public init(name: String, templates: [StrokeTemplate], minimumScore: Double = 0.8, minimumLength: Double = 40) {
        self.templates = templates
        self.minimumScore = minimumScore
        self.minimumLength = minimumLength
        super.init(name: name)
        path.reserveCapacity(512)
    }

    public override var kind: GestureKind { .stroke }

    public override func touchBegan(_ touch: Touch) {
        guard touches.count == 1 else { return report(.failed) }  // a second finger: not a unistroke
        path.append(touch.location)
    }

    public override func touchMoved(_ touch: Touch) {
        if let last = path.last { length += last.distance(to: touch.location) }
        path.append(touch.location)
    }

    public override func touchEnded(_ touch: Touch) {
        touchMoved(touch)
        guard length >= minimumLength, let m = UnistrokeMatcher.match(path, templates: templates), m.score >= minimumScore else {
            return report(.failed)
        }
        recognized = m
        report(.recognized)
    }

    public override func reset() {
        path.removeAll(keepingCapacity: true)
        length = 0
        recognized = nil
    }

    /// The template recognized in the current sequence.
    public var recognizedTemplate: StrokeTemplate? { recognized.map { templates[$0.index] } }

    public override var translation: Vector {
        guard let first = path.first, let last = path.last else { return .zero }
        return last - first
    }

    public override var values: GestureValues {
        var v = super.values
        v.templateIndex = recognized?.index
        v.score = recognized?.score
        return v
    }
}
