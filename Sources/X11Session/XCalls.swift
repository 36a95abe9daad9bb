import CX11
import GestureEngine

/// An X window id.
public typealias XWindowID = UInt

/// The seam between Tactus and the X server: everything above it (window tracking, actions,
/// and later input) talks to this protocol, so it can be driven by a fake in unit tests and
/// by the real server (`XlibServer`) everywhere else.
public protocol XServer: AnyObject {
    var root: XWindowID { get }
    func atom(_ name: String) -> UInt
    func atomName(_ atom: UInt) -> String?
    /// A format-32 property (CARDINAL, WINDOW, ATOM) as numbers; nil when absent.
    func numbers(_ window: XWindowID, _ property: String) -> [UInt]?
    /// A text property (UTF8_STRING or STRING); nil when absent.
    func text(_ window: XWindowID, _ property: String) -> String?
    /// WM_CLASS as (instance, class).
    func classHint(_ window: XWindowID) -> (instance: String, windowClass: String)?
    /// The window's rectangle in root coordinates; nil when it is gone.
    func geometry(_ window: XWindowID) -> Rect?
    /// The top-level window (a window manager's frame, or an unmanaged popup) at a point of
    /// the root window; nil over the bare root.
    func topLevelWindow(at point: Point) -> XWindowID?
    /// A window's children, bottom first (empty when it is gone).
    func children(of window: XWindowID) -> [XWindowID]
    /// A format-32 ClientMessage to the root window, as EWMH requests are sent.
    func sendRootMessage(about window: XWindowID, type: String, data: [Int])
    func keycode(forKeysym keysym: UInt) -> UInt8?
    /// Binds `keysym` to a keycode that has none, for a key the keyboard map lacks.
    func bindSpareKeycode(toKeysym keysym: UInt) -> UInt8?
    func unbindKeycode(_ keycode: UInt8)
    func fakeKey(_ keycode: UInt8, pressed: Bool)
    func fakeButton(_ button: UInt32, pressed: Bool)
    func fakeMotion(to point: Point)
    func flush()
    func sync()

    // MARK: Input (XI 2.2 touches and ownership, pointer grabs, XI 2.4 gestures)

    /// The XInput version the server grants (asking for 2.4), or nil without XI 2.2.
    func negotiateInput() -> (major: Int, minor: Int)?
    func devices() -> [InputDevice]
    /// Selects XI events on `window` for `device` (XIAllDevices = 0, XIAllMasterDevices = 1).
    func selectInput(on window: XWindowID, device: Int32, events: [Int32])
    /// Core events (`PropertyChangeMask`, `StructureNotifyMask`, …) on a window.
    func selectEvents(on window: XWindowID, mask: Int)
    /// The passive touch grab on root; false when another client holds it.
    func grabTouchBegin() -> Bool
    func ungrabTouchBegin()
    /// Ownership of a touch: accept (the gesture keeps it) or reject (replayed to the application).
    func allowTouch(device: Int32, touch: UInt32, accept: Bool)
    /// A passive synchronous grab of `button` with each modifier mask on root.
    func grabButton(_ button: Int, modifierMasks: [UInt32]) -> Bool
    func ungrabButton(_ button: Int, modifierMasks: [UInt32])
    /// Thaws a device frozen by a sync grab: `replay` gives the event to the application,
    /// otherwise the grab keeps it (XIAsyncDevice).
    func allowEvents(device: Int32, replay: Bool)
    func ungrabDevice(_ device: Int32)
    /// Passive sync grabs of XI 2.4 swipe and pinch gestures on root.
    func grabGestures() -> Bool
    func ungrabGestures()
    func pointerPosition() -> Point?
    /// The root window's size and the monitors (XRandR).
    func screenSize() -> (width: Double, height: Double)
    func monitors() -> [XMonitor]
    /// A device's "Coordinate Transformation Matrix" (row-major 3×3), when it has one.
    func transformationMatrix(device: Int32) -> [Double]?
    /// The next event already received (nil: none pending, never blocks).
    func nextEvent() -> XInputEvent?
    /// The server's time now (a round trip).
    func serverTime() -> XTime
}

