import CX11
import GestureEngine

/// XInput 2: the version, the devices, event selection on root, the grabs and their answers,
/// the pointer.
extension XlibServer {
    public func negotiateInput() -> XInputVersion? {
        guard xiOpcode >= 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else { return nil }
        return XInputVersion(major: Int(major), minor: Int(minor))
    }

    public func devices() -> [InputDevice] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        var out: [InputDevice] = []
        for i in 0..<Int(count) {
            let info = infos[i]
            let use: InputDevice.Use
            switch info.use {
            case XIMasterPointer: use = .masterPointer
            case XIMasterKeyboard: use = .masterKeyboard
            case XISlavePointer: use = .slavePointer
            case XISlaveKeyboard: use = .slaveKeyboard
            default: use = .floating
            }
            var d = InputDevice(id: info.deviceid, name: String(cString: info.name), use: use, attachment: info.attachment, enabled: info.enabled != 0,
                            touchMode: nil, maxTouches: 0, gestureTouches: nil, xRange: nil, yRange: nil, hasButtons: false)
            for c in 0..<Int(info.num_classes) {
                guard let cls = info.classes[c] else { continue }
                switch cls.pointee.type {
                case XITouchClass:
                    cls.withMemoryRebound(to: XITouchClassInfo.self, capacity: 1) { t in
                        d.touchMode = t.pointee.mode == XIDirectTouch ? .direct : .dependent
                        d.maxTouches = Int(t.pointee.num_touches)
                    }
                case XIGestureClass:
                    cls.withMemoryRebound(to: XIGestureClassInfo.self, capacity: 1) { g in d.gestureTouches = Int(g.pointee.num_touches) }
                case XIValuatorClass:
                    cls.withMemoryRebound(to: XIValuatorClassInfo.self, capacity: 1) { v in
                        let r = v.pointee
                        guard r.max > r.min else { return }
                        if r.number == 0 { d.xRange = r.min...r.max }
                        if r.number == 1 { d.yRange = r.min...r.max }
                    }
                case XIButtonClass:
                    d.hasButtons = true
                default: break
                }
            }
            out.append(d)
        }
        return out
    }

    private func withMask<R>(_ events: [Int32], device: Int32, _ body: (inout XIEventMask) -> R) -> R {
        var bytes = [UInt8](repeating: 0, count: Int(cx11_xi_mask_len(XI_LASTEVENT)))
        for e in events { cx11_xi_set_mask(&bytes, e) }
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return body(&mask)
        }
    }

    public func selectRootInput(_ events: [XIEventType], from devices: XIDeviceSet) {
        withMask(events.map(\.number), device: devices.id) { mask in _ = XISelectEvents(display, Window(root), &mask, 1) }
    }

    private func anyModifier() -> [XIGrabModifiers] { [XIGrabModifiers(modifiers: cx11_xi_any_modifier(), status: 0)] }

    public func grabTouchBegin() -> Bool { grabTouches(on: Window(root)) }

    public func ungrabTouchBegin() { ungrabTouchBegin(on: XWindowID(root)) }

    public func grabTouchBegin(on window: XWindowID) -> Bool { grabTouches(on: Window(window)) }

    /// `XIGrabTouchBegin` for every master device and any modifier, with ownership events: a
    /// listener after another client's grab gets the touch's events as they come, and
    /// `XI_TouchOwnership` when the touch becomes its own.
    private func grabTouches(on window: Window) -> Bool {
        var mods = anyModifier()
        let failed = withMask([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership], device: XIAllMasterDevices) { mask in
            XIGrabTouchBegin(display, XIAllMasterDevices, window, 0, &mask, 1, &mods)
        }
        XSync(display, 0)
        let error = cx11_take_last_error()
        guard failed == 0 && error == 0 else { return false }
        // A daemon that dies by a signal from here on accepts the touches it holds first.
        _ = cx11_abort_guard_install(display, xiOpcode, Window(root))
        var xtest: Int32 = 0, xtestEvent: Int32 = 0, xtestError: Int32 = 0
        if XQueryExtension(display, "XTEST", &xtest, &xtestEvent, &xtestError) != 0 { cx11_abort_guard_xtest(xtest) }
        return true
    }

    public func ungrabTouchBegin(on window: XWindowID) {
        var mods = anyModifier()
        XIUngrabTouchBegin(display, XIAllMasterDevices, Window(window), 1, &mods)
        XFlush(display)
    }

    public func followTopLevelWindows() -> [XWindowID] {
        followsTopLevels = true
        // Selected before the children are read: a window created in between is reported
        // (and grabbed twice, which replaces the first grab), never missed.
        var attributes = XWindowAttributes()
        let current = XGetWindowAttributes(display, Window(root), &attributes) != 0 ? attributes.your_event_mask : 0
        XSelectInput(display, Window(root), current | SubstructureNotifyMask)
        return children(of: XWindowID(root))
    }

    public func allowTouch(device: Int32, touch: UInt32, window: XWindowID, accept: Bool) {
        let window = window == 0 ? XWindowID(root) : window
        XIAllowTouchEvents(display, device, touch, Window(window), accept ? XIAcceptTouch : XIRejectTouch)
        cx11_abort_guard_release(device, touch, UInt(window))
    }

    public func forgetTouch(device: Int32, touch: UInt32) {
        cx11_abort_guard_release(device, touch, 0)
    }

    public func rejectTouch(device: Int32, touch: UInt32, window: XWindowID, unlessGone windows: [XWindowID],
                            unlessPointerHeldAt serverTime: XTime?) -> RejectionAnswer {
        let window = window == 0 ? XWindowID(root) : window
        guard !windows.isEmpty || serverTime != nil else {
            allowTouch(device: device, touch: touch, window: window, accept: false)
            XFlush(display)
            return .replayed
        }
        if !windows.isEmpty { XGrabServer(display) }
        // The replay waits for the answer, so every question goes in one round trip: for each
        // window a ChangeWindowAttributes that changes nothing (no reply; BadWindow when the
        // window is gone), then the pointer's probe or a sync, whose reply comes after the
        // errors of the requests before it.
        let first = XNextRequest(display)
        cx11_watch_errors(first, first &+ UInt(windows.count) &- 1)
        var unchanged = XSetWindowAttributes()
        for w in windows { XChangeWindowAttributes(display, Window(w), 0, &unchanged) }
        var held = false
        if let serverTime { held = pointerGrabbedByAnotherClient(device: device, serverTime: serverTime) } else { XSync(display, False) }
        let gone = cx11_watched_errors() > 0
        // A touch whose window is gone is accepted whoever holds the pointer: an acceptance
        // replays nothing.
        if held && !gone {
            if !windows.isEmpty { XUngrabServer(display) }
            XFlush(display)
            return .pointerHeld
        }
        XIAllowTouchEvents(display, device, touch, Window(window), gone ? XIAcceptTouch : XIRejectTouch)
        if !windows.isEmpty { XUngrabServer(display) }
        XFlush(display)
        cx11_abort_guard_release(device, touch, UInt(window))
        return gone ? .acceptedWindowGone : .replayed
    }

    public func topLevel(of window: XWindowID) -> XWindowID? {
        var current = Window(window)
        // Bounded: a window manager nests a client a few windows deep.
        for _ in 0..<64 {
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, current, &rootReturn, &parent, &children, &count) != 0 else {
                _ = cx11_take_last_error()
                return nil
            }
            if let children { XFree(children) }
            if parent == Window(root) || parent == 0 { return XWindowID(current) }
            current = parent
        }
        return nil
    }

    public func askWindowManagerRoundTrip() -> Bool {
        let request = atom("_NET_REQUEST_FRAME_EXTENTS")
        guard numbers(root, "_NET_SUPPORTED")?.contains(request) == true else { return false }
        if roundTripWindow == 0 {
            roundTripWindow = XCreateSimpleWindow(display, Window(root), -10, -10, 1, 1, 0, 0, 0)
            XSelectInput(display, roundTripWindow, PropertyChangeMask)
        }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = roundTripWindow
        event.xclient.message_type = Atom(request)
        event.xclient.format = 32
        XSendEvent(display, Window(root), 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XFlush(display)
        return true
    }

    public func pointerGrabbedByAnotherClient(device: Int32, serverTime: XTime) -> Bool {
        // A grab for a time an hour ahead of the server's is refused with GrabInvalidTime when
        // the device is free and with AlreadyGrabbed when another client holds it
        // (dix/events.c GrabDevice checks the holder before the time): it never succeeds, so
        // it never takes over the touches this client owns.
        let status = withMask([], device: device) { mask in
            XIGrabDevice(display, device, Window(root), Time(serverTime &+ 3_600_000), Cursor(0), XIGrabModeAsync, XIGrabModeAsync, 0, &mask)
        }
        if status == GrabSuccess {
            XIUngrabDevice(display, device, Time(CurrentTime))
            XFlush(display)
        }
        return status == AlreadyGrabbed
    }

    public func grabButton(_ button: Int, modifiers: [ModifierMask]) -> Bool {
        var mods = modifiers.map { XIGrabModifiers(modifiers: Int32(bitPattern: $0.rawValue), status: 0) }
        let failed = withMask([XI_ButtonPress, XI_ButtonRelease, XI_Motion], device: XIAllMasterDevices) { mask in
            XIGrabButton(display, XIAllMasterDevices, Int32(button), Window(root), Cursor(0), XIGrabModeSync, XIGrabModeAsync, 0, &mask, Int32(mods.count), &mods)
        }
        XSync(display, 0)
        return failed == 0 && cx11_take_last_error() == 0
    }

    public func ungrabButton(_ button: Int, modifiers: [ModifierMask]) {
        var mods = modifiers.map { XIGrabModifiers(modifiers: Int32(bitPattern: $0.rawValue), status: 0) }
        XIUngrabButton(display, XIAllMasterDevices, Int32(button), Window(root), Int32(mods.count), &mods)
    }

    public func allowEvents(device: Int32, replay: Bool) {
        XIAllowEvents(display, device, replay ? XIReplayDevice : XIAsyncDevice, Time(CurrentTime))
    }

    public func ungrabDevice(_ device: Int32) {
        XIUngrabDevice(display, device, Time(CurrentTime))
    }

    private static let gestureEvents = [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd,
                                        XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd]

    public func grabGestures() -> Bool {
        var mods = anyModifier()
        let pinch = withMask(Self.gestureEvents, device: XIAllMasterDevices) { mask in
            XIGrabPinchGestureBegin(display, XIAllMasterDevices, Window(root), XIGrabModeSync, XIGrabModeAsync, 0, &mask, 1, &mods)
        }
        mods = anyModifier()
        let swipe = withMask(Self.gestureEvents, device: XIAllMasterDevices) { mask in
            XIGrabSwipeGestureBegin(display, XIAllMasterDevices, Window(root), XIGrabModeSync, XIGrabModeAsync, 0, &mask, 1, &mods)
        }
        XSync(display, 0)
        return pinch == 0 && swipe == 0 && cx11_take_last_error() == 0
    }

    public func ungrabGestures() {
        var mods = anyModifier()
        XIUngrabPinchGestureBegin(display, XIAllMasterDevices, Window(root), 1, &mods)
        XIUngrabSwipeGestureBegin(display, XIAllMasterDevices, Window(root), 1, &mods)
        XFlush(display)
    }

    public func pointerPosition() -> Point? {
        var rootReturn: Window = 0, child: Window = 0
        var rx = 0.0, ry = 0.0, wx = 0.0, wy = 0.0
        var buttons = XIButtonState()
        var mods = XIModifierState(), group = XIGroupState()
        var pointer: Int32 = 0
        XIGetClientPointer(display, Window(0), &pointer)
        let ok = XIQueryPointer(display, pointer, Window(root), &rootReturn, &child, &rx, &ry, &wx, &wy, &buttons, &mods, &group)
        if let m = buttons.mask { XFree(m) }
        return ok != 0 ? Point(x: rx, y: ry) : nil
    }

    public func transformationMatrix(device: Int32) -> [Double]? {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XIGetProperty(display, device, Atom(atom("Coordinate Transformation Matrix")), 0, 9, 0, Atom(AnyPropertyType), &type, &format, &items, &after, &data)
        _ = cx11_take_last_error()
        guard status == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 32, items == 9 else { return nil }
        return data.withMemoryRebound(to: Float.self, capacity: 9) { f in (0..<9).map { Double(f[$0]) } }
    }
}

extension XIDeviceSet {
    /// XIAllDevices or XIAllMasterDevices.
    var id: Int32 { self == .all ? XIAllDevices : XIAllMasterDevices }
}

extension XIEventType {
    /// The XI_* event number.
    var number: Int32 {
        switch self {
        case .hierarchyChanged: XI_HierarchyChanged
        case .rawTouchBegin: XI_RawTouchBegin
        case .rawTouchUpdate: XI_RawTouchUpdate
        case .rawTouchEnd: XI_RawTouchEnd
        case .rawMotion: XI_RawMotion
        case .rawButtonPress: XI_RawButtonPress
        case .rawButtonRelease: XI_RawButtonRelease
        case .gesturePinchBegin: XI_GesturePinchBegin
        case .gesturePinchUpdate: XI_GesturePinchUpdate
        case .gesturePinchEnd: XI_GesturePinchEnd
        case .gestureSwipeBegin: XI_GestureSwipeBegin
        case .gestureSwipeUpdate: XI_GestureSwipeUpdate
        case .gestureSwipeEnd: XI_GestureSwipeEnd
        }
    }
}
