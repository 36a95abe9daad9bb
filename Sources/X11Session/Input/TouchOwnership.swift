import GestureEngine
import GestureProfiles
import Logging

/// Who decides touchscreen touches.
public enum TouchMode: String, Sendable {
    /// The passive touch grab is ours: touches are decided (accepted or rejected).
    case owner
    /// The grab was refused (another client holds it): raw events, no claims.
    case observer
    /// No touch input at all (XI < 2.2).
    case none
}

/// Touchscreen touches under XI 2.2 ownership: the passive touch grab on root, each touch
/// fed to the engine, and the engine's verdict answered as `XIAcceptTouch` (a gesture claimed
/// it) or `XIRejectTouch` (the server replays the whole sequence to the application). A
/// released touch that a gesture still follows is carried on by raw events; without the grab
/// (another client holds it) raw events are all there is, and nothing is answered.
final class TouchOwnership {
    typealias Server = InputGrabs & ScreenLayout & InputInjection

    let server: Server
    private let feed: InputFeed
    private let timeline: ServerTimeline
    let logger: Logger
    /// Answers every verdict given so far (the router's); called before a reused touch id
    /// forgets the touch it named.
    var answerPendingVerdicts: () -> Void = {}
    /// Whether a touch that landed at a point landed on a window manager's decorations (a
    /// title bar, a border, a frame button) rather than on a client window.
    var landedOnDecorations: (_ at: Point) -> Bool = { _ in false }
    /// The client window on top at a point (nil: none the session knows).
    var windowAt: (_ point: Point) -> UInt64? = { _ in nil }
    private(set) var mode: TouchMode = .none

    /// An X touch: the physical device and its touch id.
    struct Key: Hashable { var source: Int32; var touch: UInt32 }

    struct Tracked {
        var id: TouchID
        /// The device to answer ownership for.
        var device: Int32
        /// We hold the touch and owe the server an answer.
        var awaitingVerdict: Bool
        /// Released while the engine still follows it: raw events carry it on.
        var followsRaw = false
        var ended = false
        var lastLocation: Point
        /// The first touch on the touchscreen: the server turns it into button 1 for pointer
        /// grabs and windows that do not take touches.
        var emulatesPointer = false
        /// Rejected by the engine; the answer waits for another client's pointer grab to go
        /// (``rejectWhenThePointerIsFree``).
        var rejectWaiting = false
        /// Where it landed.
        var landedAt: Point
        /// The server's time of its begin: the time a grab its replay activates takes.
        var beganAt: XTime = 0
        /// Released on a window manager's decorations: accepted, and given to the window
        /// manager as XTest pointer input instead (``relayToWindowManager``).
        var relayedAsPointer = false
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
    /// server said (``clientLandedOn(_:)``); forgotten when the client is destroyed.
    private var topLevels: [UInt64: XWindowID] = [:]
    private var keys: [TouchID: Key] = [:]
    private var nextTouchID: Int64 = 1
    /// Devices by id, for raw coordinates.
    private var devices: [Int32: InputDevice] = [:]
    private var matrices: [Int32: [Double]] = [:]
    /// Rejections of pointer-emulating touches waiting for another client's pointer grab to
    /// go, in the order they were decided, with the instant each was decided.
    var waitingRejects: [(key: Key, since: Instant)] = []
    /// Since when the first of ``waitingRejects`` has found the pointer held by another
    /// client (nil: it has not yet). Each rejection gets its own wait, counted from when it is
    /// next to go: one that waited behind others must still ask before it is sent.
    var headWaitingSince: Instant?
    /// How long a rejection waits for another client's pointer grab, at most, when that grab
    /// was there before our last replay (an application's menu, a mouse button held down:
    /// grabs that do not freeze the pointer, so a rejection cannot freeze it for good).
    static let longestRejectWait = 0.25
    /// How long it waits, at most, for a grab our own last replay activated: a window
    /// manager's synchronous click-to-focus grab, which freezes the pointer until the manager
    /// answers (in milliseconds; a loaded machine took over 250 ms). A rejection sent before
    /// it answers freezes the pointer for good (`make xorg-touch-repro REPRO=queued`), so it
    /// waits as long as a loaded manager may take.
    static let longestReplayGrabWait = 5.0
    /// The pointer was held by another client right after our last rejection of a
    /// pointer-emulating touch: a grab its replay activated (the server activates a passive
    /// grab while it processes the rejection), cleared once the pointer is seen free.
    var grabFromOurReplay = false
    /// How often a waiting rejection asks again, in seconds.
    static let rejectRetry = 0.001
    /// How long a rejection waits for an older pointer-emulating touch to be decided, at most
    /// (a tap's double-tap interval and more; every touch is decided within its gestures'
    /// deadlines, this only bounds a touch the server never ended).
    static let longestOrderWait = 1.0
    /// The begin time of the last pointer-emulating touch rejected, until the window manager
    /// is known to have read what its replay sent it (``windowManagerAnswered(at:)``).
    var lastEmulatingReplayBegan: XTime?
    /// A touch relayed to the window manager was lifted (its button released through XTest),
    /// and the manager is not known to have read that yet.
    var relayReleasedUnread = false
    /// When the window manager was asked the question a rejection waits on (nil: none waits).
    var roundTripAskedAt: Instant?
    /// Questions asked and not answered yet, the one waited on included: an answer counts
    /// only once every earlier question has had its own (one that came after a wait gave up
    /// belongs to an older question).
    var roundTripsUnanswered = 0
    /// How long a rejection waits for the window manager's answer, at most.
    static let longestRoundTripWait = 1.0
    /// The touch whose wait for an older one was logged last.
    var olderWaitNoted: TouchID?
    /// The next instant a waiting rejection is tried again (nil: none waits).
    var nextRejectRetry: Instant?

