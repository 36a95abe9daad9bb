import GestureEngine
import SystemCalls

/// Maps the X server's 32-bit millisecond timestamps onto the engine's timeline (unwrapped
/// to 64 bits), and the local monotonic clock onto the same timeline so that deadlines can
/// be slept for. The offset between the two clocks is learnt from events: a timestamp is
/// never later than the moment its event is read, so the largest (server − local) seen is
/// the closest estimate.
public final class ServerTimeline: EngineClock {
    private var lastServer: Int64?
    private var offset: Int64?
    /// Local monotonic nanoseconds (injected so tests can drive it).
    public var localNanoseconds: () -> Int64

    public init(localNanoseconds: @escaping () -> Int64 = ServerTimeline.monotonicNanoseconds) {
        self.localNanoseconds = localNanoseconds
    }

    public static func monotonicNanoseconds() -> Int64 { MonotonicClock.nanoseconds() }

    /// The instant of a server timestamp, read now.
    public func instant(_ time: XTime) -> Instant {
        let unwrapped: Int64
        if let last = lastServer {
            // The signed difference to the previous timestamp: wraps and small reorderings
            // both come out right.
            let delta = Int64(Int32(bitPattern: time &- UInt32(truncatingIfNeeded: last)))
            unwrapped = last + delta
        } else {
            unwrapped = Int64(time)
        }
        lastServer = max(lastServer ?? unwrapped, unwrapped)
        let ns = unwrapped * 1_000_000
        let estimate = ns - localNanoseconds()
        if offset == nil || estimate > offset! { offset = estimate }
        return Instant(nanoseconds: ns)
    }

    /// Now, on the server's timeline.
    public var now: Instant { Instant(nanoseconds: localNanoseconds() + (offset ?? 0)) }

    /// The time of the latest event read from the server: when an event that carries no time
    /// of its own (a window configured, mapped or destroyed) happened, as far as the events
    /// around it tell — not now, which runs ahead of the queue when the loop is busy (a touch
    /// queued behind it would otherwise be judged as held that much longer).
    public var latestEvent: Instant {
        guard let lastServer else { return now }
        return Instant(nanoseconds: lastServer * 1_000_000)
    }

    /// How long from now until `instant`, in milliseconds rounded up (for poll()).
    public func millisecondsUntil(_ instant: Instant) -> Int32 {
        let ns = instant.nanoseconds - now.nanoseconds
        if ns <= 0 { return 0 }
        return Int32(clamping: (ns + 999_999) / 1_000_000)
    }
}
