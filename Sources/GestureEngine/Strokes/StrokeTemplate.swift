/// How a stroke template treats the orientation a shape is drawn in.
public enum StrokeOrientation: String, Sendable, CaseIterable {
    /// Any orientation matches equally: the path is turned to the template before comparing
    /// ($1's rotation invariance). For shapes with no up, like a circle drawn from anywhere.
    case any
    /// Mostly rotation-invariant, but part of the measure compares the path as drawn (within
    /// ±30°): a turned drawing still matches, one near the template's own orientation matches
    /// better. People draw on a screen with its up in mind; this tells a check from a v and a
    /// caret from a question mark better than either measure alone (see docs/stroke-accuracy.md).
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
    /// The typical distance (matcher units) between a drawing of this shape and its nearest
    /// template: the unit of the score (``StrokeDefaults/scoreSpan``).
    public let distanceScale: Double
    /// The least a path must turn (degrees, ``StrokeShape/turn``) to be taken for this shape;
    /// 0 for none.
    public let minimumTurn: Double
    /// The least width a path must have (``StrokeShape/width``) to be taken for this shape;
    /// 0 for none.
    public let minimumWidth: Double
    /// True when the template itself is straight or nearly so (``StrokeShape/isDrag``): only
    /// such a template can match a drag.
    public let isDragLike: Bool
    /// Normalized with its indicative angle turned to zero (for `any` and `upright`).
    let turned: NormalizedPath
    /// Normalized as drawn (for `upright` and `fixed`).
    let asDrawn: NormalizedPath

    /// - Parameters:
    ///   - points: the raw path as drawn, in any units.
    ///   - distanceScale: the shape's typical distance; a user's template has no data behind
    ///     it and gets ``StrokeDefaults/userDistanceScale``.
    ///   - minimumTurn: degrees the path must turn to be taken for this shape.
    ///   - minimumWidth: the width (0…1) it must have.
    public init(name: String, points: [Point], orientation: StrokeOrientation = .upright,
                distanceScale: Double = StrokeDefaults.standard.userDistanceScale, minimumTurn: Double = 0, minimumWidth: Double = 0) {
        self.name = name
        self.orientation = orientation
        self.distanceScale = distanceScale
        self.minimumTurn = minimumTurn
        self.minimumWidth = minimumWidth
        self.turned = orientation == .fixed ? .empty : NormalizedPath(points, rotate: true)
        self.asDrawn = orientation == .any ? .empty : NormalizedPath(points, rotate: false)
        self.isDragLike = StrokeShape(points).isDrag
    }

    /// True when the template has no extent (every point the same) and can match nothing.
    var isEmpty: Bool { turned.isEmpty && asDrawn.isEmpty }
}

/// A path resampled, scaled and centred for comparison, with the sum of its squared
/// coordinates (the closed-form distance needs it).
struct NormalizedPath: Sendable {
    let points: [Point]
    let squaredNorm: Double

    static let empty = NormalizedPath(points: [], squaredNorm: 0)

    private init(points: [Point], squaredNorm: Double) {
        self.points = points
        self.squaredNorm = squaredNorm
    }

    init(_ raw: [Point], rotate: Bool) {
        points = UnistrokeMatcher.normalize(raw, rotate: rotate)
        squaredNorm = points.reduce(0) { $0 + $1.x * $1.x + $1.y * $1.y }
    }

    var isEmpty: Bool { points.isEmpty }
}
