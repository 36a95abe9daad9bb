/// What the view (the application) has been given of one touch so far.
struct DeliveryState {
    var beganDelivered = false
    /// A began (and perhaps moves) withheld by `delaysTouchesBegan`.
    var beganWithheld = false
    var movedWhileWithheld = false
    /// An ended withheld by `delaysTouchesEnded` (or because its began is still withheld).
    var endedWithheld = false
    /// Nothing more goes to the view: ended/cancelled was delivered, or a gesture took the touch.
    var finished = false

    /// The view gets no more of the touch, and nothing withheld is owed.
    mutating func finish() {
        finished = true
        beganWithheld = false
        endedWithheld = false
    }
}

/// The engine's bookkeeping of one live touch: the ``Touch`` recognizers see, its entry in
/// the arena, the views it belongs to, and what its view has been given.
final class TouchRecord {
    let touch: Touch
    let entry: ArenaEntry<GestureRecognizer>
    /// The views from the touch's view up to the root, captured when it began.
    let path: [View]
    /// It went down on the thumb of its view's control (slider, switch): judged once,
    /// because the thumb moves with the value.
    let beganOnControlThumb: Bool
    var delivery = DeliveryState()
    /// The view it landed in left the tree (its window went away).
    var viewRemoved = false

    init(touch: Touch, entry: ArenaEntry<GestureRecognizer>, path: [View], beganOnControlThumb: Bool) {
        self.touch = touch
        self.entry = entry
        self.path = path
        self.beganOnControlThumb = beganOnControlThumb
    }
}

/// Delivery of touches to their views (semantics.md §6): what the application receives after
/// the recognizers' delays and cancels.
extension GestureEngine {
    func deliverEventPhase(of record: TouchRecord) {
        // What an earlier touch had withheld goes first, so the view sees touches in order.
        for other in liveTouches where other !== record { releaseWithheld(other) }
        guard !record.delivery.finished else { return }
        let t = record.touch
        let (blockBegan, blockEnded) = delays(of: record)
        switch t.phase {
        case .began:
            if blockBegan { record.delivery.beganWithheld = true } else { sendBegan(record) }
        case .moved:
            if record.delivery.beganWithheld {
                if blockBegan { record.delivery.movedWhileWithheld = true } else { sendBegan(record); send(.moved, record) }
            } else if record.delivery.beganDelivered {
                send(.moved, record)
            }
        case .ended:
            if record.delivery.beganWithheld || blockEnded {
                record.delivery.endedWithheld = true
            } else {
                if record.delivery.beganDelivered { send(.ended, record) }
                record.delivery.finished = true
            }
        case .cancelled:
            if record.delivery.beganDelivered { send(.cancelled, record) }
            record.delivery.finish()
        }
    }

    /// Delivers what was withheld once nothing holds it any more.
    func releaseWithheld(_ record: TouchRecord) {
        guard !record.delivery.finished, record.delivery.beganWithheld || record.delivery.endedWithheld else { return }
        let (blockBegan, blockEnded) = delays(of: record)
        let t = record.touch
        if record.delivery.beganWithheld && !blockBegan {
            sendBegan(record)
            if record.delivery.movedWhileWithheld || t.location != t.initialLocation { send(.moved, record) }
        }
        if record.delivery.endedWithheld && !record.delivery.beganWithheld && !blockEnded {
            send(.ended, record)
            record.delivery.endedWithheld = false
            record.delivery.finished = true
        }
    }

    /// `r` began or recognized with `cancelsTouchesInView`: the view's copy of its touches
    /// is cancelled (those already delivered), and the touches are claimed.
    func claimTouches(of r: GestureRecognizer) {
        for t in r.touches {
            guard let record = record(of: t) else { continue }
            if !record.delivery.finished {
                if record.delivery.beganDelivered { send(.cancelled, record) }
                record.delivery.finish()
            }
            decide(record, .claimed, .claimedBy(r.name))
        }
    }

    private func delays(of record: TouchRecord) -> (began: Bool, ended: Bool) {
        var began = false, ended = false
        for r in record.entry.members where r.state == .possible {
            if r.delaysTouchesBegan { began = true }
            if r.delaysTouchesEnded { ended = true }
        }
        return (began, ended)
    }

    private func sendBegan(_ record: TouchRecord) {
        record.delivery.beganWithheld = false
        record.delivery.movedWhileWithheld = false
        record.delivery.beganDelivered = true
        send(.began, record)
    }

    private func send(_ message: DeliveryMessage, _ record: TouchRecord) {
        let t = record.touch
        guard let view = t.view, view.engine === self else { return }  // the window is gone
        if isObserved { emit(.delivery(view, message, t.id, time: now)) }
        if var control = view.control {
            if let value = view.controlTracker.handle(message, touch: t, beganOnThumb: record.beganOnControlThumb, control: &control, frame: view.frame) {
                var values = GestureValues()
                values.location = t.location
                values.numberOfTouches = 1
                values.value = value
                queueAction(ActionEvent(source: .control(view), state: .ended, values: values, time: now, landedOn: t.landedOn))
            }
            view.control = control
        }
    }
}
