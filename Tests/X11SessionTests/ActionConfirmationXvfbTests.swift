import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// A request the window manager does not carry out is a warning in the log, never a success:
/// openbox will not maximize a window of fixed size nor minimize a splash screen, and i3, asked
/// in EWMH terms (its IPC socket out of reach), writes `WM_STATE` Normal back over a minimize.
/// A request carried out is a debug line, and no warning.
@Suite(.serialized) struct ActionConfirmationXvfbTests {
    static let config = DaemonConfiguration.desktop(pointerTrigger: true, gestures: """
        - name: maximize
          swipe: { direction: up }
          action: { window: maximize }
        - name: minimize
          swipe: { direction: down }
          action: { window: minimize }
        - name: show-desktop
          swipe: { direction: left }
          action: { desktop: show }
        """)

    /// Where a swipe up (`up`) or down over `window` starts, for it to end on the window too
    /// (the action's window is the one under the gesture).
    func start(_ x: XvfbSession, _ window: XvfbSession.TestWindow, up: Bool) throws -> Point {
        let frame = try #require(WindowTracker(server: x.server).info(window.id)?.frame)
        return Point(x: frame.midX, y: up ? frame.y + frame.height - 40 : frame.y + 40)
    }

    /// The daemon's log lines from `index` on that hold `text`.
    func lines(_ daemon: Child, from index: Int = 0, _ text: String) -> [String] {
        daemon.output!.lines(from: index).filter { $0.contains(text) }
    }

    @Test func openboxRefusingAMaximizeOrAMinimizeIsAWarningNotASuccess() throws {
        let x = try XvfbSession()
        let plain = try x.openWindow(class: "Plain", title: "plain", geometry: "300x400+50+100")
        let fixed = try x.openWindow(class: "Fixed", title: "fixed", geometry: "300x400+450+100", fixedSize: true)
        let splash = try x.openWindow(class: "Splash", title: "splash", geometry: "300x400+850+100", type: "SPLASH")
        let tracker = WindowTracker(server: x.server)
        let points = [try start(x, plain, up: true), try start(x, fixed, up: true), try start(x, splash, up: false)]
        let ends = zip(points, [-1.0, -1, 1]).map { Point(x: $0.x, y: $0.y + $1 * 150) }
        try #require(zip([plain, fixed, splash], zip(points, ends)).allSatisfy { tracker.clientWindow(at: $1.0) == $0.id && tracker.clientWindow(at: $1.1) == $0.id },
                     "each swipe on its own window")
        let daemon = try x.startDaemon(config: Self.config)
        #expect(daemon.output!.wait { $0.contains("window manager: Openbox — window and desktop actions are EWMH requests") } != nil, "\(daemon.output!.lines.prefix(20))")

        // Done: a debug line says so once openbox has set the flags, and no warning comes.
        x.pointerSwipe(0, -1, from: points[0])
        let maximizedPlain = "Openbox maximized the window “plain” (Plain, \(x.hex(plain)))"
        #expect(daemon.output!.wait { $0.contains(maximizedPlain) } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(tracker.states(plain.id).contains("_NET_WM_STATE_MAXIMIZED_VERT"))
        x.request("_NET_WM_STATE", about: plain.id, [0, Int(x.server.atom("_NET_WM_STATE_MAXIMIZED_VERT")), Int(x.server.atom("_NET_WM_STATE_MAXIMIZED_HORZ")), 2])
        #expect(x.poll { !tracker.states(plain.id).contains("_NET_WM_STATE_MAXIMIZED_VERT") })

