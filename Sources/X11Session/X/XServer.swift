import GestureEngine

/// An X window id.
public typealias XWindowID = UInt

/// The seam between Tactus and the X server, as small protocols by concern: each part of the
/// session asks only for what it uses, so a test's fake implements only that, and the real
/// server (``XlibServer``) implements them all. Values crossing the seam are Swift types
/// (``ModifierMask``, ``XIEventType``, ``XInputEvent``…): nothing above it uses Xlib.
///
/// What every part shares: the connection's request buffer.
public protocol XConnection: AnyObject {
    /// Sends the requests buffered so far.
    func flush()
    /// Sends them and waits until the server has handled them (and their errors).
    func sync()
}

/// The root window and atoms: what the window protocols share.
public protocol RootWindow: XConnection {
    var root: XWindowID { get }
    func atom(_ name: String) -> UInt
}

/// Windows and their properties, as window tracking reads them (EWMH, ICCCM).
public protocol WindowQueries: RootWindow {
    func atomName(_ atom: UInt) -> String?
    /// A format-32 property (CARDINAL, WINDOW, ATOM) as numbers; nil when absent.
    func numbers(_ window: XWindowID, _ property: String) -> [UInt]?
    /// A text property (UTF8_STRING or STRING); nil when absent.
    func text(_ window: XWindowID, _ property: String) -> String?
    /// A list of texts, each ended by a NUL (`_NET_DESKTOP_NAMES`); nil when absent.
    func textList(_ window: XWindowID, _ property: String) -> [String]?
    /// WM_CLASS as (instance, class).
    func classHint(_ window: XWindowID) -> (instance: String, windowClass: String)?
    /// The window's rectangle in root coordinates; nil when it is gone.
    func geometry(_ window: XWindowID) -> Rect?
    /// Whether the window itself is mapped (its ancestors aside); false when it is gone.
    func isMapped(_ window: XWindowID) -> Bool
    /// The top-level window (a window manager's frame, or an unmanaged popup) at a point of
    /// the root window; nil over the bare root.
    func topLevelWindow(at point: Point) -> XWindowID?
    /// A window's children, bottom first (empty when it is gone).
    func children(of window: XWindowID) -> [XWindowID]
    /// Asks for `window`'s property changes, its structure changes (moves, resizes, mapping,
    /// destruction) and its focus changes as events.
    func watchWindow(_ window: XWindowID)
    /// Whether another client has selected XI 2.2 touch events on `window` or on a window
    /// below it (its program takes touches itself); nil when the window is gone or it cannot
    /// be told. `XlibServer+TouchSelection.swift` says how it is found out.
    func touchSelectedByAnotherClient(in window: XWindowID) -> Bool?
}

extension WindowQueries {
    /// Fakes that do not model lists of texts have one.
    public func textList(_ window: XWindowID, _ property: String) -> [String]? { text(window, property).map { [$0] } }

    /// Fakes that do not model touch selections cannot tell.
    public func touchSelectedByAnotherClient(in window: XWindowID) -> Bool? { nil }
}

/// Requests to the window manager: EWMH client messages to the root window.
public protocol WindowManagerRequests: RootWindow {
    /// A format-32 ClientMessage to the root window, as EWMH requests are sent.
    func sendRootMessage(about window: XWindowID, type: String, data: [Int])
}

/// The X input focus (keys go where it is).
public protocol FocusControl: XConnection {
    /// Whether the input focus is `window` or one of its descendants.
    func focusIsWithin(_ window: XWindowID) -> Bool
}

