import CX11
import Foundation
import GestureEngine
@testable import X11TestSupport
import TestSupport

// The three plain Xlib clients of a scenario (the touch owner, the window manager, the
// application) and the loop that reads their events.

/// One Xlib connection, its events read by `pump`.
class Client {
    let display: OpaquePointer
    let root: Window
    init(_ name: String) {
        guard let d = XOpenDisplay(name) else { fatalError("cannot connect to \(name)") }
        display = d
        // A server that dies is what some scenarios show: Xlib marks the connection dead and
        // returns instead of exiting, and the scenario reports the server's exit.
        XSetIOErrorHandler { _ in 0 }
        XSetIOErrorExitHandler(d, { _, _ in }, nil)
        root = XDefaultRootWindow(d)
    }

    func pump() {
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            handle(&event)
        }
    }

    func handle(_ event: inout XEvent) {}
}

/// A window manager's click-to-focus grab: button 1, any modifier, the pointer synchronous;
/// each press answered `busy` seconds later with ReplayPointer and the press's time.
final class WindowManager: Client {
    struct Press { var time: Time; var window: Window; var child: Window }
    var presses: [Press] = []
    var answered: [Time] = []
    private var due: [(time: Time, at: Double)] = []
    var frames: [Window] = []

    func frame(x: Int32, y: Int32) -> Window {
        let w = XCreateSimpleWindow(display, root, x, y, 400, 300, 0, 0, 0x808080)
        XGrabButton(display, UInt32(Button1), UInt32(AnyModifier), w, 0, UInt32(ButtonPressMask), GrabModeSync, GrabModeAsync, 0, 0)
        XSelectInput(display, w, SubstructureNotifyMask)
        XMapWindow(display, w)
        XSync(display, 0)
        frames.append(w)
        return w
    }

    override func handle(_ event: inout XEvent) {
        if event.type == ButtonPress {
            let b = event.xbutton
            presses.append(Press(time: b.time, window: b.window, child: b.subwindow))
            due.append((b.time, monotonic() + busy))
        }
    }

    override func pump() {
        super.pump()
        let now = monotonic()
        while let first = due.first, first.at <= now {
            XAllowEvents(display, ReplayPointer, first.time)
            XFlush(display)
            answered.append(first.time)
            due.removeFirst()
        }
    }

    var waiting: Bool { !due.isEmpty }
}

/// The application: a window in a frame, counting the presses that reach it.
final class Application: Client {
    var presses: [(time: Time, window: Window)] = []

    func window(in frame: Window) -> Window {
        let w = XCreateSimpleWindow(display, frame, 0, 0, 400, 300, 0, 0, 0xFFFFFF)
        XSelectInput(display, w, ButtonPressMask | ButtonReleaseMask)
        XMapWindow(display, w)
        XSync(display, 0)
        return w
    }

    override func handle(_ event: inout XEvent) {
        if event.type == ButtonPress { presses.append((event.xbutton.time, event.xbutton.window)) }
    }
}

/// The touch owner: XIGrabTouchBegin on root for every master device; decides only when told.
final class Owner: Client {
    struct Touch { var device: Int32; var began: Time; var ended = false; var emulating: Bool }
    var touches: [UInt32: Touch] = [:]
    var order: [UInt32] = []
    var lastTime: Time = 0
    private var opcode: Int32 = 0

    override init(_ name: String) {
        super.init(name)
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 2, minor: Int32 = 2
        XQueryExtension(display, "XInputExtension", &opcode, &event, &error)
        XIQueryVersion(display, &major, &minor)
        var bytes = [UInt8](repeating: 0, count: Int(cx11_xi_mask_len(XI_LASTEVENT)))
        for e in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership] { cx11_xi_set_mask(&bytes, e) }
        var modifiers = [XIGrabModifiers(modifiers: cx11_xi_any_modifier(), status: 0)]
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabTouchBegin(display, XIAllMasterDevices, root, 0, &mask, 1, &modifiers)
        }
        XSync(display, 0)
        precondition(status == 0, "the touch grab was refused")
    }

    override func handle(_ event: inout XEvent) {
        guard event.type == GenericEvent, event.xcookie.extension == opcode, XGetEventData(display, &event.xcookie) != 0 else { return }
        defer { XFreeEventData(display, &event.xcookie) }
        let type = event.xcookie.evtype
        guard type == XI_TouchBegin || type == XI_TouchUpdate || type == XI_TouchEnd else { return }
        let e = event.xcookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        lastTime = e.time
        let id = UInt32(e.detail)
        if type == XI_TouchBegin {
            touches[id] = Touch(device: e.deviceid, began: e.time, emulating: e.flags & Int32(XITouchEmulatingPointer) != 0)
            order.append(id)
        } else if type == XI_TouchEnd {
            touches[id]?.ended = true
        }
    }

    func reject(_ id: UInt32) { answer(id, XIRejectTouch) }
    func accept(_ id: UInt32) { answer(id, XIAcceptTouch) }

    private func answer(_ id: UInt32, _ mode: Int32) {
        guard let t = touches[id] else { fatalError("touch \(id) was not seen") }
        XIAllowTouchEvents(display, t.device, id, root, mode)
        XFlush(display)
    }

    /// A round trip through the window manager: `_NET_REQUEST_FRAME_EXTENTS` for a window of
    /// our own, answered by the manager setting `_NET_FRAME_EXTENTS` on it. Every event the
    /// manager was sent before the request, it has read by then. False after `limit` seconds.
    func windowManagerRoundTrip(limit: Double = 1) -> Bool {
        if probe == 0 {
            probe = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
            XSelectInput(display, probe, PropertyChangeMask)
        }
        let request = XInternAtom(display, "_NET_REQUEST_FRAME_EXTENTS", 0)
        let extents = XInternAtom(display, "_NET_FRAME_EXTENTS", 0)
        var e = XEvent()
        e.xclient.type = ClientMessage
        e.xclient.window = probe
        e.xclient.message_type = request
        e.xclient.format = 32
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &e)
        XFlush(display)
        let until = monotonic() + limit
        while monotonic() < until {
            while XPending(display) > 0 {
                XNextEvent(display, &e)
                if e.type == PropertyNotify && e.xproperty.window == probe && e.xproperty.atom == extents { return true }
                handle(&e)
            }
            usleep(200)
        }
        return false
    }
    private var probe: Window = 0

    /// Whether another client holds the pointer: XIGrabDevice an hour ahead of the server's
    /// time is AlreadyGrabbed when one does and GrabInvalidTime otherwise (never a grab).
    func pointerHeld() -> Bool {
        var bytes = [UInt8](repeating: 0, count: Int(cx11_xi_mask_len(XI_LASTEVENT)))
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: 2, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabDevice(display, 2, root, lastTime &+ 3_600_000, 0, XIGrabModeAsync, XIGrabModeAsync, 0, &mask)
        }
        if status == GrabSuccess { XIUngrabDevice(display, 2, UInt(CurrentTime)) }
        return status == AlreadyGrabbed
    }
}

/// Reads every client's events until `condition` holds (true), `timeout` seconds pass or the
/// server exits (false).
func pumpClients(_ clients: [Client], of x: XvfbSession, until condition: () -> Bool, timeout: Double) -> Bool {
    let deadline = monotonic() + timeout
    while monotonic() < deadline {
        for c in clients { c.pump() }
        if x.serverExitStatus != nil { return false }
        if condition() { return true }
        usleep(500)
    }
    return false
}