/// The real X server, through Xlib. Every Xlib call of Tactus is in this class. Xlib is not
/// thread-safe: one owner (the event loop) uses it.
public final class XlibServer: XServer {
    public let display: OpaquePointer
    public let root: XWindowID
    private var atoms: [String: UInt] = [:]
    private var xiOpcode: Int32 = -1
    private var randrEventBase: Int32 = -1
    /// A window of our own, for server-time round trips.
    private var timeWindow: Window = 0

    public struct OpenError: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "cannot open the X display \(name.isEmpty ? "(DISPLAY is not set)" : "'\(name)'")" }
    }

    /// Opens `name` (nil: `$DISPLAY`). X protocol errors are recorded, never fatal.
    public init(display name: String? = nil) throws {
        guard let d = XOpenDisplay(name) else { throw OpenError(name: name ?? "") }
        display = d
        root = XWindowID(XDefaultRootWindow(d))
        cx11_install_error_handler()
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        if XQueryExtension(d, "XInputExtension", &opcode, &event, &error) != 0 { xiOpcode = opcode }
        var rrEvent: Int32 = 0, rrError: Int32 = 0
        if XRRQueryExtension(d, &rrEvent, &rrError) != 0 { randrEventBase = rrEvent }
    }

    /// The display's name as Xlib resolved it (`:0`).
    public var displayName: String { String(cString: XDisplayString(display)) }

    deinit { XCloseDisplay(display) }

    /// The file descriptor to poll for events.
    public var connectionNumber: Int32 { XConnectionNumber(display) }

    public func atom(_ name: String) -> UInt {
        if let a = atoms[name] { return a }
        let a = UInt(XInternAtom(display, name, 0))
        atoms[name] = a
        return a
    }

    public func atomName(_ atom: UInt) -> String? {
        guard let p = XGetAtomName(display, Atom(atom)) else { return nil }
        defer { XFree(p) }
        return String(cString: p)
    }

    /// Raw property bytes and format; nil when absent or the window is gone.
    private func property(_ window: XWindowID, _ name: String) -> (bytes: [UInt8], format: Int32, items: Int)? {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, Window(window), Atom(atom(name)), 0, 1 << 16, 0, Atom(AnyPropertyType), &type, &format, &items, &after, &data)
        _ = cx11_take_last_error()
        guard status == Success, let data, type != 0 else {
            if let data { XFree(data) }
            return nil
        }
        defer { XFree(data) }
        // Format-32 items come back as C longs (8 bytes on 64-bit systems).
        let size = format == 32 ? MemoryLayout<CLong>.size : Int(format / 8)
        return (Array(UnsafeBufferPointer(start: data, count: Int(items) * size)), format, Int(items))
    }

    public func numbers(_ window: XWindowID, _ property: String) -> [UInt]? {
        guard let p = self.property(window, property), p.format == 32 else { return nil }
        return p.bytes.withUnsafeBytes { raw in (0..<p.items).map { UInt(bitPattern: raw.load(fromByteOffset: $0 * MemoryLayout<CLong>.size, as: CLong.self)) } }
    }

    public func text(_ window: XWindowID, _ property: String) -> String? {
        guard let p = self.property(window, property), p.format == 8 else { return nil }
        return String(decoding: p.bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    public func classHint(_ window: XWindowID) -> (instance: String, windowClass: String)? {
        guard let p = property(window, "WM_CLASS"), p.format == 8 else { return nil }
        let parts = p.bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
    }

    public func topLevelWindow(at point: Point) -> XWindowID? {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        let ok = XTranslateCoordinates(display, Window(root), Window(root), Int32(point.x.rounded(.down)), Int32(point.y.rounded(.down)), &x, &y, &child)
        _ = cx11_take_last_error()
        return ok != 0 && child != 0 ? XWindowID(child) : nil
    }

    public func children(of window: XWindowID) -> [XWindowID] {
        var rootReturn: Window = 0, parent: Window = 0
        var list: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, Window(window), &rootReturn, &parent, &list, &count) != 0, let list else {
            _ = cx11_take_last_error()
            return []
        }
        defer { XFree(list) }
        return (0..<Int(count)).map { XWindowID(list[$0]) }
    }

    public func geometry(_ window: XWindowID) -> Rect? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, Window(window), &attributes) != 0 else {
            _ = cx11_take_last_error()
            return nil
        }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(display, Window(window), Window(root), 0, 0, &x, &y, &child) != 0 else { return nil }
        return Rect(x: Double(x), y: Double(y), width: Double(attributes.width), height: Double(attributes.height))
    }

    public func sendRootMessage(about window: XWindowID, type: String, data: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.serial = 0
        event.xclient.send_event = 1
        event.xclient.display = display
        event.xclient.window = Window(window)
        event.xclient.message_type = Atom(atom(type))
        event.xclient.format = 32
        let d = data + Array(repeating: 0, count: max(0, 5 - data.count))
        event.xclient.data.l = (d[0], d[1], d[2], d[3], d[4])
        XSendEvent(display, Window(root), 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
    }

    public func keycode(forKeysym keysym: UInt) -> UInt8? {
        let k = XKeysymToKeycode(display, KeySym(keysym))
        return k == 0 ? nil : k
    }

    public func bindSpareKeycode(toKeysym keysym: UInt) -> UInt8? {
        var minCode: Int32 = 0, maxCode: Int32 = 0
        XDisplayKeycodes(display, &minCode, &maxCode)
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(display, KeyCode(minCode), maxCode - minCode + 1, &perCode) else { return nil }
        defer { XFree(map) }
        // The highest keycode with no keysym at all is the least likely to matter.
        for code in stride(from: maxCode, through: minCode, by: -1) {
            let row = Int(code - minCode) * Int(perCode)
            if (0..<Int(perCode)).allSatisfy({ map[row + $0] == 0 }) {
                var syms: [KeySym] = [KeySym(keysym), KeySym(keysym)]
                XChangeKeyboardMapping(display, code, 2, &syms, 1)
                XSync(display, 0)
                return UInt8(code)
            }
        }
        return nil
    }

    public func unbindKeycode(_ keycode: UInt8) {
        var syms: [KeySym] = [0, 0]
        XChangeKeyboardMapping(display, Int32(keycode), 2, &syms, 1)
        XFlush(display)
    }

    public func fakeKey(_ keycode: UInt8, pressed: Bool) {
        XTestFakeKeyEvent(display, UInt32(keycode), pressed ? 1 : 0, 0)
    }

    public func fakeButton(_ button: UInt32, pressed: Bool) {
        XTestFakeButtonEvent(display, button, pressed ? 1 : 0, 0)
    }

    public func fakeMotion(to point: Point) {
        XTestFakeMotionEvent(display, -1, Int32(point.x.rounded()), Int32(point.y.rounded()), 0)
    }

    public func flush() { XFlush(display) }
    public func sync() { XSync(display, 0) }

    /// Keycodes the server believes are down (shutdown checks and tests: no key stays pressed).
    public func keycodesDown() -> [UInt8] {
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(display, &keys)
        var down: [UInt8] = []
        for (i, byte) in keys.enumerated() {
            for bit in 0..<8 where UInt8(bitPattern: byte) & (1 << bit) != 0 { down.append(UInt8(i * 8 + bit)) }
        }
        return down
    }

    // MARK: Input

    public func negotiateInput() -> (major: Int, minor: Int)? {
        guard xiOpcode >= 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else { return nil }
        return (Int(major), Int(minor))
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

    public func selectInput(on window: XWindowID, device: Int32, events: [Int32]) {
        withMask(events, device: device) { mask in _ = XISelectEvents(display, Window(window), &mask, 1) }
    }

    public func selectEvents(on window: XWindowID, mask: Int) {
        XSelectInput(display, Window(window), mask)
    }

    private func anyModifier() -> [XIGrabModifiers] { [XIGrabModifiers(modifiers: cx11_xi_any_modifier(), status: 0)] }

    public func grabTouchBegin() -> Bool {
        var mods = anyModifier()
        let failed = withMask([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership], device: XIAllMasterDevices) { mask in
            XIGrabTouchBegin(display, XIAllMasterDevices, Window(root), 0, &mask, 1, &mods)
        }
        XSync(display, 0)
        let error = cx11_take_last_error()
        return failed == 0 && error == 0
    }

    public func ungrabTouchBegin() {
        var mods = anyModifier()
        XIUngrabTouchBegin(display, XIAllMasterDevices, Window(root), 1, &mods)
        XFlush(display)
    }

    public func allowTouch(device: Int32, touch: UInt32, accept: Bool) {
        XIAllowTouchEvents(display, device, touch, Window(root), accept ? XIAcceptTouch : XIRejectTouch)
    }

    public func grabButton(_ button: Int, modifierMasks: [UInt32]) -> Bool {
        var mods = modifierMasks.map { XIGrabModifiers(modifiers: Int32(bitPattern: $0), status: 0) }
        let failed = withMask([XI_ButtonPress, XI_ButtonRelease, XI_Motion], device: XIAllMasterDevices) { mask in
            XIGrabButton(display, XIAllMasterDevices, Int32(button), Window(root), Cursor(0), XIGrabModeSync, XIGrabModeAsync, 0, &mask, Int32(mods.count), &mods)
        }
        XSync(display, 0)
        return failed == 0 && cx11_take_last_error() == 0
    }

    public func ungrabButton(_ button: Int, modifierMasks: [UInt32]) {
        var mods = modifierMasks.map { XIGrabModifiers(modifiers: Int32(bitPattern: $0), status: 0) }
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

    public func screenSize() -> (width: Double, height: Double) {
        let screen = XDefaultScreen(display)
        return (Double(XDisplayWidth(display, screen)), Double(XDisplayHeight(display, screen)))
    }

    public func monitors() -> [XMonitor] {
        guard randrEventBase >= 0 else { return [] }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, Window(root), 1, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        return (0..<Int(count)).map { i in
            let m = list[i]
            return XMonitor(name: atomName(UInt(m.name)) ?? "monitor \(i)", x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height), primary: m.primary != 0)
        }
    }

    /// Also asks for XRandR screen-change notifications on root.
    public func selectScreenChanges() {
        guard randrEventBase >= 0 else { return }
        XRRSelectInput(display, Window(root), Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
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

    public func nextEvent() -> XInputEvent? {
        guard XPending(display) > 0 else { return nil }
        var event = XEvent()
        XNextEvent(display, &event)
        let type = cx11_event_type(&event)
        switch type {
        case GenericEvent:
            var cookie = event.xcookie
            guard cookie.extension == xiOpcode, XGetEventData(display, &cookie) != 0, let data = cookie.data else { return .other }
            defer { XFreeEventData(display, &cookie) }
            switch cookie.evtype {
            case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion:
                return XInputDecoder.decodeDevice(data.assumingMemoryBound(to: XIDeviceEvent.self))
            case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd, XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease:
                return XInputDecoder.decodeRaw(data.assumingMemoryBound(to: XIRawEvent.self))
            case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
                return XInputDecoder.decodePinch(data.assumingMemoryBound(to: XIGesturePinchEvent.self))
            case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
                return XInputDecoder.decodeSwipe(data.assumingMemoryBound(to: XIGestureSwipeEvent.self))
            case XI_HierarchyChanged:
                return .hierarchyChanged
            default:
                return .other
            }
        case PropertyNotify:
            return .propertyChanged(window: UInt(event.xproperty.window), atom: UInt(event.xproperty.atom), time: XTime(truncatingIfNeeded: event.xproperty.time))
        case ConfigureNotify:
            return .configured(window: UInt(event.xconfigure.window))
        case DestroyNotify:
            return .destroyed(window: UInt(event.xdestroywindow.window))
        case MappingNotify:
            var m = event.xmapping
            XRefreshKeyboardMapping(&m)
            return .other
        default:
            if randrEventBase >= 0, type == randrEventBase + RRScreenChangeNotify || type == randrEventBase + RRNotify {
                XRRUpdateConfiguration(&event)
                return .screenChanged
            }
            return .other
        }
    }

    public func serverTime() -> XTime {
        if timeWindow == 0 {
            timeWindow = XCreateSimpleWindow(display, Window(root), -10, -10, 1, 1, 0, 0, 0)
            XSelectInput(display, timeWindow, PropertyChangeMask)
        }
        var zero: UInt8 = 0
        let a = Atom(atom("_TACTUS_TIME"))
        XChangeProperty(display, timeWindow, a, Atom(XA_CARDINAL), 8, PropModeReplace, &zero, 1)
        var event = XEvent()
        XWindowEvent(display, timeWindow, PropertyChangeMask, &event)
        return XTime(truncatingIfNeeded: event.xproperty.time)
    }

    /// Whether unread events are queued or readable (after a poll() wake-up).
    public var hasPendingEvents: Bool { XPending(display) > 0 }
}
