import GestureEngine

/// `hold: { keys }`: keys held down for as long as a continuous gesture or a touchpad binding
/// goes on — Touchégg's `<modifiers>` of a repeated SEND_KEYS, pressed in its prelude and
/// released in its postlude (send-keys.cpp, repeated-action.cpp): the window switcher's Alt,
/// held while Tab steps through the windows and let go to pick one.
///
/// A gesture's hold goes down as it begins, before anything it fires then, and its actions'
/// keys are typed while it is down (``ActionRequest/hold`` says under which); it comes up
/// after everything its end or its cancellation fires. Whatever way a gesture stops — ended,
/// cancelled, its window gone, a reload, a recognizer that leaves its state without an action
/// — its keys come up: no key stays pressed. (The X session releases what is still down when
/// the daemon stops.)
extension ProfileRuntime {
    /// A hold whose keys are down.
    struct ActiveHold {
        var id: Int
        var keys: KeyCombo
        /// The gesture or touchpad binding that holds them.
        var gesture: String
        var window: WindowInfo?
        /// The recognizer of a touchscreen gesture's hold (nil for a touchpad binding's): a
        /// hold whose recognizer is gone or no longer in progress is released.
        weak var recognizer: GestureRecognizer?
    }

    /// Presses `spec`'s keys for `gesture`: the sink gets `hold KEYS`.
    func pressHold(_ spec: HoldSpec, gesture: String, state: FiringState, window: WindowInfo?, values: GestureValues, time: Instant,
                   recognizer: GestureRecognizer? = nil) -> ActiveHold {
        nextHoldID += 1
        let hold = ActiveHold(id: nextHoldID, keys: spec.keys, gesture: gesture, window: window, recognizer: recognizer)
        sink?.perform(ActionRequest(gesture: gesture, state: state, action: .holdKeys(spec.keys, hold: hold.id), window: window, values: values,
                                    time: time, hold: hold.id))
        return hold
    }

    /// Lets a hold's keys up: the sink gets `release KEYS`.
    func releaseHold(_ hold: ActiveHold, state: FiringState, values: GestureValues = GestureValues(), time: Instant) {
        sink?.perform(ActionRequest(gesture: hold.gesture, state: state, action: .releaseKeys(hold.keys, hold: hold.id), window: hold.window,
                                    values: values, time: time, hold: hold.id))
    }

    /// A touchscreen gesture's action event: its hold goes down as it begins (a hold left from
    /// a begin without an end first comes up). Returns the hold its actions are typed under.
    func holdForEvent(_ event: ActionEvent, spec: GestureSpec, state: FiringState, window: WindowInfo?, by r: GestureRecognizer) -> Int? {
        let key = ObjectIdentifier(r)
        if event.state == .began, let hold = spec.hold {
            if let stale = holds.removeValue(forKey: key) { releaseHold(stale, state: .cancelled, time: event.time) }
            holds[key] = pressHold(hold, gesture: spec.name, state: state, window: window, values: event.values, time: event.time, recognizer: r)
        }
        return holds[key]?.id
    }

    /// After everything a touchscreen gesture's end or cancellation fired: its hold comes up.
    func endHold(after event: ActionEvent, state: FiringState, by r: GestureRecognizer) {
        guard event.state == .ended || event.state == .cancelled, let hold = holds.removeValue(forKey: ObjectIdentifier(r)) else { return }
        releaseHold(hold, state: state, values: event.values, time: event.time)
    }

    /// Holds whose gesture stopped without its end reaching them — the recognizer is gone
    /// (its window closed, a reload) or no longer in progress — come up now.
    func releaseStaleHolds(at time: Instant) {
        guard !holds.isEmpty else { return }
        for (key, hold) in holds.sorted(by: { $0.value.id < $1.value.id }) {
            if let r = hold.recognizer, r.state.isInProgress, bindings[key] != nil { continue }
            holds[key] = nil
            releaseHold(hold, state: .cancelled, time: time)
        }
    }

    /// Every hold comes up, the newest first (a reload; the touchpad's holds with their gesture).
    func releaseAllHolds(at time: Instant) {
        for (key, hold) in holds.sorted(by: { $0.value.id > $1.value.id }) {
            holds[key] = nil
            releaseHold(hold, state: .cancelled, time: time)
        }
        releaseTouchpadHolds(state: .cancelled, time: time)
    }

    /// The touchpad gesture's holds come up, the newest first.
    func releaseTouchpadHolds(named names: [String]? = nil, state: FiringState, values: GestureValues = GestureValues(), time: Instant) {
        for hold in touchpadHolds.reversed() where names?.contains(hold.gesture) ?? true {
            touchpadHolds.removeAll { $0.id == hold.id }
            releaseHold(hold, state: state, values: values, time: time)
        }
    }

    /// The keys that hold names are down for now (tests, the monitor).
    public var heldKeys: [KeyCombo] {
        holds.values.sorted { $0.id < $1.id }.map(\.keys) + touchpadHolds.map(\.keys)
    }
}
