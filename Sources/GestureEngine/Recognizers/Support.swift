/// Defaults shared by the recognizers (semantics.md §8).
public enum GestureDefaults {
    /// Fingers of a multi-finger gesture may land this far apart (real hands are not exact);
    /// past it, a gesture still short of fingers fails so the touches go back to the app.
    public static let arrivalTolerance = 0.15
}

/// Estimates a velocity from the samples of a quantity over a short window. O(1) per sample
/// and no allocation after creation: it runs on every moved event.
struct MotionSampler {
    private var times: [Int64]
    private var values: [Vector]
    /// Index of the newest sample, and of the oldest one still inside the window.
    private var newest = -1
    private var oldest = 0
    private var count = 0
    let window: Int64

    init(capacity: Int = 16, window seconds: Double = 0.1) {
        times = Array(repeating: 0, count: capacity)
        values = Array(repeating: .zero, count: capacity)
        window = Instant.nanos(seconds)
    }

    mutating func reset() {
        newest = -1
        oldest = 0
        count = 0
    }

    mutating func add(_ value: Vector, at time: Instant) {
        let cap = times.count
        newest = newest + 1 == cap ? 0 : newest + 1
        times[newest] = time.nanoseconds
        values[newest] = value
        if count == cap {
            oldest = oldest + 1 == cap ? 0 : oldest + 1  // full: the oldest is overwritten
        } else {
            count += 1
        }
        // Drop samples older than the window, keeping at least two.
        while count > 2 && time.nanoseconds - times[oldest] > window {
            oldest = oldest + 1 == cap ? 0 : oldest + 1
            count -= 1
        }
    }

    /// Change per second between the oldest sample in the window and the newest.
    var velocity: Vector {
        guard count >= 2 else { return .zero }
        let dt = times[newest] - times[oldest]
        guard dt > 0 else { return .zero }
        return (values[newest] - values[oldest]) / (Double(dt) / 1e9)
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