        // Refused: openbox leaves a window of fixed size as it is; the warning comes when the
        // bound has passed, in words, with what the server shows instead.
        let before = daemon.output!.count
        x.pointerSwipe(0, -1, from: points[1])
        let refused = "Openbox did not maximize the window “fixed” (Fixed, \(x.hex(fixed))): after "
        let warning = daemon.output!.wait(timeout: 5) { $0.contains(refused) }
        #expect(warning?.contains("warning") == true, "\(daemon.output!.lines.suffix(10))")
        #expect(warning?.hasSuffix("ms, its _NET_WM_STATE is empty; Openbox does not allow it for this window (no _NET_WM_ACTION_MAXIMIZE_VERT in its _NET_WM_ALLOWED_ACTIONS)") == true,
                "\(warning ?? "")")
        let waited = warning.flatMap { $0.firstMatch(of: /after (\d+) ms/).flatMap { Int($0.1) } }
        #expect((waited ?? 0) >= Int(ActionConfirmations.bound), "warned once the bound passed: \(warning ?? "")")
        #expect(lines(daemon, from: before, "Openbox maximized the window “fixed”").isEmpty, "no success for it")
        #expect(!tracker.states(fixed.id).contains("_NET_WM_STATE_MAXIMIZED_VERT"))

        // A splash screen is not minimized.
        x.pointerSwipe(0, 1, from: points[2])
        let notMinimized = "Openbox did not minimize the window “splash” (Splash, \(x.hex(splash))): after "
        let splashWarning = daemon.output!.wait(timeout: 5) { $0.contains(notMinimized) }
        #expect(splashWarning?.hasSuffix("ms, it is still shown (WM_STATE Normal); Openbox does not allow it for this window (no _NET_WM_ACTION_MINIMIZE in its _NET_WM_ALLOWED_ACTIONS)") == true,
                "\(splashWarning ?? "") \(daemon.output!.lines.suffix(10))")
        #expect(lines(daemon, "Openbox minimized").isEmpty)
        #expect(lines(daemon, "warning").count == 2, "the two refusals only: \(lines(daemon, "warning"))")
    }

    /// i3 whose IPC socket cannot be reached (I3_SOCKET_PATH pointing nowhere): the daemon says
    /// so at start, and its EWMH requests are refused — i3 has no `_NET_SHOWING_DESKTOP`, and
    /// writes `WM_STATE` Normal back over the minimize of each window shown by hand — so show
    /// desktop is a warning naming the windows still shown, not "minimized 2 windows".
    @Test func i3AskedInEWMHTermsRefusesAndTheLogSaysSo() throws {
        let x = try XvfbSession(windowManager: .i3)
        let windows = [try x.openWindow(class: "First", title: "first"), try x.openWindow(class: "Second", title: "second")]
        let display = x.server.display
        let nowhere = Array("/nonexistent/i3/ipc-socket".utf8)
        nowhere.withUnsafeBufferPointer {
            _ = XChangeProperty(display, Window(x.server.root), Atom(x.server.atom("I3_SOCKET_PATH")), Atom(x.server.atom("UTF8_STRING")), 8, PropModeReplace, $0.baseAddress,
                                Int32($0.count))
        }
        x.server.sync()
        let daemon = try x.startDaemon(config: Self.config)
        #expect(daemon.output!.wait { $0.contains("i3 runs, but Tactus cannot speak to it (cannot connect to i3's IPC socket /nonexistent/i3/ipc-socket") } != nil,
                "\(daemon.output!.lines.prefix(20))")

        x.pointerSwipe(-1, 0)
        let still = windows.map { "\(x.hex($0)) (WM_STATE Normal)" }
        let warning = daemon.output!.wait(timeout: 5) { $0.contains("i3 did not minimize 2 windows (desktop show by hand): after ") && $0.contains("ms, still shown: ") }
        #expect(warning != nil && still.allSatisfy { warning!.contains($0) }, "\(daemon.output!.lines.suffix(10))")
        #expect(lines(daemon, "i3 minimized").isEmpty, "no success for it")
        #expect(!lines(daemon, "asked to minimize 2 windows of desktop 0").isEmpty, "the request is said as a request")
        #expect(windows.allSatisfy { x.server.numbers($0.id, "WM_STATE")?.first == 1 })
    }
}
