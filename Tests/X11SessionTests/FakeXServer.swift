import GestureEngine
@testable import X11Session

/// A fake X server for the router: the input parts of the seam only. Records the ownership
/// answers, grabs and injected input the router asks for.
final class FakeXServer: InputRouter.Server {
    var calls: [String] = []
    var touchGrabRefused = false
    var devicesList: [InputDevice] = [InputDevice(id: 10, name: "Fake touchscreen", use: .slavePointer, attachment: 2, enabled: true, touchMode: .direct,
                                          maxTouches: 5, gestureTouches: nil, xRange: 0...1000, yRange: 0...1000, hasButtons: true)]
    func flush() {}
    func sync() {}
    // InputGrabs
    func negotiateInput() -> XInputVersion? { XInputVersion(major: 2, minor: 4) }
    func selectRootInput(_ events: [XIEventType], from devices: XIDeviceSet) {}
    func grabTouchBegin() -> Bool { calls.append("grab touch"); return !touchGrabRefused }
    func ungrabTouchBegin() { calls.append("ungrab touch") }
    /// The root's children (``followTopLevelWindows()``), and those whose grab is refused.
    var topLevelWindows: [XWindowID] = []
    var topLevelGrabRefused: Set<XWindowID> = []
    func grabTouchBegin(on window: XWindowID) -> Bool {
        calls.append("grab touch on \(window)")
        return !topLevelGrabRefused.contains(window)
    }
    func ungrabTouchBegin(on window: XWindowID) { calls.append("ungrab touch on \(window)") }
    func followTopLevelWindows() -> [XWindowID] { topLevelWindows }
    func allowTouch(device: Int32, touch: UInt32, window: XWindowID, accept: Bool) {
        calls.append("\(accept ? "accept" : "reject") \(touch)\(window == 0 ? "" : " on \(window)")")
        if !accept, grabAgainAfterReject { pointerGrabbedElsewhere = true }
    }
    func forgetTouch(device: Int32, touch: UInt32) { calls.append("forget \(touch)") }
    /// Windows the server says are gone when a rejection asks (``rejectTouch(device:touch:window:unlessGone:)``).
    var goneWindows: Set<XWindowID> = []
    func rejectTouch(device: Int32, touch: UInt32, window: XWindowID, unlessGone windows: [XWindowID]) -> Bool {
        let there = goneWindows.isDisjoint(with: windows)
        allowTouch(device: device, touch: touch, window: window, accept: !there)
        return there
    }
    /// The top-level window holding each window (absent: the window itself).
    var topLevels: [XWindowID: XWindowID] = [:]
    func topLevel(of window: XWindowID) -> XWindowID? {
        calls.append("top-level of \(window)")
        return goneWindows.contains(window) ? nil : topLevels[window] ?? window
    }
    /// Whether a window manager answers round trips (``askWindowManagerRoundTrip()``).
    var windowManagerAnswers = false
    func askWindowManagerRoundTrip() -> Bool {
        calls.append("ask the window manager")
        return windowManagerAnswers
    }
    /// A rejection's replay activates another client's grab (a window manager's click-to-focus grab).
    var grabAgainAfterReject = false
    /// Another client's pointer grab stands (a window manager's click-to-focus grab).
    var pointerGrabbedElsewhere = false
    func pointerGrabbedByAnotherClient(device: Int32, serverTime: XTime) -> Bool { calls.append("probe pointer grab"); return pointerGrabbedElsewhere }
    func grabButton(_ button: Int, modifiers: [ModifierMask]) -> Bool { calls.append("grab button \(button)"); return true }
    func ungrabButton(_ button: Int, modifiers: [ModifierMask]) { calls.append("ungrab button \(button)") }
    func allowEvents(device: Int32, replay: Bool) { calls.append(replay ? "replay device" : "async device") }
    func ungrabDevice(_ device: Int32) { calls.append("ungrab device") }
    func grabGestures() -> Bool { calls.append("grab gestures"); return true }
    func ungrabGestures() { calls.append("ungrab gestures") }
    // InputDevices
    func devices() -> [InputDevice] { devicesList }
    func transformationMatrix(device: Int32) -> [Double]? { nil }
    /// Where the pointer is (the tests move it as the server would).
    var pointer = Point(x: 0, y: 0)
    func pointerPosition() -> Point? { pointer }
    // InputInjection
    func fakeKey(_ keycode: UInt8, pressed: Bool) { calls.append("key \(keycode) \(pressed ? "down" : "up")") }
    func fakeButton(_ button: UInt32, pressed: Bool) { calls.append("button \(button) \(pressed ? "down" : "up")") }
    func fakeMotion(to point: Point) { calls.append("motion \(Int(point.x)),\(Int(point.y))") }
    // ScreenLayout
    func screenSize() -> (width: Double, height: Double) { (1000, 1000) }
    func monitors() -> [XMonitor] { [] }
    func watchScreenChanges() {}
}

/// What touch ownership asks about the desktop (``TouchSurroundings``), answered by the test.
final class FakeSurroundings: TouchSurroundings {
    /// The client window on top at a point.
    var clientWindow: (Point) -> UInt64?
    /// Whether a point is on a window manager's decorations.
    var decorations: (Point) -> Bool
    /// The window manager's check window and name.
    var windowManagerCheck: (check: XWindowID, name: String?)?

    init(clientWindow: @escaping (Point) -> UInt64? = { _ in nil }, decorations: @escaping (Point) -> Bool = { _ in false },
         windowManager: (check: XWindowID, name: String?)? = nil) {
        self.clientWindow = clientWindow
        self.decorations = decorations
        windowManagerCheck = windowManager
    }

    func clientWindow(at point: Point) -> UInt64? { clientWindow(point) }
    func isOnDecorations(_ point: Point) -> Bool { decorations(point) }
    func windowManager() -> (check: XWindowID, name: String?)? { windowManagerCheck }
}
