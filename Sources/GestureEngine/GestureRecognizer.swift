/// The built-in kinds of recognizer (semantics.md §8).
public enum GestureKind: String, Hashable, Sendable {
    case tap, longPress, pan, swipe, pinch, rotation, edgePan, stroke, custom
}

/// Base class of every recognizer: a small state machine that looks at the touches it is
/// given and *reports* what it sees (``report(_:)``). Whether a report becomes a state
/// change — failure requirements, `shouldBegin`, exclusion, simultaneity — is decided by the
/// engine's arena, never here.
///
/// Subclasses override the `touch…` hooks, ``deadlineReached(_:)``, ``reset()`` and
/// ``values``; they read ``state`` to know what the arena made of their reports.
open class GestureRecognizer: CustomStringConvertible {
    /// Unique within a profile file; used in logs and relations.
    public let name: String
    /// The current state, as set by the arena.
    public internal(set) var state: GestureState = .possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?

    /// A disabled recognizer sees nothing; disabling it mid-gesture cancels or fails it.
    public var isEnabled = true {
        didSet { if oldValue && !isEnabled { view?.engine?.recognizerWasDisabled(self) } }
    }
    /// semantics.md §6 [true]: when it begins/recognizes, the view's copy of its touches is cancelled.
    public var cancelsTouchesInView = true
    /// semantics.md §6 [false]: began/moved are withheld from the view while possible.
    public var delaysTouchesBegan = false
    /// semantics.md §6 [true]: ended is withheld from the view while possible.
    public var delaysTouchesEnded = true

    // MARK: Relations (semantics.md §3, §4)

    /// Recognizers that must fail before this one may leave `possible` (declared).
    public private(set) var failureRequirements: [GestureRecognizer] = []
    /// Recognizes simultaneously with every other recognizer (an observer).
    public var recognizesSimultaneouslyWithAll = false
    private var simultaneous: Set<ObjectIdentifier> = []
    private var mayNotPrevent: Set<ObjectIdentifier> = []
    private var mayNotBePreventedBy: Set<ObjectIdentifier> = []
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

    // MARK: Arena bookkeeping (internal)

    /// Every touch received in the current sequence (ended ones included), minus ignored ones.
    public private(set) var touches: [Touch] = []
    /// When set, ``deadlineReached(_:)`` is called once the engine's time reaches it.
    public internal(set) var deadline: Instant? {
        didSet { if deadline != oldValue { sequenceEngine?.deadlinesChanged() } }
    }
    /// A transition wanted while a required recognizer was unresolved (semantics.md §3).
    var heldTransition: GestureState?
    /// In the engine's list of recognizers with a sequence under way.
    var inSequence = false
    /// The engine driving the current sequence: set when the first touch is received and
    /// cleared at reset (or when the engine goes away), so reports need no tree walk.
    unowned(unsafe) var sequenceEngine: GestureEngine?
    /// Scratch mark for graph walks.
    var visitMark = 0
    var resolveMark = 0

    public init(name: String) {
        self.name = name
        touches.reserveCapacity(8)
    }

    /// The kind, for control precedence and logs.
    open var kind: GestureKind { .custom }
    /// Continuous gestures go through began/changed; discrete ones recognize at once.
    open var isContinuous: Bool { false }

    public var description: String { "\(name)[\(state.name(continuous: isContinuous))]" }

    // MARK: Relations API

    /// This recognizer stays `possible` until `other` fails (semantics.md §3).
    public func require(toFail other: GestureRecognizer) {
        if !failureRequirements.contains(where: { $0 === other }) { failureRequirements.append(other) }
    }

    /// Allows this recognizer and `other` to recognize together (symmetric through the OR rule).
    public func recognizeSimultaneously(with other: GestureRecognizer) {
        simultaneous.insert(ObjectIdentifier(other))
    }

    /// One-way: this recognizer may not stop `other` when it wins.
    public func doesNotPrevent(_ other: GestureRecognizer) {
        mayNotPrevent.insert(ObjectIdentifier(other))
    }

    /// One-way: `other` may not stop this recognizer when it wins.
    public func isNotPrevented(by other: GestureRecognizer) {
        mayNotBePreventedBy.insert(ObjectIdentifier(other))
    }

    func declaresSimultaneity(with other: GestureRecognizer) -> Bool {
        recognizesSimultaneouslyWithAll || simultaneous.contains(ObjectIdentifier(other))
            || (shouldRecognizeSimultaneouslyHook?(self, other) ?? false)
    }

    /// Whether this recognizer, winning, may stop `other`. The built-in rules live in overrides.
    open func canPrevent(_ other: GestureRecognizer) -> Bool {
        !mayNotPrevent.contains(ObjectIdentifier(other)) && (canPreventHook?(self, other) ?? true)
    }

    /// Whether `other`, winning, may stop this recognizer.
    open func canBePrevented(by other: GestureRecognizer) -> Bool {
        !mayNotBePreventedBy.contains(ObjectIdentifier(other)) && (canBePreventedHook?(self, other) ?? true)
    }

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
    open func touchEnded(_ touch: Touch) {}
    /// The device cancelled the touch. Default: cancel if in progress, else fail.
    open func touchCancelled(_ touch: Touch) {
        report(state.isInProgress ? .cancelled : .failed)
    }
    /// The engine's time reached ``deadline`` (which is cleared before the call).
    open func deadlineReached(_ now: Instant) {}
    /// Back to a fresh `possible`: forget everything about the past sequence. Call super.
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
    /// (= recognized), `.cancelled` or `.failed`. The arena decides what happens.
    public final func report(_ wanted: GestureState) {
        guard inSequence, let engine = sequenceEngine else { return }
        engine.arena.request(self, wanted)
    }

    /// Stops receiving `touch`; the touch is then never cancelled in the view on this
    /// recognizer's account (semantics.md §2.4).
    public final func ignore(_ touch: Touch) {
        guard let i = touches.firstIndex(where: { $0 === touch }) else { return }
        touches.remove(at: i)
        if touch.isActive { touchesDown -= 1 }
        if let j = touch.receivers.firstIndex(where: { $0 === self }) { touch.receivers.remove(at: j) }
    }

    /// Asks for ``deadlineReached(_:)`` at `instant` (replacing any earlier request); nil cancels.
    public final func setDeadline(_ instant: Instant?) {
        deadline = instant
    }

    /// The engine's current time (the timestamp of the event or deadline being processed).
    public final var now: Instant { (inSequence ? sequenceEngine?.now : nil) ?? view?.engine?.now ?? .zero }

    /// Touches of the sequence that are still down.
    public final var numberOfTouches: Int { touchesDown }
    /// Kept by the engine as touches are received, end, or are ignored.
    var touchesDown = 0

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

    // MARK: Engine interface (internal)

    func receive(_ touch: Touch) {
        touches.append(touch)
        touchesDown += 1
    }

    func isTracking(_ touch: Touch) -> Bool {
        touches.contains { $0 === touch }
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
        for t in touches {
            if let j = t.receivers.firstIndex(where: { $0 === self }) { t.receivers.remove(at: j) }
        }
        touches.removeAll(keepingCapacity: true)
        touchesDown = 0
        deadline = nil
        heldTransition = nil
        reset()
    }
}
