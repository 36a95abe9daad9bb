import GestureEngine

/// The profiles made live: the screen view carries the `match: any` profiles; every window
/// gets a view (with its matching profile's gestures, regions and controls, first match
/// wins); windows come, go, move and restack; gestures fire their configured actions into an
/// ``ActionSink``. A reload replaces everything at once.
public final class ProfileRuntime {
    public let engine: GestureEngine
    public private(set) var configuration: ProfileFile
    public weak var sink: ActionSink?

    /// What a recognizer stands for.
    private struct Binding {
        var spec: GestureSpec
        var window: UInt64?
        /// Whether any of its actions needs the exact window (worked out once).
        var needsWindow: Bool

        init(spec: GestureSpec, window: UInt64?) {
            self.spec = spec
            self.window = window
            needsWindow = spec.actions.contains { $0.needsWindow }
        }
    }

    private struct WindowEntry {
        var info: WindowInfo
        var view: View
        var profile: Profile?
        var recognizers: [GestureRecognizer]
        var regionViews: [String: View]
    }

    /// Progress of a `repeat:`, counted in whole steps from where the gesture began (so that
    /// ten steps of 0.1 land exactly on 1.0, which summing 0.1 ten times does not).
    struct RepeatCounter {
        var origin: Double
        var every: Double
        var index = 0
        var axis: Axis?

        /// How many forward (positive) or reverse (negative) firings reaching `p` makes.
        mutating func advance(to p: Double) -> Int {
            let target = (p - origin) / every
            let epsilon = 1e-9
            var fired = 0
            while Double(index + 1) <= target + epsilon && fired < 1000 { index += 1; fired += 1 }
            while Double(index - 1) >= target - epsilon && fired > -1000 { index -= 1; fired -= 1 }
            return fired
        }
    }

    private var bindings: [ObjectIdentifier: Binding] = [:]
    private var screenRecognizers: [GestureRecognizer] = []
    private var screenRegions: [View] = []
    private var windows: [UInt64: WindowEntry] = [:]
    /// Window ids, bottom to top.
    private var stacking: [UInt64] = []
    private var repeats: [ObjectIdentifier: RepeatCounter] = [:]
    private var touchpad: TouchpadState?

    public init(configuration: ProfileFile, engine: GestureEngine) {
        self.configuration = configuration
        self.engine = engine
        buildScreen()
    }

    // MARK: Configuration

    /// Replaces the configuration: every gesture and region is rebuilt, windows are kept.
    /// Gestures under way are cancelled (their touches get their verdicts).
    public func apply(_ newConfiguration: ProfileFile) {
        // The gestures that wanted undecided touches are going: the applications get them.
        engine.releaseUndecidedTouches(reason: .reload)
        for r in screenRecognizers { engine.root.removeGestureRecognizer(r) }
        for v in screenRegions { v.removeFromSuperview() }
        for id in stacking { windows[id]?.view.removeFromSuperview() }
        screenRecognizers = []
        screenRegions = []
        bindings = [:]
        repeats = [:]
        configuration = newConfiguration
        buildScreen()
        let infos = stacking.compactMap { windows[$0]?.info }
        windows = [:]
        stacking = []
        for info in infos { updateWindow(info) }
    }

    private func buildScreen() {
        for profile in configuration.profiles {
            guard case .any = profile.match else { continue }
            var regionViews: [String: View] = [:]
            for region in profile.regions {
                let v = makeRegionView(region, in: engine.root.frame, window: nil)
                engine.root.addSubview(v)
                screenRegions.append(v)
                regionViews[region.name] = v
            }
            for spec in profile.gestures {
                if let r = makeRecognizer(spec, window: nil, regions: regionViews) {
                    engine.root.addGestureRecognizer(r)
                    screenRecognizers.append(r)
                }
            }
            for region in profile.regions {
                for spec in region.gestures {
                    if let r = makeRecognizer(spec, window: nil, regions: [:]) {
                        regionViews[region.name]?.addGestureRecognizer(r)
                        screenRecognizers.append(r)
                    }
                }
            }
        }
    }

