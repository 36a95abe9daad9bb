import GestureEngine

/// How far the answer the server waits for has come, for one touch (``TouchOwnership``):
/// every ownership event of a touch is one `switch` over it. Beside it the touch keeps
/// whether its finger is down (``TouchOwnership/Tracked/ended``), which comes with the
/// server's events whatever the answer, and the facts its begin told.
///
///                      raw begin, no TouchBegin through a grab of ours
///     ──────────────────────────────────────────────▶ observed ─── its TouchBegin comes after all ──┐
///                                                                                                 │
///     TouchBegin through a grab of ours ────────────▶ held ◀──────────────────────────────────────┘
///       (owned at once under the root's grab,          │   (owned: false until XI_TouchOwnership
///        not yet below a window manager's)             │    below a window manager's grab)
///                                                      │
///        claimed; or released, its window destroyed ───┼──────────────────────────▶ accepted
///        released on decorations, owned ───────────────┼──────────────────────────▶ relayed
///        released on decorations, not owned yet ───────┼─▶ relayWhenOwned ── XI_TouchOwnership ─▶ relayed
///        released, pointer-emulating (or behind one) ──┼─▶ rejectionWaiting ── sent ──▶ rejected
///        released ─────────────────────────────────────┴──────────────────────────▶ rejected
///                                                          (accepted instead when the server finds
///                                                           its window gone: ``rejectTouch``, or when
///                                                           it is destroyed while the finger is down)
///
///     not owned yet, nothing sent but an acceptance, not carried by raw events
///         ── TouchEnd before XI_TouchOwnership ──▶ keptByWindowManager
///
/// A touch is forgotten once its finger is up and nothing is owed for it: ``isSettled``.
enum TouchState: Equatable {
    /// Seen through raw events only, where no grab of ours listens: nothing is owed.
    /// `verdict`: the engine's, kept in case its TouchBegin through a grab comes after all
    /// (below a window manager's grab, its events read apart).
    case observed(verdict: TouchVerdict?)
    /// Held by a grab of ours; the server waits for our answer. `owned`: the touch is ours
    /// (always under our grab on root; below a window manager's grab, once it let go).
    case held(owned: Bool)
    /// Released by the engine; its rejection waits (``TouchOwnership/rejectWhenThePointerIsFree(at:)``).
    /// `followsRaw`: it was down when released, and raw events carry it on from then.
    case rejectionWaiting(owned: Bool, followsRaw: Bool)
    /// Released on a window manager's decorations before the window manager let go of it:
    /// given to it as pointer input once it does.
    case relayWhenOwned
    /// Accepted: a gesture claimed it, or the window it landed on is gone. `owned` false: the
    /// window manager may still keep it. `followsRaw`: a rejection the server turned into an
    /// acceptance, of a touch raw events carry on.
    case accepted(owned: Bool, followsRaw: Bool)
    /// Accepted and given to the window manager as XTest pointer input
    /// (``TouchOwnership/relayToWindowManager(_:_:)``).
    case relayed
    /// Rejected: the server replays it to the application. Raw events carry it on while it is
    /// down (it was down when the engine released it).
    case rejected
    /// The window manager accepted it before it was ours (a gesture of its own).
    case keptByWindowManager

    /// We hold it and owe the server an answer.
    var awaitsAnswer: Bool {
        switch self {
        case .held, .rejectionWaiting: true
        default: false
        }
    }

    /// Held, and no answer decided yet (not even a rejection that waits).
    var isUndecided: Bool {
        if case .held = self { return true }
        return false
    }

    /// Held for a verdict at shutdown (rejected then): owed, or to be relayed.
    var isHeld: Bool { awaitsAnswer || self == .relayWhenOwned }

    /// The touch is ours: no client before us among its listeners still decides it.
    var owned: Bool {
        switch self {
        case .held(let owned), .rejectionWaiting(let owned, _), .accepted(let owned, _): owned
        case .relayed: true
        case .observed, .relayWhenOwned, .rejected, .keptByWindowManager: false
        }
    }

    /// Raw events carry it to the engine (while it is down), not the events of our grab.
    var carriedByRawEvents: Bool {
        switch self {
        case .observed, .rejected: true
        case .rejectionWaiting(_, let followsRaw), .accepted(_, let followsRaw): followsRaw
        case .held, .relayWhenOwned, .relayed, .keptByWindowManager: false
        }
    }

    /// With its finger up, nothing is left to do for it. An acceptance made before the window
    /// manager let go of it is kept until it does (or keeps it), to say which.
    var isSettled: Bool {
        switch self {
        case .observed, .relayed, .rejected, .keptByWindowManager: true
        case .accepted(let owned, _): owned
        case .held, .rejectionWaiting, .relayWhenOwned: false
        }
    }

    // MARK: Transitions

    /// `XI_TouchOwnership`: the listeners before ours let go of it. Nil: the event means
    /// nothing in this state.
    func becameOwned() -> TouchState? {
        switch self {
        case .held(false): .held(owned: true)
        case .rejectionWaiting(false, let followsRaw): .rejectionWaiting(owned: true, followsRaw: followsRaw)
        case .accepted(false, let followsRaw): .accepted(owned: true, followsRaw: followsRaw)
        case .relayWhenOwned: .relayed
        default: nil
        }
    }

    /// The engine released it and its rejection waits in the queue.
    func rejectionQueued(stillDown: Bool) -> TouchState { .rejectionWaiting(owned: owned, followsRaw: stillDown) }

    /// A TouchEnd came before `XI_TouchOwnership`: the window manager kept it, unless the end
    /// is our own rejection's or raw events carry it (nil: the end means nothing here).
    func endedBeforeOwnership() -> TouchState? {
        switch self {
        case .held(false), .relayWhenOwned, .accepted(false, false), .rejectionWaiting(false, false): .keptByWindowManager
        default: nil
        }
    }
}
