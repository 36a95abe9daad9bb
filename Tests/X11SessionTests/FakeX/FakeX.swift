import GestureEngine
@testable import X11Session

/// The one X server the unit tests run against, embedded: the parts of the seam
/// (`Sources/X11Session/X/XServer.swift`, `OverlayWindows.swift`) that the router, the key
/// injector, the wheel, the action performer, desktop showing and the feedback overlay use,
/// modelled enough that what Tactus asks for has the effect a real server gives it (a key
/// down stays down, XTest motion moves the pointer, an iconified window is unmapped, a
/// destroyed window is gone). The real servers are the
/// `*XvfbTests`' and `*XorgTests`' fixtures (X11TestSupport).
///
/// Every request Tactus makes is written to ``log``, in one format: a verb, then its
/// arguments; keycodes, buttons and touch ids in decimal, windows and masks in hex (as
/// xprop and xev show them). The verbs, by concern:
/// - input (`FakeX+Pointer.swift`, `FakeX+Keyboard.swift`): `key 37 down`, `button 5 up`,
///   `motion 350,421`, `latch 0x1 to 0x0`, `lock 0x2 to 0x2`, `bind 255`, `unbind 255`;
/// - grabs and ownership (`FakeX+Grabs.swift`): `grab touch`, `grab touch on 0x100`,
///   `accept 7`, `reject 8 on 0x100`, `forget 5`, `top-level of 0x2a`, `probe pointer grab`,
///   `ask the window manager`, `grab button 1`, `replay device`, `async device`…;
/// - the window manager (`FakeX+Windows.swift`): a root message as its type, its window and
///   its data, `_NET_ACTIVE_WINDOW 0xa 2 0 0`;
/// - the feedback overlay (`FakeX+Overlay.swift`): `make overlay`, `show overlay 2 100%` (the
///   number of shapes, the opacity), `hide overlay`, `close overlay`.
final class FakeX {
    /// Every request, in the order sent.
    var log: [String] = []
    /// The requests sent since the last flush or sync: still in the connection's buffer,
    /// which a real server has not seen.
    private(set) var unflushed: [String] = []

    func record(_ entry: String) {
        log.append(entry)
        unflushed.append(entry)
    }

    /// The key events of the log, without the other requests.
    var keyLog: [String] { log.filter { $0.hasPrefix("key ") } }

    static func hex(_ value: UInt) -> String { "0x" + String(value, radix: 16) }

    // MARK: Keyboard (`FakeX+Keyboard.swift`)

    var layout: KeyboardLayout
    /// The keycodes down.
    var down: Set<UInt8> = []
    var locked: ModifierMask = []
    var latched: ModifierMask = []
    /// Keycodes without a keysym, bound in turn by ``bindSpareKeycode(toKeysym:)``.
    var spareKeycodes: [UInt8] = []

    // MARK: Pointer, devices and screen (`FakeX+Pointer.swift`)

    /// Where the pointer is: XTest motion moves it, and tests move it as a finger or a mouse would.
    var pointer = Point(x: 0, y: 0)
    var devicesList: [InputDevice] = [
        InputDevice(id: 10, name: "Fake touchscreen", use: .slavePointer, attachment: 2, enabled: true, touchMode: .direct,
                    maxTouches: 5, gestureTouches: nil, xRange: 0...1000, yRange: 0...1000, hasButtons: true),
    ]
    var screen = (width: 1000.0, height: 1000.0)

    // MARK: Grabs (`FakeX+Grabs.swift`)

    /// Another client holds the passive touch grab on root (a window manager that takes touches).
    var touchGrabRefused = false
    /// Top-level windows whose touch grab the server refuses.
    var topLevelGrabRefused: Set<XWindowID> = []
    /// Whether a window manager answers round trips (``askWindowManagerRoundTrip()``).
    var windowManagerAnswers = false
    /// A rejection's replay activates another client's grab (a window manager's click-to-focus grab).
    var grabAgainAfterReject = false
    /// Another client's pointer grab stands (a window manager's click-to-focus grab).
    var pointerGrabbedElsewhere = false

    // MARK: Windows and the window manager (`FakeX+Windows.swift`)

    let root: XWindowID = 1
    /// A managed window: its `_NET_WM_DESKTOP`, whether it is iconified, its
    /// `_NET_WM_WINDOW_TYPE` (without the prefix), and the window manager's frame holding it
    /// (nil: it is a top-level window itself).
    struct Client {
        var desktop: UInt = 0
        var iconic = false
        var type: String?
        var frame: XWindowID?
    }
    var clients: [XWindowID: Client] = [:]
    /// Client ids, bottom of the stack first.
    var stack: [XWindowID] = []
    /// `_NET_CLIENT_LIST`: the order windows were created in, newest first (deliberately
    /// unlike the stacking).
    var creationOrder: [XWindowID] = []
    /// Windows destroyed in the server (whether or not Tactus has read their DestroyNotify).
    var destroyed: Set<XWindowID> = []
    /// The window with the input focus. A window manager's activation focuses the clients it
    /// manages; any other window takes it only when a test says (or never).
    var focus: XWindowID?
    /// `_NET_ACTIVE_WINDOW`.
    var active: XWindowID?
    var currentDesktop = 0
    /// Whether the window manager has a `_NET_SHOWING_DESKTOP` mode of its own, and its state.
    var supportsShowingDesktop = false
    var showingDesktop = false
    /// The timestamps of the `_NET_ACTIVE_WINDOW` requests.
    var activationTimes: [Int] = []
    var atoms: [String] = ["", "WM_STATE"]
    /// The server's time, advancing at each round trip that reads it.
    var time: XTime = 1000

    // MARK: The feedback overlay (`FakeX+Overlay.swift`)

    /// What the overlay window shows (nothing while it is hidden).
    var overlayShapes: [OverlayShape] = []

    init(layout: KeyboardLayout = .germanPC105) { self.layout = layout }
}

extension FakeX: XConnection {
    func flush() { unflushed = [] }
    func sync() { unflushed = [] }
}

extension FakeX: ServerClock {
    func serverTime() -> XTime {
        time += 7
        return time
    }
}
