import GestureEngine
import GestureProfiles
import Logging

/// Turns what the X server delivers into engine input, and the engine's verdicts into the
/// answers the server waits for, as soon as the engine knows. Three parts, one per kind of
/// input: ``TouchOwnership`` (touchscreen touches: accept or reject), ``PointerInput`` (the
/// pointer trigger: keep or replay the press), ``TouchpadGestures`` (claimed at their begin).
/// This type selects the events, dispatches them, and answers the verdicts after each event.
///
/// Talks to the server only through the seam's protocols: unit tests drive it with a fake.
public final class InputRouter: TouchDecisionSink {
    public typealias Server = InputGrabs & InputDevices & InputInjection & ScreenLayout

    public let server: Server
    public let session: GestureSession
    public let timeline: ServerTimeline
    public var logger: Logger
    /// Every event fed to the session, with its instant (for `record`).
    public var recorder: ((InputEvent, Instant) -> Void)? {
        get { input.recorder }
        set { input.recorder = newValue }
    }

    public var touchMode: TouchMode { touches.mode }
    public var gesturesGrabbed: Bool { touchpad.grabbed }
    public var trigger: PointerTrigger? { pointer.trigger }

    private let input: InputFeed
    private let verdicts = PendingVerdicts()
    let touches: TouchOwnership
    let pointer: PointerInput
    let touchpad: TouchpadGestures
    let pointerReturn: PointerReturn

    /// `surroundings`: what touch ownership asks about the windows and the window manager.
    public init(server: Server, session: GestureSession, surroundings: TouchSurroundings, timeline: ServerTimeline, logger: Logger) {
        self.server = server
        self.session = session
        self.timeline = timeline
        self.logger = logger
        input = InputFeed(session: session)
        touches = TouchOwnership(server: server, feed: input, verdicts: verdicts, surroundings: surroundings, timeline: timeline, logger: logger)
        pointer = PointerInput(server: server, feed: input, verdicts: verdicts, timeline: timeline, surroundings: surroundings, logger: logger)
        touchpad = TouchpadGestures(server: server, feed: input, timeline: timeline, surroundings: surroundings, logger: logger)
        pointerReturn = PointerReturn(server: server)
        verdicts.answerer = self
        session.engine.decisionSink = self
    }

    // MARK: Set-up

    /// Selects the events and takes the grabs the configuration needs. `observeOnly` never
    /// takes a grab (record).
    public func start(observeOnly: Bool = false) {
        guard let version = server.negotiateInput() else {
            logger.error("the X server has no XInput 2.2: touch gestures are off")
            return
        }
        logger.info("XInput \(version.major).\(version.minor)")
        refreshDevices()
        // Raw events through the master devices only (each once, with the physical device as
        // source); hierarchy changes need every device.
        server.selectRootInput([.hierarchyChanged], from: .all)
        var rootEvents = XIEventType.rawTouches + XIEventType.rawPointer
        if observeOnly && version.hasGestures { rootEvents += XIEventType.gestures }
        server.selectRootInput(rootEvents, from: .masters)
        touches.start(observeOnly: observeOnly)
        if observeOnly {
            pointer.observe()
        } else {
            touchpad.start(version: version)
            setTrigger(session.runtime.configuration.settings.pointer)
        }
        if touches.mode.decides { pointerReturn.read() }
        server.flush()
    }

    /// Takes (or changes, or drops) the pointer trigger's grab.
    public func setTrigger(_ newTrigger: PointerTrigger?) { pointer.setTrigger(newTrigger) }

    /// Reads the devices again (at start, and when they change).
    public func refreshDevices() {
        let list = server.devices()
        var matrices: [Int32: [Double]] = [:]
        for d in list where d.touchMode != nil {
            if let m = server.transformationMatrix(device: d.id) { matrices[d.id] = m }
            logger.info("touch device \(d.id) \"\(d.name)\": \(d.classes.joined(separator: ", "))")
        }
        for d in list where d.gestureTouches != nil { logger.info("touchpad \(d.id) \"\(d.name)\": \(d.classes.joined(separator: ", "))") }
        touches.use(list, matrices: matrices)
    }

