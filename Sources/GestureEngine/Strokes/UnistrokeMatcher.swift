#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unistroke recognition after $1 (Wobbrock, Wilson and Li, UIST 2007) with Protractor's
/// closed-form rotation (Li, CHI 2010): resample the path to 64 equidistant points, turn its
/// indicative angle (centroid → first point) to zero, scale it to a 250 × 250 square, move
/// its centroid to the origin; the distance to a template is the root mean square distance
/// between corresponding points at the best rotation within the template's range, found in
/// closed form rather than by $1's golden-section search. The nearest template wins; it
/// fires unless the path is a drag (``StrokeShape``), turns less or is narrower than the
/// shape needs, or lies too far from the template for its shape's spread (the score).
public enum UnistrokeMatcher {
    public static var resampleCount: Int { StrokeDefaults.standard.resampleCount }

    /// The normalized form of a raw path (empty when it has no extent).
    public static func normalize(_ raw: [Point], rotate: Bool) -> [Point] {
        let defaults = StrokeDefaults.standard
        guard raw.count >= 2 else { return [] }
        var pts = resample(raw, defaults.resampleCount)
        guard pts.count == defaults.resampleCount else { return [] }  // no extent (every point the same)
        if rotate {
            let c = centroid(pts)
            pts = rotated(pts, by: -atan2(pts[0].y - c.y, pts[0].x - c.x))
        }
        pts = scaled(pts, to: defaults.squareSize, uniformBelow: defaults.uniformScalingAspect)
        let c = centroid(pts)
        return pts.map { Point(x: $0.x - c.x, y: $0.y - c.y) }
    }

    /// A raw path to compare with templates, normalized each way and measured once, and only
    /// when a template needs it.
    public struct Candidate {
        let raw: [Point]
        lazy var turned = NormalizedPath(raw, rotate: true)
        lazy var asDrawn = NormalizedPath(raw, rotate: false)
        /// How the path turns and how wide it is.
        public lazy var shape = StrokeShape(raw)

        public init(_ raw: [Point]) { self.raw = raw }

        /// The distance (matcher units) to a template at the best rotation its orientation
        /// allows; nil when either has no extent.
        public mutating func distance(to template: StrokeTemplate) -> Double? {
            let defaults = StrokeDefaults.standard
            switch template.orientation {
            case .any: return bestDistance(turned, template.turned, within: defaults.turnedRange)
            case .fixed: return bestDistance(asDrawn, template.asDrawn, within: defaults.fixedRange)
            case .upright:
                guard let a = bestDistance(turned, template.turned, within: defaults.turnedRange),
                      let b = bestDistance(asDrawn, template.asDrawn, within: defaults.uprightRange) else { return nil }
                return (1 - defaults.uprightWeight) * a + defaults.uprightWeight * b
            }
        }

        /// The score (0…1) of a distance to a template: 1 at a perfect match,
        /// ``StrokeDefaults/minimumScore`` at the edge of what the template's shape accepts.
        public static func score(distance: Double, to template: StrokeTemplate) -> Double {
            max(0, 1 - distance / (StrokeDefaults.standard.scoreSpan * template.distanceScale))
        }

        /// Why the nearest template does not fire whatever its score, or nil when it may.
        public mutating func rejection(by template: StrokeTemplate) -> Rejection? {
            if shape.isDrag && !template.isDragLike { return .drag }
            if shape.turn < template.minimumTurn { return .turnsTooLittle }
            if shape.width < template.minimumWidth { return .tooNarrow }
            return nil
        }
    }

    /// The nearest template of a path: its index, distance (matcher units) and score, and
    /// why it does not fire whatever the score (nil when it may).
    public struct StrokeMatch: Sendable {
        public var index: Int
        public var distance: Double
        public var score: Double
        public var rejection: Rejection?
        /// How the path turns and how wide it is.
        public var shape: StrokeShape
    }

    /// Why a path is not taken for its nearest template.
    public enum Rejection: Sendable, Equatable {
        /// Straight or gently curved, or a line (``StrokeShape/isDrag``).
        case drag
        /// It turns less than the template's shape needs.
        case turnsTooLittle
        /// It is narrower than the template's shape needs.
        case tooNarrow
    }

