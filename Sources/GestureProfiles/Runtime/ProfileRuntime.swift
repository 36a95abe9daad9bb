import GestureEngine

/// The profiles made live: the screen view carries the `match: any` profiles; every window
/// gets a view (with its matching profile's gestures, regions and controls, first match
/// wins); windows come, go, move and restack; gestures fire their configured actions into an
/// ``ActionSink``. A reload replaces everything at once.
///
/// This file builds and keeps the views; `ProfileRuntime+Firing.swift` turns what the
/// gestures do into actions, and ``TouchpadGesture`` follows the driver's touchpad gestures.
public final class ProfileRuntime {
    public let engine: GestureEngine
    public private(set) var configuration: ProfileFile
    public weak var sink: ActionSink?
    /// The windows, their stacking and focus: the session's one window list.
    public let windows = WindowList()
    /// The monitors (`ProfileRuntime+Monitors.swift`).
    public internal(set) var monitors = MonitorList()
    /// Whether an action of the configuration acts on or names its window exactly
    /// (``ActionSpec/needsWindow``): only then is it worth asking the display server, as each
    /// touch lands, for the window under it (``LandingWindow``).
    public private(set) var needsExactWindows = false

    /// What a recognizer stands for.
    struct Binding {
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

    /// A region of a screen profile: measured from the screen's edges, or from its monitor's
    /// when the profile is limited to one.
    struct ScreenRegion {
        var view: View
        var spec: RegionSpec
        var monitor: StringMatcher?
    }

    /// The views a window's profile built.
    private struct WindowViews {
        var view: View
        var profile: Profile?
        var recognizers: [GestureRecognizer]
        var regionViews: [String: View]
    }

    var bindings: [ObjectIdentifier: Binding] = [:]
    var repeats: [ObjectIdentifier: RepeatCounter] = [:]
    var scrolls: [ObjectIdentifier: ScrollSteps] = [:]
    /// The window each screen gesture under way acts on, found where it began
    /// (``gestureWindow(for:event:exact:)``).
    var gestureWindows: [ObjectIdentifier: WindowInfo?] = [:]
    /// Long presses' `drag:` under way (`ProfileRuntime+Drag.swift`).
    var drags: [ObjectIdentifier: ActiveDrag] = [:]
    /// Long presses with `fire: if-still` under way: whether their fingers moved.
    var stillPresses: [ObjectIdentifier: StillPress] = [:]
    /// Flicks still scrolling after the lift (`ProfileRuntime+Momentum.swift`).
    var momenta: [RunningMomentum] = []
    var lastMomentumID = 0
    /// The program kind under the last touch a `match: { touch: … }` layer asked about.
    var lastProgramTouch: (touch: TouchID, began: Instant, kind: ProgramTouch?)?
    /// Touchscreen gestures' holds whose keys are down (`ProfileRuntime+Holds.swift`).
    var holds: [ObjectIdentifier: ActiveHold] = [:]
    /// The touchpad gesture's holds whose keys are down, in the order they went down.
    var touchpadHolds: [ActiveHold] = []
    /// The last number given to a hold.
    var nextHoldID = 0
    /// Actions waiting for the lift (`ProfileRuntime+Lift.swift`).
    var pending: [PendingAction] = []
    /// Told when an action starts waiting for the lift, and when it is fired or dropped (the
    /// daemon logs it and draws the previews from ``pendingActions``).
    public var pendingActionChanged: ((PendingAction) -> Void)?
    var touchpad: TouchpadGesture?
    private var screenRecognizers: [GestureRecognizer] = []
    var screenRegions: [ScreenRegion] = []
    private var windowViews: [UInt64: WindowViews] = [:]
    /// Whether the window views are stacked as the window list says (raises since not applied).
    private var viewsFollowStacking = true

    public init(configuration: ProfileFile, engine: GestureEngine) {
        self.configuration = configuration
        self.engine = engine
        needsExactWindows = Self.needsExactWindows(configuration)
        applyMultiTap()
        buildScreen()
    }

    private static func needsExactWindows(_ file: ProfileFile) -> Bool {
        let needs = { (actions: [ActionSpec]) in actions.contains { $0.needsWindow } }
        return file.profiles.contains { p in
            p.gestures.contains { needs($0.actions) } || p.touchpad.contains { needs($0.actions) }
                || p.regions.contains { r in r.action?.needsWindow == true || r.gestures.contains { needs($0.actions) } }
        }
    }

    // MARK: Configuration