    /// The screen's size changed (XRandR).
    public func setScreen(_ frame: Rect) {
        engine.root.frame = frame
        let profiles = configuration.screenProfiles
        var i = 0
        for p in profiles { for region in p.regions where i < screenRegions.count {
            screenRegions[i].frame = region.frame.resolve(in: frame)
            i += 1
        } }
    }

    // MARK: Windows

    public var windowInfos: [WindowInfo] { stacking.compactMap { windows[$0]?.info } }

    /// The profile a window matches (first match wins), nil when only `match: any` applies.
    public func matchingProfile(for info: WindowInfo) -> Profile? {
        configuration.matchingProfile(for: info)
    }

    /// Adds a window, or updates its properties and geometry. `raise` moves it to the top;
    /// a new window starts on top. A change of class or title that changes the matching
    /// profile rebuilds the window's view.
    public func updateWindow(_ info: WindowInfo, raise: Bool = false) {
        if var entry = windows[info.id] {
            let newProfile = matchingProfile(for: info)
            if newProfile?.name != entry.profile?.name {
                closeWindow(info.id)
                updateWindow(info)
                return
            }
            let moved = entry.info.frame != info.frame
            entry.info = info
            if moved {
                entry.view.frame = info.frame
                if let profile = entry.profile {
                    for region in profile.regions {
                        entry.regionViews[region.name]?.frame = region.frame.resolve(in: info.frame)
                    }
                }
            }
            windows[info.id] = entry
            if raise { self.raise(info.id) }
            return
        }
        let profile = matchingProfile(for: info)
        let view = View(name: profile.map { "\($0.name):\(info.id)" } ?? "window:\(info.id)", frame: info.frame)
        view.userInfo = AnyHashable(info.id)
        // Windows stack below the screen's own regions.
        engine.root.insertSubview(view, at: stacking.count)
        stacking.append(info.id)
        var entry = WindowEntry(info: info, view: view, profile: profile, recognizers: [], regionViews: [:])
        if let profile {
            for region in profile.regions {
                let rv = makeRegionView(region, in: info.frame, window: info.id)
                view.addSubview(rv)
                entry.regionViews[region.name] = rv
            }
            for spec in profile.gestures {
                if let r = makeRecognizer(spec, window: info.id, regions: entry.regionViews) {
                    view.addGestureRecognizer(r)
                    entry.recognizers.append(r)
                }
            }
            for region in profile.regions {
                for spec in region.gestures {
                    if let r = makeRecognizer(spec, window: info.id, regions: [:]) {
                        entry.regionViews[region.name]?.addGestureRecognizer(r)
                        entry.recognizers.append(r)
                    }
                }
            }
        }
        windows[info.id] = entry
    }

    /// The window is gone: its gestures stop (touches on it still get their verdicts).
    public func closeWindow(_ id: UInt64) {
        guard let entry = windows.removeValue(forKey: id) else { return }
        stacking.removeAll { $0 == id }
        entry.view.removeFromSuperview()
        for r in entry.recognizers {
            bindings[ObjectIdentifier(r)] = nil
            repeats[ObjectIdentifier(r)] = nil
        }
    }

    /// Moves a window to the top of the stacking order.
    public func raise(_ id: UInt64) {
        guard let entry = windows[id], let i = stacking.firstIndex(of: id) else { return }
        stacking.remove(at: i)
        stacking.append(id)
        engine.root.moveSubview(entry.view, to: stacking.count - 1)
    }

    /// Marks one window focused (and the others not).
    public func setFocus(_ id: UInt64?) {
        for key in windows.keys { windows[key]!.info.focused = key == id }
    }

