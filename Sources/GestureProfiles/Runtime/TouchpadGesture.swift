import GestureEngine

/// A touchpad gesture (XI 2.4) claimed by touchpad bindings, from its begin to its end: what
/// it has done so far, and which of the bindings' actions each step fires.
struct TouchpadGesture {
    /// An action to fire, in a state, for a binding; or its `hold:` pressed or released.
    struct Firing {
        enum Step {
            case action(ActionSpec)
            /// The binding's `hold:` keys go down.
            case press
            /// The binding's `hold:` keys come up.
            case release
        }
        var step: Step
        var state: FiringState
        var binding: TouchpadBinding

        init(action: ActionSpec, state: FiringState, binding: TouchpadBinding) {
            self.init(.action(action), state: state, binding: binding)
        }

        init(_ step: Step, state: FiringState, binding: TouchpadBinding) {
            self.step = step
            self.state = state
            self.binding = binding
        }
    }

    /// The first binding taking this kind and finger count; at the end, the one that fired.
    private(set) var binding: TouchpadBinding
    /// Every binding for this kind and finger count: the end picks by direction.
    let all: [TouchpadBinding]
    /// The window its actions act on (under the pointer at the begin).
    let window: WindowInfo?
    /// Where the pointer was at the begin: the monitor of its previews.
    let location: Point
    /// px. A swipe shorter than this at its end picks no direction.
    let minimumSwipe: Double
    /// Scale change. A pinch ending closer than this to 1 picks no direction.
    let minimumPinch: Double
    /// Degrees. A pinch that turned further than this, either way, is a rotation when a
    /// binding for one takes it.
    let minimumRotation: Double
    private var delta = Vector.zero
    private var scale = 1.0
    private var angle = 0.0
    /// The binding whose `repeat:` runs: a pinch's first with one that is no rotation; for a
    /// swipe, chosen once it has gone `minimumSwipe` (see `chooseSwipeRepeat`).
    private var repeating: TouchpadBinding?
    private var counter: RepeatCounter?
    /// Swipes: whether the repeat binding was chosen (possibly none).
    private var swipeRepeatChosen = false
    /// The bindings with `fire: at-recognition` that fired: once a gesture each.
    private var recognized: Set<String> = []
    /// A reload dropped the actions waiting for the lift: none of this gesture waits again.
    var liftsDropped = false
    /// The bindings whose `hold:` keys are down, in the order they went down. A binding's hold
    /// goes down once the gesture is known to be its own: at the begin for one of any
    /// direction and for the pinch whose repeat follows the scale; for a swipe's other
    /// bindings when the repeat of that direction is chosen (Touchégg begins a touchpad
    /// gesture once its direction is known), else just before its `action` at the end.
    private(set) var holding: [String] = []

    /// Claims the gesture when `candidates` (the bindings of the window's profile and of the
    /// screen's) have one for this kind and finger count; nil otherwise.
    init?(_ kind: TouchpadBinding.Kind, fingers: Int, candidates: [TouchpadBinding], window: WindowInfo?, location: Point,
          minimumSwipe: Double = GestureConfiguration.standard.touchpad.swipeMinimumDistance,
          minimumPinch: Double = GestureConfiguration.standard.touchpad.pinchMinimumScaleChange,
          minimumRotation: Double = GestureConfiguration.standard.touchpad.rotationMinimumAngle) {
        let taking = candidates.filter { $0.kind == kind && $0.fingers == fingers }
        guard let first = taking.first else { return nil }
        binding = first
        all = taking
        self.window = window
        self.location = location
        self.minimumSwipe = minimumSwipe
        self.minimumPinch = minimumPinch
        self.minimumRotation = minimumRotation
        // A pinch's repeat follows its scale: the first binding with one that is no rotation.
        if kind == .pinch, let b = taking.first(where: { $0.repeat != nil && !$0.pinchDirection.isRotation }), let r = b.repeat {
            repeating = b
            counter = RepeatCounter(origin: RepeatCounter.origin(pinch: true), every: r.every)
        }
    }

