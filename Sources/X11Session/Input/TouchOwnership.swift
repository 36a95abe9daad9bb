import GestureEngine
import GestureProfiles
import Logging

/// Touchscreen touches under XI 2.2 ownership: the passive touch grab on root, each touch
/// fed to the engine, and the engine's verdict answered as `XIAcceptTouch` (a gesture claimed
/// it) or `XIRejectTouch` (the server replays the whole sequence to the application). A
/// released touch that a gesture still follows is carried on by raw events. When a window
/// manager holds the root's grab, the grabs are on the top-level windows below it and each
/// touch is answered the same way, for the window it came through, once or before the window
/// manager lets go of it (``TouchMode/afterWindowManager``, TouchOwnership+TopLevels.swift);
/// without any grab raw events are all there is, and nothing is answered.
///
/// Two explicit states: the mode (``TouchMode``, its transitions drawn there) and, per touch,
/// how far its answer has come (``TouchState``, drawn there); each event is one `switch` over
/// the touch's state. What it asks of the desktop comes from ``TouchSurroundings``, handed in
/// when it is made.
final class TouchOwnership {
    typealias Server = InputGrabs & ScreenLayout & InputInjection

    let server: Server
    let feed: InputFeed
    let timeline: ServerTimeline
    let logger: Logger
    /// The windows and the window manager around the touches.
    let surroundings: TouchSurroundings
    /// The verdicts given and not answered yet (the router's); all are answered before a
    /// reused touch id forgets the touch it named.
    let verdicts: PendingVerdicts
    private(set) var mode: TouchMode = .none
    /// The window manager's check window when the mode became ``TouchMode/afterWindowManager``:
    /// its destruction says the window manager's client is gone (TouchOwnership+Mode.swift).
    var windowManagerCheck: XWindowID?
    /// When the root's grab is tried again, and until when, after the window manager's check
    /// window went (nil: it is not).
    var rootGrabRetry: (next: Instant, until: Instant)?

    /// An X touch: the physical device and its touch id.
    struct Key: Hashable { var source: Int32; var touch: UInt32 }

    struct Tracked {
        var id: TouchID
        /// How far its answer has come.
        var state: TouchState
        /// The device to answer ownership for.
        var device: Int32
        /// The window of the grab it came through: the one the answer names (0: the root).
        var grabWindow: XWindowID = 0
        /// Its finger is up (its end seen, through the grab or raw events).
        var ended = false
        var lastLocation: Point
        /// The first touch on the touchscreen: the server turns it into button 1 for pointer
        /// grabs and windows that do not take touches.
        var emulatesPointer = false
        /// Where it landed.
        var landedAt: Point
        /// The server's time of its begin: the time a grab its replay activates takes.
        var beganAt: XTime = 0
        /// The client window on top where it landed (the one whose frame's passive grabs the
        /// server copied into its listeners), as the session knew the stacking then.
        var landedOnWindow: UInt64?
        /// The server's top-level window under it when it began (the event's child of the
        /// root: a window manager's frame, or an unmanaged window); nil over the bare root.
        var landedInTopLevel: XWindowID?
        /// The window it landed on was destroyed while it was held (``windowDestroyed(_:)``).
        var landedOnDestroyedWindow = false
    }

    var touches: [Key: Tracked] = [:]
    /// The top-level window (frame) holding each client window touches landed on, as the
    /// server said (``clientLandedOn(_:topLevel:)``); forgotten when the client is destroyed.
    var topLevels: [UInt64: XWindowID] = [:]
    var keys: [TouchID: Key] = [:]
    private var nextTouchID: Int64 = 1
    /// Devices by id, for raw coordinates.
    var devices: [Int32: InputDevice] = [:]
    var matrices: [Int32: [Double]] = [:]
    /// Below a window manager's grab: the top-level windows that have our touch grab.
    var grabbedTopLevels: Set<XWindowID> = []
    /// Below a window manager's grab: raw begins of touches no grab of ours may have
    /// (their TouchBegin comes with them if one does), begun as observed at the frame's end.
    var pendingRawBegins: [Key: XRawTouchEvent] = [:]
    /// The rejections that wait, and what they wait on.
    var rejections = RejectionQueue()
    /// The next instant a waiting rejection is tried again (nil: none waits).
    var nextRejectRetry: Instant? { rejections.nextRetry }

