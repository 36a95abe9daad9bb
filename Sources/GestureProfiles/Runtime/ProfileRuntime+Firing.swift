import GestureEngine

/// Firing: what a gesture, a control or a touchpad binding did, turned into its configured
/// actions (with their placeholders resolved) for the ``ActionSink``, on the right window.
extension ProfileRuntime {
    /// The window an action acts on: the gesture's own window, else (screen and touchpad
    /// gestures) the focused one or the one under the point, per `settings.target`. `exact`:
    /// take the window the display server had under the fingers as they landed (`landedOn`,
    /// read by the input source as it decoded them, decorations counting as their window)
    /// rather than hit-test the tracked client geometry; only actions that act on or name the
    /// window need it.
    func targetWindow(at p: Point, landedOn: LandingWindow?, exact: Bool) -> WindowInfo? {
        if configuration.settings.target == .focused { return windows.focused }
        if exact, let landedOn {
            guard case .window(let id) = landedOn else { return nil }  // the desktop
            if let w = windows.info(id) { return w }
        }
        return windows.window(at: p)
    }

    /// The window a screen gesture acts on: the one its fingers landed on (most of them; the
    /// one under their middle when the input source did not say), found once, on its first
    /// event, and kept until it ends. A person aims a window action by where the fingers go
    /// down: three fingers swiped up from a window's lower half end above it, and a swipe down
    /// may end on the window below.
    func gestureWindow(for r: GestureRecognizer, event: ActionEvent, exact: Bool) -> WindowInfo? {
        let key = ObjectIdentifier(r)
        let window: WindowInfo?
        if let known = gestureWindows[key] {
            window = known
        } else {
            window = r.touches.isEmpty ? targetWindow(at: event.values.location, landedOn: nil, exact: exact)
                : targetWindow(at: r.landingCentroid, landedOn: r.landingWindow, exact: exact)
            gestureWindows[key] = .some(window)
        }
        switch event.state {
        case .began, .changed: break
        default: gestureWindows[key] = nil  // recognized, ended, cancelled: the gesture is over
        }
        return window
    }

    /// A gesture's action event.
    func fired(_ event: ActionEvent, by r: GestureRecognizer) {
        guard let binding = bindings[ObjectIdentifier(r)], let state = FiringState(event.state, continuous: r.isContinuous) else { return }
        let spec = binding.spec
        let w = binding.window.flatMap { windows.info($0) } ?? gestureWindow(for: r, event: event, exact: binding.needsWindow)
        var templateName: String?
        if case .stroke(let templates, _, _) = spec.recognizer, let i = event.values.templateIndex, i < templates.count {
            templateName = templates[i].name
        }
        // The monitor the gesture started on: its first touch's.
        let origin = r.touches.first?.initialLocation
        // `hold:` (continuous gestures): its keys go down as the gesture begins, before what
        // it fires, and come up after what its end fires.
        let typedUnder = r.isContinuous ? holdForEvent(event, spec: spec, state: state, window: w, by: r) : nil
        defer { if r.isContinuous { endHold(after: event, state: state, by: r) } }
        let fire = { (action: ActionSpec) in
            self.emit(action, gesture: spec.name, state: state, window: w, values: event.values, time: event.time, templateName: templateName,
                      origin: origin, hold: typedUnder)
        }
        if !r.isContinuous {
            if let a = spec.action {
                if spec.firesAtLift {
                    hold(a, spec: spec, event: event, state: state, by: r, window: w, origin: origin)
                } else {
                    fire(a)
                }
            }
            if let a = spec.on[.ended] { fire(a) }
            return
        }
        if let a = spec.on[event.state] { fire(a) }
        let dragged = spec.drag.map { runDrag($0, key: ObjectIdentifier(r), event: event, gesture: spec.name, state: state, window: w) } ?? false
        let stillness = spec.fire == .ifStill ? followStillness(spec, key: ObjectIdentifier(r), event: event, touches: r.touches) : (moved: false, origin: nil)
        if let a = spec.action, !dragged, !stillness.moved {
            switch (spec.fire, event.state) {
            case (.ifStill?, .ended):
                var values = event.values
                values.location = stillness.origin ?? values.location
                emit(a, gesture: spec.name, state: state, window: w, values: values, time: event.time, templateName: templateName, origin: origin, hold: typedUnder)
            case (.ifStill?, _): break
            case (.atLift?, .began): hold(a, spec: spec, event: event, state: .ended, by: r, window: w, origin: origin)
            case (.atLift?, _): follow(event, by: r)
            case (.atRecognition?, .began), (nil, .ended): fire(a)
            default: break
            }
        }
        if let rep = spec.repeat {
            runRepeat(rep, key: ObjectIdentifier(r), kind: spec.recognizer, event: event) { fire($0) }
        }
        if let scroll = spec.scroll {
            let ended = runScroll(scroll, key: ObjectIdentifier(r), event: event, window: w) { fire(.scroll($0)) }
            if let ended, scroll.kinetic, event.state == .ended { startMomentum(ended, gesture: spec.name, window: w, event: event) }
        }
    }