    /// Shutting down: every touch still undecided is rejected (the applications get them),
    /// a held pointer press is let go, and every grab is dropped.
    public func shutdown() { shutdown(awaitingEnds: { _ in }) }

    /// `shutdown()`, with `awaitingEnds` called between the rejections and the ungrabs with the
    /// touches just rejected (see ``Daemon``'s shutdown: the server may still owe us their end).
    func shutdown(awaitingEnds: (Set<TouchOwnership.Key>) -> Void) {
        let held = touches.heldTouches
        let released = session.engine.releaseUndecidedTouches()
        flushVerdicts()
        touches.rejectUndecided()
        if !released.isEmpty { logger.info("shutdown: released \(released.count) undecided touches to the applications") }
        if !held.isEmpty { awaitingEnds(held) }
        pointer.stop()
        touches.stop()
        touchpad.stop()
        server.sync()
    }

    // MARK: Events

    /// Feeds one event to the session (and the recorder).
    @discardableResult
    public func feed(_ event: InputEvent, at t: Instant) -> GestureSession.Outcome {
        input(event, at: t)
    }

    /// Handles one input event, as a frame of its own; ownership answers go out before it returns.
    public func handle(_ event: XInputEvent) { handle(event, endingFrame: true) }

    /// Handles one input event. Touch events of one device at one server time are one frame
    /// (the touches of one hardware frame reach the client back to back with one time): an
    /// event that does not continue the frame being gathered ends it first, and
    /// `endingFrame` ends the frame after this event — the caller's word that no event is
    /// queued after it (nothing waits for more to end a frame).
    public func handle(_ event: XInputEvent, endingFrame: Bool) {
        if let key = frameKey, !continues(key, event) { endFrame() }
        if let key = Self.frameKey(of: event) {
            frameKey = key
            input.device = key.source
        }
        switch event {
        case .touch(let e): touches.handle(e)
        case .touchOwnership(let e): touches.handle(e)
        case .rawTouch(let e): touches.handle(e)
        case .button(let e): pointer.handle(e)
        case .motion(let e): pointer.handle(e)
        case .rawMotion(_, let time):
            pointer.handleRawMotion(time: time)
            if touches.mode.decides { pointerReturn.pointerMoved(at: timeline.instant(time)) }
        case .rawButton(let pressed, _, let button, let time): pointer.handleRawButton(pressed: pressed, button: button, time: time)
        case .gesture(let e): touchpad.handle(e)
        case .hierarchyChanged:
            logger.info("input devices changed")
            refreshDevices()
        case .topLevelAdded(let window):
            touches.topLevelAdded(XWindowID(window))
            return
        case .topLevelReparented(let window):
            touches.topLevelReparented(XWindowID(window))
            return
        default:
            if endingFrame { endFrame() }
            return
        }
        if endingFrame { endFrame() } else { flushVerdicts() }
    }

    /// The device and server time of the touch frame being gathered.
    private var frameKey: (source: Int32, time: XTime)?

    private static func frameKey(of event: XInputEvent) -> (source: Int32, time: XTime)? {
        switch event {
        case .touch(let e): (e.source, e.time)
        case .rawTouch(let e): (e.source, e.time)
        default: nil
        }
    }

    private func continues(_ key: (source: Int32, time: XTime), _ event: XInputEvent) -> Bool {
        guard let other = Self.frameKey(of: event) else { return false }
        return other.source == key.source && other.time == key.time
    }

    /// Hands the touches gathered to the engine as one frame, and answers the verdicts it gave.
    public func endFrame() {
        frameKey = nil
        touches.beginObservedTouches()
        input.endFrame()
        flushVerdicts()
    }