    /// What the begin fires: the holds of the bindings that take the gesture whichever way it
    /// goes (and of the pinch whose repeat follows it) go down, then the `on: began` hooks.
    mutating func begin() -> [Firing] {
        var firings: [Firing] = []
        for b in all where b.hold != nil && (b.takesAnyDirection || b.name == repeating?.name) { firings += press(b, .began) }
        return firings + on(.began)
    }

    /// `binding`'s hold goes down, unless it is down already or it has none.
    mutating func press(_ binding: TouchpadBinding, _ state: FiringState) -> [Firing] {
        guard binding.hold != nil, !holding.contains(binding.name) else { return [] }
        holding.append(binding.name)
        return [Firing(.press, state: state, binding: binding)]
    }

    /// Every hold comes up, the last pressed first.
    mutating func releaseAll(_ state: FiringState) -> [Firing] {
        let firings = holding.reversed().compactMap { name in all.first { $0.name == name }.map { Firing(.release, state: state, binding: $0) } }
        holding = []
        return firings
    }

    /// Accumulates an update (swipe: `delta`; pinch: absolute `scale`, `angle` in degrees).
    mutating func update(delta d: Vector, scale: Double, angle: Double) -> [Firing] {
        delta = delta + d
        self.scale = scale
        self.angle = angle
        var firings = on(.changed)
        // `fire: at-recognition`: the moment the gesture first goes the binding's way (its
        // hold, if any, goes down first).
        if let way, let b = binding(taking: way), b.fire == .atRecognition, let a = b.action, recognized.insert(b.name).inserted {
            firings += press(b, .began)
            firings.append(Firing(action: a, state: .began, binding: b))
        }
        if binding.kind == .swipe && !swipeRepeatChosen {
            chooseSwipeRepeat()
            // Its direction known, the gesture is the repeating binding's: its hold goes down.
            if let repeating { firings += press(repeating, .changed) }
        }
        guard let repeating, let rep = repeating.repeat, var counter else { return firings }
        let progress: Double
        if binding.kind == .pinch {
            progress = scale
        } else {
            progress = Self.progress(delta, along: repeating.direction, axis: &counter.axis)
        }
        let n = counter.advance(to: progress)
        self.counter = counter
        return firings + rep.firings(n).map { Firing(action: $0, state: .changed, binding: repeating) }
    }

    /// Once the swipe has gone `minimumSwipe`, the binding whose `repeat:` follows it: the
    /// one for the direction it goes, else one for the other way along that line (its
    /// `reverse` fires as the swipe goes on), else one for any direction. A swipe left thus
    /// never runs the repeat of a swipe up. Progress counts from the swipe's begin.
    private mutating func chooseSwipeRepeat() {
        guard delta.length >= minimumSwipe else { return }
        swipeRepeatChosen = true
        let going = TouchpadSwipeDirection.of(delta, diagonals: diagonalsBound)
        let withRepeat = all.filter { $0.repeat != nil }
        guard let chosen = withRepeat.first(where: { $0.direction == going })
            ?? withRepeat.first(where: { $0.direction == going.opposite })
            ?? withRepeat.first(where: { $0.direction == nil }),
            let r = chosen.repeat else { return }
        repeating = chosen
        counter = RepeatCounter(origin: RepeatCounter.origin(pinch: false), every: r.every)
    }

    /// Whether a binding taking the swipe names a diagonal: only then are diagonals told
    /// apart from the four axis directions.
    private var diagonalsBound: Bool { all.contains { $0.direction?.isDiagonal == true } }

    /// Movement along a binding's direction (positive the way it names), or for a binding of
    /// any direction along the first dominant axis (positive right or down).
    static func progress(_ delta: Vector, along direction: TouchpadSwipeDirection?, axis: inout Axis?) -> Double {
        guard let direction else { return RepeatCounter.movement(delta, axis: &axis) }
        let u = direction.unit
        return delta.dx * u.dx + delta.dy * u.dy
    }