    /// A control's (or a plain region's) action: `recognized`, on its window.
    func fired(_ action: ActionSpec, by region: String, window: UInt64?, event: ActionEvent, valueText: String?) {
        let w = window.flatMap { windows.info($0) } ?? targetWindow(at: event.values.location, landedOn: event.landedOn, exact: action.needsWindow)
        emit(action, gesture: region, state: .recognized, window: w, values: event.values, time: event.time, valueText: valueText)
    }

    /// `repeat:`: a firing per `every` of progress since the gesture began.
    private func runRepeat(_ rep: RepeatSpec, key: ObjectIdentifier, kind: RecognizerSpec, event: ActionEvent, fire: (ActionSpec) -> Void) {
        switch event.state {
        case .began:
            repeats[key] = RepeatCounter(origin: RepeatCounter.origin(pinch: kind.isPinch), every: rep.every)
            fallthrough
        case .changed:
            guard var counter = repeats[key] else { return }
            let n = counter.advance(to: progress(kind, event.values, axis: &counter.axis))
            repeats[key] = counter
            rep.firings(n).forEach(fire)
        default:
            repeats[key] = nil
        }
    }

    /// `scroll:`: the wheel steps the gesture's translation since it began makes. Returns the
    /// steps counted when it ends (a kinetic scroll glides on from them).
    @discardableResult
    private func runScroll(_ spec: ScrollSpec, key: ObjectIdentifier, event: ActionEvent, window: WindowInfo?, step: (ScrollDirection) -> Void) -> ScrollSteps? {
        switch event.state {
        case .began:
            let notch = configuration.wheelNotch(for: window, on: window.flatMap { monitors.monitor(for: $0.frame) })
            var steps = ScrollSteps(spec, wheelNotch: notch)
            steps.window = window?.id
            steps.begin(at: event.values.translation)
            scrolls[key] = steps
            fallthrough
        case .changed:
            guard var steps = scrolls[key] else { return nil }
            let directions = steps.advance(to: event.values.translation)
            scrolls[key] = steps
            directions.forEach(step)
            return nil
        case .ended:
            // The lift's own update moved nothing the last change did not.
            guard var steps = scrolls.removeValue(forKey: key) else { return nil }
            steps.advance(to: event.values.translation).forEach(step)
            return steps
        default:
            scrolls[key] = nil
            return nil
        }
    }

    /// The progress `repeat:` counts: pinch scale, rotation degrees, a directional pan's
    /// movement along the direction it began in (positive that way), else the movement along
    /// the axis that dominated first.
    private func progress(_ kind: RecognizerSpec, _ v: GestureValues, axis: inout Axis?) -> Double {
        switch kind {
        case .pinch: return v.scale
        case .rotation: return v.degrees
        case .pan where kind.isDirectionalPan:
            guard let d = v.direction else { return RepeatCounter.movement(v.translation, axis: &axis) }
            return RepeatCounter.movement(v.translation, along: d)
        default: return RepeatCounter.movement(v.translation, axis: &axis)
        }
    }

    /// `origin`: where the gesture started (its monitor is `{monitor.*}`), else its location.
    /// `hold`: the hold whose keys are down meanwhile (``ActionRequest/hold``).
    func emit(_ action: ActionSpec, gesture: String, state: FiringState, window: WindowInfo?, values: GestureValues, time: Instant,
              valueText: String? = nil, templateName: String? = nil, origin: Point? = nil, hold: Int? = nil) {
        let placeholders = PlaceholderValues(gesture: gesture, state: state, values: values, window: window, valueText: valueText,
                                             templateName: templateName, monitor: monitor(at: origin ?? values.location))
        for resolved in placeholders.resolve(action) {
            sink?.perform(ActionRequest(gesture: gesture, state: state, action: resolved, window: window, values: values, time: time, hold: hold))
        }
    }
}
