/// Discrete: one finger draws a shape; recognized when it lifts and ``UnistrokeMatcher``
/// takes the path for a template with at least `minimumScore` (never for a drag), failed
/// otherwise — and at once when a second finger lands.
public final class StrokeGestureRecognizer: GestureRecognizer {
    public var templates: [StrokeTemplate]
    public var minimumScore: Double
    /// Shorter paths are taps, not strokes.
    public var minimumLength: Double

    private var path: [Point] = []
    private var length = 0.0
    private var recognized: (index: Int, score: Double)?

    public init(name: String, templates: [StrokeTemplate], minimumScore: Double = StrokeDefaults.standard.minimumScore,
                minimumLength: Double = StrokeDefaults.standard.minimumLength) {
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