    /// The end (`cancelled`: the fingers changed, or the driver aborted it). The `action`
    /// that fires is the binding's for the direction the swipe went or the pinch moved
    /// (closed: in; opened: out), or else the binding's for any direction — unless that
    /// binding has `fire:`: its action fired at recognition, or waits for the lift in the
    /// runtime's pending actions.
    /// Its holds come up after (``releaseAll(_:)``), once an action waiting for the lift has
    /// been settled under them.
    mutating func end(cancelled: Bool) -> [Firing] {
        if cancelled { return on(.cancelled) }
        var firings = on(.ended)
        // A pinch that went no way is taken by a binding for any.
        let chosen = binding.kind == .swipe ? way.flatMap(binding(taking:)) : binding(taking: way ?? .pinch(.any))
        if let chosen, let a = chosen.action {
            binding = chosen
            if chosen.fire == nil {
                firings += press(chosen, .ended)
                firings.append(Firing(action: a, state: .ended, binding: chosen))
            }
        }
        return firings
    }

    /// The way the gesture goes so far (nil while it is too short to tell): a swipe's
    /// direction from its deltas since the begin; a pinch's turn past `minimumRotation` where
    /// a rotation is bound (as libinput-gestures tells them), else its scale in or out.
    var way: TouchpadWay? {
        if binding.kind == .swipe {
            return delta.length < minimumSwipe ? nil : .swipe(.of(delta, diagonals: diagonalsBound))
        }
        if all.contains(where: { $0.pinchDirection.isRotation }) && abs(angle) > minimumRotation {
            return .pinch(angle > 0 ? .clockwise : .counterclockwise)
        }
        return abs(scale - 1) < minimumPinch ? nil : .pinch(scale < 1 ? .in : .out)
    }

    /// The binding whose action a gesture going `way` fires: the first for that way, else the
    /// first for any.
    func binding(taking way: TouchpadWay) -> TouchpadBinding? {
        switch way {
        case .swipe(let d): all.first { $0.direction == d } ?? all.first { $0.direction == nil }
        case .pinch(let d): all.first { $0.pinchDirection == d } ?? all.first { $0.pinchDirection == .any }
        }
    }

    /// The values its actions see.
    var values: GestureValues {
        var v = GestureValues()
        v.translation = delta
        v.scale = scale
        v.rotation = angle * Double.pi / 180
        v.numberOfTouches = binding.fingers
        return v
    }

    /// The `on:` actions of the first binding taking the gesture and of every binding for any
    /// direction, in file order: hooks such as fusuma's begin and end of any swipe stand
    /// beside the bindings of each direction. (A binding for one direction cannot know at the
    /// begin whether the gesture is its own.)
    private func on(_ state: GestureState) -> [Firing] {
        guard let s = FiringState(state, continuous: true) else { return [] }
        return all.enumerated().filter { $0.offset == 0 || $0.element.takesAnyDirection }
            .compactMap { _, b in b.on[state].map { Firing(action: $0, state: s, binding: b) } }
    }
}

