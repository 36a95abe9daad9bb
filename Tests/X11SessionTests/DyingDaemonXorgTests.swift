import Foundation
import Glibc
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// A daemon that dies by a signal while it holds touches must not take the X server with it.
///
/// Xorg 21.1.7 crashes when a touch owner's connection closes with two touches undecided over a
/// window manager's synchronous click-to-focus grab (`make xorg-touch-repro REPRO=killed`
/// shows it without Tactus). The systemd watchdog stops a hung daemon with SIGABRT; Swift's
/// traps are SIGILL and SIGTRAP. On those the daemon accepts every touch it holds, makes the
/// server read that, then dies as the signal says.
@Suite(.serialized) struct DyingDaemonXorgTests {
    /// Two resting fingers are held for half a minute (a two-finger long press).
    static let holdConfig = DaemonConfiguration.desktop(gestures: """
        - name: hold
          longPress: { touches: 2, minimumDuration: 30 }
          action: { log: held }
        """)

    /// `stopped`: the daemon is stopped (SIGSTOP, as a hung loop) before the fingers land, so
    /// it never read their TouchBegins when the watchdog's SIGABRT comes.
    @Test(arguments: [false, true]) func aDaemonKilledByTheWatchdogWithTwoFingersHeldLeavesTheServerRunning(stopped: Bool) throws {
        let (x, touch) = try XvfbSession.withTouchscreen(windowManager: .openbox)
        // Not focused: openbox's click-to-focus grab is on its frame.
        let back = try x.openWindow(class: "Back", title: "back", geometry: "400x300+100+100", buttonState: true)
        _ = try x.openWindow(class: "Front", title: "front", geometry: "300x200+700+400")
        let frame = try #require(WindowTracker(server: x.server).info(back.id)?.frame)
        let daemon = try x.startDaemon(config: Self.holdConfig)
        #expect(daemon.output!.wait { $0.contains("touch grab on root taken") } != nil)
        let a = Point(x: frame.x + 100, y: frame.y + 100), b = Point(x: frame.x + 200, y: frame.y + 100)
        if stopped { kill(daemon.pid, SIGSTOP) }
        try touch.touch(.begin, id: 1, at: a)
        try touch.touch(.begin, id: 2, at: b)
        if stopped {
            // The touches are in the server's hands: a round trip of ours comes after them.
            x.server.sync()
        } else {
            #expect(daemon.output!.wait { $0.contains("touch 2 began") } != nil, "\(daemon.output!.lines.suffix(10))")
        }
        kill(daemon.pid, SIGABRT)
        if stopped { kill(daemon.pid, SIGCONT) }
        let status = daemon.waitForExit(timeout: 10)
        #expect(status != nil && status != 0, "the daemon died of the signal: \(String(describing: status))")
        try touch.touch(.end, id: 1, at: a)
        try touch.touch(.end, id: 2, at: b)
        // A tap afterwards reaches the window through openbox's grab: the server is alive, the
        // pointer not frozen.
        let tap = Point(x: frame.x + 50, y: frame.y + 250)
        try touch.touch(.begin, id: 3, at: tap)
        try touch.touch(.end, id: 3, at: tap)
        #expect(back.output.wait { $0.hasPrefix("button-press 1 ") } != nil, "the tap after the daemon's death reached the window: \(back.output.lines.suffix(5)); server exit \(String(describing: x.serverExitStatus))")
        #expect(x.serverExitStatus == nil, "the X server is running")
    }

    /// A daemon that dies while a gesture holds a key down (`hold:`) releases it first: keys
    /// pressed through XTest stay down when their client's connection closes, and Alt would
    /// stay held for the rest of the session.
    @Test func aDaemonKilledWhileAGestureHoldsAKeyReleasesIt() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        let daemon = try x.startDaemon(config: DaemonConfiguration.desktop(gestures: """
            - name: switcher
              pan: { minimumTouches: 2, maximumTouches: 2 }
              hold: { keys: alt }
              repeat: { every: 40, action: { keys: Tab }, reverse: { keys: shift+Tab } }
            """))
        #expect(daemon.output!.wait { $0.contains("touch grab on root taken") } != nil)
        let alt = try #require(x.server.keycode(forKeysym: UInt(Keysyms.byName["Alt_L"]!)))
        try touch.touch(.begin, id: 1, at: Point(x: 300, y: 300))
        try touch.touch(.begin, id: 2, at: Point(x: 360, y: 300))
        for step in 1...6 {
            try touch.touch(.update, id: 1, at: Point(x: 300 + 10 * Double(step), y: 300))
            try touch.touch(.update, id: 2, at: Point(x: 360 + 10 * Double(step), y: 300))
        }
        #expect(daemon.output!.wait { $0.contains("\"gesture\":\"switcher\"") } != nil, "\(daemon.output!.lines.suffix(10))")
        // The daemon sends its XTest press when its loop flushes, after it logged the action:
        // asked again until the server has it (a round trip each, a bounded number).
        var held = x.server.keycodesDown().contains(alt)
        for _ in 0..<1000 where !held {
            x.server.sync()
            held = x.server.keycodesDown().contains(alt)
        }
        #expect(held, "Alt is held while the fingers move")
        kill(daemon.pid, SIGABRT)
        let status = daemon.waitForExit(timeout: 10)
        #expect(status != nil && status != 0, "the daemon died of the signal: \(String(describing: status))")
        x.server.sync()
        #expect(x.server.keycodesDown() == [], "keys left down: \(x.server.keycodesDown())")
        try touch.touch(.end, id: 1, at: Point(x: 360, y: 300))
        try touch.touch(.end, id: 2, at: Point(x: 420, y: 300))
    }

    /// Below muffin (which holds the root's touch grab), the touches a dying daemon holds came
    /// through its grabs on the top-level windows: its last act accepts each for the window it
    /// came through (an acceptance naming the root would be refused, and the server would hand
    /// them to the window when the connection closes). The window gets nothing of them; a tap
    /// after reaches it.
    @Test func belowAWindowManagerADyingDaemonAcceptsTheTouchesItHoldsForTheirWindows() throws {
        let (x, touch) = try XvfbSession.withTouchscreen(windowManager: .muffin)
        let w = try x.openWindow(class: "Touch", title: "touch", geometry: "500x300+200+150", touch: true)
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.holdConfig)
        #expect(daemon.output!.lines.contains { $0.contains("touch owner after the window manager") }, "\(daemon.output!.lines.suffix(5))")
        let a = Point(x: frame.x + 100, y: frame.y + 100), b = Point(x: frame.x + 200, y: frame.y + 100)
        try touch.touches([(.begin, 1, a), (.begin, 2, b)])
        #expect(daemon.output!.wait { $0.contains("touch 2: the window manager let go of it") } != nil, "\(daemon.output!.lines.suffix(10))")
        kill(daemon.pid, SIGABRT)
        let status = daemon.waitForExit(timeout: 10)
        #expect(status != nil && status != 0, "the daemon died of the signal: \(String(describing: status))")
        try touch.touches([(.end, 1, a), (.end, 2, b)])
        let tap = Point(x: frame.x + 50, y: frame.y + 250)
        try touch.touches([(.begin, 3, tap)])
        try touch.touches([(.end, 3, tap)])
        #expect(w.output.wait { $0.hasPrefix("touch end ") } != nil, "the tap after the daemon's death reached the window: \(w.output.lines.suffix(5))")
        let begins = w.output.lines.filter { $0.hasPrefix("touch begin ") }
        #expect(begins.count == 1, "the window got the touches the dying daemon held: \(begins)")
        #expect(x.serverExitStatus == nil, "the X server is running")
    }
}
