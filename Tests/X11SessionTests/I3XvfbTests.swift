import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// The real i3 on Xvfb, and the daemon serving it in its own terms over its IPC socket:
/// workspaces made as the user walks past the last, fullscreen for maximize, the scratchpad
/// for minimize, an empty workspace for show desktop. Every outcome is read back from i3
/// (GET_WORKSPACES) or the server (`_NET_WM_STATE`, `WM_STATE`, `_NET_CURRENT_DESKTOP`), and
/// the daemon's debug line says it saw it done.
@Suite(.serialized) struct I3XvfbTests {
    /// Gestures by the pointer trigger (button 3), one action a direction.
    static func config(left: String, right: String = "{ log: right }", up: String = "{ log: up }", down: String = "{ log: down }") -> String {
        DaemonConfiguration.desktop(pointerTrigger: true, gestures: """
            - name: swipe-left
              swipe: { direction: left }
              action: \(left)
            - name: swipe-right
              swipe: { direction: right }
              action: \(right)
            - name: swipe-up
              swipe: { direction: up }
              action: \(up)
            - name: swipe-down
              swipe: { direction: down }
              action: \(down)
            """)
    }

    /// Waits until the daemon has said `text` `times` times in all.
    func said(_ daemon: Child, _ text: String, times: Int = 1) -> Bool {
        daemon.output!.wait { _ in daemon.output!.lines.filter { $0.contains(text) }.count >= times } != nil
    }

    func warnings(_ daemon: Child) -> [String] { daemon.output!.lines.filter { $0.contains("warning") } }

    /// i3 starts with one workspace, and its own `workspace next` stays there. The daemon's
    /// next desktop makes and shows workspace 2 when workspace 1 has a window; previous goes
    /// back (i3 deletes the empty 2); next again makes 2 again, and from the empty 2, next goes
    /// around to 1 instead of making 3.
    @Test func nextDesktopWithOneWorkspaceMakesAndShowsWorkspace2() throws {
        let x = try XvfbSession(windowManager: .i3)
        _ = try x.openWindow(class: "One", title: "one")
        let own = try x.i3Client()
        #expect(try own.run("workspace next").succeeded)
        #expect(try x.i3Workspaces().map(\.name) == ["1"], "i3's own next stays on the only workspace")
        let daemon = try x.startDaemon(config: Self.config(left: "{ desktop: next }", right: "{ desktop: previous }"))
        #expect(said(daemon, "window manager: i3 4.22 (its IPC socket"), "\(daemon.output!.lines.prefix(20))")
        let tracker = WindowTracker(server: x.server)

        x.pointerSwipe(-1, 0)
        #expect(said(daemon, "i3 switched to workspace \"2\""), "\(daemon.output!.lines.suffix(10))")
        #expect(try x.i3Workspaces().map(\.name) == ["1", "2"])
        #expect(try x.i3FocusedWorkspace() == "2")
        #expect(tracker.currentDesktop == 1 && tracker.numberOfDesktops == 2)

        x.pointerSwipe(1, 0)
        #expect(said(daemon, "i3 switched to workspace \"1\""), "\(daemon.output!.lines.suffix(10))")
        #expect(try x.i3FocusedWorkspace() == "1")
        #expect(x.poll { tracker.numberOfDesktops == 1 }, "i3 deleted the empty workspace 2")

        x.pointerSwipe(-1, 0)
        #expect(said(daemon, "i3 switched to workspace \"2\"", times: 2), "\(daemon.output!.lines.suffix(10))")
        x.pointerSwipe(-1, 0)
        #expect(said(daemon, "i3 switched to workspace \"1\"", times: 2), "from the empty last workspace, around to the first: \(daemon.output!.lines.suffix(10))")
        #expect(try x.i3Workspaces().map(\.name) == ["1"])
        #expect(warnings(daemon).isEmpty, "\(warnings(daemon))")
    }

