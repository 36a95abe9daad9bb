import GestureEngine

/// The state of the rejections that wait (TouchOwnership+Rejections.swift): the queue of
/// pointer-emulating touches' rejections, what each waits on, and how long it may.
struct RejectionQueue {
    /// Rejections of pointer-emulating touches waiting for another client's pointer grab to
    /// go, in the order they were decided, with the instant each was decided.
    var waiting: [(key: TouchOwnership.Key, since: Instant)] = []
    /// Since when the first of ``waiting`` has found the pointer held by another client (nil:
    /// it has not yet). Each rejection gets its own wait, counted from when it is next to go:
    /// one that waited behind others must still ask before it is sent.
    var headWaitingSince: Instant?
    /// The pointer was held by another client right after our last rejection of a
    /// pointer-emulating touch: a grab its replay activated (the server activates a passive
    /// grab while it processes the rejection), cleared once the pointer is seen free.
    var grabFromOurReplay = false
    /// The begin time of the last pointer-emulating touch rejected, until the window manager
    /// is known to have read what its replay sent it (``TouchOwnership/windowManagerAnswered(at:)``).
    var lastEmulatingReplayBegan: XTime?
    /// A touch relayed to the window manager was lifted (its button released through XTest),
    /// and the manager is not known to have read that yet.
    var relayReleasedUnread = false
    /// When the window manager was asked the question a rejection waits on (nil: none waits).
    var roundTripAskedAt: Instant?
    /// Questions asked and not answered yet, the one waited on included: an answer counts
    /// only once every earlier question has had its own (one that came after a wait gave up
    /// belongs to an older question).
    var roundTripsUnanswered = 0
    /// The touch whose wait for an older one was logged last.
    var olderWaitNoted: TouchID?
    /// The next instant a waiting rejection is tried again (nil: none waits).
    var nextRetry: Instant?

    /// How long a rejection waits for another client's pointer grab, at most, when that grab
    /// was there before our last replay (an application's menu, a mouse button held down:
    /// grabs that do not freeze the pointer, so a rejection cannot freeze it for good).
    static let longestRejectWait = 0.25
    /// How long it waits, at most, for a grab our own last replay activated: a window
    /// manager's synchronous click-to-focus grab, which freezes the pointer until the manager
    /// answers (in milliseconds; a loaded machine took over 250 ms). A rejection sent before
    /// it answers freezes the pointer for good (`make xorg-touch-repro REPRO=queued`), so it
    /// waits as long as a loaded manager may take.
    static let longestReplayGrabWait = 5.0
    /// How often a waiting rejection asks again, in seconds.
    static let rejectRetry = 0.001
    /// How long a rejection waits for an older pointer-emulating touch to be decided, at most
    /// (a tap's double-tap interval and more; every touch is decided within its gestures'
    /// deadlines, this only bounds a touch the server never ended).
    static let longestOrderWait = 1.0
    /// How long a rejection waits for the window manager's answer, at most.
    static let longestRoundTripWait = 1.0

    /// Shutting down: nothing waits any more.
    mutating func clear() {
        waiting = []
        headWaitingSince = nil
        nextRetry = nil
        roundTripAskedAt = nil
        roundTripsUnanswered = 0
    }

    /// The window manager has read what it was sent: nothing waits for it any more.
    mutating func windowManagerCaughtUp() {
        roundTripAskedAt = nil
        lastEmulatingReplayBegan = nil
        relayReleasedUnread = false
    }
}