    /// The topmost window under a point.
    public func window(at p: Point) -> WindowInfo? {
        for id in stacking.reversed() {
            if let w = windows[id]?.info, w.frame.contains(p) { return w }
        }
        return nil
    }

    public var focusedWindow: WindowInfo? {
        stacking.reversed().compactMap { windows[$0]?.info }.first { $0.focused }
    }

    public func windowInfo(_ id: UInt64) -> WindowInfo? { windows[id]?.info }

    // MARK: Building

    private func makeRegionView(_ region: RegionSpec, in parent: Rect, window: UInt64?) -> View {
        let v = View(name: region.name, frame: region.frame.resolve(in: parent))
        if let c = region.control {
            v.control = c.makeControl(tapMovement: configuration.settings.tapMaxMovement)
            let action = region.action
            let step = c.step
            v.controlActionHandler = { [unowned self] event in
                guard let action else { return }
                let valueText = event.values.value.map { step == step.rounded() ? formatNumber($0.rounded()) : formatNumber($0) }
                let w = window.flatMap { self.windows[$0]?.info } ?? self.targetWindow(at: event.values.location, exact: action.needsWindow)
                self.emit(action, gesture: region.name, state: "recognized", window: w, values: event.values, time: event.time, valueText: valueText)
            }
        } else if let action = region.action {
            // A plain region with an action: it fires on a one-finger tap, like a button.
            v.control = Control.button()
            v.controlActionHandler = { [unowned self] event in
                let w = window.flatMap { self.windows[$0]?.info } ?? self.targetWindow(at: event.values.location, exact: action.needsWindow)
                self.emit(action, gesture: region.name, state: "recognized", window: w, values: event.values, time: event.time, valueText: nil)
            }
        }
        return v
    }

    private func makeRecognizer(_ spec: GestureSpec, window: UInt64?, regions: [String: View]) -> GestureRecognizer? {
        guard spec.enabled else { return nil }
        let r = spec.recognizer.makeRecognizer(name: spec.name)
        if let c = spec.cancelsTouchesInView { r.cancelsTouchesInView = c }
        if let d = spec.delaysTouchesBegan { r.delaysTouchesBegan = d }
        if let d = spec.delaysTouchesEnded { r.delaysTouchesEnded = d }
        r.excludedViews = spec.exclude.compactMap { regions[$0] }
        bindings[ObjectIdentifier(r)] = Binding(spec: spec, window: window)
        if !spec.requireToFail.isEmpty {
            r.shouldRequireFailureHook = { [unowned self] a, b in self.related(a, b) { $0.requireToFail.contains($1) } }
        }
        if spec.simultaneousWith != .names([]) {
            r.shouldRecognizeSimultaneouslyHook = { [unowned self] a, b in self.related(a, b) { refs($0.simultaneousWith, $1) } }
        }
        if spec.preventsNot != .names([]) {
            r.canPreventHook = { [unowned self] a, b in !self.related(a, b) { refs($0.preventsNot, $1) } }
        }
        if spec.notPreventedBy != .names([]) {
            r.canBePreventedHook = { [unowned self] a, b in !self.related(a, b) { refs($0.notPreventedBy, $1) } }
        }
        r.addAction { [unowned self] event in self.fired(event, by: r) }
        return r
    }

    /// Whether `a`'s spec names `b` in a relation, for recognizers that can share touches:
    /// a screen gesture relates to every window's instance, a window gesture to the screen's
    /// and to its own window's.
    private func related(_ a: GestureRecognizer, _ b: GestureRecognizer, _ test: (GestureSpec, String) -> Bool) -> Bool {
        guard let ba = bindings[ObjectIdentifier(a)], let bb = bindings[ObjectIdentifier(b)] else { return false }
        guard ba.window == nil || bb.window == nil || ba.window == bb.window else { return false }
        return test(ba.spec, bb.spec.name)
    }

    // MARK: Firing

