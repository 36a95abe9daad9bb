/// Defaults shared by the recognizers (semantics.md §8).
public enum GestureDefaults {
    /// Fingers of a multi-finger gesture may land this far apart (real hands are not exact);
    /// past it, a gesture still short of fingers fails so the touches go back to the app.
    public static let arrivalTolerance = 0.15
}

/// Estimates a velocity from the last samples of a quantity, over a short window, without
/// allocating after creation (it runs on every moved event).
struct MotionSampler {
    private var times: [Double]
    private var values: [Vector]
    private var next = 0
    private var count = 0
    /// Samples older than this (seconds) are ignored.
    let window: Double

    init(capacity: Int = 8, window: Double = 0.1) {
        times = Array(repeating: 0, count: capacity)
        values = Array(repeating: .zero, count: capacity)
        self.window = window
    }

    mutating func reset() {
        next = 0
        count = 0
    }

    mutating func add(_ value: Vector, at time: Instant) {
        times[next] = time.seconds
        values[next] = value
        next = (next + 1) % times.count
        count = min(count + 1, times.count)
    }

    /// Change per second between the newest sample and the oldest within the window.
    var velocity: Vector {
        guard count >= 2 else { return .zero }
        let cap = times.count
        let newest = (next - 1 + cap) % cap
        var oldest = newest
        for k in 1..<count {
            let i = (newest - k + cap) % cap
            if times[newest] - times[i] > window { break }
            oldest = i
        }
        let dt = times[newest] - times[oldest]
        guard dt > 1e-6 else { return .zero }
        return (values[newest] - values[oldest]) / dt
    }
}

extension GestureRecognizer {
    /// Mean displacement of the touches of the sequence since each went down.
    var meanTranslation: Vector {
        var sx = 0.0, sy = 0.0, n = 0.0
        for t in touches {
            sx += t.location.x - t.initialLocation.x
            sy += t.location.y - t.initialLocation.y
            n += 1
        }
        return n > 0 ? Vector(dx: sx / n, dy: sy / n) : .zero
    }

    /// Twice the mean distance of the touches down from their centroid: for two fingers, the
    /// distance between them.
    var span: Double {
        let c = centroid
        var sum = 0.0, n = 0.0
        for t in touches where t.isActive {
            sum += t.location.distance(to: c)
            n += 1
        }
        return n > 0 ? 2 * sum / n : 0
    }
}
