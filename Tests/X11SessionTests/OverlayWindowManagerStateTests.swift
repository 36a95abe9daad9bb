import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureTraces
@testable import X11Session
@testable import X11TestSupport

/// Issue 34: the feedback overlay never changes the window manager's state. The daemon's own
/// overlay window (`XlibOverlay`, made on the test's connection as the daemon makes it) is
/// mapped with a drawing and unmapped, under each window manager of the tests, with the desktop
/// shown and not; the window manager's show-desktop mode (`_NET_SHOWING_DESKTOP`), focus
/// (`_NET_ACTIVE_WINDOW`), stacking (`_NET_CLIENT_LIST_STACKING`) and every window's
/// `WM_STATE` and map state read the same before, while it is mapped and after. muffin and
/// mutter make a window of their own of every override-redirect window mapped, and end their
/// show-desktop mode for any that is not a dock or desktop (window.c,
/// `maybe_leave_show_desktop_mode`): what the overlay's dock type is for.
@Suite(.serialized) struct OverlayWindowManagerStateTests {
    struct ManagerState: Equatable, CustomStringConvertible {
        var showing: UInt?
        var active: UInt?
        var stacking: [UInt]
        /// Each client: WM_STATE and whether it is viewable.
        var windows: [String]

        var description: String {
            "showing \(showing.map(String.init) ?? "-"), active \(active.map { "0x" + String($0, radix: 16) } ?? "-"), stacking \(stacking.map { "0x" + String($0, radix: 16) }), \(windows)"
        }
    }

    static func state(_ x: XvfbSession, _ windows: [XvfbSession.TestWindow]) -> ManagerState {
        let s = x.server!
        return ManagerState(showing: s.numbers(s.root, "_NET_SHOWING_DESKTOP")?.first, active: s.numbers(s.root, "_NET_ACTIVE_WINDOW")?.first,
                            stacking: s.numbers(s.root, "_NET_CLIENT_LIST_STACKING") ?? [],
                            windows: windows.map { w in "\(x.hex(w)) WM_STATE \(s.numbers(w.id, "WM_STATE")?.first.map(String.init) ?? "-") \(s.isMapped(w.id) ? "mapped" : "unmapped")" })
    }

