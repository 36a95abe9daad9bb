// tactus-test-window: a plain X client for the integration tests. It opens a window with the
// WM_CLASS, title and geometry given, and prints one line per thing it receives:
//   ready WINDOW_ID
//   key CHARACTERS KEYSYM_NAME               (--key-state adds " state 0xMASK": the modifiers and
//                                           group bits the key was pressed with)
//   key-release CHARACTERS KEYSYM_NAME       (with --key-releases; --key-state adds the state too)
//   button-press BUTTON X Y / button-release BUTTON X Y
//   touch begin|update|end TOUCH_ID X Y     (with --touch: XI 2.2 touch events selected;
//                                           --timestamps adds the server's time, then CLOCK_MONOTONIC ns when read)
//   touch ownership TOUCH_ID 0 0            (with --ownership too: XI_TouchOwnership selected, so the
//                                           touch's events come at once and this when the grabs before
//                                           the window let go of it; --timestamps adds the times)
//   (--button-state adds " state 0xMASK" to button lines: the modifiers and buttons held)
//   focus-in / focus-out
//   keyboard-changed new|map                (XKB: another keyboard or a new layout, setxkbmap)
// Usage: tactus-test-window [--class C] [--instance I] [--title T] [--geometry WxH+X+Y] [--touch] [--ownership] [--timestamps] [--key-state] [--key-releases]
//        [--refuse-focus]   (WM_HINTS input False: the window manager never gives it the focus)
//        [--fixed-size]     (WM_NORMAL_HINTS minimum = maximum: openbox will not maximize it)
//        [--type NAME]      (_NET_WM_WINDOW_TYPE_NAME, e.g. SPLASH: openbox will not minimize a splash screen)
import CX11
#if canImport(Glibc)
import Glibc
#endif

/// One line to stdout, unbuffered: the test reads it at once.
func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
}

func fail(_ message: String, _ code: Int32) -> Never {
    let bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    exit(code)
}

var cls = "TactusTest", instance = "tactus-test", title = "Tactus test window"
var x: Int32 = 100, y: Int32 = 100, width: UInt32 = 400, height: UInt32 = 300
var wantTouch = false, wantOwnership = false, refuseFocus = false, fixedSize = false
var windowType: String?
var wantTimestamps = false, wantButtonState = false, wantKeyState = false, wantKeyReleases = false
var args = CommandLine.arguments.dropFirst().makeIterator()
while let a = args.next() {
    switch a {
    case "--class": cls = args.next() ?? cls
    case "--instance": instance = args.next() ?? instance
    case "--title": title = args.next() ?? title
    case "--touch": wantTouch = true
    case "--ownership": wantOwnership = true
    case "--timestamps": wantTimestamps = true
    case "--button-state": wantButtonState = true
    case "--key-state": wantKeyState = true
    case "--key-releases": wantKeyReleases = true
    case "--refuse-focus": refuseFocus = true
    case "--fixed-size": fixedSize = true
    case "--type": windowType = args.next()
    case "--geometry":
        let g = args.next() ?? ""
        let parts = g.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
        if parts.count == 4 { width = UInt32(parts[0]); height = UInt32(parts[1]); x = Int32(parts[2]); y = Int32(parts[3]) }
    default:
        fail("unknown argument \(a)", 2)
    }
}

guard let dpy = XOpenDisplay(nil) else { fail("cannot open display", 1) }
let root = XDefaultRootWindow(dpy)
let win = XCreateSimpleWindow(dpy, root, x, y, width, height, 0, 0, 0xFFFFFF)

