import SystemCalls

/// The systemd user unit's view of the daemon (`Type=notify`, `WatchdogSec=`): ready once it
/// owns the touches, alive as long as its loop turns. A hung or stopped daemon stops the
/// pings; the service manager kills it and starts it again, and the X server hands the
/// touches it held on to the applications.
extension Daemon {
    /// Ready: the touch grab is taken and the windows are read.
    func tellServiceManagerReady() {
        serviceNotifier?.notify("READY=1\nSTATUS=deciding touches on \(server.displayName)\nMAINPID=\(CurrentProcess.id)")
        if let interval = serviceNotifier?.watchdogInterval {
            logger.info("the service manager watches the loop: it is told it turns every \(interval / 1_000_000) ms")
            nextWatchdogPing = MonotonicClock.nanoseconds()
            pingWatchdogIfDue()
        }
    }

    /// Tells the watchdog the loop turns, when it is time to (from the loop, never from a
    /// timer of its own: a loop that hangs must fall silent).
    func pingWatchdogIfDue() {
        guard let interval = serviceNotifier?.watchdogInterval, let due = nextWatchdogPing else { return }
        let now = MonotonicClock.nanoseconds()
        guard now >= due else { return }
        serviceNotifier?.notify("WATCHDOG=1")
        nextWatchdogPing = now + interval
    }

    /// Milliseconds until the next watchdog ping is due (nil: no watchdog).
    var millisecondsUntilWatchdogPing: Int32? {
        guard let due = nextWatchdogPing else { return nil }
        let left = due - MonotonicClock.nanoseconds()
        return left <= 0 ? 0 : Int32(clamping: (left + 999_999) / 1_000_000)
    }

    func tellServiceManagerReloading() { serviceNotifier?.notify("RELOADING=1") }
    func tellServiceManagerReloaded() { serviceNotifier?.notify("READY=1") }
    func tellServiceManagerStopping() { serviceNotifier?.notify("STOPPING=1") }
}
