import GestureEngine
import GestureProfiles
import Logging
import SystemCalls

/// Performs the actions the profiles fire: keys (``KeyInjector``) and clicks through XTest,
/// into the window the gesture was on (``FocusedInput`` activates it first when the focus
/// is elsewhere), wheel steps (``WheelScroller``) where the gesture was, window and desktop
/// requests to the window manager (EWMH, `ActionPerformer+EWMH.swift`; showing the desktop,
/// `ActionPerformer+ShowDesktop.swift`), commands spawned
/// without a shell (never waited for on the event path; children are reaped as they exit).
public final class ActionPerformer: ActionSink {
    public typealias Server = InputInjection & InputDevices & KeyboardMap & WindowQueries & WindowManagerRequests & FocusControl & ServerClock & ScreenLayout

    public let server: Server
    /// Where `log` actions and problems go (the daemon's logger).
    public var log: (String) -> Void
    /// What the performer decided for window and desktop requests and why (debug), and what
    /// the user should know once (info). Silent until the daemon sets its own.
    public var logger = Logger(label: "tactus.actions") { _ in SwiftLogNoOpLogHandler() }
    public let keys: KeyInjector
    public let wheel: WheelScroller
    private var children: Set<Int32> = []
    /// Buttons a `drag:` pressed through XTest and has not released.
    private var buttonsDown: Set<Int> = []
    /// The desktops of the last switch asked for (the feedback's arrow points from one to the other).
    public internal(set) var lastDesktopSwitch: (from: Int, to: Int)?
    /// Keys and clicks waiting for their window to take the focus.
    private(set) var focusedInput: FocusedInput!
    /// Whether a finger holds the pointer: the touchscreen's first touch is button 1 to the
    /// server for as long as it is down, whoever owns it (Xorg's pointer emulation), and a
    /// click made meanwhile arrives with button 1 held — GTK opens no context menu for it.
    public var touchHoldsPointer: () -> Bool = { false }
    /// Told when an action clicks, presses or releases a button, or moves the pointer: the
    /// pointer is then where the person meant it (the router's ``PointerReturn``).
    public var pointerUsed: () -> Void = {}
    /// Clicks waiting for that finger to lift, and since when (monotonic ms).
    private var clicksAwaitingLift: [ActionRequest] = []
    private var clicksWaitingSince: UInt64 = 0
    /// ms. A finger never seen to lift (its device gone) holds clicks back no longer.
    static let longestClickWait: UInt64 = 10_000
    /// `desktop: show`: what it hid, to bring it back in order.
    let desktopShowing: DesktopShowing
    /// Whether the log has said that the window manager lacks `_NET_SHOWING_DESKTOP` (once a run).
    var toldShowDesktopByHand = false
    /// The window manager running (``findWindowManager()``), and i3's connection when it is i3.
    var windowManager = WindowManagerIdentity.none
    var i3: I3WindowManager?
    /// What each window and desktop request should have changed, until it is seen done or the
    /// warning says it was not.
    let confirmations = ActionConfirmations()
    /// Where what became of keys and clicks goes (the log and the monitor): the subject, the
    /// message, and whether it is a problem (input dropped).
    public var report: (_ subject: String, _ message: String, _ problem: Bool) -> Void {
        get { focusedInput.report }
        set { focusedInput.report = newValue }
    }

    public init(server: Server, log: @escaping (String) -> Void = { _ in }) {
        self.server = server
        self.log = log
        keys = KeyInjector(server: server)
        wheel = WheelScroller(server: server)
        desktopShowing = DesktopShowing(server: server)
        keys.log = { [unowned self] in self.log($0) }
        keys.debug = { [unowned self] message in self.logger.debug("\(message())") }
        focusedInput = FocusedInput(server: server) { [unowned self] in self.inject($0) }
        confirmations.warn = { [unowned self] manager, message in self.report(manager, message, true) }
        confirmations.note = { [unowned self] message in self.logger.debug("\(message)") }
    }

    public func perform(_ request: ActionRequest) {
        reapChildren()
        switch request.action {
        case .click, .pointerButton, .pointerMotion: pointerUsed()
        default: break
        }
        switch request.action {
        case .keys, .click, .holdKeys, .releaseKeys: focusedInput.submit(request)
        case .window(let op, let window):
            guard let window else { return log("\(request.gesture): no window for 'window \(op.rawValue)'") }
            windowRequest(op, XWindowID(window))
        case .desktop(let op): desktopRequest(op)
        case .scroll(let direction, let at): wheel.scroll(direction, at: at, pointerHeldByTouch: touchHoldsPointer())
        case .pointerButton(let button, let pressed, let at): pointerButton(button, pressed: pressed, at: at)
        case .pointerMotion(let to):
            server.fakeMotion(to: to)
            server.flush()
        case .command(let argv): spawn(argv, environment: [:])
        case .shell(let script, let environment): spawn(["/bin/sh", "-c", script], environment: environment)
        case .log(let text): log(text)
        }
    }

    /// A window got the input focus (`FocusIn`): keys and clicks waiting for it go now.
    public func windowFocused(_ window: XWindowID) { focusedInput.focused(window) }

