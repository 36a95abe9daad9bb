import CX11
import Foundation
import GestureEngine
import SystemCalls
import TestSupport
import X11Session
@testable import X11TestSupport

// The windows the soak opens, touches and closes once their touches are decided, and the
// profile reloads between rounds.

// MARK: Windows

@MainActor func drainEvents() {
    var event = XEvent()
    while XPending(display) > 0 {
        XNextEvent(display, &event)
        if event.type == ButtonPress, let serial = serials[event.xbutton.window] {
            presses[serial, default: 0] += 1
            pressesSeen += 1
        }
    }
}

/// A window the `soak` profile matches, mapped and matched by the daemon; its client area on
/// the screen (a window manager puts its frame where the soak asked, the client inside).
@MainActor func openWindow(_ n: Int) -> (window: Window, frame: Frame) {
    let asked = (x: Double.random(in: 0...480, using: &random).rounded(), y: Double.random(in: 0...440, using: &random).rounded(), w: 400.0, h: 300.0)
    let window = XCreateSimpleWindow(display, root, Int32(asked.x), Int32(asked.y), UInt32(asked.w), UInt32(asked.h), 0, 0, 0xFFFFFF)
    serials[window] = n
    XSelectInput(display, window, ButtonPressMask)
    // Where the soak put it: window managers keep a position the user asked for.
    if let hints = XAllocSizeHints() {
        hints.pointee.flags = USPosition | USSize
        (hints.pointee.x, hints.pointee.y, hints.pointee.width, hints.pointee.height) = (Int32(asked.x), Int32(asked.y), Int32(asked.w), Int32(asked.h))
        XSetWMNormalHints(display, window, hints)
        XFree(hints)
    }
    setClassHint(window, instance: "soak", class: "Soak")
    XStoreName(display, window, "soak \(n)")
    if !withWindowManager { setProperty(window, "WM_STATE", atom("WM_STATE"), [1, 0]) }
    XMapWindow(display, window)
    XSync(display, 0)
    if !withWindowManager { publishClients(open.map(\.window) + [window]) }
    let deadline = monotonic() + 10
    while !verdicts.matched(window) {
        watchdog()
        guard monotonic() < deadline else { fail("the daemon did not match window \(n) (0x\(String(window, radix: 16))) to its profile within 10 s: \(windowState(window)); the daemon's last window lines: \(verdicts.lastWindowLines)") }
        usleep(500)
    }
    var rx: Int32 = 0, ry: Int32 = 0, child: Window = 0
    XTranslateCoordinates(display, window, root, 0, 0, &rx, &ry, &child)
    if environment["SOAK_DEBUG"] != nil {
        var rootReturn: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
        XQueryTree(display, window, &rootReturn, &parent, &children, &count)
        if let children { XFree(children) }
        print("window \(n) (0x\(String(window, radix: 16))): asked at \(Int(asked.x)),\(Int(asked.y)), the client at \(rx),\(ry) in 0x\(String(parent, radix: 16)), under 0x\(String(child, radix: 16))")
    }
    return (window, (Double(rx), Double(ry), asked.w, asked.h))
}

/// What the server says of a window the daemon has not matched: mapped, reparented, WM_STATE,
/// in the window manager's client list.
@MainActor func windowState(_ window: Window) -> String {
    var attributes = XWindowAttributes()
    XGetWindowAttributes(display, window, &attributes)
    var rootReturn: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
    XQueryTree(display, window, &rootReturn, &parent, &children, &count)
    if let children { XFree(children) }
    func property(_ w: Window, _ name: String) -> [UInt] {
        var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, w, atom(name), 0, 4096, 0, Atom(AnyPropertyType), &type, &format, &items, &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [UInt](repeating: 0, count: Int(items)) }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(items)) { Array(UnsafeBufferPointer(start: $0, count: Int(items))) }
    }
    let state = property(window, "WM_STATE")
    let listed = property(root, "_NET_CLIENT_LIST").contains(window)
    return "\(attributes.map_state == IsViewable ? "viewable" : attributes.map_state == IsUnmapped ? "unmapped" : "mapped, not viewable"), parent 0x\(String(parent, radix: 16))\(parent == root ? " (root: not reparented)" : ""), WM_STATE \(state.first.map { $0 == 1 ? "normal" : "\($0)" } ?? "none"), \(listed ? "in" : "not in") _NET_CLIENT_LIST"
}

/// Sends SIGHUP and waits for the daemon to say it reloaded.
@MainActor func reload() {
    let before = daemon.output!.count
    kill(daemon.pid, SIGHUP)
    let deadline = monotonic() + 20
    while !daemon.output!.lines(from: before).contains(where: { $0.contains("configuration reloaded") }) {
        guard monotonic() < deadline, daemon.isRunning else { fail("no reload after SIGHUP (round \(round)): \(daemon.output!.lines.suffix(5))") }
        watchdog()
        usleep(1_000)
    }
}


/// Closes the windows whose touches are all decided and whose handed-back touches reached
/// the windows (or `pressGrace` passed); `draining`: every one, waiting. Presses are counted
/// over all the soak's windows: at full pace several are open at once, overlapping, and a
/// touch sent to one may land on another.
@MainActor func closeWindows(draining: Bool) {
    while let first = open.first {
        while !decided(upTo: first.touches.upperBound) {
            guard draining else { return }
            watchdog()
            usleep(1_000)
        }
        drainEvents()
        // Each touch handed back that emulated the pointer is a ButtonPress for a window.
        let expected = first.touches.filter { sent[$0].window == first.serial && sent[$0].emulatesPointer && verdicts.verdict($0) == .released }.count
        if pressesSeen - pressesConsumed < expected {
            let since = first.decidedAt ?? monotonic()
            open[0].decidedAt = since
            if monotonic() - since < pressGrace {
                guard draining else { return }
                watchdog()
                usleep(1_000)
                continue
            }
        }
        if pressesSeen - pressesConsumed < expected, debugSoak {
            var rx: Int32 = 0, ry: Int32 = 0, child: Window = 0
            XTranslateCoordinates(display, first.window, root, 0, 0, &rx, &ry, &child)
            print("window \(first.serial): \(pressesSeen - pressesConsumed) presses for its \(expected) touches handed back; the client now at \(rx),\(ry)")
            for id in first.touches { print("  \(describe(id))") }
        }
        // A window whose touches were handed back and no press came since the last window closed.
        windowsMissed = expected == 0 ? windowsMissed : pressesSeen == pressesAtLastClose ? windowsMissed + 1 : 0
        pressesExpected += expected
        pressesConsumed += min(expected, pressesSeen - pressesConsumed)
        pressesAtLastClose = pressesSeen
        if windowsMissed >= 3 {
            report(.stall, "touches no longer reach the test windows: none of the touches handed back on the last \(windowsMissed) windows reached any (window \(first.serial): \(expected) pointer-emulating touches handed back; \(pressesSeen) presses in all for \(pressesExpected), \(Int(pressGrace)) s after the verdicts)")
        }
        XDestroyWindow(display, first.window)
        if !withWindowManager { publishClients(open.dropFirst().map(\.window)) }
        XSync(display, 0)
        open.removeFirst()
        serials[first.window] = nil
        presses[first.serial] = nil
    }
}
