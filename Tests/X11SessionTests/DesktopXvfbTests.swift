import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// On a desktop with a window manager (Xvfb + openbox): windows that cannot be seen take no
/// touches, and keys and clicks reach the window the gesture was on.
@Suite(.serialized) struct DesktopXvfbTests {
    static let hiddenConfig = DaemonConfiguration.profiles(pointerTrigger: true, """
        - name: hidden-app
          match: { class: HiddenApp }
          gestures:
            - name: hidden-tap
              tap: {}
              action: { log: "hidden-app tapped" }
        """)

    /// A window on another desktop, then a minimized one: a tap where it was reaches the
    /// visible window below (its own output says so), and the hidden window's profile fires
    /// nothing; shown again, it takes its touches again.
    @Test func aHiddenWindowTakesNoTouchesAndTheWindowBelowGetsThem() throws {
        let x = try XvfbSession()
        let below = try x.openWindow(class: "Plain", title: "below", geometry: "400x300+300+100")
        let app = try x.openWindow(class: "HiddenApp", title: "app", geometry: "400x300+100+100")
        let tracker = WindowTracker(server: x.server)
        let appFrame = try #require(tracker.info(app.id)?.frame), belowFrame = try #require(tracker.info(below.id)?.frame)
        let overlap = Point(x: belowFrame.x + 50, y: belowFrame.y + 150)  // inside both, the app on top
        let appOnly = Point(x: appFrame.x + 50, y: appFrame.y + 150)
        let daemon = try x.startDaemon(config: Self.hiddenConfig)
        func taps() -> Int { daemon.output!.lines.filter { $0.contains("\"kind\":\"action\",\"gesture\":\"hidden-tap\"") }.count }
        func pressesBelow() -> [String] { below.output.lines.filter { $0.hasPrefix("button-press 3") } }
        // Waits until the daemon has said `what` of `window` `times` times in all.
        func said(_ window: XvfbSession.TestWindow, _ what: String, times: Int) -> Bool {
            daemon.output!.wait { _ in daemon.output!.lines.filter { $0.contains("window \(x.hex(window)) \(what)") }.count >= times } != nil
        }
        x.pointerClick(at: overlap)
        #expect(daemon.output!.wait { $0.contains("\"gesture\":\"hidden-tap\"") } != nil, "the app's tap works: \(daemon.output!.lines.suffix(10))")

        // The window below goes to desktop 1, then the desktop follows: the app is now on
        // another desktop.
        x.request("_NET_WM_DESKTOP", about: below.id, [1, 2])
        #expect(x.poll { x.server.numbers(below.id, "_NET_WM_DESKTOP")?.first == 1 })
        // The daemon reads a window's state when it handles the event: it must have seen
        // the window hidden before the desktop changes, or under load it only sees the end.
        #expect(said(below, "hidden", times: 1), "\(daemon.output!.lines.suffix(10))")
        x.request("_NET_CURRENT_DESKTOP", about: x.server.root, [1, 0])
        #expect(said(app, "hidden", times: 1), "\(daemon.output!.lines.suffix(10))")
        #expect(said(below, "shows again", times: 1), "\(daemon.output!.lines.suffix(10))")
        x.pointerClick(at: overlap)
        #expect(below.output.wait { $0 == "button-press 3 50 150" } != nil, "the visible window gets the tap: \(below.output.lines)")
        #expect(taps() == 1)

        // On every desktop (_NET_WM_DESKTOP 0xFFFFFFFF, what "always on visible workspace"
        // sets): the app shows on desktop 1 as well and takes its touches there; then back to
        // desktop 0 alone.
        x.request("_NET_WM_DESKTOP", about: app.id, [0xFFFF_FFFF, 2])
        #expect(said(app, "shows again", times: 1), "\(daemon.output!.lines.suffix(10))")
        x.pointerClick(at: appOnly)
        #expect(daemon.output!.wait { _ in taps() == 2 } != nil, "on every desktop, the app's tap works: \(daemon.output!.lines.suffix(10))")
        x.request("_NET_WM_DESKTOP", about: app.id, [0, 2])
        #expect(said(app, "hidden", times: 2), "\(daemon.output!.lines.suffix(10))")

        // Back on desktop 0 with both windows: the app takes its touches again.
        x.request("_NET_WM_DESKTOP", about: below.id, [0, 2])
        #expect(said(below, "hidden", times: 2), "\(daemon.output!.lines.suffix(10))")
        x.request("_NET_CURRENT_DESKTOP", about: x.server.root, [0, 0])
        #expect(said(app, "shows again", times: 2), "\(daemon.output!.lines.suffix(10))")
        #expect(said(below, "shows again", times: 2), "\(daemon.output!.lines.suffix(10))")
        x.pointerClick(at: appOnly)
        #expect(daemon.output!.wait { _ in taps() == 3 } != nil, "shown again, the app's tap works: \(daemon.output!.lines.suffix(10))")

        // Minimized (WM_CHANGE_STATE iconic, as a taskbar asks).
        x.request("WM_CHANGE_STATE", about: app.id, [3])
        #expect(x.poll { tracker.states(app.id).contains("_NET_WM_STATE_HIDDEN") })
        #expect(said(app, "hidden", times: 3), "\(daemon.output!.lines.suffix(10))")
        let before = pressesBelow().count
        x.pointerClick(at: overlap)
        #expect(below.output.wait { _ in pressesBelow().count == before + 1 } != nil, "\(below.output.lines)")
        #expect(pressesBelow().last == "button-press 3 50 150")
        #expect(taps() == 3, "the minimized app's profile fired nothing")
        #expect(!app.output.lines.contains { $0.hasPrefix("button-press") }, "every press on the app was claimed by its tap: \(app.output.lines)")
    }

