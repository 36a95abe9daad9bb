import GestureEngine
import GestureProfiles
import Logging

/// Who decides touchscreen touches.
public enum TouchMode: String, Sendable {
    /// The passive touch grab is ours: touches are decided (accepted or rejected).
    case owner
    /// Another client (a window manager: muffin, mutter) holds the passive touch grab on the
    /// root window and sees every touch first; ours are on the top-level windows below it,
    /// which the server makes the next listeners: each touch it lets go of is decided as the
    /// owner decides it (``TouchOwnership`` + TopLevels).
    case afterWindowManager = "owner after the window manager"
    /// No grab could be had (another client holds the root's, and the top-level windows'
    /// were refused): raw events, no claims.
    case observer
    /// No touch input at all (XI < 2.2).
    case none

    /// Touches are decided (accepted or rejected), not only observed.
    public var decides: Bool { self == .owner || self == .afterWindowManager }
}

/// Touchscreen touches under XI 2.2 ownership: the passive touch grab on root, each touch
/// fed to the engine, and the engine's verdict answered as `XIAcceptTouch` (a gesture claimed
/// it) or `XIRejectTouch` (the server replays the whole sequence to the application). A
/// released touch that a gesture still follows is carried on by raw events. When a window
/// manager holds the root's grab, the grabs are on the top-level windows below it and each
/// touch is answered the same way, for the window it came through, once or before the window
/// manager lets go of it (``TouchMode/afterWindowManager``, TouchOwnership+TopLevels.swift);
/// without any grab raw events are all there is, and nothing is answered.
final class TouchOwnership {
    typealias Server = InputGrabs & ScreenLayout & InputInjection

    let server: Server
    let feed: InputFeed
    let timeline: ServerTimeline
    let logger: Logger
    /// Answers every verdict given so far (the router's); called before a reused touch id
    /// forgets the touch it named.
    var answerPendingVerdicts: () -> Void = {}
    /// Whether a touch that landed at a point landed on a window manager's decorations (a
    /// title bar, a border, a frame button) rather than on a client window.
    var landedOnDecorations: (_ at: Point) -> Bool = { _ in false }
    /// The client window on top at a point (nil: none the session knows).
    var windowAt: (_ point: Point) -> UInt64? = { _ in nil }
    /// The window manager's name (`_NET_WM_NAME` of its check window), for the log.
    var windowManagerName: () -> String? = { nil }
    var mode: TouchMode = .none

    /// An X touch: the physical device and its touch id.
    struct Key: Hashable { var source: Int32; var touch: UInt32 }

    struct Tracked {
        var id: TouchID
        /// The device to answer ownership for.
        var device: Int32
        /// We hold the touch and owe the server an answer.
        var awaitingVerdict: Bool
        /// The window of the grab it came through: the one the answer names (0: the root).
        var grabWindow: XWindowID = 0
        /// The touch is ours (always under our grab on root; below a window manager's grab,
        /// once it let go: `XI_TouchOwnership`).
        var owned = true
        /// How it was answered (nil: not yet): an end that comes before ownership is the
        /// end of our rejection, or the window manager taking it.
        var answeredAccept: Bool?
        /// Seen through raw events only, where no grab of ours listens (below a window
        /// manager's grab: the bare root, a window whose grab was refused): nothing is owed.
        var observedOnly = false
        /// The engine's verdict on an observed touch, kept in case its TouchBegin through a
        /// grab comes after all (``adopt``).
        var observedVerdict: TouchVerdict?
        /// Released on decorations before the window manager let go of it: relayed once it does.
        var relayWhenOwned = false
        /// The window manager accepted it for a gesture of its own (its end came before ownership).
        var keptByWindowManager = false
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

