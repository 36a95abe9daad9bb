import GestureEngine

/// Actions that wait for the lift (`fire: at-lift`, and every gesture with `preview: true`):
/// recognized, the gesture's action is held in a ``PendingAction`` whose ``ActionPreview``
/// follows the fingers frame by frame; when they lift, it fires past the commit point and is
/// dropped short of it.
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

        let spec: GestureSpec
        /// The gesture's touches (the engine's objects: they follow the fingers, and keep
        /// their last place and phase after the recognizer is reset at the lift).
        let touches: [Touch]
        var values: GestureValues
        let state: FiringState
        let recognizer: ObjectIdentifier
    }

    /// The actions waiting for a lift, oldest first.
    public var pendingActions: [PendingAction] { pending }

    /// A gesture recognized with `fire: at-lift`: its action waits.
    func hold(_ action: ActionSpec, spec: GestureSpec, event: ActionEvent, state: FiringState, by r: GestureRecognizer, window: WindowInfo?, origin: Point?) {
        let key = ObjectIdentifier(r)
        guard !pending.contains(where: { $0.recognizer == key }),
              let preview = ActionPreview(for: spec.recognizer, values: event.values, configuration: configuration.settings.gestures.preview, at: event.time)
        else { return }
        let start = origin ?? event.values.location
        let placeholders = PlaceholderValues(gesture: spec.name, state: state, values: event.values, window: window, valueText: nil,
                                             templateName: nil, monitor: monitor(at: start))
        var held = PendingAction(gesture: spec.name, actions: placeholders.resolve(action), window: window, origin: start, showsPreview: spec.preview,
                                 preview: preview, spec: spec, touches: r.touches, values: event.values, state: state, recognizer: key)
        held.preview.follow(translation: event.values.translation, scale: event.values.scale, at: event.time)
        pending.append(held)
        pendingActionChanged?(held)
    }

    /// A continuous gesture's later states (a pinch's): its scale followed, its end a lift,
    /// its cancellation a cancel.
    func follow(_ event: ActionEvent, by r: GestureRecognizer) {
        guard let i = pending.firstIndex(where: { $0.recognizer == ObjectIdentifier(r) }) else { return }
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

    /// Every action waiting is dropped (a reload: the gestures they belong to are gone).
    func dropPendingActions(at time: Instant) {
        while !pending.isEmpty { settle(at: 0, lifted: false, time: time) }
    }

    /// Decides the action at `i` and takes it off the list: fired when the fingers lifted
    /// past the commit point.
    private func settle(at i: Int, lifted: Bool, time: Instant) {
        var held = pending.remove(at: i)
        if lifted { held.preview.lift(at: time) } else { held.preview.cancel(at: time) }
        pendingActionChanged?(held)
        guard held.preview.phase == .committed, let action = held.spec.action else { return }
        emit(action, gesture: held.gesture, state: held.state, window: held.window, values: held.values, time: time, origin: held.origin,
             hold: holds[held.recognizer]?.id)
    }
}