/// XInput 2 on the root window: the events selected, the grabs, and the answers the grabs
/// owe the server (touch ownership, frozen devices).
public protocol InputGrabs: XConnection {
    /// The XInput version the server grants (asking for 2.4), or nil without XI 2.2.
    func negotiateInput() -> XInputVersion?
    /// Selects XI events on the root window from `devices`.
    func selectRootInput(_ events: [XIEventType], from devices: XIDeviceSet)
    /// The passive touch grab on root; false when another client holds it.
    func grabTouchBegin() -> Bool
    func ungrabTouchBegin()
    /// The same passive touch grab (with `XI_TouchOwnership`) on a window below the root;
    /// false when the server refuses it (another client holds one there, the window is gone).
    func grabTouchBegin(on window: XWindowID) -> Bool
    func ungrabTouchBegin(on window: XWindowID)
    /// Selects the root's SubstructureNotify (new and reparented children:
    /// ``XInputEvent/topLevelAdded(window:)``, ``XInputEvent/topLevelReparented(window:)``)
    /// and returns the root's children now.
    func followTopLevelWindows() -> [XWindowID]
    /// Ownership of a touch: accept (the gesture keeps it) or reject (replayed to the
    /// application), for the grab on `window` the touch came through (the root, or a
    /// top-level window).
    func allowTouch(device: Int32, touch: UInt32, window: XWindowID, accept: Bool)
    /// A touch another client took (the window manager before us accepted it): nothing is owed
    /// for it any more.
    func forgetTouch(device: Int32, touch: UInt32)
    /// Rejects a touch unless one of `windows` is gone by the time the server reads the
    /// rejection (then accepts it instead), or, with `serverTime` (no earlier than the
    /// server's time now), unless another client holds the pointer (then sends nothing). Asked
    /// and answered with the server grabbed, so that no other client's request (a window
    /// destroyed, a grab) comes between the questions and the answer; every question in one
    /// round trip, since the replay waits for it.
    func rejectTouch(device: Int32, touch: UInt32, window: XWindowID, unlessGone windows: [XWindowID],
                     unlessPointerHeldAt serverTime: XTime?) -> RejectionAnswer
    /// Asks the window manager a question it answers with a property change
    /// (``XInputEvent/windowManagerAnswered``): `_NET_REQUEST_FRAME_EXTENTS` for a window of
    /// our own, which it answers by setting `_NET_FRAME_EXTENTS` there. By then it has read
    /// every event it was sent before. False when no window manager says it answers that
    /// (`_NET_SUPPORTED` on the root window).
    func askWindowManagerRoundTrip() -> Bool
    /// The child of the root window that holds `window` (a window manager's frame, or the
    /// window itself when it is a top-level window); nil when it is gone.
    func topLevel(of window: XWindowID) -> XWindowID?
    /// Whether another client holds an active grab of the master `device` (a window
    /// manager's synchronous click-to-focus grab freezing the pointer, an application's
    /// implicit grab). Asked without ever taking a grab: `serverTime` must be no earlier
    /// than the server's time now (an hour is added to it).
    func pointerGrabbedByAnotherClient(device: Int32, serverTime: XTime) -> Bool
    /// A passive synchronous grab of `button` with each modifier combination on root.
    func grabButton(_ button: Int, modifiers: [ModifierMask]) -> Bool
    func ungrabButton(_ button: Int, modifiers: [ModifierMask])
    /// Thaws a device frozen by a sync grab: `replay` gives the event to the application,
    /// otherwise the grab keeps it (XIAsyncDevice).
    func allowEvents(device: Int32, replay: Bool)
    func ungrabDevice(_ device: Int32)
    /// Passive sync grabs of XI 2.4 swipe and pinch gestures on root.
    func grabGestures() -> Bool
    func ungrabGestures()
}

/// What the server did with a rejection (``InputGrabs/rejectTouch(device:touch:window:unlessGone:unlessPointerHeldAt:)``).
public enum RejectionAnswer: Equatable, Sendable {
    /// Rejected: the server replays the touch to the application.
    case replayed
    /// A window the touch landed on, or its frame, was gone: accepted instead, nothing replayed.
    case acceptedWindowGone
    /// Another client holds the pointer: nothing sent; the touch is still ours to answer.
    case pointerHeld
}

/// The input devices and the pointer.
public protocol InputDevices: XConnection {
    func devices() -> [InputDevice]
    /// A device's "Coordinate Transformation Matrix" (row-major 3×3), when it has one.
    func transformationMatrix(device: Int32) -> [Double]?
    func pointerPosition() -> Point?
}

/// Device settings Tactus changes: a touchscreen mapped onto its monitor.
public protocol DeviceSettings: XConnection {
    /// Sets a device's "Coordinate Transformation Matrix" (row-major 3×3).
    func setTransformationMatrix(device: Int32, _ matrix: [Double])
}