    /// Replaces the configuration: every gesture and region is rebuilt, windows are kept.
    /// Gestures under way are cancelled (their touches get their verdicts).
    /// A touchpad gesture under way is cancelled too; keys its gestures hold come up.
    public func apply(_ newConfiguration: ProfileFile) {
        // The gestures that wanted undecided touches are going: the applications get them.
        engine.releaseUndecidedTouches(reason: .reload)
        stopMomentum()
        dropPendingActions(at: engine.now)
        touchpadEnded(cancelled: true, time: engine.now)
        defer { applyMultiTap() }
        for r in screenRecognizers { engine.root.removeGestureRecognizer(r) }
        for r in screenRegions { r.view.removeFromSuperview() }
        for id in windows.stacking { windowViews[id]?.view.removeFromSuperview() }
        // Their cancellation released what they held; anything else held comes up now.
        releaseAllHolds(at: engine.now)
        screenRecognizers = []
        screenRegions = []
        bindings = [:]
        repeats = [:]
        scrolls = [:]
        gestureWindows = [:]
        drags = [:]
        stillPresses = [:]
        configuration = newConfiguration
        needsExactWindows = Self.needsExactWindows(newConfiguration)
        buildScreen()
        windowViews = [:]
        for (index, info) in windows.all.enumerated() { buildViews(for: info, at: index) }
    }

    private func buildScreen() {
        for profile in configuration.screenProfiles {
            let views = build(profile, in: engine.root, window: nil)
            let monitor = profile.match.screenMonitor
            screenRegions += zip(views.regions, profile.regions).map { ScreenRegion(view: $0, spec: $1, monitor: monitor) }
            screenRecognizers += views.recognizers
            if let monitor { limit(views.recognizers, to: monitor) }
            if let kind = profile.match.programTouch { limit(views.recognizers, toPrograms: kind) }
        }
        layOutScreenRegions()
    }

    /// The screen's size changed (XRandR).
    public func setScreen(_ frame: Rect) {
        engine.root.frame = frame
        layOutScreenRegions()
    }

    // MARK: Windows

    /// The topmost window under a point.
    public func window(at p: Point) -> WindowInfo? {
        applyStacking()
        return windows.window(at: p)
    }

    /// The profile a window matches (first match wins), nil when only `match: any` applies.
    public func matchingProfile(for info: WindowInfo) -> Profile? {
        configuration.matchingProfile(for: info, on: monitors.monitor(for: info.frame))
    }

    /// Applies a window's changes (a new window starts empty, on top); `focused: true` takes
    /// the focus from the others.
    public func update(_ update: WindowUpdate) {
        // A raise alone (a window manager restacking: thousands at once) changes nothing else.
        if update.raise, update.isRaiseOnly, windowViews[update.id] != nil { return raise(update.id) }
        let info = update.applied(to: windows.info(update.id) ?? WindowInfo(id: update.id, frame: .zero))
        updateWindow(info, raise: update.raise)
        if update.focused == true { setFocus(update.id) }
    }

    /// Adds a window, or updates its properties and geometry. `raise` moves it to the top;
    /// a new window starts on top. A change of class or title that changes the matching
    /// profile rebuilds the window's view.
    public func updateWindow(_ info: WindowInfo, raise: Bool = false) {
        guard let old = windows.info(info.id), let views = windowViews[info.id] else {
            applyStacking()
            windows.set(info)
            buildViews(for: info, at: windows.stacking.count - 1)
            return
        }
        if matchingProfile(for: info)?.name != views.profile?.name {
            closeWindow(info.id)
            updateWindow(info)
            return
        }
        windows.set(info)
        if old.frame != info.frame {
            views.view.frame = info.frame
            for region in views.profile?.regions ?? [] {
                views.regionViews[region.name]?.frame = region.frame.resolve(in: info.frame)
            }
        }
        if raise { self.raise(info.id) }
    }

    /// The window is gone: its gestures stop (touches on it still get their verdicts), and so
    /// does a touchpad gesture acting on it; the keys they held come up.
    public func closeWindow(_ id: UInt64) {
        applyStacking()
        windows.remove(id)
        stopMomentum(onWindow: id)
        stopDragsAndScrolls(onWindow: id, at: engine.now)
        if touchpad?.window?.id == id { touchpadEnded(cancelled: true, time: engine.now) }
        guard let views = windowViews.removeValue(forKey: id) else { return }
        windowViews.shrinkIfSparse()
        views.view.removeFromSuperview()
        for r in views.recognizers {
            bindings[ObjectIdentifier(r)] = nil
            repeats[ObjectIdentifier(r)] = nil
            scrolls[ObjectIdentifier(r)] = nil
            drags[ObjectIdentifier(r)] = nil
            stillPresses[ObjectIdentifier(r)] = nil
        }
        // Their cancellation released what they held (unless the engine was mid-event).
        releaseStaleHolds(at: engine.now)
    }

    /// Moves a window to the top of the stacking order. Its view follows before the next
    /// input is hit-tested (``applyStacking()``), so that a restack of thousands of windows
    /// costs one reordering, not one each.
    public func raise(_ id: UInt64) {
        guard windowViews[id] != nil, windows.raise(id) else { return }
        viewsFollowStacking = false
    }

    /// The window views put in the stacking order of the window list (below the screen's own
    /// regions), after raises.
    public func applyStacking() {
        guard !viewsFollowStacking else { return }
        viewsFollowStacking = true
        let ordered = windows.stacking.compactMap { windowViews[$0]?.view }
        engine.root.reorderSubviews(ordered)
    }