    /// Takes the touch grab (`observeOnly`: never; raw events only): on root, else on the
    /// top-level windows below the client that holds the root's.
    func start(observeOnly: Bool) {
        if observeOnly {
            mode = .observer
        } else if server.grabTouchBegin() {
            mode = .owner
            logger.info("touch grab on root taken: touches are decided by the gestures")
        } else if startAfterWindowManager() {
            mode = .afterWindowManager
        } else {
            mode = .observer
            logger.warning("another client (a compositor or window manager?) holds the touch grab on the root window, and the top-level windows' were refused too: observing only — gestures fire, but every touch also reaches the programs")
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
            pendingRawBegins[key] = nil
            if let old = touches[key] {
                // The same touch again: through a second grab of ours, or seen raw first.
                if old.beganAt == e.time, mode == .afterWindowManager { return sameTouchAgain(key, old, e) }
                finishStale(key, at: t)
            }
            let id = newID()
            // Below a window manager's grab, the event's window is our grab's, a top-level one.
            let topLevel = mode == .afterWindowManager && grabbedTopLevels.contains(XWindowID(e.window)) ? e.window : e.child
            touches[key] = Tracked(id: id, device: e.device, awaitingVerdict: mode.decides, grabWindow: XWindowID(e.window), owned: mode == .owner,
                                   lastLocation: e.root, emulatesPointer: e.emulatesPointer, landedAt: e.root, beganAt: e.time,
                                   landedOnWindow: mode.decides ? clientLandedOn(e, topLevel: topLevel) : nil,
                                   landedInTopLevel: topLevel == 0 ? nil : XWindowID(topLevel))
            keys[id] = key
            logger.debug("touch \(id) began at \(Int(e.root.x)),\(Int(e.root.y)) (device \(e.source), X touch \(e.touch)\(e.emulatesPointer ? ", the pointer's" : ""), over window 0x\(String(topLevel, radix: 16)))")
            feed.touch(.began, id, e.root, at: t)
        case .update, .end:
            guard let tracked = touches[key] else { return }
            if mode == .afterWindowManager {
                // A copy through a second grab of ours (rejected at its begin).
                guard tracked.observedOnly || e.window == UInt(tracked.grabWindow) else { return }
                // An end before the touch is ours: our rejection's, or the window manager took it.
                if e.phase == .end, !tracked.owned { return endedBeforeOwnership(key, tracked, at: t) }
            }
            guard !tracked.ended, !tracked.followsRaw, !tracked.observedOnly else { return }
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
        guard let window = windowAt(e.root) else { return nil }
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
    func finishStale(_ key: Key, at t: Instant) {
        guard let old = touches[key] else { return }
        if !old.ended { feed.touch(.cancelled, old.id, old.lastLocation, at: t) }
        answerPendingVerdicts()
        if old.rejectWaiting {
            server.allowTouch(device: old.device, touch: key.touch, window: old.grabWindow, accept: false)
            waitingRejects.removeAll { $0.key == key }
        }
        touches[key] = nil
        keys[old.id] = nil
    }

    func forgetIfDone(_ key: Key) {
        guard let t = touches[key], t.ended, !t.awaitingVerdict, !t.relayWhenOwned else { return }
        // Accepted before the window manager let go of it: kept until it does (or keeps it), to
        // say which, and after how long.
        if t.answeredAccept == true, !t.owned, !t.keptByWindowManager { return }
        touches[key] = nil
        keys[t.id] = nil
    }

    // MARK: Verdicts

    /// Answers the server for a touch the engine decided (once: a touch we do not hold, or
    /// already answered, is left alone). A rejection of the pointer-emulating touch may wait
    /// (``rejectWhenThePointerIsFree``).
    func answer(_ id: TouchID, _ verdict: TouchVerdict, at now: Instant) {
        if let key = keys[id], var t = touches[key], t.observedOnly {
            t.observedVerdict = verdict
            touches[key] = t
            return
        }
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
            guard t.owned else {
                // XTest input now would come while the window manager still holds the touch.
                t.relayWhenOwned = true
                t.awaitingVerdict = false
                touches[key] = t
                return
            }
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
            replayed = server.rejectTouch(device: t.device, touch: key.touch, window: t.grabWindow, unlessGone: windows)
            if replayed {
                logger.debug("touch \(t.id): rejected (replayed to the application)")
            } else {
                logger.debug("touch \(t.id): the window it landed on, or its frame, is gone: accepted, not replayed into what is left of it")
            }
        } else {
            server.allowTouch(device: t.device, touch: key.touch, window: t.grabWindow, accept: accept)
            logger.debug("touch \(t.id): \(accept ? "accepted (a gesture claimed it)" : "rejected (replayed to the application)")")
        }
        t.answeredAccept = !replayed
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

    /// The touches held for a verdict.
    var heldTouches: Set<Key> { Set(touches.filter { $0.value.awaitingVerdict || $0.value.relayWhenOwned }.keys) }

    /// Shutting down: every touch still held is rejected (the applications get them), and a
    /// press relayed to the window manager is released.
    func rejectUndecided() {
        // Those released on decorations before they were ours wait for nothing now.
        for (key, t) in touches where t.awaitingVerdict || t.relayWhenOwned {
            let windows = landedWindows(t)
            if !windows.isEmpty {
                _ = server.rejectTouch(device: t.device, touch: key.touch, window: t.grabWindow, unlessGone: windows)
            } else {
                server.allowTouch(device: t.device, touch: key.touch, window: t.grabWindow, accept: false)
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