/// Input Tactus injects (XTest).
public protocol InputInjection: XConnection {
    func fakeKey(_ keycode: UInt8, pressed: Bool)
    func fakeButton(_ button: UInt32, pressed: Bool)
    func fakeMotion(to point: Point)
}

/// The keyboard map and state (XKB).
public protocol KeyboardMap: XConnection {
    /// A keycode that has `keysym` at some level of some group (Xlib's core view of the map).
    func keycode(forKeysym keysym: UInt) -> UInt8?
    /// The keys down, the group in effect, the latched and locked modifiers, as the latest
    /// word from the server has them (a change in flight as this is asked is not in it).
    func keyboardState() -> KeyboardState
    /// The keyboard map as `group` gives it, as of the latest map change the server told of;
    /// nil without XKB.
    func keyboardLayout(group: Int) -> KeyboardLayout?
    /// Sets the latched modifiers among `affect` to those of `values` (XKB).
    func latchModifiers(_ affect: ModifierMask, to values: ModifierMask)
    /// Sets the locked modifiers among `affect` to those of `values` (XKB): Caps Lock on or
    /// off without a key press.
    func lockModifiers(_ affect: ModifierMask, to values: ModifierMask)
    /// Binds `keysym` to a keycode that has none, for a key the keyboard map lacks.
    func bindSpareKeycode(toKeysym keysym: UInt) -> UInt8?
    /// Undoes such a binding, unless the keycode holds another keysym by now (a layout
    /// loaded since replaced it).
    func unbindKeycode(_ keycode: UInt8, from keysym: UInt)
}

/// The screen: its size and its monitors (XRandR).
public protocol ScreenLayout: XConnection {
    func screenSize() -> (width: Double, height: Double)
    /// XRandR 1.5's monitors, in the server's order (those declared first, then the outputs').
    func monitors() -> [XMonitor]
    /// Asks for screen and monitor changes as events (``XInputEvent/screenChanged``).
    func watchScreenChanges()
}

/// The server's clock: the timestamps that requests judged by time need (selections, and
/// window managers that refuse an activation older than the user's last input).
public protocol ServerClock: XConnection {
    /// The server's time now (a round trip).
    func serverTime() -> XTime
}

/// Where the event loop's events come from.
public protocol EventSource: ServerClock {
    /// The descriptor to poll for events.
    var connectionNumber: Int32 { get }
    /// The next event already received (nil: none pending, never blocks).
    func nextEvent() -> XInputEvent?
    /// Whether unread events are queued or readable (after a poll() wake-up).
    var hasPendingEvents: Bool { get }
}

/// The whole seam.
public typealias XServer = WindowQueries & WindowManagerRequests & FocusControl & InputGrabs & InputDevices & DeviceSettings
    & InputInjection & KeyboardMap & ScreenLayout & EventSource

/// The XInput version the server grants.
public struct XInputVersion: Equatable, Sendable {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// XI 2.4: touchpad gesture events.
    public var hasGestures: Bool { major > 2 || minor >= 4 }
}

/// Which devices an XI event selection covers.
public enum XIDeviceSet: Sendable {
    /// Every device, physical ones included (hierarchy changes are only sent for these).
    case all
    /// The master devices: each event once, with the physical device as its source.
    case masters
}

/// The XInput 2 events Tactus selects on the root window.
public enum XIEventType: CaseIterable, Sendable {
    case hierarchyChanged
    case rawTouchBegin, rawTouchUpdate, rawTouchEnd
    case rawMotion, rawButtonPress, rawButtonRelease
    case gesturePinchBegin, gesturePinchUpdate, gesturePinchEnd
    case gestureSwipeBegin, gestureSwipeUpdate, gestureSwipeEnd

    public static let rawTouches: [XIEventType] = [.rawTouchBegin, .rawTouchUpdate, .rawTouchEnd]
    public static let rawPointer: [XIEventType] = [.rawMotion, .rawButtonPress, .rawButtonRelease]
    public static let gestures: [XIEventType] = [.gesturePinchBegin, .gesturePinchUpdate, .gesturePinchEnd,
                                                 .gestureSwipeBegin, .gestureSwipeUpdate, .gestureSwipeEnd]
}
