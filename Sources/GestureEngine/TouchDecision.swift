/// Why a touch got its verdict: trace.md's `by`. Under X ownership the application waits for
/// every touch until this is known (semantics.md §10), so the reason is the daemon's main
/// explanation to the user.
public enum DecisionReason: Hashable, Sendable {
    /// A gesture (or a control's default gesture) took the touch; its name.
    case claimedBy(String)
    /// Nothing that could claim the touch received it.
    case noGesture
    /// Every gesture that could have claimed it gave up.
    case allFailed
    /// Only gestures that leave their touches to the application (`cancelsTouchesInView:
    /// false`) wanted it.
    case notCancelling
    /// Every gesture that received it ignored it.
    case ignored
    /// The device cancelled the touch.
    case cancelled
    /// The window (view) it landed in went away.
    case windowClosed
    /// The configuration was replaced mid-touch.
    case reload
    /// The daemon is shutting down.
    case shutdown

    /// The `by` value of the event log: the claiming gesture's name, or the reason's keyword.
    public var label: String {
        switch self {
        case .claimedBy(let name): name
        case .noGesture: "no-gesture"
        case .allFailed: "all-failed"
        case .notCancelling: "not-cancelling"
        case .ignored: "ignored"
        case .cancelled: "cancelled"
        case .windowClosed: "window-closed"
        case .reload: "reload"
        case .shutdown: "shutdown"
        }
    }

    /// The reason in words, for `tactus monitor`.
    public static func explanation(verdict: String, by label: String) -> String {
        switch label {
        case "no-gesture": "no gesture here wants it"
        case "all-failed": "every gesture gave up"
        case "not-cancelling": "only gestures that leave it to the application wanted it"
        case "ignored": "every gesture ignored it"
        case "cancelled": "the device cancelled it"
        case "window-closed": "its window went away"
        case "reload": "the configuration was reloaded"
        case "shutdown": "Tactus is stopping"
        default: verdict == "claimed" ? "by \(label)" : label
        }
    }
}

/// The final word on one touch, given exactly once, with how long the application waited
/// for it (semantics.md §10): the daemon turns it into `XIAcceptTouch` / `XIRejectTouch`.
public struct TouchDecision: Hashable, Sendable {
    public var id: TouchID
    public var verdict: TouchVerdict
    public var reason: DecisionReason
    /// When the touch went down (its first event).
    public var touchBegan: Instant
    /// When the verdict was given (the event or deadline that decided it).
    public var time: Instant

    public init(id: TouchID, verdict: TouchVerdict, reason: DecisionReason, touchBegan: Instant, time: Instant) {
        self.id = id
        self.verdict = verdict
        self.reason = reason
        self.touchBegan = touchBegan
        self.time = time
    }

    /// Milliseconds the application waited: from the touch's first event to the verdict.
    public var heldMilliseconds: Double { (time - touchBegan) * 1000 }
}

/// Receives every verdict as it is given, in order, exactly once per touch: the engine's main
/// output. Called synchronously while the engine processes the event or deadline that decided
/// it; keep it cheap (note the decision, answer the server after the event).
public protocol TouchDecisionSink: AnyObject {
    func touchDecided(_ decision: TouchDecision)
}
