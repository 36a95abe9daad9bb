import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Window and desktop actions as a user sees them, on each window manager the tests run:
/// a window maximized from behind another comes on top, and showing the desktop hides the
/// desktop's windows and brings them back in their order (by hand where the window manager
/// has no `_NET_SHOWING_DESKTOP`). Everything is read back from the server; the stacking from
/// the window tree itself.
@Suite(.serialized) struct WindowManagerActionsXvfbTests {
    static let windowManagers: [XvfbSession.WindowManager] = [.openbox, .fluxbox, .xfwm4(compositor: false), .xfwm4(compositor: true), .marco]

    static let config = DaemonConfiguration.desktop(pointerTrigger: true, gestures: """
        - name: maximize
          swipe: { direction: right }
          action: { window: toggle-maximize }
        - name: show-desktop
          swipe: { direction: down }
          action: { desktop: show }
        """)

    /// Where each window's top-level window (its frame) is in the root's children, bottom
    /// first: the stacking as the server has it.
    func stackingIndex(_ x: XvfbSession, of window: XWindowID) -> Int? {
        for (index, top) in x.server.children(of: x.server.root).enumerated() {
            var queue = [top]
            while !queue.isEmpty {
                let w = queue.removeFirst()
                if w == window { return index }
                queue += x.server.children(of: w)
            }
        }
        return nil
    }

    /// Whether the user sees `window`: mapped and not iconic (`WM_STATE`).
    func isShown(_ x: XvfbSession, _ window: XWindowID) -> Bool {
        x.server.isMapped(window) && x.server.numbers(window, "WM_STATE")?.first == 1
    }

    /// Whether `window` is hidden: iconic, or unmapped.
    func isHidden(_ x: XvfbSession, _ window: XWindowID) -> Bool {
        !x.server.isMapped(window) || x.server.numbers(window, "WM_STATE")?.first == 3
    }

