import GestureEngine

/// Actions that wait for the lift (`fire: at-lift`, and every gesture with `preview: true`):
/// recognized, the gesture's action is held in a ``PendingAction`` whose ``ActionPreview``
/// follows the fingers frame by frame; when they lift, it fires past the commit point and is
/// dropped short of it. Touchpad bindings wait the same way: from the moment the driver's
/// gesture goes their way, following its deltas or scale, until its end.
extension ProfileRuntime {
    /// A recognized gesture's action, waiting for the fingers to lift.
    public struct PendingAction {
        public let gesture: String
        /// Its actions as they would run now (placeholders resolved at recognition): what a
        /// preview shows.
        public let actions: [ResolvedAction]
        /// The window they act on.
        public let window: WindowInfo?
        /// Where the gesture started (its monitor is the preview's).
        public let origin: Point
        /// Whether the overlay shows it (`preview: true`), or it only waits (`fire: at-lift`).
        public let showsPreview: Bool
        public internal(set) var preview: ActionPreview

        /// What holds it: a touchscreen (or pointer) gesture's recognizer, or the touchpad
        /// gesture going its binding's way.
        enum Source: Equatable {
            case recognizer(ObjectIdentifier)
            case touchpad(TouchpadWay)
        }

        /// The action as configured (fired with the values of the lift).
        let action: ActionSpec
        /// The gesture's touches (the engine's objects: they follow the fingers, and keep
        /// their last place and phase after the recognizer is reset at the lift); none for a
        /// touchpad's.
        let touches: [Touch]
        var values: GestureValues
        let state: FiringState
        let source: Source

        /// Whether a touchpad binding's action waits here.
        public var fromTouchpad: Bool {
            if case .touchpad = source { return true }
            return false
        }
    }

    /// The actions waiting for a lift, oldest first.
    public var pendingActions: [PendingAction] { pending }

    /// A gesture recognized with `fire: at-lift`: its action waits.
    func hold(_ action: ActionSpec, spec: GestureSpec, event: ActionEvent, state: FiringState, by r: GestureRecognizer, window: WindowInfo?, origin: Point?) {
        let key = ObjectIdentifier(r)
        guard !pending.contains(where: { $0.source == .recognizer(key) }),
              let preview = ActionPreview(for: spec.recognizer, values: event.values, configuration: configuration.settings.gestures.preview, at: event.time)
        else { return }
        let start = origin ?? event.values.location
        let placeholders = PlaceholderValues(gesture: spec.name, state: state, values: event.values, window: window, valueText: nil,
                                             templateName: nil, monitor: monitor(at: start))
        var held = PendingAction(gesture: spec.name, actions: placeholders.resolve(action), window: window, origin: start, showsPreview: spec.preview,
                                 preview: preview, action: action, touches: r.touches, values: event.values, state: state, source: .recognizer(key))
        held.preview.follow(translation: event.values.translation, scale: event.values.scale, at: event.time)
        pending.append(held)
        pendingActionChanged?(held)
    }

    /// After each update of a claimed touchpad gesture: the action of the binding its way
    /// picks waits for the end when that binding fires at the lift, its preview following the
    /// driver's deltas (a swipe, from its begin) or scale (a pinch). Coming back under the
    /// way's minimum keeps it waiting (it shrinks with the fingers); another way winning
    /// cancels it, and the binding for the new way may start waiting in its place.
    func followTouchpadLift(_ gesture: TouchpadGesture, time: Instant) {
        let way = gesture.way
        if let i = pending.firstIndex(where: \.fromTouchpad) {
            if let way, pending[i].source != .touchpad(way) {
                settle(at: i, lifted: false, time: time)
            } else {
                pending[i].values = gesture.values
                pending[i].preview.follow(translation: gesture.values.translation, scale: gesture.values.scale, at: time)
                return
            }
        }
        guard !gesture.liftsDropped, let way, let binding = gesture.binding(taking: way), binding.firesAtLift, let action = binding.action,
              let preview = ActionPreview(touchpad: way, configuration: configuration.settings.gestures.preview, at: time)
        else { return }
        let values = gesture.values
        let placeholders = PlaceholderValues(gesture: binding.name, state: .ended, values: values, window: gesture.window, valueText: nil,
                                             templateName: nil, monitor: monitor(at: gesture.location))
        var held = PendingAction(gesture: binding.name, actions: placeholders.resolve(action), window: gesture.window, origin: gesture.location,
                                 showsPreview: binding.preview, preview: preview, action: action, touches: [], values: values, state: .ended,
                                 source: .touchpad(way))
        held.preview.follow(translation: values.translation, scale: values.scale, at: time)
        pending.append(held)
        pendingActionChanged?(held)
    }

