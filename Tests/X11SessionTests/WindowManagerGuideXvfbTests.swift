import Foundation
import Testing
@testable import GestureTraces
@testable import X11Session
@testable import X11TestSupport

/// `tactus windows` says which window manager Tactus found and what each window and desktop
/// action means under it: asked of a running daemon (what it found at start) through the real
/// command line, and read from the server when no daemon runs. Real Xvfb with openbox,
/// fluxbox and i3.
@Suite(.serialized) struct WindowManagerGuideXvfbTests {
    static let config = DaemonConfiguration.desktop(gestures: """
        - name: show
          swipe: { direction: down, touches: 4 }
          action: { desktop: show }
        """)

    /// The lines of `tactus windows` from the window manager's line on (nil: none).
    static func guide(_ lines: [String]) -> [String]? {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("window manager: ") }) else { return nil }
        return Array(lines[start...])
    }

    /// The meaning the table gives `actions`.
    static func meaning(_ guide: [String], _ actions: String) -> String? {
        guide.first { $0.hasPrefix("  \(actions)  ") }.map { String($0.dropFirst(2 + actions.count)).trimmingCharacters(in: .whitespaces) }
    }

    /// A daemon under `windowManager` and `tactus windows` (text, then JSON) asking it.
    func asked(_ x: XvfbSession) throws -> (text: [String], json: [String], daemon: Child) {
        let daemon = try x.startDaemon(config: Self.config)
        let text = try x.tactus(["windows"], runtime: daemon.runtimeDirectory)
        let json = try x.tactus(["windows", "--format", "json"], runtime: daemon.runtimeDirectory)
        #expect(text.status == 0 && json.status == 0, "\(text.lines) \(json.lines)")
        return (text.lines, json.lines, daemon)
    }

    /// The window manager's object of the JSON output (its last line).
    static func jsonGuide(_ lines: [String]) -> WindowManagerGuide? {
        guard let last = lines.last, case .object(let o)? = try? JSONValue.parse(Substring(last)), let wm = o["windowManager"] else { return nil }
        return WindowManagerGuide(wm)
    }

    @Test func underOpenboxTheActionsAreEWMHRequestsAndShowDesktopItsOwnMode() throws {
        let x = try XvfbSession(windowManager: .openbox)
        _ = try x.openWindow(class: "Notes", title: "notes")
        let (text, json, daemon) = try asked(x)
        let guide = try #require(Self.guide(text), "\(text)")
        print("WindowManagerGuide, openbox:\n" + text.joined(separator: "\n"))
        #expect(guide.first == "window manager: Openbox (EWMH requests); each request is checked, and a warning says when it did not take effect", "\(guide)")
        #expect(Self.meaning(guide, "window: minimize") == "WM_CHANGE_STATE Iconic", "\(guide)")
        #expect(Self.meaning(guide, "desktop: show")?.hasPrefix("the window manager's own show-desktop mode (_NET_SHOWING_DESKTOP") == true, "\(guide)")
        #expect(text.last?.hasPrefix("profiles from the running daemon (pid \(daemon.pid))") == true, "the source stays the last line: \(text)")
        let fromJSON = try #require(Self.jsonGuide(json), "\(json)")
        #expect(fromJSON.name == "Openbox" && fromJSON.speaksThrough == "EWMH requests" && fromJSON.meanings.count == guide.filter { $0.hasPrefix("  ") }.count, "\(fromJSON)")
        #expect(daemon.output!.lines.contains { $0.contains("window manager: under Openbox, window: maximize") }, "the debug log says it too")
    }

    /// fluxbox has no show-desktop mode (`_NET_SHOWING_DESKTOP` is not in its `_NET_SUPPORTED`):
    /// Tactus does it, and says so before the first request.
    @Test func underFluxboxShowDesktopIsTactussOwn() throws {
        let x = try XvfbSession(windowManager: .fluxbox)
        let (text, _, _) = try asked(x)
        let guide = try #require(Self.guide(text), "\(text)")
        #expect(guide.first?.hasPrefix("window manager: Fluxbox (EWMH requests)") == true, "\(guide)")
        #expect(Self.meaning(guide, "desktop: show")?.hasPrefix("done by Tactus (no _NET_SHOWING_DESKTOP in _NET_SUPPORTED)") == true, "\(guide)")
    }

    /// i3, found by its name and socket and spoken to over it: maximize is fullscreen, minimize
    /// the scratchpad, show desktop an empty workspace and back — from the daemon, and the same
    /// read from the server (and i3's socket) with no daemon.
    @Test func underI3TheActionsAreI3sOwnCommands() throws {
        let x = try XvfbSession(windowManager: .i3)
        _ = try x.openWindow(class: "Notes", title: "notes")
        let socket = try #require(x.server.text(x.server.root, "I3_SOCKET_PATH"))
        let (text, json, daemon) = try asked(x)
        let guide = try #require(Self.guide(text), "\(text)")
        #expect(guide.first == "window manager: i3 4.22 (i3's IPC socket \(socket)); each request is checked, and a warning says when it did not take effect", "\(guide)")
        #expect(Self.meaning(guide, "window: maximize, fullscreen") == "fullscreen enable: the whole monitor", "\(guide)")
        #expect(Self.meaning(guide, "window: minimize")?.hasPrefix("move scratchpad") == true, "\(guide)")
        #expect(Self.meaning(guide, "desktop: show") == "an empty workspace (named desktop), and the next one back to the workspace left", "\(guide)")
        #expect(Self.meaning(guide, "desktop: next, previous")?.contains("a new one") == true, "\(guide)")
        #expect(Self.jsonGuide(json)?.name == "i3 4.22", "\(json)")

        #expect(daemon.stop(signal: SIGTERM) == 0)
        let alone = try x.tactus(["windows"], runtime: daemon.runtimeDirectory)
        #expect(Self.guide(alone.lines)?.first == guide.first, "no daemon: the same, read here: \(alone.lines)")
        #expect(alone.lines.last?.hasPrefix("no daemon runs on \(x.display)") == true, "\(alone.lines)")
    }

    /// With no window manager, nothing does the actions, and the table says so.
    @Test func withNoWindowManagerTheActionsDoNothing() throws {
        let x = try XvfbSession(windowManager: nil)
        let (text, _, _) = try asked(x)
        let guide = try #require(Self.guide(text), "\(text)")
        #expect(guide.first?.hasPrefix("window manager: no window manager (no _NET_SUPPORTING_WM_CHECK") == true, "\(guide)")
    }
}
