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

    init(capacity: Int = 16, window seconds: Double = GestureConfiguration.standard.velocityWindow) {
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
