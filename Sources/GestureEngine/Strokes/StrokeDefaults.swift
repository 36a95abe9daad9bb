/// Every default of stroke recognition in one place, with its unit and why. The figures
/// behind them are in docs/stroke-accuracy.md; the built-in
/// templates' own scales are chosen by Tools/StrokeTemplates from the $1 data set.
public struct StrokeDefaults: Sendable, Equatable {
    /// Points a path is resampled to before it is compared (count). $1's 64: enough for the
    /// corners of a star, few enough to compare against hundreds of templates in well under
    /// a millisecond.
    public var resampleCount = 64
    /// Side of the square a path is scaled to (matcher units). Every distance, and every
    /// template's `distanceScale`, is in these units.
    public var squareSize = 250.0
    /// Short side / long side under which a path is scaled uniformly rather than to the
    /// square ($1's non-uniform scaling would blow a thin shape up across its thin side).
    public var uniformScalingAspect = 0.2
    /// Rotation (radians) allowed either side when the path's indicative angle is turned to
    /// zero (`any`, half of `upright`): $1's ±45°.
    public var turnedRange = 45.0 * .pi / 180
    /// Rotation (radians) allowed either side for the as-drawn half of `upright`.
    public var uprightRange = 30.0 * .pi / 180
    /// Rotation (radians) allowed either side for `fixed` templates.
    public var fixedRange = 15.0 * .pi / 180
    /// Weight (0…1) of the as-drawn distance in an `upright` template's measure, the rest
    /// being the rotation-invariant one: 0.25 won leave-one-subject-out over 0 (`any`) and
    /// 0.5 (docs/stroke-accuracy.md).
    public var uprightWeight = 0.25

    /// The recognizer's `minimumScore` (0…1): the lowest at which no drag of the rejection
    /// test fires a stroke (docs/stroke-accuracy.md's trade-off table); higher turns right answers away fast.
    public var minimumScore = 0.8
    /// Paths shorter than this (screen pixels) are taps, not strokes.
    public var minimumLength = 40.0
    /// The score is 1 − distance / (`scoreSpan` × the template's `distanceScale`): a distance
    /// of `scoreSpan` × (1 − minimumScore) typical distances is the edge of acceptance.
    public var scoreSpan = 16.0
    /// `distanceScale` (matcher units) of a template with no data behind it (a user's own):
    /// the median of the built-in shapes' (14.2; `make stroke-templates` prints it).
    public var userDistanceScale = 14.0

    /// A path whose direction stays within this range (degrees) is a drag, not a shape: every
    /// drawing of the data set turns through more than 80°, straight and gently curved drags
    /// (arcs to 60°, small S-curves) less.
    public var dragMaximumTurn = 75.0
    /// The direction is measured along chords spanning this share of the path, so a finger's
    /// jitter does not count as turning.
    public var turnChord = 1.0 / 8
    /// A path narrower than this share of its length across its main axis is a drag too
    /// (an up-and-down drag turns 180° but stays on one line); the data set's narrowest
    /// drawing is 0.11 (an x), the next 0.14.
    public var dragMaximumWidth = 0.1
    /// A built-in shape fires only for a path that turns at least this share of the least
    /// any drawing of that shape turned in the data set (a line with one hook is no arrow),
    /// and is at least this share as wide as the narrowest one (nor is it a caret).
    public var shapeEnvelopeShare = 0.8

    public init() {}

    /// The values Tactus runs with.
    public static let standard = StrokeDefaults()
}
