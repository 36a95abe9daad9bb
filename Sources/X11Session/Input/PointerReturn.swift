import GestureEngine

/// Puts the pointer back where a touch found it (semantics.md §12.5). The X server moves the
/// pointer under the first finger of every touch, whoever owns the touch (Xorg's
/// `GetTouchEvents` positions the sprite for a pointer-emulating touch as it makes the event),
/// so a swipe or a scroll that no program saw still leaves the pointer where the finger lifted.
/// When every touch of a hand was claimed and none of the actions it fired pointed (a click, a
/// button, a drag), the pointer goes back to where it rested before the first finger landed.
///
/// Where it rested must be known before the touch, since the touch's own first event has
/// moved it already: it is read from the server a moment after the mouse moves (raw motion),
/// at most once per ``readDelay``, and never while a finger is down — not at every motion.
///
///     idle ──touch claimed──▶ hand (claimed) ──all lifted, all decided──▶ put back, idle
///                │ touch handed back / action pointed ──▶ hand (left) ──all lifted──▶ idle
final class PointerReturn {
    typealias Server = InputInjection & InputDevices

    /// s. How long after a mouse motion the pointer is read: motions within it share one read.
    static let readDelay = 0.03

    private let server: Server
    /// Where the pointer rested when no finger was down (nil: not read yet).
    private(set) var restingPlace: Point?
    /// When the pointer is to be read (nil: not due).
    private(set) var readDue: Instant?

    /// What became of the hand on the touchscreen now, from its first verdict to its last lift.
    enum Hand: Equatable {
        case none
        /// Every touch so far claimed, no action pointed: the pointer goes back at the end.
        case claimed
        /// A touch went to a program, or an action pointed: the pointer stays.
        case left(because: String)
    }
    private(set) var hand: Hand = .none

    init(server: Server) { self.server = server }

    /// The pointer moved (raw motion, any device): read where it rests once it settles.
    func pointerMoved(at now: Instant) {
        if readDue == nil { readDue = now + Self.readDelay }
    }

    /// A touchscreen touch was decided.
    func touchDecided(claimed: Bool) {
        switch hand {
        case .none: hand = claimed ? .claimed : .left(because: "a touch went to the program")
        case .claimed where !claimed: hand = .left(because: "a touch went to the program")
        default: break
        }
    }

    /// An action clicked, pressed a button or moved the pointer: where the finger left the
    /// pointer is where the person meant it.
    func pointerUsedByAnAction() {
        if hand != .none { hand = .left(because: "an action used the pointer") }
    }

    /// After each turn of the loop. `handDown`: a finger is on the touchscreen or a touch of it
    /// waits for its verdict. Returns where the pointer was put back and where it was read.
    func settle(handDown: Bool, at now: Instant) -> (movedTo: Point?, read: Point?) {
        guard !handDown else {
            // The finger holds the pointer: nothing is read or moved, and the motions meanwhile
            // are the touch's own and the actions' (a wheel step moves the pointer over the
            // fingers and back), not the mouse's. A read left due would keep the loop's next
            // deadline in the past and spin it for as long as the finger stays down.
            readDue = nil
            return (nil, nil)
        }
        var moved: Point?
        if hand == .claimed, let place = restingPlace {
            server.fakeMotion(to: place)
            moved = place
        }
        if hand != .none {
            hand = .none
            readDue = readDue ?? now  // where a handed-back hand left it, read now
        }
        var read: Point?
        if let due = readDue, due <= now {
            readDue = nil
            read = server.pointerPosition()
            if let read { restingPlace = read }
        }
        return (moved, read)
    }

    /// Reads where the pointer rests now (at start).
    func read() {
        if let p = server.pointerPosition() { restingPlace = p }
    }
}