    /// Asks the display server which client window is under a point, decorations included
    /// (`.some(nil)`: none, the desktop). Used for the window a screen gesture's or touchpad
    /// gesture's actions act on; without it (replay) the tracked geometry decides.
    public var windowLocator: ((Point) -> UInt64??)?

    /// `exact`: ask the server (a few round trips) rather than trust the tracked geometry;
    /// only actions that act on or name the window need it.
    private func targetWindow(at p: Point, exact: Bool = true) -> WindowInfo? {
        if configuration.settings.target == .focused { return focusedWindow }
        if exact, let answer = windowLocator?(p) {
            guard let id = answer else { return nil }
            if let w = windows[id]?.info { return w }
        }
        return window(at: p)
    }

    private func fired(_ event: ActionEvent, by r: GestureRecognizer) {
        guard let binding = bindings[ObjectIdentifier(r)] else { return }
        let spec = binding.spec
        let w = binding.window.flatMap { windows[$0]?.info } ?? targetWindow(at: event.values.location, exact: binding.needsWindow)
        let state = event.stateName
        var templateName: String?
        if case .stroke(let templates, _, _) = spec.recognizer, let i = event.values.templateIndex, i < templates.count {
            templateName = templates[i].name
        }
        let fire = { (action: ActionSpec) in
            self.emit(action, gesture: spec.name, state: state, window: w, values: event.values, time: event.time, valueText: nil, templateName: templateName)
        }
        if !r.isContinuous {
            if let a = spec.action { fire(a) }
            if let a = spec.on[.ended] { fire(a) }
            return
        }
        if let a = spec.on[event.state] { fire(a) }
        if event.state == .ended, let a = spec.action { fire(a) }
        if let rep = spec.repeat {
            runRepeat(rep, key: ObjectIdentifier(r), kind: spec.recognizer, event: event) { fire($0) }
        }
    }

    private func progress(_ kind: RecognizerSpec, _ v: GestureValues, axis: inout Axis?) -> Double {
        switch kind {
        case .pinch: return v.scale
        case .rotation: return v.degrees
        default:
            if axis == nil { axis = abs(v.translation.dx) >= abs(v.translation.dy) ? .horizontal : .vertical }
            return axis!.component(of: v.translation)
        }
    }

    private func runRepeat(_ rep: RepeatSpec, key: ObjectIdentifier, kind: RecognizerSpec, event: ActionEvent, fire: (ActionSpec) -> Void) {
        switch event.state {
        case .began:
            // Pinch starts at scale 1, rotation and movement at 0: the slop counts as progress.
            let origin: Double
            if case .pinch = kind { origin = 1 } else { origin = 0 }
            repeats[key] = RepeatCounter(origin: origin, every: rep.every)
            fallthrough
        case .changed:
            guard var counter = repeats[key] else { return }
            let n = counter.advance(to: progress(kind, event.values, axis: &counter.axis))
            repeats[key] = counter
            for _ in 0..<max(0, n) { fire(rep.action) }
            if let r = rep.reverse { for _ in 0..<max(0, -n) { fire(r) } }
        default:
            repeats[key] = nil
        }
    }

    func emit(_ action: ActionSpec, gesture: String, state: String, window: WindowInfo?, values: GestureValues, time: Instant, valueText: String?, templateName: String? = nil) {
        let placeholders = PlaceholderValues(gesture: gesture, state: state, values: values, window: window, valueText: valueText, templateName: templateName)
        for resolved in placeholders.resolve(action) {
            sink?.perform(ActionRequest(gesture: gesture, state: state, action: resolved, window: window, values: values, time: time))
        }
    }

    // MARK: Touchpad (XI 2.4 gestures)

    private struct TouchpadState {
        /// The first binding taking this kind and finger count (its `on:` and `repeat:` run).
        var binding: TouchpadBinding
        /// Every binding for this kind and finger count: the end picks by direction.
        var all: [TouchpadBinding]
        var window: WindowInfo?
        var delta = Vector.zero
        var scale = 1.0
        var angle = 0.0
        var counter: RepeatCounter?
    }

