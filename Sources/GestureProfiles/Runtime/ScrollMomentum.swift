#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine

/// A flick's scrolling after the lift (`scroll: { kinetic: true }`): the content keeps the
/// finger's speed and slows down as GTK 3's kinetic scrolling does (an exponential decay,
/// gtkkineticscrolling.c's friction of 4 per second: a flick at 2,000 px/s goes 500 px
/// further), so a program without touch scrolls as the touch-aware ones beside it. Pure: the
/// runtime asks it when the next wheel step is due and schedules an engine timer for that
/// moment, so nothing wakes between steps.
struct ScrollMomentum {
    /// Per second: the velocity falls by e every quarter of a second.
    static let friction = 4.0
    /// px/s: a lift slower than this is a drag that stopped, not a flick.
    static let minimumSpeed = 150.0
    /// px/s: faster is a device's glitch (a touch jumping across the screen in one update).
    static let maximumSpeed = 12_000.0

    var steps: ScrollSteps
    /// The gesture's translation when the finger lifted.
    let liftTranslation: Vector
    /// px/s when the finger lifted.
    let velocity: Vector
    let liftTime: Instant
    /// Where the wheel steps go: where the finger lifted.
    let location: Point

    /// Nil when the lift was too slow to be a flick.
    init?(steps: ScrollSteps, translation: Vector, velocity: Vector, at time: Instant, location: Point) {
        let speed = (velocity.dx * velocity.dx + velocity.dy * velocity.dy).squareRoot()
        guard speed >= Self.minimumSpeed, speed.isFinite else { return nil }
        let scale = min(1, Self.maximumSpeed / speed)
        self.steps = steps
        liftTranslation = translation
        self.velocity = Vector(dx: velocity.dx * scale, dy: velocity.dy * scale)
        liftTime = time
        self.location = location
    }

    /// How far the content has gone since the lift after `seconds`.
    func displacement(after seconds: Double) -> Vector {
        let f = (1 - exp(-Self.friction * seconds)) / Self.friction
        return Vector(dx: velocity.dx * f, dy: velocity.dy * f)
    }

    /// When the next wheel step comes (the first axis to reach its next step), nil when the
    /// momentum runs out before either does.
    func nextStep() -> Instant? {
        var soonest: Double?
        for vertical in [true, false] {
            let v = vertical ? velocity.dy : velocity.dx
            guard v != 0, let at = steps.nextStep(vertical: vertical, goingPositive: v > 0) else { continue }
            // The displacement still needed, the way it goes; the whole remaining glide is v / friction.
            let needed = at - (vertical ? liftTranslation.dy : liftTranslation.dx)
            let fraction = needed * Self.friction / v
            guard fraction > 0, fraction < 1 else { continue }
            let t = -log(1 - fraction) / Self.friction
            soonest = min(soonest ?? t, t)
        }
        // A hair past the boundary, so that the step is counted at that time.
        return soonest.map { liftTime + ($0 + 1e-6) }
    }

    /// The wheel steps reaching `time` makes.
    mutating func advance(to time: Instant) -> [ScrollDirection] {
        let d = displacement(after: time - liftTime)
        return steps.advance(to: Vector(dx: liftTranslation.dx + d.dx, dy: liftTranslation.dy + d.dy))
    }
}
