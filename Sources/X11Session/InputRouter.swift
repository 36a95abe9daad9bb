import CX11
import GestureEngine
import GestureProfiles
import GestureTraces
import Logging

/// Turns what the X server delivers into engine input, and the engine's verdicts into
/// ownership answers: `XIAcceptTouch` for a touch a gesture claimed, `XIRejectTouch` for one
/// it released (the server then replays the whole sequence to the application), as soon as
/// the engine knows. The same for the pointer trigger (`XIAsyncDevice` / `XIReplayDevice`)
/// and for touchpad gestures (decided at their begin). Released touches that a gesture still
/// follows are tracked through raw events.
///
/// Talks to the server only through the `XServer` seam: unit tests drive it with a fake.
public final class InputRouter: TouchDecisionSink {
    public let server: XServer
    public let session: GestureSession
    public let timeline: ServerTimeline
    public var logger: Logger
    /// Every event fed to the session, with its instant (for `record`).
    public var recorder: ((InputEvent, Instant) -> Void)?

    public enum TouchMode: String, Sendable {
        /// The passive touch grab is ours: touches are decided (accepted or rejected).
        case owner
        /// The grab was refused (another client holds it): raw events, no claims.
        case observer
        /// No touch input at all (XI < 2.2).
        case none
    }
    public private(set) var touchMode: TouchMode = .none
    public private(set) var gesturesGrabbed = false

    struct TouchKey: Hashable { var source: Int32; var touch: UInt32 }

    struct TrackedTouch {
        var id: TouchID
        /// The device to answer ownership for.
        var device: Int32
        /// We hold the touch and owe the server an answer.
        var awaitingVerdict: Bool
        /// Released while the engine still follows it: raw events carry it on.
        var followsRaw = false
        var ended = false
        var lastLocation: Point
    }

    private var touches: [TouchKey: TrackedTouch] = [:]
    private var keys: [TouchID: TouchKey] = [:]
    private var nextTouchID: Int64 = 1
    private var verdicts: [(TouchID, TouchVerdict)] = []
    /// Devices by id (for raw coordinates and for telling XTest devices apart).
    private var devicesByID: [Int32: InputDevice] = [:]
    private var matrices: [Int32: [Double]] = [:]

    // Pointer trigger
    public private(set) var trigger: PointerTrigger?
    private var triggerMasks: [UInt32] = []
    private var triggerGrabbed = false
    enum PointerHold: Equatable {
        case none
        /// The press went to the engine and our grab holds the pointer (XIAsyncDevice).
        case held(device: Int32, button: Int, pressedAt: Point)
        /// The press was given to the application; raw events follow the button.
        case following(button: Int)
    }
    private(set) var pointerHold: PointerHold = .none
    /// Raw button events our own XTest re-injection will cause, to be ignored.
    private var echoes: [Int: Int] = [:]
    /// Buttons our XTest device holds down for the application until the real release.
    private var reinjectedDown: Set<Int> = []

    /// Observing only: raw button events make pointer touches (no trigger, no grab).
    public private(set) var observesPointer = false
    private var observedButtons: Set<Int> = []

    // Touchpad
    private var touchpadClaimed: (kind: XGestureEvent.Kind, fingers: Int, angle: Double)?

    public init(server: XServer, session: GestureSession, timeline: ServerTimeline, logger: Logger) {
        self.server = server
        self.session = session
        self.timeline = timeline
        self.logger = logger
        session.engine.decisionSink = self
    }

    // MARK: Set-up

