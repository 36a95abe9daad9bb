/// A touch device's frame period, learned from its frames: how long after one report of a
/// moving finger the device reports it again. A touchscreen reports only the slots that
/// changed, at its own rate, and some spread one scan of the hand over several frames; a frame
/// that does not report a finger says nothing of where that finger is now. What does is time:
/// a finger still not reported a frame period and a half after a frame (the next frame, come
/// late by up to half a period: the X server stamps whole milliseconds, USB polls jitter) has
/// not moved since (``GestureConfiguration/framePeriod``).
///
/// Learned per device from the fingers a recognizer follows, and kept across its gestures:
/// the median of the latest intervals between two reports of one finger (a finger resting is
/// reported only when it jitters, so some intervals are a few periods long; the median is
/// not moved by them), bounded to a quarter and twice the assumed period (240 Hz to 30 Hz
/// around the default), the assumed period until one is seen.
struct FramePeriod {
    /// s. The period assumed until one is learned (``GestureConfiguration/framePeriod``).
    var assumed: Double
    private var device: Int32?
    /// s. The latest intervals, a ring.
    private var samples: [Double] = []
    private var next = 0
    /// When each finger followed was last reported.
    private var reports: [(id: TouchID, at: Instant)] = []

    /// How many intervals the median is taken over.
    private static let kept = 8

    init(assumed: Double) {
        self.assumed = assumed
        samples.reserveCapacity(Self.kept)
        reports.reserveCapacity(5)
    }

    /// s. The learned period, bounded; the assumed one until an interval is seen.
    var period: Double {
        guard !samples.isEmpty else { return assumed }
        var sorted = samples
        sorted.sort()
        let median = sorted[sorted.count / 2]
        return min(max(median, assumed / 4), assumed * 2)
    }

    /// s. How long a decision that needs every finger's place waits for the fingers a frame
    /// did not report: a period and a half.
    var wait: Double { 1.5 * period }

    /// `touch` was reported at `time` (it landed or moved).
    mutating func note(_ touch: Touch, at time: Instant) {
        if device != touch.device {
            device = touch.device
            samples.removeAll(keepingCapacity: true)
            next = 0
            reports.removeAll(keepingCapacity: true)
        }
        guard let i = reports.firstIndex(where: { $0.id == touch.id }) else {
            reports.append((touch.id, time))
            return
        }
        let interval = time - reports[i].at
        reports[i].at = time
        // The same instant is one frame; longer than the bound is a finger resting, not a period.
        guard interval >= 0.0005, interval <= assumed * 2 else { return }
        if samples.count < Self.kept {
            samples.append(interval)
        } else {
            samples[next] = interval
            next = (next + 1) % Self.kept
        }
    }

    /// A new gesture: the fingers are new, the device's period is kept.
    mutating func forgetFingers() {
        reports.removeAll(keepingCapacity: true)
    }
}
