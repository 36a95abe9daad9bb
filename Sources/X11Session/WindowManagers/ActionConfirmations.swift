import SystemCalls

/// A window manager may refuse a request without a word: i3 writes `WM_STATE` Normal back
/// over a minimize and ignores `_NET_WM_STATE` maximized, openbox will not maximize a window of
/// fixed size nor minimize a splash screen. So each window and desktop request Tactus makes
/// is followed by what it should have changed — an expectation — and the log says what came
/// of it: a debug line when it holds, a warning when it still does not after ``bound``
/// milliseconds. (One with an `amend`, a tile, is followed for the whole bound and said done
/// at its end; see ``Expectation/amend``.) Nothing waits in a sleep: an expectation is looked
/// at again when a property of one of its windows changes or one is mapped, unmapped or
/// destroyed (the daemon's loop hands those events over), and for the last time at its
/// deadline, which the loop wakes for as it does for keys waiting for the focus
/// (``ActionPerformer/focusDeadline``).
final class ActionConfirmations {
    /// How long a window manager has to do what it was asked (milliseconds). Those tested
    /// answer within a few milliseconds (openbox maximizes in 2–5 ms on Xvfb, i3 has done it when
    /// its reply comes); a second leaves room for one that is busy drawing, and is still soon
    /// enough for the warning to be read as the answer to the gesture just made.
    static let bound: UInt64 = 1_000

    struct Expectation {
        /// What it is about: a later expectation with the same key replaces this one (the
        /// second of two quick toggles asks for the opposite).
        var key: String
        /// Who was asked, and what: "i3", "did not maximize the window “notes” (XTerm, 0x600003)".
        var manager: String
        var failure: String
        /// "maximized the window …", for the debug line.
        var success: String
        /// Whether the server shows it done (round trips: asked on events, not per frame).
        var holds: () -> Bool
        /// What the server shows instead, for the warning.
        var instead: () -> String
        /// Windows whose changes may be the answer (the root window for desktops).
        var windows: Set<XWindowID>
        /// The window it is about, when one: its closing ends the expectation.
        var subject: XWindowID?
        /// What to ask again when a change about its windows shows the request was made on a
        /// premise that no longer holds (a tile counted with a frame the window manager has
        /// since changed); nil for requests that are only watched. An expectation with an
        /// amend is followed until its deadline even once it holds: a window manager answers
        /// in steps (openbox sets the restored state, then the frame's extents a moment
        /// later), and the premise may fail after the first step held.
        var amend: (() -> Void)? = nil
        var since: UInt64 = 0
        var deadline: UInt64 = 0
        /// When it was last seen to hold (an expectation with an amend, still followed).
        var heldSince: UInt64? = nil
        /// When it was first seen to hold (the same): one that held and then changed for
        /// another reason (the window maximized again) is no warning at its deadline.
        var firstHeld: UInt64? = nil
    }

    private(set) var pending: [Expectation] = []
    /// Monotonic milliseconds (injected so tests can drive it).
    var milliseconds: () -> UInt64 = { UInt64(MonotonicClock.nanoseconds() / 1_000_000) }
    /// A request that was not done: who was asked, and what did not happen.
    var warn: (_ manager: String, _ message: String) -> Void = { _, _ in }
    /// A request that was done, or what became of an expectation (debug).
    var note: (String) -> Void = { _ in }

    /// When the loop must wake to give up on the oldest expectation, nil when none waits.
    var deadline: UInt64? { pending.map(\.deadline).min() }

    /// Follows `expectation` from now; one that holds already (i3 acts before it replies, or
    /// the window was in that state) is noted at once.
    func expect(_ expectation: Expectation) {
        var e = expectation
        e.since = milliseconds()
        e.deadline = e.since + Self.bound
        if let replaced = pending.firstIndex(where: { $0.key == e.key }) {
            note("\(pending[replaced].manager): no longer checked whether it \(pending[replaced].success): asked again since")
            pending.remove(at: replaced)
        }
        if e.holds() {
            guard e.amend != nil else { return confirmed(e) }
            e.heldSince = e.since
            e.firstHeld = e.since
        }
        pending.append(e)
    }

    /// Something changed about `window`: the expectations about it are looked at again.
    func changed(_ window: XWindowID) {
        guard pending.contains(where: { $0.windows.contains(window) }) else { return }
        // Each `holds` asks the server: once per expectation, and once more after an amend.
        var done: [Expectation] = [], waiting: [Expectation] = []
        for var e in pending {
            guard e.windows.contains(window) else { waiting.append(e); continue }
            if e.holds() {
                guard e.amend != nil else { done.append(e); continue }
                e.heldSince = e.heldSince ?? milliseconds()
            } else if let amend = e.amend {
                amend()
                e.heldSince = e.holds() ? milliseconds() : nil
            }
            e.firstHeld = e.firstHeld ?? e.heldSince
            waiting.append(e)
        }
        pending = waiting
        for e in done { confirmed(e) }
    }

    /// `window` was destroyed: what was expected of it can no longer be seen (neither done
    /// nor refused).
    func windowGone(_ window: XWindowID) {
        let (gone, rest) = partition { $0.subject == window }
        pending = rest
        for e in gone { note("\(e.manager): not checked whether it \(e.success): the window closed meanwhile") }
    }

    /// The loop woke at or after ``deadline``: what is due is looked at a last time, and
    /// what still does not hold is a warning.
    func expire() {
        let now = milliseconds()
        let (due, waiting) = partition { now >= $0.deadline }
        pending = waiting
        for e in due {
            if e.holds() {
                confirmed(e)
            } else if let first = e.firstHeld {
                note("\(e.manager) \(e.success) (seen after \(first - e.since) ms); changed since, at \(now - e.since) ms \(e.instead())")
            } else {
                warn(e.manager, "\(e.failure): after \(now - e.since) ms, \(e.instead())")
            }
        }
    }

    private func confirmed(_ e: Expectation) {
        let now = milliseconds()
        if let held = e.heldSince {
            note("\(e.manager) \(e.success) (seen after \(held - e.since) ms, and so until \(now - e.since) ms)")
        } else {
            note("\(e.manager) \(e.success) (seen after \(now - e.since) ms)")
        }
    }

    private func partition(_ belongs: (Expectation) -> Bool) -> (matching: [Expectation], rest: [Expectation]) {
        var matching: [Expectation] = [], rest: [Expectation] = []
        for e in pending { if belongs(e) { matching.append(e) } else { rest.append(e) } }
        return (matching, rest)
    }
}