    init(server: Server, feed: InputFeed, timeline: ServerTimeline, logger: Logger) {
        self.server = server
        self.feed = feed
        self.timeline = timeline
        self.logger = logger
    }

    /// Takes the touch grab (`observeOnly`: never; raw events only).
    func start(observeOnly: Bool) {
        if observeOnly {
            mode = .observer
        } else if server.grabTouchBegin() {
            mode = .owner
            logger.info("touch grab on root taken: touches are decided by the gestures")
        } else {
            mode = .observer
            logger.warning("another client (a compositor or window manager?) holds the touch grab: observing only — gestures fire, but touches also reach the applications")
        }
    }

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
            if touches[key] != nil { finishStale(key, at: t) }
            let id = newID()
            touches[key] = Tracked(id: id, device: e.device, awaitingVerdict: mode == .owner, lastLocation: e.root, emulatesPointer: e.emulatesPointer,
                                   landedAt: e.root, beganAt: e.time, landedOnWindow: mode == .owner ? clientLandedOn(e) : nil,
                                   landedInTopLevel: e.child == 0 ? nil : XWindowID(e.child))
            keys[id] = key
            logger.debug("touch \(id) began at \(Int(e.root.x)),\(Int(e.root.y)) (device \(e.source), X touch \(e.touch)\(e.emulatesPointer ? ", the pointer's" : ""), over window 0x\(String(e.child, radix: 16)))")
            feed.touch(.began, id, e.root, at: t)
        case .update, .end:
            guard let tracked = touches[key], !tracked.ended, !tracked.followsRaw else { return }
            move(key, tracked, to: e.root, ended: e.phase == .end, at: t)
        }
    }

    /// A raw touch event: all there is without the grab; with it, only touches the engine
    /// follows after they were released.
    func handle(_ e: XRawTouchEvent) {
        let key = Key(source: e.source, touch: e.touch)
        let t = timeline.instant(e.time)
        if mode == .observer {
            guard let p = rawLocation(e) ?? touches[key]?.lastLocation else { return }
            switch e.phase {
            case .begin:
                if touches[key] != nil { finishStale(key, at: t) }
                let id = newID()
                touches[key] = Tracked(id: id, device: e.source, awaitingVerdict: false, lastLocation: p, landedAt: p)
                keys[id] = key
                feed.touch(.began, id, p, at: t)
            case .update, .end:
                guard let tracked = touches[key], !tracked.ended else { return }
                move(key, tracked, to: p, ended: e.phase == .end, at: t)
            }
            return
        }
        guard let tracked = touches[key], tracked.followsRaw, !tracked.ended, e.phase != .begin else { return }
        move(key, tracked, to: rawLocation(e) ?? tracked.lastLocation, ended: e.phase == .end, at: t)
    }

    private func newID() -> TouchID {
        defer { nextTouchID += 1 }
        return TouchID(nextTouchID)
    }

    /// The client window a touch landed on: the one on top at its point as the session knows
    /// the stacking, if the server's top-level window under the touch (the event's child of
    /// the root) holds it. The session may not have read a newer window mapped on top yet (it
    /// reads a burst of new windows a few at a time): then the touch did not land on the
    /// window the session names, whose destruction would wrongly make it an acceptance.
    private func clientLandedOn(_ e: XTouchEvent) -> UInt64? {
        guard let window = windowAt(e.root) else { return nil }
        // The window itself: not reparented yet when the touch began (a window manager
        // reparents a new window a moment after it is mapped).
        guard e.child != 0, UInt64(e.child) != window else { return window }
        if topLevels[window] != e.child {
            topLevels[window] = server.topLevel(of: XWindowID(window))
        }
        guard topLevels[window] == e.child else {
            logger.debug("the touch at \(Int(e.root.x)),\(Int(e.root.y)) landed in top-level window 0x\(String(e.child, radix: 16)), not the one holding window 0x\(String(window, radix: 16)) that the session has on top there")
            return nil
        }
        return window
    }

