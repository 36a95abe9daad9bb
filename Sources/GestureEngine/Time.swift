/// A moment on the engine's timeline. The origin is arbitrary (the first event of a trace,
/// the X server's millisecond clock, …); only differences matter. Stored as whole
/// nanoseconds so that `50 ms + 350 ms` is exactly `400 ms` and deadlines compare exactly.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public init(seconds: Double) { self.nanoseconds = Instant.nanos(seconds) }

    /// `Instant(milliseconds: 250)` = a quarter of a second after the origin.
    public init(milliseconds: Double) { self.nanoseconds = Instant.nanos(milliseconds / 1000) }

    public static let zero = Instant(nanoseconds: 0)

    public var seconds: Double { Double(nanoseconds) / 1e9 }
    public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    /// Non-finite and out-of-range values saturate instead of trapping (odd input survives).
    static func nanos(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return seconds > 0 ? Int64.max / 2 : (seconds < 0 ? Int64.min / 2 : 0) }
        let n = (seconds * 1e9).rounded()
        if n >= Double(Int64.max / 2) { return Int64.max / 2 }
        if n <= Double(Int64.min / 2) { return Int64.min / 2 }
        return Int64(n)
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    /// `instant + seconds`.
    public static func + (lhs: Instant, rhs: Double) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds.addingReportingOverflow(nanos(rhs)).partialValue)
    }
    /// Seconds between two instants.
    public static func - (lhs: Instant, rhs: Instant) -> Double { Double(lhs.nanoseconds &- rhs.nanoseconds) / 1e9 }

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