    /// Whether touches wait in a frame not handed to the engine yet.
    public var hasFrame: Bool { input.hasFrame }

    // MARK: Verdicts

    /// Noted during the event; answered to the server after it (``flushVerdicts()``).
    public func touchDecided(_ decision: TouchDecision) {
        verdicts.append(decision.id, decision.verdict)
        if !decision.id.isPointer, touches.mode.decides, touches.isTouchscreenTouch(decision.id) {
            pointerReturn.touchDecided(claimed: decision.verdict == .claimed)
        }
    }

    /// An action clicked, pressed or released a button, or moved the pointer: the pointer
    /// stays where the hand left it (``PointerReturn``).
    public func pointerUsedByAnAction() { pointerReturn.pointerUsedByAnAction() }

    /// After deadlines ran outside an event: answers the verdicts they gave, and the
    /// rejections that waited for the pointer to be free.
    public func settle() {
        if let retry = touches.nextRejectRetry, retry <= timeline.now { touches.rejectWhenThePointerIsFree(at: timeline.now) }
        if touches.rootGrabRetry != nil { touches.retryRootGrab(at: timeline.now) }
        flushVerdicts()
        if touches.mode.decides, pointerReturn.hand != .none || pointerReturn.readDue != nil {
            let handDown = touches.anyTouchDown || !session.engine.undecidedTouches.isEmpty
            if case .left(let why) = pointerReturn.hand, !handDown { logger.debug("the pointer stays where the touch left it: \(why)") }
            let (movedTo, read) = pointerReturn.settle(handDown: handDown, at: timeline.now)
            if let p = movedTo { logger.debug("the pointer goes back to \(Int(p.x)),\(Int(p.y)), where the touch found it: every touch claimed, no action pointed") }
            if let p = read { logger.debug("the pointer rests at \(Int(p.x)),\(Int(p.y))") }
        }
    }

    /// When a rejection waiting for another client's pointer grab is tried again, or the root's
    /// touch grab after the window manager went (nil: none waits).
    public var nextDeadline: Instant? { [touches.nextRejectRetry, pointerReturn.readDue, touches.rootGrabRetry?.next].compactMap { $0 }.min() }

    /// Answers the server for every verdict the engine gave since the last call.
    func flushVerdicts() {
        guard !verdicts.isEmpty else { return }
        for (id, verdict) in verdicts.drain() {
            if id.isPointer {
                pointer.answer(button: Int(-id.rawValue), verdict)
            } else {
                touches.answer(id, verdict, at: timeline.now)
            }
        }
        server.flush()
    }

    /// A client window was destroyed (it was at `frame`): touches held over it are accepted
    /// when let go (``TouchOwnership/windowDestroyed(_:)``).
    public func windowDestroyed(_ window: UInt64) {
        touches.windowDestroyed(window)
        touches.windowManagerWindowDestroyed(XWindowID(window))
    }

    /// The focus moved or the client list changed (``TouchOwnership/windowManagerChangedFocus(clients:)``).
    public func windowManagerChangedFocus(clients: [XWindowID]) { touches.windowManagerChangedFocus(clients: clients) }

    /// The root's `_NET_SUPPORTING_WM_CHECK` changed (``TouchOwnership/windowManagerCheckChanged()``).
    public func windowManagerCheckChanged() { touches.windowManagerCheckChanged() }

    /// The window manager answered a round trip (``TouchOwnership/windowManagerAnswered(at:)``).
    public func windowManagerAnswered() { touches.windowManagerAnswered(at: timeline.now) }

    /// Whether the touchscreen's pointer-emulating touch is down (button 1 to the server,
    /// whoever owns the touch).
    public var touchHoldsPointer: Bool { touches.pointerEmulatingTouchDown }

    /// Touches tracked now (an X touch sequence not yet over, or not yet answered).
    public var trackedTouchCount: Int { touches.trackedCount }
}