    /// The nearest template for a raw path and its score in 0…1, or nil when there is no
    /// template, the path has no extent, or it is not taken for that template (a drag, or a
    /// path that turns too little or is too narrow for the shape). A drag is compared only
    /// with templates that are drags themselves.
    public static func match(_ raw: [Point], templates: [StrokeTemplate]) -> (index: Int, score: Double)? {
        var candidate = Candidate(raw)
        guard let m = nearest(&candidate, templates: templates, judgingDrags: false), m.rejection == nil else { return nil }
        return (m.index, m.score)
    }

    /// The nearest template and how it was judged, or nil when there is no template or the
    /// path has no extent. A drag that no template resembles as a drag is judged against the
    /// nearest shape (and rejected), so its score shows how close it came.
    public static func nearest(_ raw: [Point], templates: [StrokeTemplate]) -> StrokeMatch? {
        var candidate = Candidate(raw)
        return nearest(&candidate, templates: templates, judgingDrags: true)
    }

    private static func nearest(_ candidate: inout Candidate, templates: [StrokeTemplate], judgingDrags: Bool) -> StrokeMatch? {
        let dragsOnly = candidate.shape.isDrag
        var best = closest(&candidate, templates) { !dragsOnly || $0.isDragLike }
        if best == nil && dragsOnly && judgingDrags { best = closest(&candidate, templates) { _ in true } }
        guard let (index, distance) = best else { return nil }
        return StrokeMatch(index: index, distance: distance, score: Candidate.score(distance: distance, to: templates[index]),
                           rejection: candidate.rejection(by: templates[index]), shape: candidate.shape)
    }

    /// The template at the least distance among those `included`.
    private static func closest(_ candidate: inout Candidate, _ templates: [StrokeTemplate],
                                _ included: (StrokeTemplate) -> Bool) -> (index: Int, distance: Double)? {
        var best: (index: Int, distance: Double)?
        for (i, t) in templates.enumerated() where included(t) {
            guard let d = candidate.distance(to: t) else { continue }
            if best == nil || d < best!.distance { best = (i, d) }
        }
        return best
    }

    /// The root mean square point distance at the best rotation within ±`range`, in closed
    /// form: rotating `path` by θ gives a squared distance |p|² + |t|² − 2(a cos θ + b sin θ),
    /// least at θ = atan2(b, a) or, outside the range, at its nearer end. Nil when either
    /// path has no extent.
    static func bestDistance(_ path: NormalizedPath, _ template: NormalizedPath, within range: Double) -> Double? {
        let n = path.points.count
        guard n > 0, template.points.count == n else { return nil }
        var a = 0.0, b = 0.0
        path.points.withUnsafeBufferPointer { p in
            template.points.withUnsafeBufferPointer { t in
                for i in 0..<n {
                    a += p[i].x * t[i].x + p[i].y * t[i].y
                    b += p[i].x * t[i].y - p[i].y * t[i].x
                }
            }
        }
        let angle = min(range, max(-range, atan2(b, a)))
        let squared = path.squaredNorm + template.squaredNorm - 2 * (a * cos(angle) + b * sin(angle))
        return (max(0, squared) / Double(n)).squareRoot()
    }

    /// `n` points equally spaced along the path (the first and last kept).
    public static func resample(_ raw: [Point], _ n: Int) -> [Point] {
        guard raw.count >= 2 else { return [] }
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

    /// Non-uniform scaling to the square, as $1 does; a nearly one-dimensional path is scaled
    /// uniformly instead, so it is not blown up across its thin side.
    static func scaled(_ pts: [Point], to size: Double, uniformBelow aspect: Double) -> [Point] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in pts { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        let w = maxX - minX, h = maxY - minY
        let longest = max(w, h, 1e-9)
        let sx: Double, sy: Double
        if min(w, h) / longest < aspect {
            sx = size / longest; sy = sx
        } else {
            sx = size / w; sy = size / h
        }
        return pts.map { Point(x: $0.x * sx, y: $0.y * sy) }
    }
}
