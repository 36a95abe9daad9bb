import GestureEngine

/// A long press's `drag:` under way: where the finger was held, and whether the button is
/// down.
struct ActiveDrag {
    var origin: Point
    var pressed: Bool
    /// Where the finger was last.
    var last: Point
    /// The window it began on (nil: none).
    var window: WindowInfo?
    /// Its window closed while the button was down: the button came up then, and the rest
    /// of the gesture does nothing (no right click at the lift either).
    var abandoned = false
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
            drags[key] = ActiveDrag(origin: at, pressed: false, last: at, window: window)
            return false
        case .changed:
            guard var d = drags[key], !d.abandoned else { return false }
            d.last = at
            drags[key] = d
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
            if d.abandoned { return true }
            guard d.pressed else { return false }
            send(.pointerButton(drag.button, pressed: false, at: at))
            return true
        }
    }

    /// A window closed: the drags and scrolls that began on it stop — a drag's button comes
    /// up now (its program is gone; a button held into whatever is under the finger next
    /// would drag there), and a scroll steps no more.
    func stopDragsAndScrolls(onWindow id: UInt64, at time: Instant) {
        for (key, d) in drags where d.window?.id == id && !d.abandoned {
            if d.pressed {
                let values = GestureValues()
                sink?.perform(ActionRequest(gesture: bindings[key]?.spec.name ?? "", state: .cancelled,
                                            action: .pointerButton(bindings[key]?.spec.drag?.button ?? 1, pressed: false, at: d.last),
                                            window: d.window, values: values, time: time))
            }
            drags[key]?.abandoned = true
            drags[key]?.pressed = false
        }
        for (key, s) in scrolls where s.window == id { scrolls[key] = nil }
    }
}

/// A long press with `fire: if-still` under way: where it was recognized, where each of its
/// fingers was then, and whether one has moved since.
struct StillPress {
    var origin: Point
    var fingers: [TouchID: Point]
    var moved = false
}

/// `fire: if-still` (a long press): whether the fingers moved past its allowable movement
/// since it was recognized, and where they were then.
extension ProfileRuntime {
    /// Follows a long press with `fire: if-still` and its fingers (`touches`, as the
    /// recognizer has them): whether one has moved (its action does not fire then: a pinch
    /// spreading two fingers moves neither their middle nor the press's location), and where
    /// it was recognized (where its action acts: at the lift the press's location follows the
    /// fingers still down, not the ones lifted first).
    func followStillness(_ spec: GestureSpec, key: ObjectIdentifier, event: ActionEvent, touches: [Touch]) -> (moved: Bool, origin: Point?) {
        guard case .longPress(let p) = spec.recognizer else { return (false, nil) }
        let allowable = p.allowableMovement(in: configuration.settings.gestures)
        switch event.state {
        case .began:
            var fingers: [TouchID: Point] = [:]
            for t in touches { fingers[t.id] = t.location }
            stillPresses[key] = StillPress(origin: event.values.location, fingers: fingers)
            return (false, event.values.location)
        case .changed:
            guard var p = stillPresses[key] else { return (false, nil) }
            if !p.moved {
                p.moved = touches.contains { t in p.fingers[t.id].map { t.location.distance(to: $0) > allowable } ?? false }
                stillPresses[key] = p
            }
            return (p.moved, p.origin)
        default:
            guard let p = stillPresses.removeValue(forKey: key) else { return (false, nil) }
            return (p.moved, p.origin)
        }
    }
}
