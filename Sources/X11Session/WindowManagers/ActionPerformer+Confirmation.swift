import GestureProfiles

/// What each window and desktop request should change on the server, handed to
/// ``ActionConfirmations`` to be seen done or warned of.
extension ActionPerformer {
    /// After an EWMH window request: the maximized flags, the fullscreen flag or the window
    /// hidden, as `op` asked (`before`: its `_NET_WM_STATE` when asked, for the toggles).
    func expectWindowState(after op: WindowOperation, _ window: XWindowID, before: [UInt]) {
        let vert = server.atom("_NET_WM_STATE_MAXIMIZED_VERT"), horz = server.atom("_NET_WM_STATE_MAXIMIZED_HORZ")
        let wasMaximized = before.contains(vert) && before.contains(horz)
        let wasFullscreen = before.contains(server.atom("_NET_WM_STATE_FULLSCREEN"))
        switch op {
        case .maximize: expectMaximized(window, true)
        case .unmaximize: expectMaximized(window, false)
        case .toggleMaximize: expectMaximized(window, !wasMaximized)
        case .fullscreen: expectFullscreen(window, true)
        case .toggleFullscreen: expectFullscreen(window, !wasFullscreen)
        case .minimize: expectHidden([window], true, what: "minimize \(windowName(window))", done: "minimized \(windowName(window))")
        case .close, .raise, .tileLeft, .tileRight: break
        }
    }

    /// Both maximized flags set (`on`), or neither.
    func expectMaximized(_ window: XWindowID, _ on: Bool) {
        let flags = [server.atom("_NET_WM_STATE_MAXIMIZED_VERT"), server.atom("_NET_WM_STATE_MAXIMIZED_HORZ")]
        let name = windowName(window)
        expectState(of: window, key: "maximized", failure: on ? "did not maximize \(name)" : "did not restore \(name) from maximized",
                    success: on ? "maximized \(name)" : "restored \(name) from maximized", allowedAction: on ? "MAXIMIZE_VERT" : nil) { states in
            on ? flags.allSatisfy(states.contains) : !flags.contains(where: states.contains)
        }
    }

    /// The fullscreen flag set (`on`) or not.
    func expectFullscreen(_ window: XWindowID, _ on: Bool) {
        let flag = server.atom("_NET_WM_STATE_FULLSCREEN")
        let name = windowName(window)
        expectState(of: window, key: "fullscreen", failure: on ? "did not make \(name) fullscreen" : "did not take \(name) out of fullscreen",
                    success: on ? "made \(name) fullscreen" : "took \(name) out of fullscreen", allowedAction: on ? "FULLSCREEN" : nil) { $0.contains(flag) == on }
    }

    /// `allowedAction`: the `_NET_WM_ACTION_…` whose absence from the window's allowed actions
    /// explains a refusal, in the warning.
    private func expectState(of window: XWindowID, key: String, failure: String, success: String, allowedAction: String?, _ holds: @escaping ([UInt]) -> Bool) {
        confirmations.expect(.init(
            key: "\(key) \(window)", manager: windowManager.displayName, failure: failure, success: success,
            holds: { [server] in holds(server.numbers(window, "_NET_WM_STATE") ?? []) },
            instead: { [unowned self] in "its _NET_WM_STATE is " + self.stateNames(window) + self.notAllowed(allowedAction, window) },
            windows: [window], subject: window))
    }

    /// Why a window manager may have refused: it says the window does not allow the action
    /// (a window of fixed size is not maximized, a splash screen not minimized). Empty when
    /// it allows it or says nothing (i3 sets no `_NET_WM_ALLOWED_ACTIONS`).
    private func notAllowed(_ action: String?, _ window: XWindowID) -> String {
        guard let action, let allowed = server.numbers(window, "_NET_WM_ALLOWED_ACTIONS"),
              !allowed.contains(server.atom("_NET_WM_ACTION_" + action)) else { return "" }
        return "; \(windowManager.displayName) does not allow it for this window (no _NET_WM_ACTION_\(action) in its _NET_WM_ALLOWED_ACTIONS)"
    }