    static let keysConfig = DaemonConfiguration.profiles(pointerTrigger: true, """
        - name: terminal
          match: { class: "/^(TermLike|Refuser)$/" }
          gestures:
            - name: interrupt
              pan: {}
              action: { keys: ctrl+c }
            - name: paste-click
              tap: {}
              action: { click: 2 }
        """)

    /// An XTerm-like window's `keys` gesture, performed while another window has the focus:
    /// the window is activated first and the keys arrive there, not in the focused one; its
    /// `click` likewise. A window that never takes the focus gets nothing, and nothing is
    /// typed elsewhere: the log says so.
    @Test func keysAndClicksReachTheTouchedWindowWhileAnotherHasTheFocus() throws {
        let x = try XvfbSession()
        let term = try x.openWindow(class: "TermLike", title: "term", geometry: "400x300+50+100")
        let refuser = try x.openWindow(class: "Refuser", title: "refuser", geometry: "300x300+470+100", refuseFocus: true)
        let other = try x.openWindow(class: "Other", title: "editor", geometry: "400x300+800+100")
        #expect(other.output.wait { $0 == "focus-in" } != nil, "the last window opened has the focus")
        let tracker = WindowTracker(server: x.server)
        let termFrame = try #require(tracker.info(term.id)?.frame)
        let daemon = try x.startDaemon(config: Self.keysConfig)

        x.pointerDrag(from: Point(x: termFrame.x + 50, y: termFrame.y + 100), to: Point(x: termFrame.x + 150, y: termFrame.y + 100))
        #expect(term.output.wait { $0 == "key \u{3} c" } != nil, "the keys reach the touched window: \(term.output.lines) \(daemon.output!.lines.suffix(8))")
        #expect(term.output.lines.contains("focus-in"))
        // The daemon's log line may come after the key reached the window: waited for.
        #expect(daemon.output!.wait { $0.contains("window \(x.hex(term)) took the focus after") } != nil, "\(daemon.output!.lines.suffix(8))")
        #expect(!other.output.lines.contains { $0.hasPrefix("key ") }, "nothing typed into the focused window: \(other.output.lines)")
        #expect(x.server.keycodesDown() == [])

        // The click: the other window gets the focus back first.
        x.request("_NET_ACTIVE_WINDOW", about: other.id, [2, 0, 0])
        #expect(x.poll { tracker.activeWindow == other.id })
        x.pointerClick(at: Point(x: termFrame.x + 70, y: termFrame.y + 40))
        #expect(term.output.wait { $0 == "button-press 2 70 40" } != nil, "the click reaches the touched window: \(term.output.lines)")
        #expect(!other.output.lines.contains { $0.hasPrefix("button-press 2") })

        // A window the window manager will not focus: the keys wait, then are dropped, and
        // the log says where they did not go.
        let refuserFrame = try #require(tracker.info(refuser.id)?.frame)
        x.pointerDrag(from: Point(x: refuserFrame.x + 50, y: refuserFrame.y + 100), to: Point(x: refuserFrame.x + 150, y: refuserFrame.y + 100))
        #expect(daemon.output!.wait(timeout: 10) { $0.contains("window \(x.hex(refuser)) did not take the focus within 1000 ms: not typed: keys Control_L+c") } != nil,
                "\(daemon.output!.lines.suffix(8))")
        #expect(!refuser.output.lines.contains { $0.hasPrefix("key ") })
        #expect(!other.output.lines.contains { $0.hasPrefix("key ") }, "nothing typed into the window that had the focus: \(other.output.lines)")
        #expect(term.output.lines.filter { $0.hasPrefix("key ") } == ["key - Control_L", "key \u{3} c"], "the first keys only")
        #expect(x.server.keycodesDown() == [])
        #expect(daemon.isRunning)
    }
}
