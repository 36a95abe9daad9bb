import Foundation
import X11Session

/// A touch owner without Tactus: the passive touch grab on the root window, taken on a
/// connection and thread of its own (an X display is used from the thread that opened it),
/// answering each touch by a fixed rule. What a window manager that holds touches does, and
/// what any owner that decides a touch after seeing some of it does to the programs the
/// server then replays it to: the reproducer beside a comparison with the daemon.
public final class BareTouchOwner: @unchecked Sendable {
    /// How it answers.
    public enum Rule: Sendable {
        /// Each touch rejected `milliseconds` after it began.
        case rejectAfter(milliseconds: Double)
        /// Three touches down undecided accepted together; else each rejected `milliseconds`
        /// after it began (a window manager's three-finger gesture).
        case acceptThreeElseRejectAfter(milliseconds: Double)
        /// Each touch rejected as its `updates`th update is read, or at its end if that comes
        /// first: the least an owner whose rule needs motion holds a touch.
        case rejectOnUpdate(Int)
        /// Each touch rejected as its TouchBegin is read: nothing of it held but the begin, the
        /// most an owner that decides before any motion can give.
        case rejectAtBegin
        /// As ``rejectOnUpdate(_:)``, but each rejection asks the server first, in one round
        /// trip, what the daemon must ask (``XlibServer/rejectTouch(device:touch:window:unlessGone:unlessPointerHeldAt:)``:
        /// the top-level window it landed on still there, the pointer free): the least a
        /// safe owner whose rule needs motion holds a touch.
        case rejectOnUpdateAskingFirst(Int)
    }

    private let lock = NSLock()
    private var stopped = false
    private var done = false
    private var accepted: [UInt32] = []
    private var rejected: [UInt32] = []

    public init(display: String, rule: Rule) throws {
        let ready = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var grabbed = false
        Thread.detachNewThread { [self] in
            guard let server = try? XlibServer(display: display), server.negotiateInput() != nil, server.grabTouchBegin() else {
                ready.signal()
                return
            }
            grabbed = true
            ready.signal()
            answer(on: server, by: rule)
            server.ungrabTouchBegin()
            server.sync()
            lock.withLock { done = true }
        }
        ready.wait()
        guard grabbed else { throw FixtureError(description: "the bare touch owner could not take the touch grab") }
    }

    /// The owner's loop, until ``stop()``.
    private func answer(on server: XlibServer, by rule: Rule) {
        /// `endedAt`: the time of its TouchEnd, for a touch that ended undecided (the pointer
        /// was held when it was to be rejected: asked again each turn until it is answered).
        var down: [UInt32: (device: Int32, since: Double, updates: Int, landedIn: UInt, endedAt: XTime?)] = [:]
        func answer(_ touch: UInt32, accept: Bool) {
            guard let t = down.removeValue(forKey: touch) else { return }
            server.allowTouch(device: t.device, touch: touch, window: 0, accept: accept)
            lock.withLock { if accept { accepted.append(touch) } else { rejected.append(touch) } }
        }
        func rejectAskingFirst(_ touch: UInt32, at time: XTime) {
            guard let t = down[touch] else { return }
            let windows = t.landedIn == 0 ? [] : [XWindowID(t.landedIn)]
            switch server.rejectTouch(device: t.device, touch: touch, window: 0, unlessGone: windows, unlessPointerHeldAt: time) {
            case .replayed: lock.withLock { rejected.append(touch) }
            case .acceptedWindowGone: lock.withLock { accepted.append(touch) }
            case .pointerHeld: return  // asked again on its next event
            }
            down[touch] = nil
        }
        while !isStopped {
            while let event = server.nextEvent() {
                guard case .touch(let e) = event else { continue }
                switch e.phase {
                case .begin: down[e.touch] = (e.device, Self.now(), 0, e.child, nil)
                case .update: down[e.touch]?.updates += 1
                case .end: down[e.touch]?.endedAt = e.time
                }
                if case .rejectOnUpdate(let n) = rule, let t = down[e.touch], t.updates >= n || e.phase == .end {
                    answer(e.touch, accept: false)
                    server.flush()
                }
                if case .rejectOnUpdateAskingFirst(let n) = rule, let t = down[e.touch], t.updates >= n || e.phase == .end {
                    rejectAskingFirst(e.touch, at: e.time)
                }
                if case .rejectAtBegin = rule, down[e.touch] != nil {
                    answer(e.touch, accept: false)
                    server.flush()
                }
            }
            let now = Self.now()
            switch rule {
            case .acceptThreeElseRejectAfter where down.count >= 3:
                for touch in Array(down.keys) { answer(touch, accept: true) }
            case .rejectAfter(let hold), .acceptThreeElseRejectAfter(let hold):
                for (touch, t) in down where now - t.since >= hold { answer(touch, accept: false) }
            case .rejectOnUpdateAskingFirst:
                for (touch, t) in down { if let ended = t.endedAt { rejectAskingFirst(touch, at: ended) } }
            case .rejectOnUpdate, .rejectAtBegin: break
            }
            server.flush()
            usleep(500)
        }
        // Stopped: nothing is left undecided behind it. Rejected without asking: the tests
        // stop it with no button of the pointer held (what the asking rule asks about).
        for touch in Array(down.keys) { answer(touch, accept: false) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// How many touches it accepted and rejected so far.
    public var answers: (accepted: Int, rejected: Int) { lock.withLock { (accepted.count, rejected.count) } }

    /// Milliseconds of CLOCK_MONOTONIC (the clock Xorg stamps input with).
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000
    }

    /// Ends the loop and lets the grab go (waits up to 2 s for the thread).
    public func stop() {
        lock.withLock { stopped = true }
        for _ in 0..<400 where !lock.withLock({ done }) { usleep(5_000) }
    }
}