    /// The lower of two overlapping windows, maximized through the daemon, ends up maximized
    /// and above the other (openbox, fluxbox and xfwm4 maximize a window where it is stacked:
    /// Tactus activates it as well).
    @Test(arguments: windowManagers)
    func aWindowMaximizedFromBehindAnotherComesOnTop(_ windowManager: XvfbSession.WindowManager) throws {
        let x = try XvfbSession(windowManager: windowManager)
        let lower = try x.openWindow(class: "Lower", title: "lower", geometry: "400x300+50+100")
        let upper = try x.openWindow(class: "Upper", title: "upper", geometry: "400x300+350+150")
        let tracker = WindowTracker(server: x.server)
        #expect(x.poll { (stackingIndex(x, of: upper.id) ?? -1) > (stackingIndex(x, of: lower.id) ?? -1) }, "the window opened last is on top")
        let frame = try #require(tracker.info(lower.id)?.frame)
        let start = Point(x: frame.x + 20, y: frame.y + 60), step = Vector(dx: 15, dy: 0)
        let end = Point(x: start.x + step.dx * 10, y: start.y)
        try #require(tracker.clientWindow(at: start) == lower.id && tracker.clientWindow(at: end) == lower.id, "the drag is on the lower window's visible part")
        let daemon = try x.startDaemon(config: Self.config)

        x.pointerDrag(from: start, by: step)
        #expect(daemon.output!.wait { $0.contains("\"action\":\"window toggle-maximize\",\"window\":\(lower.id)") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { tracker.states(lower.id).contains("_NET_WM_STATE_MAXIMIZED_VERT") && tracker.states(lower.id).contains("_NET_WM_STATE_MAXIMIZED_HORZ") },
                "maximized: \(tracker.states(lower.id))")
        #expect(x.poll { (stackingIndex(x, of: lower.id) ?? -1) > (stackingIndex(x, of: upper.id) ?? -1) },
                "on top: frames at \(String(describing: stackingIndex(x, of: lower.id))) (maximized) and \(String(describing: stackingIndex(x, of: upper.id))): \(daemon.output!.lines.suffix(10))")
        #expect(!tracker.states(upper.id).contains("_NET_WM_STATE_MAXIMIZED_VERT"))
        // The daemon saw it done (ActionConfirmations), and warns of nothing.
        #expect(daemon.output!.wait { $0.contains(" maximized the window “lower” (Lower, \(x.hex(lower))) (seen after") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(!daemon.output!.lines.contains { $0.contains(" warning ") }, "\(daemon.output!.lines.filter { $0.contains(" warning ") })")
    }

    /// The first request hides every window of the desktop; the second brings them back,
    /// stacked as they were (not in the order they were opened), with the window active before
    /// active again (but on marco, whose own mode does not keep them so). fluxbox has no
    /// `_NET_SHOWING_DESKTOP`: Tactus does it and says so.
    @Test(arguments: windowManagers)
    func showingTheDesktopHidesItsWindowsAndTheSecondRequestBringsThemBack(_ windowManager: XvfbSession.WindowManager) throws {
        let x = try XvfbSession(windowManager: windowManager)
        let first = try x.openWindow(class: "First", title: "first", geometry: "300x200+50+100")
        let second = try x.openWindow(class: "Second", title: "second", geometry: "300x200+200+150")
        let third = try x.openWindow(class: "Third", title: "third", geometry: "300x200+350+200")
        let fourth = try x.openWindow(class: "Fourth", title: "fourth", geometry: "300x200+500+250")
        let tracker = WindowTracker(server: x.server)
        // The first kept above the others, then the third and the second activated: stacked
        // fourth, third, second, first, unlike the order opened, and the active window (the
        // second) is not the top one.
        x.request("_NET_WM_STATE", about: first.id, [1, Int(x.server.atom("_NET_WM_STATE_ABOVE")), 0, 2])
        #expect(x.poll { tracker.states(first.id).contains("_NET_WM_STATE_ABOVE") })
        for window in [third, second] {
            x.request("_NET_ACTIVE_WINDOW", about: window.id, [2, Int(x.server.serverTime()), 0])
            #expect(x.poll { tracker.activeWindow == window.id })
        }
        let order = [fourth.id, third.id, second.id, first.id]
        func stacked() -> [XWindowID] { order.sorted { (stackingIndex(x, of: $0) ?? -1) < (stackingIndex(x, of: $1) ?? -1) } }
        #expect(x.poll { stacked() == order }, "before: \(stacked())")
        let wmShowsDesktop = windowManager != .fluxbox
        #expect((x.server.numbers(x.server.root, "_NET_SUPPORTED") ?? []).contains(x.server.atom("_NET_SHOWING_DESKTOP")) == wmShowsDesktop)
        let daemon = try x.startDaemon(config: Self.config)
        func requests() -> Int { daemon.output!.lines.filter { $0.contains("\"kind\":\"action\",\"gesture\":\"show-desktop\"") }.count }
        // Over the bare root, right of the windows.
        let start = Point(x: 1000, y: 200), step = Vector(dx: 0, dy: 15)

        x.pointerDrag(from: start, by: step)
        #expect(daemon.output!.wait { _ in requests() == 1 } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { order.allSatisfy { isHidden(x, $0) } }, "all hidden: \(order.map { isHidden(x, $0) }) \(daemon.output!.lines.suffix(10))")
        let byHand = "the window manager lacks _NET_SHOWING_DESKTOP"
        if wmShowsDesktop {
            #expect(x.server.numbers(x.server.root, "_NET_SHOWING_DESKTOP")?.first == 1)
        } else {
            #expect(x.server.numbers(x.server.root, "_NET_SHOWING_DESKTOP") == nil)
            #expect(daemon.output!.wait { $0.contains(byHand) && $0.contains("Tactus hides the windows itself") } != nil, "\(daemon.output!.lines.suffix(10))")
        }

        x.pointerDrag(from: start, by: step)
        #expect(daemon.output!.wait { _ in requests() == 2 } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { order.allSatisfy { isShown(x, $0) } }, "all shown again: \(order.map { isShown(x, $0) }) \(daemon.output!.lines.suffix(10))")
        // marco's own mode shows them again in an order of its own (its show-desktop key does
        // the same), the focus on the top one; Tactus leaves that to it, so there only "all
        // shown again" above is asked.
        if windowManager != .marco {
            #expect(x.poll { stacked() == order && tracker.activeWindow == second.id },
                    "stacked as before: \(stacked()) (was \(order)), active \(String(describing: tracker.activeWindow)) (was \(second.id))")
        }
        if wmShowsDesktop {
            #expect(x.server.numbers(x.server.root, "_NET_SHOWING_DESKTOP")?.first == 0)
        }
        #expect(daemon.output!.lines.filter { $0.contains(byHand) }.count == (wmShowsDesktop ? 0 : 1), "said once, and only where it is so")
        // The daemon saw both done (ActionConfirmations), and warns of nothing.
        let seen = wmShowsDesktop ? [" shows the desktop (seen after", " brought the windows back (seen after"]
            : [" minimized 4 windows (desktop show by hand) (seen after", " brought back 4 windows (desktop show by hand) (seen after"]
        for line in seen { #expect(daemon.output!.wait { $0.contains(line) } != nil, "\(line): \(daemon.output!.lines.suffix(10))") }
        #expect(!daemon.output!.lines.contains { $0.contains(" warning ") }, "\(daemon.output!.lines.filter { $0.contains(" warning ") })")
    }
}