    /// A driver gesture begins: claims it (true) when a binding of the window's profile, or
    /// of a `match: any` profile, takes this kind and finger count.
    public func touchpadBegan(_ kind: TouchpadBinding.Kind, fingers: Int, at location: Point, time: Instant) -> Bool {
        let w = targetWindow(at: location)
        var candidates: [TouchpadBinding] = []
        if let w, let p = matchingProfile(for: w) { candidates += p.touchpad }
        for p in configuration.screenProfiles { candidates += p.touchpad }
        let taking = candidates.filter { $0.kind == kind && $0.fingers == fingers }
        guard let b = taking.first else {
            touchpad = nil
            return false
        }
        touchpad = TouchpadState(binding: b, all: taking, window: w, counter: b.repeat.map { RepeatCounter(origin: kind == .pinch ? 1 : 0, every: $0.every) })
        fireTouchpad("began", time: time)
        return true
    }

    /// Accumulates an update of the claimed gesture (swipe: `delta`; pinch: absolute `scale`).
    public func touchpadUpdated(delta: Vector, scale: Double, angle: Double, time: Instant) {
        guard var t = touchpad else { return }
        t.delta = t.delta + delta
        t.scale = scale
        t.angle = angle
        touchpad = t
        fireTouchpad("changed", time: time)
        guard let rep = t.binding.repeat, var counter = t.counter else { return }
        let p: Double
        if t.binding.kind == .pinch {
            p = scale
        } else {
            if let d = t.binding.direction { counter.axis = d.axis }
            if counter.axis == nil { counter.axis = abs(t.delta.dx) >= abs(t.delta.dy) ? .horizontal : .vertical }
            p = counter.axis!.component(of: t.delta)
        }
        let n = counter.advance(to: p)
        t.counter = counter
        touchpad = t
        for _ in 0..<max(0, n) { fireTouchpadAction(rep.action, "changed", time) }
        if let r = rep.reverse { for _ in 0..<max(0, -n) { fireTouchpadAction(r, "changed", time) } }
    }

    /// The driver gesture ended (or was cancelled: fingers changed, or it was aborted).
    public func touchpadEnded(cancelled: Bool, time: Instant) {
        guard let t = touchpad else { return }
        if cancelled {
            fireTouchpad("cancelled", time: time)
        } else {
            fireTouchpad("ended", time: time)
            let d = t.delta
            let chosen: TouchpadBinding?
            if t.binding.kind == .swipe {
                let dominant: Direction = abs(d.dx) >= abs(d.dy) ? (d.dx >= 0 ? .right : .left) : (d.dy >= 0 ? .down : .up)
                chosen = d.length < 20 ? nil : t.all.first { $0.direction == dominant } ?? t.all.first { $0.direction == nil }
            } else {
                chosen = t.binding
            }
            if let chosen, let a = chosen.action {
                touchpad?.binding = chosen
                fireTouchpadAction(a, "ended", time)
            }
        }
        touchpad = nil
    }

    private func fireTouchpad(_ state: String, time: Instant) {
        guard let t = touchpad, let a = t.binding.on[GestureState(rawValue: state)!] else { return }
        fireTouchpadAction(a, state, time)
    }

    private func fireTouchpadAction(_ a: ActionSpec, _ state: String, _ time: Instant) {
        guard let t = touchpad else { return }
        var v = GestureValues()
        v.translation = t.delta
        v.scale = t.scale
        v.rotation = t.angle * Double.pi / 180
        v.numberOfTouches = t.binding.fingers
        emit(a, gesture: t.binding.name, state: state, window: t.window, values: v, time: time, valueText: nil)
    }
}

private func refs(_ r: GestureReferences, _ name: String) -> Bool {
    switch r {
    case .all: return true
    case .names(let n): return n.contains(name)
    }
}