    /// A continuous gesture's later states (a pinch's): its scale followed, its end a lift,
    /// its cancellation a cancel.
    func follow(_ event: ActionEvent, by r: GestureRecognizer) {
        guard let i = pending.firstIndex(where: { $0.source == .recognizer(ObjectIdentifier(r)) }) else { return }
        pending[i].values = event.values
        switch event.state {
        case .changed, .began:
            pending[i].preview.follow(translation: event.values.translation, scale: event.values.scale, at: event.time)
        case .ended:
            pending[i].preview.follow(translation: event.values.translation, scale: event.values.scale, at: event.time)
            settle(at: i, lifted: true, time: event.time)
        default:
            settle(at: i, lifted: false, time: event.time)
        }
    }

    /// After each frame the engine handled: every swipe waiting for its lift follows its
    /// fingers (their mean travel since they landed), and fires or is dropped once they are
    /// all up. A touch the device cancelled cancels it.
    /// Holds whose gesture stopped without telling come up here too.
    public func followPendingActions(at time: Instant) {
        releaseStaleHolds(at: time)
        var i = 0
        while i < pending.count {
            let held = pending[i]
            guard case .travel = held.preview.measure, !held.touches.isEmpty else {
                i += 1
                continue
            }
            let travel = held.touches.reduce(Vector.zero) { sum, t in
                Vector(dx: sum.dx + t.location.x - t.initialLocation.x, dy: sum.dy + t.location.y - t.initialLocation.y)
            } / Double(held.touches.count)
            pending[i].preview.follow(translation: travel, scale: 1, at: time)
            pending[i].values.translation = travel
            if held.touches.contains(where: { $0.phase == .cancelled }) {
                settle(at: i, lifted: false, time: time)
            } else if held.touches.allSatisfy({ $0.phase == .ended }) {
                settle(at: i, lifted: true, time: time)
            } else {
                i += 1
            }
        }
    }

    /// Every action waiting is dropped (a reload: the gestures they belong to are gone; a
    /// touchpad gesture under way is cancelled by the reload, and none of its bindings waits again).
    func dropPendingActions(at time: Instant) {
        while !pending.isEmpty { settle(at: 0, lifted: false, time: time) }
        touchpad?.liftsDropped = true
    }

    /// Decides the action at `i` and takes it off the list: fired when the fingers lifted
    /// past the commit point.
    func settle(at i: Int, lifted: Bool, time: Instant) {
        var held = pending.remove(at: i)
        if lifted { held.preview.lift(at: time) } else { held.preview.cancel(at: time) }
        pendingActionChanged?(held)
        guard held.preview.phase == .committed else { return }
        // Typed under the gesture's held keys, if it holds any.
        let hold: Int? = switch held.source {
        case .recognizer(let key): holds[key]?.id
        case .touchpad: (touchpadHolds.last { $0.gesture == held.gesture } ?? touchpadHolds.last)?.id
        }
        emit(held.action, gesture: held.gesture, state: held.state, window: held.window, values: held.values, time: time, origin: held.origin,
             hold: hold)
    }
}
