import GestureEngine

/// The wheel steps of a gesture's `scroll:`: each axis counts whole `every`s of translation
/// (a ``RepeatCounter`` per axis), so moving back takes the steps back. The first step comes
/// as the gesture begins, along the axis it began on (``begin(at:)``): the content answers
/// the update that decided the drag is a scroll, not `every` px later; from there each
/// `every` px further is a step, and back past where it began takes that first one back.
struct ScrollSteps {
    let spec: ScrollSpec
    /// Pixels of movement per step: the spec's `every`, else the window's wheel notch.
    let every: Double
    /// The window the gesture began on (nil: none): its steps stop if it closes.
    var window: UInt64?
    private var horizontal: RepeatCounter
    private var vertical: RepeatCounter

    init(_ spec: ScrollSpec, wheelNotch: Double) {
        self.spec = spec
        every = spec.every ?? wheelNotch
        horizontal = RepeatCounter(origin: 0, every: every)
        vertical = RepeatCounter(origin: 0, every: every)
    }

    /// The gesture began with `translation` (past its slop): the axis it went most along
    /// counts from one step before it, so that reaching it is the first step.
    mutating func begin(at translation: Vector) {
        let vertical = abs(translation.dy) >= abs(translation.dx)
        guard vertical ? spec.axis != .horizontal : spec.axis != .vertical else { return }
        let along = vertical ? translation.dy : translation.dx
        guard along != 0 else { return }
        let origin = along - (along > 0 ? every : -every)
        if vertical { self.vertical.origin = origin } else { horizontal.origin = origin }
    }

    /// The translation along an axis (`vertical`, else horizontal) where the next step comes
    /// when it keeps going the way `velocity` goes; nil when the axis is not scrolled.
    func nextStep(vertical: Bool, goingPositive: Bool) -> Double? {
        if vertical ? spec.axis == .horizontal : spec.axis == .vertical { return nil }
        return (vertical ? self.vertical : horizontal).nextFiring(forward: goingPositive)
    }

    /// The steps that reaching `translation` (from the gesture's start, y down) makes,
    /// vertical ones first.
    mutating func advance(to translation: Vector) -> [ScrollDirection] {
        var steps: [ScrollDirection] = []
        if spec.axis != .horizontal {
            let n = vertical.advance(to: translation.dy)
            // A finger moving down (n > 0) drags the content down: what is above comes into view.
            let forward: ScrollDirection = spec.natural ? .up : .down
            steps += Array(repeating: n > 0 ? forward : forward.opposite, count: abs(n))
        }
        if spec.axis != .vertical {
            let n = horizontal.advance(to: translation.dx)
            let forward: ScrollDirection = spec.natural ? .left : .right
            steps += Array(repeating: n > 0 ? forward : forward.opposite, count: abs(n))
        }
        return steps
    }
}

extension ScrollDirection {
    var opposite: ScrollDirection {
        switch self {
        case .up: .down
        case .down: .up
        case .left: .right
        case .right: .left
        }
    }
}
