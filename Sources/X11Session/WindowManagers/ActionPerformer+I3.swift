import GestureProfiles

/// Window and desktop actions under i3 (``I3WindowManager`` says what each becomes): each
/// command is confirmed from i3's reply, then what it changed is read back from the server
/// (``ActionConfirmations``), since i3 reports success for criteria that match no window.
extension ActionPerformer {
    /// Performs `op` on `window` with an i3 command; false when i3 does not run or `op` is
    /// left to EWMH.
    func i3WindowRequest(_ op: WindowOperation, _ window: XWindowID) -> Bool {
        guard let i3 else { return false }
        let isFullscreen = server.numbers(window, "_NET_WM_STATE")?.contains(server.atom("_NET_WM_STATE_FULLSCREEN")) ?? false
        guard let (command, fullscreen) = I3WindowManager.command(op, isFullscreen: isFullscreen) else { return false }
        let name = windowName(window)
        let failure: String
        switch fullscreen {
        case true?: failure = "did not make \(name) fullscreen"
        case false?: failure = "did not take \(name) out of fullscreen"
        case nil: failure = "did not move \(name) to the scratchpad (minimize)"
        }
        logger.debug("window \(Self.hex(window)): \(op.rawValue) under i3 is `\(command)`")
        guard runI3(i3, "[id=\(window)] \(command)", failure: failure) else { return true }
        if let fullscreen {
            expectFullscreen(window, fullscreen)
        } else {
            expectHidden([window], true, what: "move \(name) to the scratchpad (minimize)", done: "moved \(name) to the scratchpad")
        }
        return true
    }

    /// Performs a desktop operation with i3 commands; false when i3 does not run or the
    /// operation is left to EWMH (a step on the desktop grid: i3 obeys `_NET_CURRENT_DESKTOP`).
    func i3DesktopRequest(_ op: DesktopOperation) -> Bool {
        guard let i3 else { return false }
        if case .move = op { return false }
        let workspaces: [I3Workspace]
        do {
            workspaces = try i3.client.workspaces()
        } catch {
            report("i3", "did not \(op == .show ? "show the desktop" : "switch workspaces (desktop \(op))"): asking for its workspaces: \(error)", true)
            return true
        }
        let occupied = currentDesktopHasWindows()
        let target: I3WorkspaceChoice.Target?
        switch op {
        case .next: target = I3WorkspaceChoice.neighbour(.next, of: workspaces, focusedHasWindows: occupied)
        case .previous: target = I3WorkspaceChoice.neighbour(.previous, of: workspaces, focusedHasWindows: occupied)
        case .number(let n): target = I3WorkspaceChoice.numbered(n, of: workspaces)
        case .show, .move:
            i3ShowDesktop(i3, workspaces: workspaces, focusedHasWindows: occupied)
            return true
        }
        let names = I3WorkspaceChoice.ordered(workspaces).map { I3WorkspaceChoice.quoted($0.name) }.joined(separator: " ")
        guard let target else {
            logger.debug("desktop \(op) under i3: nowhere to go from the workspaces \(names) (the focused one \(occupied ? "has windows" : "is empty"))")
            return true
        }
        logger.debug("desktop \(op) under i3: workspace \(target.argument)\(target.created ? " (new)" : "") of \(names)")
        let quoted = I3WorkspaceChoice.quoted(target.name)
        if switchWorkspace(i3, to: target, failure: "did not switch to workspace \(quoted)", success: "switched to workspace \(quoted)") {
            lastDesktopSwitch = (target.from, target.to)
        }
        return true
    }

    /// `desktop: show`: an empty workspace and back (``I3WindowManager/showDesktopStep(workspaces:focusedHasWindows:)``
    /// says why not the scratchpad).
    private func i3ShowDesktop(_ i3: I3WindowManager, workspaces: [I3Workspace], focusedHasWindows: Bool) {
        switch i3.showDesktopStep(workspaces: workspaces, focusedHasWindows: focusedHasWindows) {
        case .show(let empty, let back):
            let target = I3WorkspaceChoice.Target(argument: I3WorkspaceChoice.quoted(empty), name: empty, created: true, from: 0, to: 0)
            logger.debug("desktop show under i3: to the empty workspace \(target.argument); the next desktop show goes back to \(I3WorkspaceChoice.quoted(back))")
            if !switchWorkspace(i3, to: target, failure: "did not show the desktop (the empty workspace \(target.argument))",
                                success: "shows the desktop (the empty workspace \(target.argument))") {
                i3.desktopShown = nil
            }
        case .back(let to, let from):
            let target = I3WorkspaceChoice.Target(argument: I3WorkspaceChoice.quoted(to), name: to, created: false, from: 0, to: 0)
            logger.debug("desktop show under i3: back from \(I3WorkspaceChoice.quoted(from)) to \(target.argument)")
            _ = switchWorkspace(i3, to: target, failure: "did not bring back workspace \(target.argument) (desktop show)",
                                success: "brought back workspace \(target.argument)")
        case .nothing(let why):
            logger.debug("desktop show under i3: nothing to do: \(why)")
        }
    }

    /// `workspace` without i3's `workspace_auto_back_and_forth` (the user's setting would turn
    /// a switch to the workspace shown into a switch away from it), then the switch read back.
    private func switchWorkspace(_ i3: I3WindowManager, to target: I3WorkspaceChoice.Target, failure: String, success: String) -> Bool {
        guard runI3(i3, "workspace --no-auto-back-and-forth \(target.argument)", failure: failure) else { return false }
        expectCurrentDesktopName(target.name, failure: failure, success: success)
        return true
    }

    /// Runs `command`; false (and a warning) when i3 could not be asked or refused it.
    func runI3(_ i3: I3WindowManager, _ command: String, failure: String) -> Bool {
        do {
            let outcome = try i3.client.run(command)
            guard outcome.succeeded else {
                report("i3", "\(failure): it refused `\(command)`: \(outcome.errors.joined(separator: "; "))", true)
                return false
            }
            logger.debug("i3: `\(command)` succeeded (answered in \(i3.client.lastRoundTrip / 1000) µs)")
            return true
        } catch {
            report("i3", "\(failure): \(error)", true)
            return false
        }
    }

    /// Whether a window is on the current desktop (`_NET_WM_DESKTOP`; 0xFFFFFFFF, i3's
    /// scratchpad and sticky windows, is not one workspace's).
    private func currentDesktopHasWindows() -> Bool {
        guard let current = WindowTracker(server: server).currentDesktop else { return true }
        return (server.numbers(server.root, "_NET_CLIENT_LIST") ?? []).contains { server.numbers($0, "_NET_WM_DESKTOP")?.first == UInt(current) }
    }
}