    /// `windows` all hidden (`hidden`) or all shown, where the user can see (``WindowTracker/isHidden(_:currentDesktop:)``).
    func expectHidden(_ windows: [XWindowID], _ hidden: Bool, what: String, done: String) {
        guard !windows.isEmpty else { return }
        let tracker = WindowTracker(server: server)
        func wrong() -> [XWindowID] {
            let desktop = tracker.currentDesktop
            return windows.filter { server.geometry($0) != nil && tracker.isHidden($0, currentDesktop: desktop) != hidden }
        }
        confirmations.expect(.init(
            key: "hidden \(windows.map { Self.hex($0) }.joined(separator: " "))", manager: windowManager.displayName,
            failure: "did not \(what)", success: done,
            holds: { wrong().isEmpty },
            instead: { [unowned self] in
                let left = wrong()
                let word = hidden ? "shown" : "hidden"
                guard windows.count > 1 else {
                    return "it is still \(word) (WM_STATE \(self.wmStateName(windows[0])))" + (hidden ? self.notAllowed("MINIMIZE", windows[0]) : "")
                }
                return "still \(word): " + left.map { "\(Self.hex($0)) (WM_STATE \(self.wmStateName($0)))" }.joined(separator: ", ")
            },
            windows: Set(windows), subject: windows.count == 1 ? windows[0] : nil))
    }

    /// `_NET_CURRENT_DESKTOP` becomes `desktop`.
    func expectCurrentDesktop(_ desktop: Int) {
        let tracker = WindowTracker(server: server)
        confirmations.expect(.init(
            key: "desktop", manager: windowManager.displayName, failure: "did not switch to desktop \(desktop)", success: "switched to desktop \(desktop)",
            holds: { tracker.currentDesktop == desktop },
            instead: { "the current desktop is \(tracker.currentDesktop.map(String.init) ?? "not said") (_NET_CURRENT_DESKTOP)" },
            windows: [server.root]))
    }

    /// The current desktop's name (`_NET_DESKTOP_NAMES` at `_NET_CURRENT_DESKTOP`) becomes
    /// `name`: how an i3 workspace switch shows, workspaces being made and deleted as it goes.
    func expectCurrentDesktopName(_ name: String, failure: String, success: String) {
        confirmations.expect(.init(
            key: "desktop", manager: windowManager.displayName, failure: failure, success: success,
            holds: { [unowned self] in self.currentDesktopName() == name },
            instead: { [unowned self] in "the current workspace is \(self.currentDesktopName().map(I3WorkspaceChoice.quoted) ?? "not said") (_NET_DESKTOP_NAMES)" },
            windows: [server.root]))
    }

    /// `_NET_SHOWING_DESKTOP` becomes `on`.
    func expectShowingDesktop(_ on: Bool) {
        let read = { [server] in server.numbers(server.root, "_NET_SHOWING_DESKTOP")?.first.map { $0 != 0 } }
        confirmations.expect(.init(
            key: "showing desktop", manager: windowManager.displayName,
            failure: on ? "did not show the desktop" : "did not bring the windows back", success: on ? "shows the desktop" : "brought the windows back",
            holds: { read() == on }, instead: { "_NET_SHOWING_DESKTOP is \(read().map { $0 ? "1" : "0" } ?? "not set")" },
            windows: [server.root]))
    }

    func currentDesktopName() -> String? {
        guard let current = WindowTracker(server: server).currentDesktop, let names = server.textList(server.root, "_NET_DESKTOP_NAMES"),
              names.indices.contains(current) else { return nil }
        return names[current]
    }

    func stateNames(_ window: XWindowID) -> String {
        let names = (server.numbers(window, "_NET_WM_STATE") ?? []).map { server.atomName($0).map { $0.replacingPrefix("_NET_WM_STATE_") } ?? "?" }
        return names.isEmpty ? "empty" : names.joined(separator: " ")
    }

    private func wmStateName(_ window: XWindowID) -> String {
        switch server.numbers(window, "WM_STATE")?.first {
        case 0?: "Withdrawn"
        case 1?: "Normal"
        case 3?: "Iconic"
        case let other?: "\(other)"
        case nil: "not set"
        }
    }
}
