import GestureEngine

/// A long press's `drag:` under way: where the finger was held, and whether the button is
/// down.
struct ActiveDrag {
    var origin: Point
    var pressed: Bool
}

/// `drag: { button }` (semantics.md §12.3): a press held still, then moved, is a drag with
/// that button; held still and lifted, the gesture's `action` fires instead (a right click).
extension ProfileRuntime {
    /// Where long presses with `drag:` are held, recognized and not dragged yet (the overlay
    /// rings them).
    public var heldPresses: [Point] { drags.values.filter { !$0.pressed }.map(\.origin).sorted { ($0.x, $0.y) < ($1.x, $1.y) } }

    /// Follows a long press with `drag:`. Returns whether its end was a drag (its `action`
    /// does not fire then).
    func runDrag(_ drag: DragSpec, key: ObjectIdentifier, event: ActionEvent, gesture: String, state: FiringState, window: WindowInfo?) -> Bool {
        let at = event.values.location
        let send = { (action: ResolvedAction) in
            self.sink?.perform(ActionRequest(gesture: gesture, state: state, action: action, window: window, values: event.values, time: event.time))
        }
        switch event.state {
        case .began:
            drags[key] = ActiveDrag(origin: at, pressed: false)
            return false
        case .changed:
            guard var d = drags[key] else { return false }
            if !d.pressed {
                // A finger resting on glass wanders: the button goes down only once it has
                // clearly moved away from where it was held.
                guard at.distance(to: d.origin) > drag.slop else { return false }
                d.pressed = true
                drags[key] = d
                send(.pointerButton(drag.button, pressed: true, at: d.origin))
            }
            send(.pointerMotion(to: at))
            return false
        default:
            guard let d = drags.removeValue(forKey: key) else { return false }
            guard d.pressed else { return false }
            send(.pointerButton(drag.button, pressed: false, at: at))
            return true
        }
    }
}