var classHint = XClassHint()
instance.withCString { i in cls.withCString { c in
    classHint.res_name = UnsafeMutablePointer(mutating: i)
    classHint.res_class = UnsafeMutablePointer(mutating: c)
    XSetClassHint(dpy, win, &classHint)
} }
XStoreName(dpy, win, title)
let utf8 = XInternAtom(dpy, "UTF8_STRING", 0)
let netName = XInternAtom(dpy, "_NET_WM_NAME", 0)
let titleBytes = Array(title.utf8)
_ = titleBytes.withUnsafeBufferPointer { XChangeProperty(dpy, win, netName, utf8, 8, PropModeReplace, $0.baseAddress, Int32($0.count)) }
if let hints = XAllocSizeHints() {
    hints.pointee.flags = USPosition | USSize | (fixedSize ? PMinSize | PMaxSize : 0)
    hints.pointee.x = x; hints.pointee.y = y
    hints.pointee.width = Int32(width); hints.pointee.height = Int32(height)
    hints.pointee.min_width = Int32(width); hints.pointee.max_width = Int32(width)
    hints.pointee.min_height = Int32(height); hints.pointee.max_height = Int32(height)
    XSetWMNormalHints(dpy, win, hints)
    XFree(hints)
}
if let windowType {
    var type = XInternAtom(dpy, "_NET_WM_WINDOW_TYPE_" + windowType, 0)
    _ = withUnsafeBytes(of: &type) { raw in
        XChangeProperty(dpy, win, XInternAtom(dpy, "_NET_WM_WINDOW_TYPE", 0), XInternAtom(dpy, "ATOM", 0), 32, PropModeReplace, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
    }
}
if refuseFocus, let hints = XAllocWMHints() {
    hints.pointee.flags = InputHint
    hints.pointee.input = 0
    XSetWMHints(dpy, win, hints)
    XFree(hints)
}
XSelectInput(dpy, win, KeyPressMask | (wantKeyReleases ? KeyReleaseMask : 0) | ButtonPressMask | ButtonReleaseMask | StructureNotifyMask | FocusChangeMask)

var xiOpcode: Int32 = 0, ev1: Int32 = 0, err1: Int32 = 0
if wantTouch, XQueryExtension(dpy, "XInputExtension", &xiOpcode, &ev1, &err1) != 0 {
    var major: Int32 = 2, minor: Int32 = 2
    XIQueryVersion(dpy, &major, &minor)
    var bits = [UInt8](repeating: 0, count: Int(cx11_xi_mask_len(XI_LASTEVENT)))
    for e in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] + (wantOwnership ? [XI_TouchOwnership] : []) { cx11_xi_set_mask(&bits, e) }
    bits.withUnsafeMutableBufferPointer { b in
        var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(b.count), mask: b.baseAddress)
        XISelectEvents(dpy, win, &mask, 1)
    }
}
// A layout loaded by setxkbmap comes as XKB events only (no core MappingNotify): selected,
// they say when the new layout is in force for the key events that follow.
var xkbOpcode: Int32 = 0, xkbEventBase: Int32 = -1, xkbError: Int32 = 0
var xkbMajor = Int32(XkbMajorVersion), xkbMinor = Int32(XkbMinorVersion)
if XkbQueryExtension(dpy, &xkbOpcode, &xkbEventBase, &xkbError, &xkbMajor, &xkbMinor) != 0 {
    let changes = UInt32(XkbNewKeyboardNotifyMask | XkbMapNotifyMask)
    XkbSelectEvents(dpy, UInt32(XkbUseCoreKbd), changes, changes)
} else {
    xkbEventBase = -1
}
XMapWindow(dpy, win)
XFlush(dpy)

