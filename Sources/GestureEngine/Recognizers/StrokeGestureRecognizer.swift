#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A named shape to recognize, kept normalized (resampled, rotated, scaled and centred the
/// way ``UnistrokeMatcher`` compares strokes).
public struct StrokeTemplate: Sendable {
    public let name: String
    /// Invariant templates match the shape at any orientation (a circle, a star); sensitive
    /// ones only near the orientation they were drawn in (an arrow that points right).
    public let rotationInvariant: Bool
    let points: [Point]

    /// - Parameter points: the raw path as drawn, in any units.
    public init(name: String, points: [Point], rotationInvariant: Bool = true) {
        self.name = name
        self.rotationInvariant = rotationInvariant
        self.points = UnistrokeMatcher.normalize(points, rotate: rotationInvariant)
    }
}

/// The $1 unistroke recognizer (Wobbrock, Wilson and Li, UIST 2007): resample the path to
/// 64 equidistant points, rotate its indicative angle (centroid → first point) to zero,
/// scale it to a 250 × 250 square, move its centroid to the origin, then take the template
/// at the smallest mean point distance, searching the best rotation within ±45° by golden
/// section. The score is 1 − distance / half the square's diagonal.
public enum UnistrokeMatcher {
    public static let resampleCount = 64
    public static let squareSize = 250.0
    /// How far a rotation-sensitive template is searched either side of its own orientation.
    public static let sensitiveRange = 15.0
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

    /// The best template for a raw path and its score in 0…1, or nil when there is no template
    /// or the path has no extent.
    public static func match(_ raw: [Point], templates: [StrokeTemplate]) -> (index: Int, score: Double)? {
        var invariant: [Point]?
        var sensitive: [Point]?
        var best: (Int, Double)?
        for (i, t) in templates.enumerated() where !t.points.isEmpty {
            let candidate: [Point]
            if t.rotationInvariant {
                if invariant == nil { invariant = normalize(raw, rotate: true) }
                candidate = invariant!
            } else {
                if sensitive == nil { sensitive = normalize(raw, rotate: false) }
                candidate = sensitive!
            }
            guard candidate.count == t.points.count else { continue }
            let range = t.rotationInvariant ? 45.0 : UnistrokeMatcher.sensitiveRange
            let d = distanceAtBestAngle(candidate, t.points, from: -range * .pi / 180, to: range * .pi / 180)
            if best == nil || d < best!.1 { best = (i, d) }
        }
        guard let (index, distance) = best else { return nil }
        return (index, max(0, 1 - distance / halfDiagonal))
    }

    static func resample(_ raw: [Point], _ n: Int) -> [Point] {
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