    init(server: Server, feed: InputFeed, verdicts: PendingVerdicts, surroundings: TouchSurroundings, timeline: ServerTimeline, logger: Logger) {
        self.server = server
        self.feed = feed
        self.verdicts = verdicts
        self.surroundings = surroundings
        self.timeline = timeline
        self.logger = logger
    }

    /// Takes the touch grab (`observeOnly`: never; raw events only): on root, else on the
    /// top-level windows below the client that holds the root's.
    func start(observeOnly: Bool) {
        mode = TouchMode.started(observeOnly: observeOnly, rootGrabbed: { server.grabTouchBegin() }, topLevelsGrabbed: { startAfterWindowManager() })
        switch mode {
        case .owner: logger.info("touch grab on root taken: touches are decided by the gestures")
        case .observer where !observeOnly:
            logger.warning("another client (a compositor or window manager?) holds the touch grab on the root window, and the top-level windows' were refused too: observing only — gestures fire, but every touch also reaches the programs")
        default: break
        }
    }

    /// Becomes the mode `next` (a transition of ``TouchMode``).
    func enter(_ next: TouchMode) { mode = next }

    /// The devices and their coordinate transformation matrices (for raw events).
    func use(_ list: [InputDevice], matrices: [Int32: [Double]]) {
        devices = Dictionary(list.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        self.matrices = matrices
    }

    // MARK: Events

    /// A touch event of the grab.
    func handle(_ e: XTouchEvent) {
        let key = Key(source: e.source, touch: e.touch)
        let t = timeline.instant(e.time)
        switch e.phase {
        case .begin:
            pendingRawBegins[key] = nil
            if let old = touches[key] {
                // The same touch again: through a second grab of ours, or seen raw first.
                if old.beganAt == e.time, mode == .afterWindowManager { return sameTouchAgain(key, old, e) }
                finishStale(key, at: t)
            }
            let id = newID()
            // Below a window manager's grab, the event's window is our grab's, a top-level one.
            let topLevel = mode == .afterWindowManager && grabbedTopLevels.contains(XWindowID(e.window)) ? e.window : e.child
            let state: TouchState = mode.decides ? .held(owned: mode == .owner) : .observed(verdict: nil)
            touches[key] = Tracked(id: id, state: state, device: e.device, grabWindow: XWindowID(e.window),
                                   lastLocation: e.root, emulatesPointer: e.emulatesPointer, landedAt: e.root, beganAt: e.time,
                                   landedOnWindow: mode.decides ? clientLandedOn(e, topLevel: topLevel) : nil,
                                   landedInTopLevel: topLevel == 0 ? nil : XWindowID(topLevel))
            keys[id] = key
            logger.debug("touch \(id) began at \(Int(e.root.x)),\(Int(e.root.y)) (device \(e.source), X touch \(e.touch)\(e.emulatesPointer ? ", the pointer's" : ""), over window 0x\(String(topLevel, radix: 16)))")
            feed.touch(.began, id, e.root, at: t, landedOn: surroundings.landingWindow(at: e.root, topLevel: topLevel == 0 ? nil : XWindowID(topLevel)))
        case .update, .end:
            guard let tracked = touches[key] else { return }
            // A copy through a second grab of ours (rejected at its begin).
            if case .observed = tracked.state {} else if e.window != UInt(tracked.grabWindow) { return }
            // An end before the touch is ours: our rejection's, or the window manager took it.
            if e.phase == .end, !tracked.state.owned { return endedBeforeOwnership(key, tracked, at: t) }
            guard !tracked.ended, !tracked.state.carriedByRawEvents else { return }
            move(key, tracked, to: e.root, ended: e.phase == .end || e.pendingEnd, at: t)
        }
    }

    func newID() -> TouchID {
        defer { nextTouchID += 1 }
        return TouchID(nextTouchID)
    }

    /// The client window a touch landed on: the one on top at its point as the session knows
    /// the stacking, if the server's top-level window under the touch (the event's child of
    /// the root) holds it. The session may not have read a newer window mapped on top yet (it
    /// reads a burst of new windows a few at a time): then the touch did not land on the
    /// window the session names, whose destruction would wrongly make it an acceptance.
    func clientLandedOn(_ e: XTouchEvent, topLevel: UInt) -> UInt64? {
        guard let window = surroundings.clientWindow(at: e.root) else { return nil }
        // The window itself: not reparented yet when the touch began (a window manager
        // reparents a new window a moment after it is mapped).
        guard topLevel != 0, UInt64(topLevel) != window else { return window }
        if topLevels[window] != topLevel {
            topLevels[window] = server.topLevel(of: XWindowID(window))
        }
        guard topLevels[window] == topLevel else {
            logger.debug("the touch at \(Int(e.root.x)),\(Int(e.root.y)) landed in top-level window 0x\(String(topLevel, radix: 16)), not the one holding window 0x\(String(window, radix: 16)) that the session has on top there")
            return nil
        }
        return window
    }

    /// A tracked touch moves (or ends there).
    func move(_ key: Key, _ tracked: Tracked, to p: Point, ended: Bool, at t: Instant) {
        var tracked = tracked
        tracked.lastLocation = p
        if ended { tracked.ended = true }
        if tracked.state == .relayed {
            server.fakeMotion(to: p)
            if ended {
                server.fakeButton(1, pressed: false)
                rejections.relayReleasedUnread = true
            }
        }
        touches[key] = tracked
        feed.touch(ended ? .ended : .moved, tracked.id, p, at: t)
        forgetIfDone(key)
    }

    /// A touch id the server reuses while we still track the old one: end the old one.
    func finishStale(_ key: Key, at t: Instant) {
        guard let old = touches[key] else { return }
        if !old.ended { feed.touch(.cancelled, old.id, old.lastLocation, at: t) }
        verdicts.answerAll()
        if case .rejectionWaiting = old.state {
            server.allowTouch(device: old.device, touch: key.touch, window: old.grabWindow, accept: false)
            rejections.waiting.removeAll { $0.key == key }
        }
        touches[key] = nil
        keys[old.id] = nil
    }

    /// Forgets a touch whose finger is up and for which nothing is owed (``TouchState/isSettled``).
    func forgetIfDone(_ key: Key) {
        guard let t = touches[key], t.ended, t.state.isSettled else { return }
        touches[key] = nil
        keys[t.id] = nil
    }

    // MARK: Verdicts

    /// Answers the server for a touch the engine decided (once: a touch we do not hold, or
    /// already answered, is left alone). A rejection of the pointer-emulating touch may wait
    /// (``rejectWhenThePointerIsFree``).
    func answer(_ id: TouchID, _ verdict: TouchVerdict, at now: Instant) {
        guard let key = keys[id], var t = touches[key] else { return }
        switch t.state {
        case .observed:
            // Kept in case its TouchBegin through a grab comes after all (``sameTouchAgain``).
            t.state = .observed(verdict: verdict)
            touches[key] = t
            return
        case .held(let owned):
            // An older pointer-emulating touch answered otherwise than by a rejection lets the
            // rejections waiting behind it go.
            var queued = false
            defer { if !queued, !rejections.waiting.isEmpty { rejectWhenThePointerIsFree(at: now) } }
            guard verdict == .released else {
                send(key, t, accept: verdict == .claimed)
                return
            }
            if t.landedOnDestroyedWindow {
                logger.debug("touch \(t.id): the window it landed on was destroyed while it was held: accepted, not replayed into what is left of it")
                send(key, t, accept: true)
                return
            }
            if t.emulatesPointer, surroundings.isOnDecorations(t.landedAt) {
                guard owned else {
                    // XTest input now would come while the window manager still holds the touch.
                    t.state = .relayWhenOwned
                    touches[key] = t
                    return
                }
                return relayToWindowManager(key, t)
            }
            // From now on the engine follows it through raw events, whenever the server gets
            // the answer.
            let stillDown = !t.ended
            guard t.emulatesPointer || !rejections.waiting.isEmpty else {
                send(key, t, accept: false, followsRaw: stillDown)
                return
            }
            t.state = t.state.rejectionQueued(stillDown: stillDown)
            touches[key] = t
            // In the order the touches began (see ``rejectWhenThePointerIsFree(at:)``).
            let at = rejections.waiting.firstIndex { (touches[$0.key]?.id ?? t.id) > t.id } ?? rejections.waiting.endIndex
            rejections.waiting.insert((key, now), at: at)
            if at == 0 { rejections.headWaitingSince = nil }
            queued = true
            rejectWhenThePointerIsFree(at: now)
        case .rejectionWaiting, .relayWhenOwned, .accepted, .relayed, .rejected, .keptByWindowManager:
            return
        }
    }

    /// Answers for a touch; returns whether the server replays it (a rejection that was not
    /// turned into an acceptance). `followsRaw`: raw events carry it on from now (a touch
    /// released while down); by default, as its state says.
    @discardableResult
    func send(_ key: Key, _ tracked: Tracked, accept: Bool, followsRaw: Bool? = nil) -> Bool {
        if accept {
            server.allowTouch(device: tracked.device, touch: key.touch, window: tracked.grabWindow, accept: true)
            logger.debug("touch \(tracked.id): accepted (a gesture claimed it)")
            answered(key, tracked, replayed: false, followsRaw: followsRaw)
            return false
        }
        return sendRejection(key, tracked, unlessPointerHeldAt: nil, followsRaw: followsRaw) == .replayed
    }

    /// Rejects a touch, or accepts it when the window it landed on is gone; with `serverTime`,
    /// sends nothing while another client holds the pointer (``RejectionAnswer/pointerHeld``:
    /// the touch stays as it was).
    func sendRejection(_ key: Key, _ tracked: Tracked, unlessPointerHeldAt serverTime: XTime?, followsRaw: Bool? = nil) -> RejectionAnswer {
        // Xorg 21.1.7 keeps the copies of the passive grabs under a touch after their window
        // is destroyed, and a rejection activating one crashes it (see
        // ``windowDestroyed(_:)``). A DestroyNotify still unread, or a window destroyed while
        // this rejection travels, would not be known here: the server answers whether the
        // windows are there, and takes the answer, with no other client between.
        let answer = server.rejectTouch(device: tracked.device, touch: key.touch, window: tracked.grabWindow,
                                        unlessGone: landedWindows(tracked), unlessPointerHeldAt: serverTime)
        switch answer {
        case .pointerHeld:
            return answer
        case .replayed:
            logger.debug("touch \(tracked.id): rejected (replayed to the application)")
        case .acceptedWindowGone:
            logger.debug("touch \(tracked.id): the window it landed on, or its frame, is gone: accepted, not replayed into what is left of it")
        }
        answered(key, tracked, replayed: answer == .replayed, followsRaw: followsRaw)
        return answer
    }

    private func answered(_ key: Key, _ tracked: Tracked, replayed: Bool, followsRaw: Bool?) {
        var t = tracked
        t.state = replayed ? .rejected : .accepted(owned: t.state.owned, followsRaw: followsRaw ?? t.state.carriedByRawEvents)
        touches[key] = t
        forgetIfDone(key)
    }

    /// The windows whose grabs the server copied into a touch's listeners when it began, as
    /// far as known: the client it landed on and the top-level window holding it.
    private func landedWindows(_ t: Tracked) -> [XWindowID] {
        [t.landedOnWindow.map { XWindowID($0) }, t.landedInTopLevel].compactMap { $0 }
    }

    /// The touches held for a verdict.
    var heldTouches: Set<Key> { Set(touches.filter { $0.value.state.isHeld }.keys) }

    /// Shutting down: every touch still held is rejected (the applications get them), and a
    /// press relayed to the window manager is released.
    func rejectUndecided() {
        // Those released on decorations before they were ours wait for nothing now.
        for (key, t) in touches where t.state.isHeld {
            _ = server.rejectTouch(device: t.device, touch: key.touch, window: t.grabWindow, unlessGone: landedWindows(t), unlessPointerHeldAt: nil)
        }
        for t in touches.values where t.state == .relayed && !t.ended {
            server.fakeButton(1, pressed: false)
        }
        rejections.clear()
    }

    /// Drops the grabs.
    func stop() {
        if mode == .owner { server.ungrabTouchBegin() }
        for window in grabbedTopLevels { server.ungrabTouchBegin(on: window) }
        grabbedTopLevels = []
    }

    var trackedCount: Int { touches.count }

    /// Whether a pointer-emulating touch is down (its end not seen yet, through the grab or
    /// raw events).
    var pointerEmulatingTouchDown: Bool { touches.values.contains { $0.emulatesPointer && !$0.ended } }
    /// Whether any touch of ours is down.
    var anyTouchDown: Bool { touches.values.contains { !$0.ended } }
    /// Whether `id` is a touch of a touchscreen (direct touch), not of a touchpad.
    func isTouchscreenTouch(_ id: TouchID) -> Bool {
        guard let key = keys[id] else { return false }
        return devices[key.source]?.touchMode == .direct
    }
}