    /// Grabs what the configuration needs. `observeOnly` never takes a grab (record).
    public func start(observeOnly: Bool = false) {
        guard let version = server.negotiateInput() else {
            logger.error("the X server has no XInput 2.2: touch gestures are off")
            touchMode = .none
            return
        }
        logger.info("XInput \(version.major).\(version.minor)")
        refreshDevices()
        // Raw events through the master devices only (each once, with the physical device as
        // source); hierarchy changes need XIAllDevices.
        server.selectInput(on: server.root, device: 0 /* XIAllDevices */, events: [XI_HierarchyChanged])
        var rootEvents: [Int32] = [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd,
                                   XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease]
        if observeOnly && (version.major > 2 || version.minor >= 4) {
            rootEvents += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd, XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd]
        }
        server.selectInput(on: server.root, device: 1 /* XIAllMasterDevices */, events: rootEvents)
        if observeOnly {
            touchMode = .observer
            observesPointer = true
        } else if server.grabTouchBegin() {
            touchMode = .owner
            logger.info("touch grab on root taken: touches are decided by the gestures")
        } else {
            touchMode = .observer
            logger.warning("another client (a compositor or window manager?) holds the touch grab: observing only — gestures fire, but touches also reach the applications")
        }
        if !observeOnly && (version.major > 2 || version.minor >= 4) {
            gesturesGrabbed = server.grabGestures()
            if !gesturesGrabbed { logger.warning("touchpad gesture grab refused: touchpad bindings are off") }
        }
        if !observeOnly { setTrigger(session.runtime.configuration.settings.pointer) }
        server.flush()
    }

    /// Takes (or changes, or drops) the pointer trigger grab.
    public func setTrigger(_ newTrigger: PointerTrigger?) {
        if triggerGrabbed, let t = trigger { server.ungrabButton(t.button, modifierMasks: triggerMasks) }
        triggerGrabbed = false
        trigger = newTrigger
        guard let t = newTrigger else { return }
        triggerMasks = Self.modifierMasks(t.modifiers)
        triggerGrabbed = server.grabButton(t.button, modifierMasks: triggerMasks)
        if triggerGrabbed {
            logger.info("pointer trigger: button \(t.button)\(t.modifiers.isEmpty ? "" : " with " + t.modifiers.joined(separator: "+"))")
        } else {
            logger.warning("pointer trigger button \(t.button) is grabbed by another client: pointer gestures are off")
        }
    }

    /// The modifier masks to grab for a trigger: the exact modifiers, with and without Caps
    /// Lock and Num Lock (so those never disable the trigger).
    static func modifierMasks(_ names: [String]) -> [UInt32] {
        var mask: UInt32 = 0
        for n in names {
            switch n.lowercased() {
            case "shift": mask |= UInt32(ShiftMask)
            case "ctrl", "control": mask |= UInt32(ControlMask)
            case "alt", "mod1": mask |= UInt32(Mod1Mask)
            case "super", "mod4", "meta", "win": mask |= UInt32(Mod4Mask)
            case "mod3": mask |= UInt32(Mod3Mask)
            case "mod5", "altgr": mask |= UInt32(Mod5Mask)
            default: break
            }
        }
        let lock = UInt32(LockMask), num = UInt32(Mod2Mask)
        return [mask, mask | lock, mask | num, mask | lock | num]
    }

    public func refreshDevices() {
        let list = server.devices()
        devicesByID = Dictionary(list.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        matrices = [:]
        for d in list where d.touchMode != nil {
            if let m = server.transformationMatrix(device: d.id) { matrices[d.id] = m }
            logger.info("touch device \(d.id) \"\(d.name)\": \(d.classes.joined(separator: ", "))")
        }
        for d in list where d.gestureTouches != nil { logger.info("touchpad \(d.id) \"\(d.name)\": \(d.classes.joined(separator: ", "))") }
    }

    /// Shutting down: every touch still undecided is rejected (the applications get them),
    /// a held pointer press is replayed, and every grab is dropped.
    public func shutdown() {
        let released = session.engine.releaseUndecidedTouches()
        flushVerdicts()
        for (key, t) in touches where t.awaitingVerdict {
            server.allowTouch(device: t.device, touch: key.touch, accept: false)
        }
        if !released.isEmpty { logger.info("shutdown: released \(released.count) undecided touches to the applications") }
        if case .held(let device, _, _) = pointerHold { server.ungrabDevice(device) }
        for b in reinjectedDown { server.fakeButton(UInt32(b), pressed: false) }
        reinjectedDown = []
        if triggerGrabbed, let t = trigger { server.ungrabButton(t.button, modifierMasks: triggerMasks) }
        triggerGrabbed = false
        if touchMode == .owner { server.ungrabTouchBegin() }
        if gesturesGrabbed { server.ungrabGestures() }
        server.sync()
    }

    // MARK: Events

    /// Feeds one event to the session (and the recorder).
    public func feed(_ event: InputEvent, at t: Instant) -> GestureSession.Outcome {
        recorder?(event, t)
        return session.handle(event, at: t)
    }

    /// Feeds a touch of the engine's.
    private func feedTouch(_ phase: TouchPhase, _ id: TouchID, _ location: Point, at t: Instant) {
        _ = feed(.touch(TouchEvent(id: id, phase: phase, location: location, timestamp: t)), at: t)
    }

    /// Handles one input event; ownership answers go out before it returns.
    public func handle(_ event: XInputEvent) {
        switch event {
        case .touch(let e): handleTouch(e)
        case .rawTouch(let e): handleRawTouch(e)
        case .button(let e): handleButton(e)
        case .motion(let e):
            guard !e.emulated, case .held(let device, _, _) = pointerHold, device == e.device else { return }
            _ = feed(.pointer(phase: .motion, button: nil, location: e.root), at: timeline.instant(e.time))
        case .rawMotion(_, let time):
            if observesPointer {
                guard !observedButtons.isEmpty, let p = server.pointerPosition() else { return }
                _ = feed(.pointer(phase: .motion, button: nil, location: p), at: timeline.instant(time))
                return
            }
            guard case .following = pointerHold, let p = server.pointerPosition() else { return }
            _ = feed(.pointer(phase: .motion, button: nil, location: p), at: timeline.instant(time))
        case .rawButton(let pressed, _, let button, let time) where observesPointer:
            // Observing (record): buttons 1–3 held down are pointer touches, as in traces.
            guard (1...3).contains(button), let p = server.pointerPosition() else { return }
            if pressed {
                guard observedButtons.insert(button).inserted else { return }
            } else {
                guard observedButtons.remove(button) != nil else { return }
            }
            _ = feed(.pointer(phase: pressed ? .down : .up, button: button, location: p), at: timeline.instant(time))
        case .rawButton(let pressed, _, let button, let time):
            if !pressed, let n = echoes[button], n > 0 {
                echoes[button] = n - 1
                return
            }
            guard !pressed, case .following(let b) = pointerHold, b == button else { return }
            let p = server.pointerPosition() ?? session.pointerLocation
            _ = feed(.pointer(phase: .up, button: button, location: p), at: timeline.instant(time))
            pointerHold = .none
            if reinjectedDown.remove(button) != nil {
                server.fakeButton(UInt32(button), pressed: false)
                echoes[button, default: 0] += 1
            }
        case .gesture(let e): handleGesture(e)
        case .hierarchyChanged:
            logger.info("input devices changed")
            refreshDevices()
        default:
            return
        }
        flushVerdicts()
    }

    private func handleTouch(_ e: XTouchEvent) {
        let key = TouchKey(source: e.source, touch: e.touch)
        let t = timeline.instant(e.time)
        switch e.phase {
        case .begin:
            if touches[key] != nil { finishStale(key, at: t) }
            let id = TouchID(nextTouchID)
            nextTouchID += 1
            touches[key] = TrackedTouch(id: id, device: e.device, awaitingVerdict: touchMode == .owner, lastLocation: e.root)
            keys[id] = key
            logger.debug("touch \(id) began at \(Int(e.root.x)),\(Int(e.root.y)) (device \(e.source), X touch \(e.touch))")
            feedTouch(.began, id, e.root, at: t)
        case .update, .end:
            guard var tracked = touches[key], !tracked.ended, !tracked.followsRaw else { return }
            tracked.lastLocation = e.root
            if e.phase == .end { tracked.ended = true }
            touches[key] = tracked
            feedTouch(e.phase == .end ? .ended : .moved, tracked.id, e.root, at: t)
            forgetIfDone(key)
        }
    }

    /// A touch id the server reuses while we still track the old one: end the old one.
    private func finishStale(_ key: TouchKey, at t: Instant) {
        guard let old = touches[key] else { return }
        if !old.ended { feedTouch(.cancelled, old.id, old.lastLocation, at: t) }
        flushVerdicts()
        touches[key] = nil
        keys[old.id] = nil
    }

    private func handleRawTouch(_ e: XRawTouchEvent) {
        let key = TouchKey(source: e.source, touch: e.touch)
        let t = timeline.instant(e.time)
        if touchMode == .observer {
            guard let p = rawLocation(e) ?? touches[key]?.lastLocation else { return }
            switch e.phase {
            case .begin:
                if touches[key] != nil { finishStale(key, at: t) }
                let id = TouchID(nextTouchID)
                nextTouchID += 1
                touches[key] = TrackedTouch(id: id, device: e.source, awaitingVerdict: false, lastLocation: p)
                keys[id] = key
                feedTouch(.began, id, p, at: t)
            case .update, .end:
                guard var tracked = touches[key], !tracked.ended else { return }
                tracked.lastLocation = p
                if e.phase == .end { tracked.ended = true }
                touches[key] = tracked
                feedTouch(e.phase == .end ? .ended : .moved, tracked.id, p, at: t)
                forgetIfDone(key)
            }
            return
        }
        // Owner: raw events matter only for released touches a gesture still follows.
        guard var tracked = touches[key], tracked.followsRaw, !tracked.ended, e.phase != .begin else { return }
        let p = rawLocation(e) ?? tracked.lastLocation
        tracked.lastLocation = p
        if e.phase == .end { tracked.ended = true }
        touches[key] = tracked
        feedTouch(e.phase == .end ? .ended : .moved, tracked.id, p, at: t)
        forgetIfDone(key)
    }

    /// Device units to root coordinates: normalised by the axis ranges, through the device's
    /// transformation matrix, scaled to the screen (what the server does for device events).
    func rawLocation(_ e: XRawTouchEvent) -> Point? {
        guard let d = devicesByID[e.source], let xr = d.xRange, let yr = d.yRange else { return nil }
        let previous = touches[TouchKey(source: e.source, touch: e.touch)]?.lastLocation
        let screen = server.screenSize()
        var nx: Double, ny: Double
        if let x = e.x { nx = (x - xr.lowerBound) / (xr.upperBound - xr.lowerBound) } else if let p = previous { nx = p.x / screen.width } else { return nil }
        if let y = e.y { ny = (y - yr.lowerBound) / (yr.upperBound - yr.lowerBound) } else if let p = previous { ny = p.y / screen.height } else { return nil }
        if let m = matrices[e.source], e.x != nil || e.y != nil {
            let w = m[6] * nx + m[7] * ny + m[8]
            let tx = m[0] * nx + m[1] * ny + m[2], ty = m[3] * nx + m[4] * ny + m[5]
            if w != 0 && w.isFinite { nx = tx / w; ny = ty / w }
        }
        return Point(x: nx * screen.width, y: ny * screen.height)
    }

    private func forgetIfDone(_ key: TouchKey) {
        guard let t = touches[key], t.ended, !t.awaitingVerdict else { return }
        touches[key] = nil
        keys[t.id] = nil
    }

    // MARK: Verdicts

    /// Noted during the event; answered to the server after it (``flushVerdicts()``).
    public func touchDecided(_ decision: TouchDecision) {
        verdicts.append((decision.id, decision.verdict))
    }

    /// After deadlines ran outside an event: answers the verdicts they gave.
    public func settle() { flushVerdicts() }

    /// Answers the server for every verdict the engine gave since the last call.
    func flushVerdicts() {
        guard !verdicts.isEmpty else { return }
        let batch = verdicts
        verdicts.removeAll(keepingCapacity: true)
        for (id, verdict) in batch {
            if id.isPointer {
                pointerVerdict(button: Int(-id.rawValue), verdict)
                continue
            }
            guard let key = keys[id], var t = touches[key] else { continue }
            if t.awaitingVerdict {
                server.allowTouch(device: t.device, touch: key.touch, accept: verdict == .claimed)
                logger.debug("touch \(id): \(verdict == .claimed ? "accepted (a gesture claimed it)" : "rejected (replayed to the application)")")
                t.awaitingVerdict = false
                if verdict == .released && !t.ended { t.followsRaw = true }
            }
            touches[key] = t
            forgetIfDone(key)
        }
        server.flush()
    }

    // MARK: Pointer trigger

    private func handleButton(_ e: XButtonEvent) {
        guard !e.emulated, let trigger, e.button == trigger.button else { return }
        let t = timeline.instant(e.time)
        if e.pressed {
            guard pointerHold == .none else { return }
            _ = feed(.pointer(phase: .down, button: e.button, location: e.root), at: t)
            // Decided at once when nothing wants the press (no pointer gesture here): the
            // application gets it with no delay. Otherwise our grab keeps the pointer: a
            // frozen device queues even raw motion, so the engine could not see a drag.
            if let i = verdicts.firstIndex(where: { $0.0 == .pointer(Int64(e.button)) }), verdicts[i].1 == .released {
                verdicts.remove(at: i)
                server.allowEvents(device: e.device, replay: true)
                pointerHold = .following(button: e.button)
                logger.debug("pointer press replayed to the application: no gesture wants it")
            } else {
                server.allowEvents(device: e.device, replay: false)
                pointerHold = .held(device: e.device, button: e.button, pressedAt: e.root)
            }
        } else {
            guard case .held(_, let b, _) = pointerHold, b == e.button else { return }
            _ = feed(.pointer(phase: .up, button: e.button, location: e.root), at: t)
            flushVerdicts()  // a release verdict given at the end re-injects the click now
            if case .held = pointerHold { pointerHold = .none }  // claimed, or still undecided
        }
    }

    private func pointerVerdict(button: Int, _ verdict: TouchVerdict) {
        guard case .held(let device, let b, let pressedAt) = pointerHold, b == button else { return }
        guard verdict == .released else {
            logger.debug("pointer press claimed by a gesture")
            return
        }
        // The press was held by our grab and no gesture wants it: give the application the
        // click (or the drag so far) through XTest, with our passive grab lifted meanwhile.
        let stillDown = session.isPointerButtonDown(button)
        let here = server.pointerPosition() ?? session.pointerLocation
        server.ungrabDevice(device)
        if triggerGrabbed, let t = trigger { server.ungrabButton(t.button, modifierMasks: triggerMasks) }
        server.fakeMotion(to: pressedAt)
        server.fakeButton(UInt32(button), pressed: true)
        if here != pressedAt { server.fakeMotion(to: here) }
        if stillDown {
            pointerHold = .following(button: button)
            reinjectedDown.insert(button)
        } else {
            server.fakeButton(UInt32(button), pressed: false)
            echoes[button, default: 0] += 1
            pointerHold = .none
        }
        if let t = trigger { triggerGrabbed = server.grabButton(t.button, modifierMasks: triggerMasks) }
        logger.debug("pointer press released by the gestures: replayed to the application as a \(stillDown ? "press" : "click")")
    }

    // MARK: Touchpad gestures

    private func handleGesture(_ e: XGestureEvent) {
        let t = timeline.instant(e.time)
        let kind: TouchpadBinding.Kind = e.kind == .swipe ? .swipe : .pinch
        switch e.phase {
        case .begin:
            // The window under the pointer decides: tell the session where it is.
            _ = feed(.pointer(phase: .motion, button: nil, location: e.root), at: t)
            let outcome = feed(.touchpad(TouchpadEvent(gesture: kind, phase: .begin, fingers: e.fingers)), at: t)
            let claimed = outcome == .touchpadBegan(claimed: true)
            if gesturesGrabbed { server.allowEvents(device: e.device, replay: !claimed) }
            touchpadClaimed = claimed || !gesturesGrabbed ? (e.kind, e.fingers, 0) : nil
            logger.debug("touchpad \(e.fingers)-finger \(kind.rawValue): \(claimed ? "claimed by a binding" : "replayed to the application")")
        case .update:
            guard var c = touchpadClaimed, c.kind == e.kind else { return }
            c.angle += e.deltaAngle
            touchpadClaimed = c
            var u = TouchpadEvent(gesture: kind, phase: .update, fingers: e.fingers)
            u.dx = e.dx
            u.dy = e.dy
            u.scale = e.scale
            u.angle = c.angle
            _ = feed(.touchpad(u), at: t)
        case .end:
            guard let c = touchpadClaimed, c.kind == e.kind else { return }
            var u = TouchpadEvent(gesture: kind, phase: .end, fingers: e.fingers)
            u.cancelled = e.cancelled
            _ = feed(.touchpad(u), at: t)
            touchpadClaimed = nil
        }
    }

    /// Touches tracked now (tests, monitor).
    public var trackedTouchCount: Int { touches.count }
    public var undecidedTouchCount: Int { touches.values.filter(\.awaitingVerdict).count }
}