    /// Waits until the window manager has handled every event the server sent it before this
    /// call: a configure request that changes nothing on a window it manages (its own size) is
    /// answered with a synthetic ConfigureNotify (ICCCM 4.1.5), and window managers handle
    /// their events in order — so the overlay's MapNotify or UnmapNotify, and whatever the
    /// window manager did of it, came first. (A connection of its own, to read that event.)
    static func windowManagerCaughtUp(_ x: XvfbSession, via client: XvfbSession.TestWindow) -> Bool {
        guard let display = XOpenDisplay(x.display) else { return false }
        defer { XCloseDisplay(display) }
        let window = Window(client.id)
        XSelectInput(display, window, StructureNotifyMask)
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return false }
        var changes = XWindowChanges()
        changes.width = attributes.width
        changes.height = attributes.height
        XConfigureWindow(display, window, UInt32(CWWidth | CWHeight), &changes)
        XFlush(display)
        return x.poll(timeout: 5) {
            var event = XEvent()
            while XCheckTypedWindowEvent(display, window, ConfigureNotify, &event) != 0 {
                if event.xconfigure.send_event != 0 { return true }
            }
            return false
        }
    }

    /// Maps the overlay with a drawing, then unmaps it: the state read while it is mapped and
    /// after, each once the window manager has caught up.
    static func mapAndUnmap(_ x: XvfbSession, _ overlay: XlibOverlay, _ windows: [XvfbSession.TestWindow]) throws -> (mapped: ManagerState, unmapped: ManagerState) {
        overlay.show([.disc(center: Point(x: 640, y: 400), radius: 40), .outline(Rect(x: 100, y: 100, width: 400, height: 300), width: 6)], opacity: 1)
        x.server.flush()
        try #require(x.poll { x.server.isMapped(overlay.id) }, "the overlay is mapped")
        try #require(windowManagerCaughtUp(x, via: windows[0]), "the window manager answers a configure request")
        let mapped = state(x, windows)
        overlay.hide()
        x.server.flush()
        try #require(x.poll { !x.server.isMapped(overlay.id) }, "the overlay is unmapped")
        try #require(windowManagerCaughtUp(x, via: windows[0]), "the window manager answers a configure request")
        return (mapped, state(x, windows))
    }

    @Test(arguments: [XvfbSession.WindowManager.openbox, .fluxbox, .xfwm4(compositor: false), .xfwm4(compositor: true), .marco, .i3, .muffin, .mutter, .kwin])
    func mappingAndUnmappingTheOverlayLeavesTheWindowManagersStateAsItWas(windowManager: XvfbSession.WindowManager) throws {
        // muffin and mutter are compositors: on Xorg (dummy video), as the comparison tests run them.
        let x = try XvfbSession(backend: [.muffin, .mutter].contains(windowManager) ? .xorg : .xvfb, windowManager: windowManager)
        let windows = [try x.openWindow(class: "Below", title: "below", geometry: "400x300+100+100"),
                       try x.openWindow(class: "Above", title: "above", geometry: "400x300+300+200")]
        let server = x.server!
        // The last window opened is the active one once the window manager says so.
        server.sendRootMessage(about: windows[1].id, type: "_NET_ACTIVE_WINDOW", data: [2, 0, 0])
        server.flush()
        try #require(x.poll { server.numbers(server.root, "_NET_ACTIVE_WINDOW")?.first == UInt(windows[1].id) }, "\(windowManager): the window above is not active")
        let overlay = try #require(server.makeOverlay() as? XlibOverlay)
        defer { overlay.close() }

        try #require(Self.windowManagerCaughtUp(x, via: windows[0]))
        let before = Self.state(x, windows)
        let shown = try Self.mapAndUnmap(x, overlay, windows)
        #expect(shown.mapped == before, "\(windowManager), the overlay mapped: before \(before), now \(shown.mapped)")
        #expect(shown.unmapped == before, "\(windowManager), the overlay unmapped: before \(before), now \(shown.unmapped)")

        // The desktop shown by the window manager's own mode, where it has one.
        guard WindowManagerGuide.showsDesktop(server) else { return }
        server.sendRootMessage(about: server.root, type: "_NET_SHOWING_DESKTOP", data: [1])
        server.flush()
        // Each hides the windows its way (openbox unmaps them, muffin and mutter make them
        // Iconic in unmapped frames, later than they set the property; muffin then takes the
        // focus from them, mutter 43 leaves it); KWin leaves them in sight (it raises a desktop
        // window, and there is none). The state compared is the one the mode ends in.
        func hidden(_ w: XvfbSession.TestWindow) -> Bool { server.numbers(w.id, "WM_STATE")?.first == 3 || !server.isMapped(w.id) }
        try #require(x.poll {
            guard server.numbers(server.root, "_NET_SHOWING_DESKTOP")?.first == 1 else { return false }
            if windowManager == .kwin { return true }
            let active = server.numbers(server.root, "_NET_ACTIVE_WINDOW")?.first
            return windows.allSatisfy(hidden) && (windowManager != .muffin || !windows.contains { UInt($0.id) == active })
        },
                     "\(windowManager) did not show the desktop: \(Self.state(x, windows))")
        try #require(Self.windowManagerCaughtUp(x, via: windows[0]))
        let hidden = Self.state(x, windows)
        let overHidden = try Self.mapAndUnmap(x, overlay, windows)
        #expect(overHidden.mapped == hidden, "\(windowManager), desktop shown, the overlay mapped: before \(hidden), now \(overHidden.mapped)")
        #expect(overHidden.unmapped == hidden, "\(windowManager), desktop shown, the overlay unmapped: before \(hidden), now \(overHidden.unmapped)")
        // And the window manager's mode still brings the windows back.
        server.sendRootMessage(about: server.root, type: "_NET_SHOWING_DESKTOP", data: [0])
        server.flush()
        #expect(x.poll { server.numbers(server.root, "_NET_SHOWING_DESKTOP")?.first == 0 && windows.allSatisfy { server.numbers($0.id, "WM_STATE")?.first == 1 && server.isMapped($0.id) } },
                "\(windowManager) did not bring the windows back: \(Self.state(x, windows))")
    }
}
