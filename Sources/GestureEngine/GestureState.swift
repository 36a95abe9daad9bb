/// The states of a gesture recognizer (semantics.md §1).
public enum GestureState: String, Hashable, Sendable, CustomStringConvertible {
    case possible, began, changed
    /// `ended` for continuous gestures, `recognized` for discrete ones: the same state.
    case ended
    case cancelled, failed

    /// Discrete gestures call the ended state "recognized".
    public static let recognized = GestureState.ended

    @inline(__always) public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
    /// began or changed: a continuous gesture in progress.
    @inline(__always) public var isInProgress: Bool { self == .began || self == .changed }

    public var description: String { rawValue }

    /// The name used in logs: `recognized` for a discrete gesture's ended state.
    public func name(continuous: Bool) -> String {
        self == .ended && !continuous ? "recognized" : rawValue
    }

    /// The transition table of semantics.md §1. Everything not listed is a programming error.
    public static func isLegalTransition(from: GestureState, to: GestureState, continuous: Bool) -> Bool {
        switch (from, to) {
        case (.possible, .failed): return true
        case (.possible, .ended): return !continuous
        case (.possible, .began): return continuous
        case (.began, .changed), (.changed, .changed),
             (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            return continuous
        default: return false
        }
    }

    /// Whether entering `to` from `from` sends the gesture's action (semantics.md §1).
    public static func sendsAction(from: GestureState, to: GestureState) -> Bool {
        switch to {
        case .began, .changed, .ended, .cancelled: return true
        case .possible, .failed: return false
        }
    }
}