/// The map, then the events until the window is killed. The event is a local: as a global of
/// the top-level code, the release build kept the switch's read of it open into the next
/// XNextEvent's write, and the dynamic exclusivity check ended the program at the first event
/// (make bench-touch); a local is checked when compiled.
@MainActor func mapAndReport() -> Never {
    var event = XEvent()
    // Openbox drops the requests that reach it while it starts, though it has already taken
    // over the map requests (its check window is up): a map asked for then never happens. So
    // the map is asked again, each 200 ms without an event, until the window is mapped.
    var pollDescriptor = pollfd(fd: XConnectionNumber(dpy), events: Int16(POLLIN), revents: 0)
    var mapped = false
    while !mapped {
        while !mapped, XPending(dpy) > 0 {
            XNextEvent(dpy, &event)
            mapped = cx11_event_type(&event) == MapNotify
        }
        if !mapped, poll(&pollDescriptor, 1, 200) == 0 {
            XMapWindow(dpy, win)
            XFlush(dpy)
        }
    }
    say("ready \(win)")

    while true {
        XNextEvent(dpy, &event)
        switch cx11_event_type(&event) {
        case KeyPress, KeyRelease:
            var keysym: KeySym = 0
            var buffer = [CChar](repeating: 0, count: 32)
            let n = XLookupString(&event.xkey, &buffer, 31, &keysym, nil)
            // XLookupString returns Latin-1 (no locale is set): each byte is one code point.
            var text = ""
            for byte in buffer.prefix(Int(max(0, n))) { text.unicodeScalars.append(Unicode.Scalar(UInt8(bitPattern: byte))) }
            let name = XKeysymToString(keysym).map { String(cString: $0) } ?? "?\(event.xkey.keycode)"
            let kind = cx11_event_type(&event) == KeyPress ? "key" : "key-release"
            say("\(kind) \(text.isEmpty ? "-" : text) \(name)\(wantKeyState ? " state 0x" + String(event.xkey.state, radix: 16) : "")")
        case ButtonPress:
            say("button-press \(event.xbutton.button) \(event.xbutton.x) \(event.xbutton.y)\(wantButtonState ? " state 0x" + String(event.xbutton.state, radix: 16) : "")")
        case ButtonRelease:
            say("button-release \(event.xbutton.button) \(event.xbutton.x) \(event.xbutton.y)\(wantButtonState ? " state 0x" + String(event.xbutton.state, radix: 16) : "")")
        case MappingNotify:
            // As toolkits do: the key map changed (Tactus binds a spare keycode for keysyms the
            // map lacks); refresh Xlib's cache before the key events that follow.
            XRefreshKeyboardMapping(&event.xmapping)
            say("mapping \(event.xmapping.request) \(event.xmapping.first_keycode) \(event.xmapping.count)")
        case FocusIn:
            say("focus-in")
        case FocusOut:
            say("focus-out")
        case GenericEvent:
            var cookie = event.xcookie
            if cookie.extension == xiOpcode, XGetEventData(dpy, &cookie) != 0 {
                if cookie.evtype == XI_TouchOwnership, let data = cookie.data?.assumingMemoryBound(to: XITouchOwnershipEvent.self) {
                    let e = data.pointee
                    var clock = timespec()
                    if wantTimestamps { clock_gettime(CLOCK_MONOTONIC, &clock) }
                    let stamp = wantTimestamps ? " \(e.time) \(Int64(clock.tv_sec) * 1_000_000_000 + Int64(clock.tv_nsec))" : ""
                    say("touch ownership \(e.touchid) 0 0\(stamp)")
                } else if let data = cookie.data?.assumingMemoryBound(to: XIDeviceEvent.self) {
                    let e = data.pointee
                    let kind = cookie.evtype == XI_TouchBegin ? "begin" : cookie.evtype == XI_TouchUpdate ? "update" : cookie.evtype == XI_TouchEnd ? "end" : "other"
                    var clock = timespec()
                    if wantTimestamps { clock_gettime(CLOCK_MONOTONIC, &clock) }
                    // The server's time of the event, then when it was read here (CLOCK_MONOTONIC ns).
                    let stamp = wantTimestamps ? " \(e.time) \(Int64(clock.tv_sec) * 1_000_000_000 + Int64(clock.tv_nsec))" : ""
                    say("touch \(kind) \(e.detail) \(Int(e.event_x)) \(Int(e.event_y))\(stamp)")
                }
                XFreeEventData(dpy, &cookie)
            }
        case xkbEventBase where xkbEventBase >= 0:
            let kind = withUnsafeMutablePointer(to: &event) { p in
                p.withMemoryRebound(to: XkbAnyEvent.self, capacity: 1) { any -> Int32 in
                    let kind = any.pointee.xkb_type
                    if kind == XkbMapNotify {
                        any.withMemoryRebound(to: XkbMapNotifyEvent.self, capacity: 1) { _ = XkbRefreshKeyboardMapping($0) }
                    }
                    return kind
                }
            }
            if kind == XkbNewKeyboardNotify { say("keyboard-changed new") }
            if kind == XkbMapNotify { say("keyboard-changed map") }
        default:
            break
        }
    }
}

mapAndReport()
