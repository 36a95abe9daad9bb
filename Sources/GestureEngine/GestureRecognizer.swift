/// Base class of every recognizer: a small state machine that looks at the touches it is
/// given and *reports* what it sees (``report(_:)``). Whether a report becomes a state
/// change — failure requirements, `shouldBegin`, exclusion, simultaneity — is decided by the
/// engine's arena after the call that made it returns; the recognizer reads ``state`` to know
/// what became of it, and holds no reference to the engine or the arena.
///
/// Subclasses override the `touch…` hooks, ``deadlineReached(_:)``, ``reset()`` and
/// ``values``.
open class GestureRecognizer: GestureArenaMember, CustomStringConvertible {
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?

    /// A disabled recognizer sees nothing; disabling it mid-gesture cancels or fails it.
    public override var isEnabled: Bool {
        didSet { if oldValue && !isEnabled { view?.engine?.recognizerWasDisabled(self) } }
    }
    /// semantics.md §6 [false]: began/moved are withheld from the view while possible.
    public var delaysTouchesBegan = false
    /// semantics.md §6 [true]: ended is withheld from the view while possible.
    public var delaysTouchesEnded = true
    /// semantics.md §12 [false]: its touches are claimed as soon as all the fingers it needs
    /// are down and it is still possible, before it is recognized. For places where those
    /// fingers can mean nothing but a gesture (two fingers on a program without touch, which
    /// the X server gives only the first finger as button 1): the first finger is then decided
    /// while it is down, and a pointer-emulating touch claimed after its lift leaves the
    /// server's button 1 down. Recognition goes on as before; if nothing is recognized, the
    /// fingers did nothing.
    public var claimsOnLanding = false

    /// Touches that start in these views (or below them) are not received (`exclude:`).
    public var excludedViews: [View] = []
    /// When set, only touches from these kinds of device are received.
    public var allowedDeviceKinds: Set<DeviceKind>?

    // MARK: Hooks (the delegate methods of UIKit)