extension ProfileRuntime {
    /// A driver gesture begins: claims it (true) when a binding of the window's profile, or
    /// of a `match: any` profile (or one limited to the pointer's monitor), takes this kind
    /// and finger count.
    /// `landedOn`: the window the display server has under the pointer (``LandingWindow``).
    public func touchpadBegan(_ kind: TouchpadBinding.Kind, fingers: Int, at location: Point, landedOn: LandingWindow? = nil,
                              modifiers: Set<String> = [], time: Instant) -> Bool {
        // A gesture the driver never ended is over: what it held comes up, and an action still
        // waiting for its lift is dropped.
        touchpadEnded(cancelled: true, time: time)
        if let i = pending.firstIndex(where: \.fromTouchpad) { settle(at: i, lifted: false, time: time) }
        let w = targetWindow(at: location, landedOn: landedOn, exact: true)
        var candidates: [TouchpadBinding] = []
        if let w, let p = matchingProfile(for: w) { candidates += p.touchpad }
        for p in configuration.screenProfiles where p.match.screenMonitor.map({ monitors.contains(location, namedBy: $0) }) ?? true {
            candidates += p.touchpad
        }
        // Bindings naming the modifiers held take the gesture; without one, those naming none
        // (as fusuma's keypress: variants stand beside their gesture).
        let held = candidates.filter { !$0.modifiers.isEmpty && $0.modifiers == modifiers && $0.kind == kind && $0.fingers == fingers }
        candidates = held.isEmpty ? candidates.filter { $0.modifiers.isEmpty } : held
        touchpad = TouchpadGesture(kind, fingers: fingers, candidates: candidates, window: w, location: location,
                                   minimumSwipe: configuration.settings.gestures.touchpad.swipeMinimumDistance,
                                   minimumPinch: configuration.settings.gestures.touchpad.pinchMinimumScaleChange,
                                   minimumRotation: configuration.settings.gestures.touchpad.rotationMinimumAngle)
        guard var gesture = touchpad else { return false }
        let firings = gesture.begin()
        touchpad = gesture
        fire(firings, of: gesture, time: time)
        return true
    }

    /// Accumulates an update of the claimed gesture (swipe: `delta`; pinch: absolute `scale`).
    public func touchpadUpdated(delta: Vector, scale: Double, angle: Double, time: Instant) {
        guard var gesture = touchpad else { return }
        let firings = gesture.update(delta: delta, scale: scale, angle: angle)
        touchpad = gesture
        fire(firings, of: gesture, time: time)
        followTouchpadLift(gesture, time: time)
    }

    /// The driver gesture ended (or was cancelled: fingers changed, or it was aborted): the
    /// action waiting for the lift fires past the commit point, and is dropped short of it or
    /// when the driver cancelled.
    public func touchpadEnded(cancelled: Bool, time: Instant) {
        guard var gesture = touchpad else { return }
        let firings = gesture.end(cancelled: cancelled)
        touchpad = nil
        fire(firings, of: gesture, time: time)
        if let i = pending.firstIndex(where: \.fromTouchpad) {
            // An action that waited for the lift is typed under its binding's hold: down
            // first, when it commits.
            if !cancelled, pending[i].preview.isPastCommit, let b = gesture.all.first(where: { $0.name == pending[i].gesture }) {
                fire(gesture.press(b, .ended), of: gesture, time: time)
            }
            settle(at: i, lifted: !cancelled, time: time)
        }
        fire(gesture.releaseAll(cancelled ? .cancelled : .ended), of: gesture, time: time)
        // Whatever else it held (nothing, unless a firing went astray) comes up with it.
        releaseTouchpadHolds(state: cancelled ? .cancelled : .ended, values: gesture.values, time: time)
    }

    /// A binding's actions are typed under its own hold, else under the gesture's latest.
    private func fire(_ firings: [TouchpadGesture.Firing], of gesture: TouchpadGesture, time: Instant) {
        for f in firings {
            switch f.step {
            case .action(let action):
                let hold = touchpadHolds.last { $0.gesture == f.binding.name } ?? touchpadHolds.last
                emit(action, gesture: f.binding.name, state: f.state, window: gesture.window, values: gesture.values, time: time, hold: hold?.id)
            case .press:
                guard let spec = f.binding.hold, !touchpadHolds.contains(where: { $0.gesture == f.binding.name }) else { continue }
                touchpadHolds.append(pressHold(spec, gesture: f.binding.name, state: f.state, window: gesture.window, values: gesture.values, time: time))
            case .release:
                releaseTouchpadHolds(named: [f.binding.name], state: f.state, values: gesture.values, time: time)
            }
        }
    }
}
