import SystemCalls

/// `run --stats` (for `make bench-daemon`): X event read → action requests flushed, for the
/// events that fired actions, and the loop's wake-ups while idle; reported at exit.
final class DaemonStats {
    private var latencies: [Int64] = []
    private var lastEventAt = MonotonicClock.nanoseconds()
    /// Wake-ups since the last event.
    private var idleWakeups = 0

    /// Times one event's handling (`handle` dispatches and flushes), when it fired actions.
    func measure(firedActions: () -> Int, _ handle: () -> Void) {
        let before = MonotonicClock.nanoseconds(), actions = firedActions()
        handle()
        if firedActions() > actions { latencies.append(MonotonicClock.nanoseconds() - before) }
        lastEventAt = MonotonicClock.nanoseconds()
        idleWakeups = 0
    }

    /// The loop woke up.
    func wokeUp() { idleWakeups += 1 }

    /// `value` with `digits` decimals (the report's figures).
    private func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = String(scaled / Int64(scale)), fraction = String(scaled % Int64(scale))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return digits == 0 ? sign + whole : sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    var report: String {
        let sorted = latencies.sorted()
        func pct(_ p: Double) -> String {
            guard !sorted.isEmpty else { return "-" }
            let v = sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
            return "\(fixed(Double(v) / 1000, 1)) µs"
        }
        let idle = Double(MonotonicClock.nanoseconds() - lastEventAt) / 1e9
        // The signal that stops the daemon wakes it once: that one is not idling.
        let wakes = max(0, idleWakeups - 1)
        return "stats: \(sorted.count) events with actions, X event read → actions flushed: p50 \(pct(0.5)), p99 \(pct(0.99)), max \(pct(1.0)); idle \(fixed(idle, 1)) s after the last event: \(wakes) wake-ups (\(fixed(idle > 0 ? Double(wakes) / idle : 0, 2))/s)"
    }
}
