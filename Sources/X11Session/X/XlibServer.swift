import CX11
import GestureEngine

/// The real X server, through Xlib: every Xlib call of Tactus is in this class (this file:
/// the connection, atoms, window properties and EWMH messages, XTest;
/// `XlibServer+Keyboard.swift`: the keyboard map and state (XKB), spare keycodes;
/// `XlibServer+Input.swift`: XInput 2; `XlibServer+Events.swift`: events, the server's time,
/// the screen's size; `XlibServer+Monitors.swift`: XRandR monitors, a touchscreen's matrix). Xlib is not thread-safe: one owner (the event loop) uses it, which
/// ``XDisplay`` checks in debug builds.
public final class XlibServer: XServer {
    /// The connection; its `Display *` is reachable only through ``display``.
    private let connection: XDisplay
    public let root: XWindowID
    private var atoms: [String: UInt] = [:]
    /// XInput's major opcode (-1: no XInput).
    var xiOpcode: Int32 = -1
    /// XRandR's first event number (-1: no XRandR).
    var randrEventBase: Int32 = -1
    /// A window of our own, for server-time round trips.
    var timeWindow: Window = 0
    /// A window of our own, never mapped, that the window manager is asked about to make a
    /// round trip through it (``askWindowManagerRoundTrip()``).
    var roundTripWindow: Window = 0
    /// The root's SubstructureNotify is selected (``followTopLevelWindows()``): the root's
    /// event mask keeps it.
    var followsTopLevels = false
    /// XKB's event number (-1: no XKB). Map and state changes are selected
    /// (`XlibServer+Keyboard.swift`).
    var xkbEventBase: Int32 = -1
    /// Counts the keyboard map changes seen (XKB events, read by the loop or found queued).
    var keyboardMapGeneration = 0
    /// The layout last read, for the generation and group it was read in.
    var cachedLayout: (generation: Int, group: Int, layout: KeyboardLayout)?
    /// The keyboard's state as the latest XKB state event (or the first read) gave it.
    var trackedKeyboardState = TrackedKeyboardState()

    /// The `Display *` for one Xlib call (checked for the owning thread in debug builds).
    var display: OpaquePointer { connection.handle }

    public struct OpenError: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "cannot open the X display \(name.isEmpty ? "(DISPLAY is not set)" : "'\(name)'")" }
    }

    /// Opens `name` (nil: `$DISPLAY`). X protocol errors are recorded, never fatal.
    public init(display name: String? = nil) throws {
        // The name Xlib tried: the one given, else $DISPLAY (empty when that is unset).
        guard let connection = XDisplay(name: name) else { throw OpenError(name: name ?? XDisplayName(nil).map { String(cString: $0) } ?? "") }
        self.connection = connection
        let d = connection.handle
        root = XWindowID(XDefaultRootWindow(d))
        cx11_install_error_handler()
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        if XQueryExtension(d, "XInputExtension", &opcode, &event, &error) != 0 { xiOpcode = opcode }
        var rrEvent: Int32 = 0, rrError: Int32 = 0
        if XRRQueryExtension(d, &rrEvent, &rrError) != 0 { randrEventBase = rrEvent }
        watchKeyboard()
    }

    /// From now on, losing the connection (the server exited, the session ended) says so on
    /// stderr and exits with status 3, so that a supervisor restarts the daemon.
    public func exitOnConnectionLoss() { cx11_install_io_error_handler() }

    /// The display's name as Xlib resolved it (`:0`).
    public var displayName: String { String(cString: XDisplayString(display)) }

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
        // Xlib hands format-32 items over as C longs, sign-extended: the protocol's value is
        // the low 32 bits (0xFFFFFFFF, "every desktop", would be 2^64 - 1 otherwise).
        return p.bytes.withUnsafeBytes { raw in
            (0..<p.items).map { UInt(UInt32(truncatingIfNeeded: raw.load(fromByteOffset: $0 * MemoryLayout<CLong>.size, as: CLong.self))) }
        }
    }

    public func text(_ window: XWindowID, _ property: String) -> String? {
        guard let p = self.property(window, property), p.format == 8 else { return nil }
        return String(decoding: p.bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    public func textList(_ window: XWindowID, _ property: String) -> [String]? {
        guard let p = self.property(window, property), p.format == 8 else { return nil }
        var parts = p.bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if p.bytes.last == 0 { parts.removeLast() }  // the last text's NUL ends the list
        return parts
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

    public func focusIsWithin(_ window: XWindowID) -> Bool {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        // PointerRoot (1) and None (0) are no window; frames are shallow, so few steps up.
        var current = XWindowID(focus)
        for _ in 0..<32 where current > 1 && current != root {
            if current == window { return true }
            var rootReturn: Window = 0, parent: Window = 0
            var list: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, Window(current), &rootReturn, &parent, &list, &count) != 0 else {
                _ = cx11_take_last_error()
                return false
            }
            if let list { XFree(list) }
            current = XWindowID(parent)
        }
        return false
    }

    public func isMapped(_ window: XWindowID) -> Bool {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, Window(window), &attributes) != 0 else {
            _ = cx11_take_last_error()
            return false
        }
        return attributes.map_state != IsUnmapped
    }

    public func watchWindow(_ window: XWindowID) {
        let substructure = followsTopLevels && UInt(window) == root ? SubstructureNotifyMask : 0
        XSelectInput(display, Window(window), PropertyChangeMask | StructureNotifyMask | FocusChangeMask | substructure)
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

    public func fakeKey(_ keycode: UInt8, pressed: Bool) {
        XTestFakeKeyEvent(display, UInt32(keycode), pressed ? 1 : 0, 0)
        cx11_abort_guard_key(UInt32(keycode), pressed ? 1 : 0)
    }

    public func fakeButton(_ button: UInt32, pressed: Bool) {
        XTestFakeButtonEvent(display, button, pressed ? 1 : 0, 0)
        cx11_abort_guard_button(button, pressed ? 1 : 0)
    }

    public func fakeMotion(to point: Point) {
        XTestFakeMotionEvent(display, -1, Int32(point.x.rounded()), Int32(point.y.rounded()), 0)
    }

    public func flush() { XFlush(display) }
    public func sync() { XSync(display, 0) }

    /// Gives back the event queue elements Xlib keeps for reuse after a burst (its free list
    /// never shrinks). Returns how many.
    @discardableResult
    public func releaseEventQueueCache() -> Int { Int(cx11_release_event_queue_cache(display)) }
}