    /// Marks one window focused (and the others not).
    public func setFocus(_ id: UInt64?) { windows.setFocus(id) }

    // MARK: Building

    /// A window's view, `index`-th from the bottom of the windows (which stack below the
    /// screen's own regions), with its profile's regions and gestures.
    private func buildViews(for info: WindowInfo, at index: Int) {
        let profile = matchingProfile(for: info)
        let view = View(name: profile.map { "\($0.name):\(info.id)" } ?? "window:\(info.id)", frame: info.frame)
        view.userInfo = AnyHashable(info.id)
        engine.root.insertSubview(view, at: index)
        var views = WindowViews(view: view, profile: profile, recognizers: [], regionViews: [:])
        if let profile {
            let built = build(profile, in: view, window: info.id)
            views.recognizers = built.recognizers
            views.regionViews = built.regionViews
        }
        windowViews[info.id] = views
    }

    /// A profile's regions as subviews of `view` (the screen, or a window's view), then its
    /// gestures on `view`, then each region's gestures on its region.
    private func build(_ profile: Profile, in view: View, window: UInt64?) -> (regions: [View], regionViews: [String: View], recognizers: [GestureRecognizer]) {
        var regions: [View] = []
        var regionViews: [String: View] = [:]
        var recognizers: [GestureRecognizer] = []
        for region in profile.regions {
            let v = makeRegionView(region, in: view.frame, window: window)
            view.addSubview(v)
            regions.append(v)
            regionViews[region.name] = v
        }
        for spec in profile.gestures {
            if let r = makeRecognizer(spec, window: window, regions: regionViews) {
                view.addGestureRecognizer(r)
                recognizers.append(r)
            }
        }
        for region in profile.regions {
            for spec in region.gestures {
                if let r = makeRecognizer(spec, window: window, regions: [:]) {
                    regionViews[region.name]?.addGestureRecognizer(r)
                    recognizers.append(r)
                }
            }
        }
        return (regions, regionViews, recognizers)
    }

    private func makeRegionView(_ region: RegionSpec, in parent: Rect, window: UInt64?) -> View {
        let v = View(name: region.name, frame: region.frame.resolve(in: parent))
        if let c = region.control {
            v.control = c.makeControl(tapMovement: configuration.settings.gestures.tap.maxMovement)
            let action = region.action
            let step = c.step
            v.controlActionHandler = { [unowned self] event in
                guard let action else { return }
                let valueText = event.values.value.map { step == step.rounded() ? formatNumber($0.rounded()) : formatNumber($0) }
                self.fired(action, by: region.name, window: window, event: event, valueText: valueText)
            }
        } else if let action = region.action {
            // A plain region with an action: it fires on a one-finger tap, like a button.
            v.control = Control.button()
            v.controlActionHandler = { [unowned self] event in
                self.fired(action, by: region.name, window: window, event: event, valueText: nil)
            }
        }
        return v
    }

    private func makeRecognizer(_ spec: GestureSpec, window: UInt64?, regions: [String: View]) -> GestureRecognizer? {
        guard spec.enabled else { return nil }
        let r = spec.recognizer.makeRecognizer(name: spec.name, configuration: configuration.settings.gestures)
        if let c = spec.cancelsTouchesInView { r.cancelsTouchesInView = c }
        if let d = spec.delaysTouchesBegan { r.delaysTouchesBegan = d }
        if let d = spec.delaysTouchesEnded { r.delaysTouchesEnded = d }
        r.claimsOnLanding = spec.claimsOnLanding
        r.excludedViews = spec.exclude.compactMap { regions[$0] }
        bindings[ObjectIdentifier(r)] = Binding(spec: spec, window: window)
        if !spec.requireToFail.isEmpty {
            r.shouldRequireFailureHook = { [unowned self] a, b in self.related(a, b) { $0.requireToFail.contains($1) } }
        }
        if spec.simultaneousWith != .names([]) {
            r.shouldRecognizeSimultaneouslyHook = { [unowned self] a, b in self.related(a, b) { $0.simultaneousWith.contains($1) } }
        }
        if spec.preventsNot != .names([]) {
            r.canPreventHook = { [unowned self] a, b in !self.related(a, b) { $0.preventsNot.contains($1) } }
        }
        if spec.notPreventedBy != .names([]) {
            r.canBePreventedHook = { [unowned self] a, b in !self.related(a, b) { $0.notPreventedBy.contains($1) } }
        }
        // The recognizer keeps its actions: holding it strongly from one would keep it, and
        // its whole configuration, alive after a reload or its window's close.
        r.addAction { [unowned self, unowned r] event in self.fired(event, by: r) }
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
}

extension ProfileRuntime {
    /// The engine counts taps (``Touch/tapCount``) with the file's two-tap timing.
    func applyMultiTap() {
        engine.tapCountInterval = configuration.settings.gestures.multiTap.interval
        engine.tapCountDistance = configuration.settings.gestures.multiTap.distance
    }
}