    /// When the loop must wake for keys and clicks still waiting, for a window a desktop
    /// show waits to see mapped, or to give up on a request the window manager has not done
    /// (monotonic ms), nil when none.
    public var focusDeadline: UInt64? { [focusedInput.deadline, desktopShowing.deadline, confirmations.deadline].compactMap { $0 }.min() }

    /// Gives up on a window that did not take the focus in time, stops waiting for windows
    /// not mapped in time (at or after `focusDeadline`), warns of requests not done in time,
    /// and gives up on a finger never seen to lift.
    public func expireFocusWait() {
        focusedInput.expire()
        if let note = desktopShowing.expire() { logger.debug("\(note)") }
        confirmations.expire()
        pointerReleasedByTouch()
    }

    private static func milliseconds() -> UInt64 { UInt64(MonotonicClock.nanoseconds() / 1_000_000) }

    /// The finger that held the pointer lifted (or none is down): the clicks that waited for
    /// it are made now, in order.
    public func pointerReleasedByTouch() {
        guard !clicksAwaitingLift.isEmpty else { return }
        if touchHoldsPointer() {
            guard Self.milliseconds() - clicksWaitingSince >= Self.longestClickWait else { return }
            logger.debug("the finger holding the pointer was not seen to lift in \(Self.longestClickWait) ms: clicking anyway")
        }
        let waiting = clicksAwaitingLift
        clicksAwaitingLift = []
        for request in waiting { click(request) }
    }

    /// Keys and clicks, injected through XTest now (a click once no finger holds the pointer).
    private func inject(_ request: ActionRequest) {
        switch request.action {
        case .keys(let combo):
            // Keys meant for a hold whose keys are not down (they could not be pressed, or
            // their window never took the focus) would be typed without them: not typed.
            if let hold = request.hold, !keys.isHolding(hold) {
                return report(request.gesture, "not typed: \(request.action.description): the keys it is typed under are not down", true)
            }
            keys.press(combo)
        case .holdKeys(let combo, let hold): keys.hold(combo, id: hold)
        case .releaseKeys(_, let hold): keys.release(hold: hold)
        case .click:
            if touchHoldsPointer() || !clicksAwaitingLift.isEmpty {
                if clicksAwaitingLift.isEmpty {
                    clicksWaitingSince = Self.milliseconds()
                    logger.debug("\(request.action.description) waits until the finger lifts (the touchscreen holds button 1 until then)")
                }
                clicksAwaitingLift.append(request)
            } else {
                click(request)
            }
        default:
            break
        }
    }

    private func click(_ request: ActionRequest) {
        switch request.action {
        case .click(let button, let at):
            server.fakeMotion(to: at)
            server.fakeButton(UInt32(button), pressed: true)
            server.fakeButton(UInt32(button), pressed: false)
            server.flush()
        default:
            break
        }
    }

    /// A `drag:`'s button, pressed or released now: unlike a click it cannot wait for the
    /// finger to lift, since the drag is the finger's. (The server counts a pointer-emulating
    /// touch as button 1 in the events' state while it is down, so the press shows Button1Mask,
    /// as the drags of touchscreen drivers that emulate the mouse do.)
    private func pointerButton(_ button: Int, pressed: Bool, at: Point) {
        if pressed {
            guard buttonsDown.insert(button).inserted else { return }
        } else {
            guard buttonsDown.remove(button) != nil else { return }
        }
        server.fakeMotion(to: at)
        server.fakeButton(UInt32(button), pressed: pressed)
        server.flush()
    }

    /// Lets up every button a `drag:` holds down (on shutdown: XTest buttons a client pressed
    /// stay down after it is gone). Returns the buttons.
    @discardableResult
    public func releasePressedButtons() -> [Int] {
        let down = buttonsDown.sorted()
        for b in down { server.fakeButton(UInt32(b), pressed: false) }
        buttonsDown = []
        server.flush()
        return down
    }

    /// Binds spare keycodes now for the keysyms in `names` the keyboard map lacks (see
    /// ``KeyInjector/prepare(_:)``). Returns the names bound.
    @discardableResult
    public func prepareKeys(_ names: [String]) -> [String] { keys.prepare(names) }

    /// Undoes every spare keycode binding (on shutdown).
    public func releaseTemporaryKeycodes() { keys.releaseBindings() }

    /// Lets up every key a gesture's `hold:` keeps down (on shutdown: XTest keys a client
    /// pressed stay down after it is gone). Returns what was held.
    @discardableResult
    public func releaseHeldKeys() -> [KeyCombo] { keys.releaseAllHolds() }

    // MARK: Commands

    /// Without a shell, with a clean signal state; the environment gains `environment`
    /// (the TACTUS_* variables of shell actions).
    func spawn(_ argv: [String], environment: [String: String]) {
        do {
            let child = try ChildProcess.spawn(argv, environment: environment.isEmpty ? nil : ChildProcess.environment(merging: environment))
            children.insert(child.pid)
        } catch {
            log("\(error)")
        }
    }

    /// Collects children that exited (never blocks).
    public func reapChildren() {
        for pid in children where ChildProcess.reap(pid) { children.remove(pid) }
    }

    public var runningChildren: Int { children.count }
}