    /// A tracked touch moves (or ends there).
    private func move(_ key: Key, _ tracked: Tracked, to p: Point, ended: Bool, at t: Instant) {
        var tracked = tracked
        tracked.lastLocation = p
        if ended { tracked.ended = true }
        if tracked.relayedAsPointer {
            server.fakeMotion(to: p)
            if ended {
                server.fakeButton(1, pressed: false)
                relayReleasedUnread = true
            }
        }
        touches[key] = tracked
        feed.touch(ended ? .ended : .moved, tracked.id, p, at: t)
        forgetIfDone(key)
    }

    /// A touch id the server reuses while we still track the old one: end the old one.
    private func finishStale(_ key: Key, at t: Instant) {
        guard let old = touches[key] else { return }
        if !old.ended { feed.touch(.cancelled, old.id, old.lastLocation, at: t) }
        answerPendingVerdicts()
        if old.rejectWaiting {
            server.allowTouch(device: old.device, touch: key.touch, accept: false)
            waitingRejects.removeAll { $0.key == key }
        }
        touches[key] = nil
        keys[old.id] = nil
    }

    /// Device units to root coordinates: normalised by the axis ranges, through the device's
    /// transformation matrix, scaled to the screen (what the server does for device events).
    func rawLocation(_ e: XRawTouchEvent) -> Point? {
        guard let d = devices[e.source], let xr = d.xRange, let yr = d.yRange else { return nil }
        let previous = touches[Key(source: e.source, touch: e.touch)]?.lastLocation
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

    private func forgetIfDone(_ key: Key) {
        guard let t = touches[key], t.ended, !t.awaitingVerdict else { return }
        touches[key] = nil
        keys[t.id] = nil
    }

    // MARK: Verdicts

    /// Answers the server for a touch the engine decided (once: a touch we do not hold, or
    /// already answered, is left alone). A rejection of the pointer-emulating touch may wait
    /// (``rejectWhenThePointerIsFree``).
    func answer(_ id: TouchID, _ verdict: TouchVerdict, at now: Instant) {
        guard let key = keys[id], var t = touches[key], t.awaitingVerdict, !t.rejectWaiting else { return }
        // An older pointer-emulating touch answered otherwise than by a rejection lets the
        // rejections waiting behind it go.
        var queued = false
        defer { if !queued, !waitingRejects.isEmpty { rejectWhenThePointerIsFree(at: now) } }
        if verdict == .released, t.landedOnDestroyedWindow {
            logger.debug("touch \(t.id): the window it landed on was destroyed while it was held: accepted, not replayed into what is left of it")
            send(key, t, accept: true)
            return
        }
        if verdict == .released, t.emulatesPointer, landedOnDecorations(t.landedAt) {
            return relayToWindowManager(key, t)
        }
        if verdict == .released {
            // From now on the engine follows it through raw events, whenever the server gets
            // the answer.
            if !t.ended { t.followsRaw = true }
            if t.emulatesPointer || !waitingRejects.isEmpty {
                t.rejectWaiting = true
                touches[key] = t
                // In the order the touches began (see ``rejectWhenThePointerIsFree(at:)``).
                let at = waitingRejects.firstIndex { (touches[$0.key]?.id ?? t.id) > t.id } ?? waitingRejects.endIndex
                waitingRejects.insert((key, now), at: at)
                if at == 0 { headWaitingSince = nil }
                queued = true
                rejectWhenThePointerIsFree(at: now)
                return
            }
        }
        send(key, t, accept: verdict == .claimed)
    }

    /// Answers for a touch; returns whether the server replays it (a rejection that was not
    /// turned into an acceptance).
    @discardableResult
    func send(_ key: Key, _ tracked: Tracked, accept: Bool) -> Bool {
        var t = tracked
        var replayed = !accept
        let windows = landedWindows(t)
        if !accept, !windows.isEmpty {
            // Xorg 21.1.7 keeps the copies of the passive grabs under a touch after their
            // window is destroyed, and a rejection activating one crashes it (see
            // ``windowDestroyed(_:)``). A DestroyNotify still unread, or a window destroyed
            // while this rejection travels, would not be known here: the server answers
            // whether the windows are there, and takes the answer, with no other client between.
            replayed = server.rejectTouch(device: t.device, touch: key.touch, unlessGone: windows)
            if replayed {
                logger.debug("touch \(t.id): rejected (replayed to the application)")
            } else {
                logger.debug("touch \(t.id): the window it landed on, or its frame, is gone: accepted, not replayed into what is left of it")
            }
        } else {
            server.allowTouch(device: t.device, touch: key.touch, accept: accept)
            logger.debug("touch \(t.id): \(accept ? "accepted (a gesture claimed it)" : "rejected (replayed to the application)")")
        }
        t.awaitingVerdict = false
        t.rejectWaiting = false
        touches[key] = t
        forgetIfDone(key)
        return replayed
    }

    /// The windows whose grabs the server copied into a touch's listeners when it began, as
    /// far as known: the client it landed on and the top-level window holding it.
    private func landedWindows(_ t: Tracked) -> [XWindowID] {
        [t.landedOnWindow.map { XWindowID($0) }, t.landedInTopLevel].compactMap { $0 }
    }

    /// A touch released on a window manager's decorations is accepted and given to the window
    /// manager as pointer input through XTest: a press where it landed, motion to where it is,
    /// then its moves and its lift as they come.
    ///
    /// Xorg 21.1.7 (dix/events.c `ActivateImplicitGrab`) stamps the implicit grab of a
    /// replayed press with the server's time when the rejection arrives, later than the
    /// press's own time; a window manager that then grabs the pointer with the press's time
    /// (xfwm4 moving a window, or tracking a frame button) is refused with GrabInvalidTime,
    /// and the title bar does nothing. XTest events carry the server's time, so its grab holds.
    private func relayToWindowManager(_ key: Key, _ tracked: Tracked) {
        var t = tracked
        server.allowTouch(device: t.device, touch: key.touch, accept: true)
        server.fakeMotion(to: t.landedAt)
        server.fakeButton(1, pressed: true)
        server.fakeMotion(to: t.lastLocation)
        if t.ended {
            server.fakeButton(1, pressed: false)
            relayReleasedUnread = true
        }
        logger.debug("touch \(t.id): landed on the window manager's decorations: accepted and given to it as pointer input")
        t.awaitingVerdict = false
        t.relayedAsPointer = true
        touches[key] = t
        forgetIfDone(key)
    }

    /// A client window was destroyed. Touches held that landed on it (on top where they
    /// landed) are accepted rather than rejected when they are let go; those over a window
    /// destroyed below the one they landed on are replayed as ever (that window's grabs are
    /// not among their listeners: soak, an older window closed under a newer one).
    ///
    /// Xorg 21.1.7 (dix/touch.c) copies every passive grab under a touch into its listeners
    /// when it begins, each copy pointing at its window, and nothing removes them when that
    /// window is destroyed: a rejection then activates a copy on the freed window and the
    /// server crashes (`IsParent` via `ActivatePointerGrab`; seen under xfwm4). An
    /// acceptance replays nothing, and the application whose window it was is gone.
    ///
    /// A touch still down is accepted at once: its fate no longer depends on the gestures, and
    /// a pointer-emulating touch accepted after its end leaves the server's touch button count
    /// raised (button 1 down for the presses replayed after it, which then reach no window).
    func windowDestroyed(_ window: UInt64) {
        topLevels[window] = nil
        for (key, var t) in touches where t.awaitingVerdict && t.landedOnWindow == window {
            t.landedOnDestroyedWindow = true
            touches[key] = t
            if !t.ended {
                logger.debug("touch \(t.id): the window it landed on was destroyed while it was down: accepted now, not replayed into what is left of it")
                send(key, t, accept: true)
            }
        }
        // A rejection waiting for one of them to be decided first may go now.
        if !waitingRejects.isEmpty { rejectWhenThePointerIsFree(at: timeline.now) }
    }

    /// The touches held for a verdict.
    var heldTouches: Set<Key> { Set(touches.filter { $0.value.awaitingVerdict }.keys) }

    /// Shutting down: every touch still held is rejected (the applications get them), and a
    /// press relayed to the window manager is released.
    func rejectUndecided() {
        for (key, t) in touches where t.awaitingVerdict {
            let windows = landedWindows(t)
            if !windows.isEmpty {
                _ = server.rejectTouch(device: t.device, touch: key.touch, unlessGone: windows)
            } else {
                server.allowTouch(device: t.device, touch: key.touch, accept: false)
            }
        }
        for t in touches.values where t.relayedAsPointer && !t.ended {
            server.fakeButton(1, pressed: false)
        }
        waitingRejects = []
        headWaitingSince = nil
        nextRejectRetry = nil
        roundTripAskedAt = nil
        roundTripsUnanswered = 0
    }

    /// Drops the grab.
    func stop() {
        if mode == .owner { server.ungrabTouchBegin() }
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