    /// `gestureRecognizer(_:shouldReceive:)`: false = the touch is never seen.
    public var shouldReceiveHook: ((GestureRecognizer, Touch) -> Bool)?
    /// `gestureRecognizerShouldBegin(_:)`: false = failed instead of leaving `possible`.
    public var shouldBeginHook: ((GestureRecognizer) -> Bool)?
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`, OR-ed with the other side's.
    public var shouldRecognizeSimultaneouslyHook: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// `gestureRecognizer(_:shouldRequireFailureOf:)`.
    public var shouldRequireFailureHook: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// `gestureRecognizer(_:shouldBeRequiredToFailBy:)`.
    public var shouldBeRequiredToFailHook: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// `canPrevent(_:)` as a hook (self, other): false = this recognizer may not stop `other`.
    public var canPreventHook: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// `canBePrevented(by:)` as a hook (self, other): false = `other` may not stop this one.
    public var canBePreventedHook: ((GestureRecognizer, GestureRecognizer) -> Bool)?

    private var actionHandlers: [(ActionEvent) -> Void] = []

    // MARK: What the recognizer sees

    /// Every touch received in the current sequence (ended ones included), minus ignored ones.
    public private(set) var touches: [Touch] = []
    /// Touches of the sequence that are still down.
    public final var numberOfTouches: Int { touchesDown }
    private(set) var touchesDown = 0
    /// When set, ``deadlineReached(_:)`` is called once the engine's time reaches it.
    public internal(set) var deadline: Instant?
    /// The engine's time: that of the event or deadline being handled (set before each call).
    public internal(set) var now = Instant.zero
    /// The recognizer asked to begin (or recognize) and waits, still `possible`, for the
    /// gestures it requires to fail (semantics.md §3). It goes on seeing touches, but has
    /// nothing more to decide: the arena lets it through or fails it.
    public internal(set) var isHeld = false

    /// Reports and ignores made during a call, taken by the engine when the call returns
    /// (one report is the rule; a second waits in `laterReports`).
    private var pendingReport: GestureState?
    private var laterReports: [GestureState] = []
    private(set) var pendingIgnores: [Touch] = []
    /// Set by ``report(_:)``, ``ignore(_:)`` and ``setDeadline(_:)``: the engine looks at the
    /// recognizer after a call only when it is (one flag read on the hottest path).
    var needsAttention = false
    /// ``setDeadline(_:)`` changed the deadline since the engine last looked.
    var deadlineChanged = false

    public override init(name: String) {
        super.init(name: name)
        touches.reserveCapacity(8)
    }

    /// The kind, for the built-in policies and logs.
    open var kind: GestureKind { .custom }
    open override var traits: GestureTraits { GestureTraits(kind: kind) }

    public var description: String { "\(name)[\(state.name(continuous: isContinuous))]" }

    // MARK: Relations with the hooks (semantics.md §3, §4)

    open override func requiresFailure(of other: GestureArenaMember) -> Bool {
        if super.requiresFailure(of: other) { return true }
        guard let hook = shouldRequireFailureHook, let o = other as? GestureRecognizer else { return false }
        return hook(self, o)
    }

    open override func isRequiredToFail(by other: GestureArenaMember) -> Bool {
        guard let hook = shouldBeRequiredToFailHook, let o = other as? GestureRecognizer else { return false }
        return hook(self, o)
    }

    open override func allowsSimultaneousRecognition(with other: GestureArenaMember) -> Bool {
        if super.allowsSimultaneousRecognition(with: other) { return true }
        guard let hook = shouldRecognizeSimultaneouslyHook, let o = other as? GestureRecognizer else { return false }
        return hook(self, o)
    }

    open override func canPrevent(_ other: GestureArenaMember) -> Bool {
        guard super.canPrevent(other) else { return false }
        guard let hook = canPreventHook, let o = other as? GestureRecognizer else { return true }
        return hook(self, o)
    }

    open override func canBePrevented(by other: GestureArenaMember) -> Bool {
        guard super.canBePrevented(by: other) else { return false }
        guard let hook = canBePreventedHook, let o = other as? GestureRecognizer else { return true }
        return hook(self, o)
    }

    open override func shouldBegin() -> Bool { shouldBeginHook?(self) ?? true }

    /// Registers a handler called after the event for each action (semantics.md §1).
    public func addAction(_ handler: @escaping (ActionEvent) -> Void) {
        actionHandlers.append(handler)
    }

    func runActions(_ event: ActionEvent) {
        for h in actionHandlers { h(event) }
    }

    // MARK: For subclasses

    /// Called once per touch the recognizer receives, when it goes down.
    open func touchBegan(_ touch: Touch) {}
    open func touchMoved(_ touch: Touch) {}
    /// The touches of one frame that moved (each already at its new place), at once:
    /// recognizers that judge the fingers together (pinch, rotation, pan) decide once here.
    /// Default: ``touchMoved(_:)`` for each, until one makes it report (one report a frame).
    open func touchesMoved(_ touches: [Touch]) {
        for t in touches {
            touchMoved(t)
            if hasPendingReport || state.isTerminal { break }
        }
    }
    open func touchEnded(_ touch: Touch) {}
    /// The device cancelled the touch. Default: cancel if in progress, else fail.
    open func touchCancelled(_ touch: Touch) {
        report(state.isInProgress ? .cancelled : .failed)
    }
    /// The engine's time reached ``deadline`` (which is cleared before the call).
    open func deadlineReached(_ now: Instant) {}
    /// Back to a fresh `possible`: forget everything about the past sequence.
    open func reset() {}
    /// The gesture's values now, copied into each action.
    open var values: GestureValues {
        var v = GestureValues()
        v.location = centroid
        v.numberOfTouches = numberOfTouches
        return v
    }
    /// Displacement of the gesture so far (pan-like gestures); used for control precedence.
    open var translation: Vector { .zero }

    /// Tells the arena what the recognizer sees: `.began`, `.changed`, `.ended`
    /// (= recognized), `.cancelled` or `.failed`. The arena decides what happens, when the
    /// current call returns.
    public final func report(_ wanted: GestureState) {
        if pendingReport == nil { pendingReport = wanted } else { laterReports.append(wanted) }
        needsAttention = true
    }

    var hasPendingReport: Bool { pendingReport != nil }

    /// The touches ignored during the call, handed to the arena once.
    @discardableResult
    func takeIgnores() -> [Touch] {
        defer { pendingIgnores = [] }
        return pendingIgnores
    }

    /// The oldest report not yet handed to the arena.
    func takeReport() -> GestureState? {
        guard let r = pendingReport else { return nil }
        pendingReport = laterReports.isEmpty ? nil : laterReports.removeFirst()
        return r
    }

    /// Stops receiving `touch`; the touch is then never cancelled in the view on this
    /// recognizer's account (semantics.md §2.4).
    public final func ignore(_ touch: Touch) {
        guard let i = touches.firstIndex(where: { $0 === touch }) else { return }
        touches.remove(at: i)
        if touch.isActive { touchesDown -= 1 }
        pendingIgnores.append(touch)
        needsAttention = true
    }

    /// Asks for ``deadlineReached(_:)`` at `instant` (replacing any earlier request); nil cancels.
    public final func setDeadline(_ instant: Instant?) {
        guard instant != deadline else { return }
        deadline = instant
        deadlineChanged = true
        needsAttention = true
    }

    /// Centroid of the touches still down (of all touches of the sequence when none is).
    public final var centroid: Point {
        if touches.count == 1 { return touches[0].location }  // the common case, without the loop
        var sx = 0.0, sy = 0.0, n = 0.0
        for t in touches where t.isActive {
            sx += t.location.x; sy += t.location.y; n += 1
        }
        if n == 0 {
            for t in touches { sx += t.location.x; sy += t.location.y; n += 1 }
        }
        return n > 0 ? Point(x: sx / n, y: sy / n) : .zero
    }

    /// The middle of where its touches landed: where the person aimed the gesture.
    public final var landingCentroid: Point {
        guard !touches.isEmpty else { return .zero }
        var sx = 0.0, sy = 0.0
        for t in touches { sx += t.initialLocation.x; sy += t.initialLocation.y }
        return Point(x: sx / Double(touches.count), y: sy / Double(touches.count))
    }

    // MARK: Engine interface (internal)

    func receive(_ touch: Touch) {
        touches.append(touch)
        touchesDown += 1
    }

    /// A touch it receives ended or was cancelled.
    func touchFinished() {
        touchesDown -= 1
    }

    func shouldReceive(_ touch: Touch) -> Bool {
        guard isEnabled else { return false }
        if let kinds = allowedDeviceKinds, !kinds.contains(touch.deviceKind) { return false }
        if let v = touch.view {
            for excluded in excludedViews where v.isDescendant(of: excluded) { return false }
        }
        if let hook = shouldReceiveHook, !hook(self, touch) { return false }
        return true
    }

    func resetForNewSequence() {
        touches.removeAll(keepingCapacity: true)
        touchesDown = 0
        deadline = nil
        pendingReport = nil
        laterReports.removeAll()
        takeIgnores()
        needsAttention = false
        deadlineChanged = false
        isHeld = false
        reset()
    }
}

/// Geometry of the touches a recognizer sees.
extension GestureRecognizer {
    /// Mean displacement of the touches of the sequence since each went down.
    var meanTranslation: Vector {
        var sx = 0.0, sy = 0.0, n = 0.0
        for t in touches {
            sx += t.location.x - t.initialLocation.x
            sy += t.location.y - t.initialLocation.y
            n += 1
        }
        return n > 0 ? Vector(dx: sx / n, dy: sy / n) : .zero
    }

    /// Twice the mean distance of the touches down from their centroid: for two fingers, the
    /// distance between them.
    var span: Double {
        let c = centroid
        var sum = 0.0, n = 0.0
        for t in touches where t.isActive {
            sum += t.location.distance(to: c)
            n += 1
        }
        return n > 0 ? 2 * sum / n : 0
    }
}
