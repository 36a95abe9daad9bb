import GestureEngine
@testable import X11Session

/// XInput 2 grabs and the answers they owe: what the router asks for, logged; refusals,
/// another client's grabs and the window manager's round trips as the test sets them.
extension FakeX: InputGrabs {
    func negotiateInput() -> XInputVersion? { XInputVersion(major: 2, minor: 4) }
    func selectRootInput(_ events: [XIEventType], from devices: XIDeviceSet) {}

    func grabTouchBegin() -> Bool {
        record("grab touch")
        return !touchGrabRefused
    }

    func ungrabTouchBegin() { record("ungrab touch") }

    func grabTouchBegin(on window: XWindowID) -> Bool {
        record("grab touch on \(Self.hex(window))")
        return !topLevelGrabRefused.contains(window)
    }

    func ungrabTouchBegin(on window: XWindowID) { record("ungrab touch on \(Self.hex(window))") }

    func followTopLevelWindows() -> [XWindowID] { children(of: root) }

    /// Answered for the root's grab (window 0) or a top-level window's.
    func allowTouch(device: Int32, touch: UInt32, window: XWindowID, accept: Bool) {
        record("\(accept ? "accept" : "reject") \(touch)\(window == 0 ? "" : " on \(Self.hex(window))")")
        if !accept, grabAgainAfterReject { pointerGrabbedElsewhere = true }
    }

    func forgetTouch(device: Int32, touch: UInt32) { record("forget \(touch)") }

    /// Logged as the probe, when asked, and the answer the server reads: an acceptance when
    /// one of `windows` is destroyed, nothing while another client holds the pointer.
    func rejectTouch(device: Int32, touch: UInt32, window: XWindowID, unlessGone windows: [XWindowID],
                     unlessPointerHeldAt serverTime: XTime?) -> RejectionAnswer {
        let allThere = destroyed.isDisjoint(with: windows)
        if serverTime != nil {
            record("probe pointer grab")
            if pointerGrabbedElsewhere && allThere { return .pointerHeld }
        }
        allowTouch(device: device, touch: touch, window: window, accept: !allThere)
        return allThere ? .replayed : .acceptedWindowGone
    }

    func topLevel(of window: XWindowID) -> XWindowID? {
        record("top-level of \(Self.hex(window))")
        if destroyed.contains(window) { return nil }
        return clients[window]?.frame ?? window
    }

    func askWindowManagerRoundTrip() -> Bool {
        record("ask the window manager")
        return windowManagerAnswers
    }

    func pointerGrabbedByAnotherClient(device: Int32, serverTime: XTime) -> Bool {
        record("probe pointer grab")
        return pointerGrabbedElsewhere
    }

    func grabButton(_ button: Int, modifiers: [ModifierMask]) -> Bool {
        record("grab button \(button)")
        return true
    }

    func ungrabButton(_ button: Int, modifiers: [ModifierMask]) { record("ungrab button \(button)") }
    func allowEvents(device: Int32, replay: Bool) { record(replay ? "replay device" : "async device") }
    func ungrabDevice(_ device: Int32) { record("ungrab device") }

    func grabGestures() -> Bool {
        record("grab gestures")
        return true
    }

    func ungrabGestures() { record("ungrab gestures") }
}
