/// A moment on the engine's timeline, in seconds. The origin is arbitrary (the first event of
/// a trace, the X server's millisecond clock, …); only differences matter.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    /// `Instant(milliseconds: 250)` = a quarter of a second after the origin.
    public init(milliseconds: Double) { self.seconds = milliseconds / 1000 }

    public static let zero = Instant(seconds: 0)

    public var milliseconds: Double { seconds * 1000 }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.seconds < rhs.seconds }
    public static func + (lhs: Instant, rhs: Double) -> Instant { Instant(seconds: lhs.seconds + rhs) }
    public static func - (lhs: Instant, rhs: Instant) -> Double { lhs.seconds - rhs.seconds }

    public var description: String { "\(milliseconds.compactDescription)ms" }
}

/// Where the engine reads "now" when no input event tells it: a run loop asks the engine for
/// ``GestureEngine/nextDeadline``, sleeps until the clock reaches it, then calls
/// ``GestureEngine/advanceToClock()``.
public protocol EngineClock: AnyObject {
    var now: Instant { get }
}

/// A clock that moves only when told to. Tests and `replay` use it; nothing sleeps.
public final class ManualClock: EngineClock {
    public private(set) var now: Instant

    public init(now: Instant = .zero) { self.now = now }

    /// Moves the clock forward by `seconds` (never backwards).
    public func advance(by seconds: Double) {
        if seconds > 0 { now = now + seconds }
    }

    /// Moves the clock to `instant` if that is later than now.
    public func advance(to instant: Instant) {
        if instant > now { now = instant }
    }
}