    /// Maximize is i3's fullscreen (read back from `_NET_WM_STATE`), the toggle takes it back;
    /// minimize moves the window to the scratchpad: it leaves the workspace (Withdrawn, its
    /// frame unmapped) and the other window stays.
    @Test func maximizeIsFullscreenAndMinimizeIsTheScratchpad() throws {
        let x = try XvfbSession(windowManager: .i3)
        let left = try x.openWindow(class: "Left", title: "left")
        let right = try x.openWindow(class: "Right", title: "right")
        let tracker = WindowTracker(server: x.server)
        // i3 tiles the second window beside the first a moment after it is managed.
        try #require(x.poll { (tracker.info(left.id)?.frame.width ?? .infinity) < 700 }, "i3 tiles the two side by side: \(String(describing: tracker.info(left.id)?.frame))")
        let frame = try #require(tracker.info(left.id)?.frame)
        let daemon = try x.startDaemon(config: Self.config(left: "{ log: left }", up: "{ window: toggle-maximize }", down: "{ window: minimize }"))
        let onLeft = Point(x: frame.midX, y: frame.midY + 100)

        x.pointerSwipe(0, -1, from: onLeft)
        #expect(said(daemon, "i3 made the window “left” (Left, \(x.hex(left))) fullscreen"), "\(daemon.output!.lines.suffix(10))")
        #expect(tracker.states(left.id).contains("_NET_WM_STATE_FULLSCREEN"))
        x.pointerSwipe(0, -1, from: onLeft)
        #expect(said(daemon, "i3 took the window “left” (Left, \(x.hex(left))) out of fullscreen"), "\(daemon.output!.lines.suffix(10))")
        #expect(!tracker.states(left.id).contains("_NET_WM_STATE_FULLSCREEN"))

        x.pointerSwipe(0, 1, from: onLeft)
        #expect(said(daemon, "i3 moved the window “left” (Left, \(x.hex(left))) to the scratchpad"), "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { x.server.numbers(left.id, "WM_STATE")?.first == 0 }, "withdrawn from the workspace")
        #expect(x.poll { tracker.clientWindow(at: onLeft) == right.id }, "the other window takes the screen")
        #expect(x.server.numbers(right.id, "WM_STATE")?.first == 1)
        #expect(warnings(daemon).isEmpty, "\(warnings(daemon))")
    }

    /// Show desktop switches to an empty workspace ("desktop"): no window is seen; the second
    /// request goes back, and the windows are where they were, tiled as before.
    @Test func showDesktopAndBackRestoresTheWindows() throws {
        let x = try XvfbSession(windowManager: .i3)
        let windows = [try x.openWindow(class: "First", title: "first"), try x.openWindow(class: "Second", title: "second")]
        let tracker = WindowTracker(server: x.server)
        let frames = windows.map { tracker.info($0.id)?.frame }
        let daemon = try x.startDaemon(config: Self.config(left: "{ log: left }", down: "{ desktop: show }"))

        x.pointerSwipe(0, 1)
        #expect(said(daemon, "i3 shows the desktop (the empty workspace \"desktop\")"), "\(daemon.output!.lines.suffix(10))")
        #expect(try x.i3FocusedWorkspace() == "desktop")
        #expect(x.poll { windows.allSatisfy { tracker.isHidden($0.id, currentDesktop: tracker.currentDesktop) } }, "no window shows")
        #expect(x.server.topLevelWindow(at: Point(x: 640, y: 400)) == nil, "the bare root under the pointer")

        x.pointerSwipe(0, 1)
        #expect(said(daemon, "i3 brought back workspace \"1\""), "\(daemon.output!.lines.suffix(10))")
        #expect(try x.i3Workspaces().map(\.name) == ["1"], "the empty workspace is gone")
        #expect(x.poll { windows.allSatisfy { !tracker.isHidden($0.id, currentDesktop: tracker.currentDesktop) } }, "both shown again")
        #expect(windows.map { tracker.info($0.id)?.frame } == frames, "tiled as before")
        #expect(warnings(daemon).isEmpty, "\(warnings(daemon))")
    }
}
