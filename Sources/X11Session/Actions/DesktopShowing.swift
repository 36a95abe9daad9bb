import GestureTraces
import SystemCalls

/// `desktop: show`: the first request hides the current desktop's windows, the next brings
/// them back.
///
/// Where the window manager lists `_NET_SHOWING_DESKTOP` in `_NET_SUPPORTED` (openbox, xfwm4,
/// marco), its own mode hides and shows them, as its own show-desktop key does.
///
/// Where it does not (fluxbox 1.3), Tactus does it by hand, and brings them back stacked as
/// they were, with the window that was active active again: each visible window gets
/// `WM_CHANGE_STATE` IconicState, and on the way back `_NET_ACTIVE_WINDOW`, bottom first, the
/// only restoring request all four window managers obey (xfwm4 and marco ignore
/// `WM_CHANGE_STATE` NormalState, marco ignores removing `_NET_WM_STATE_HIDDEN`). Only windows
/// still there, still iconic and still on the current desktop come back: fluxbox breaks a
/// window it is asked to de-iconify on another desktop, and moves an iconic one it activates
/// there to the current desktop. The window that was active, when it was not the top one, is
/// activated once more after the others are mapped again: fluxbox focuses each window it
/// de-iconifies when it sees it mapped, after all the requests, so the top one would keep the
/// focus. (That activation raises it too: the active window is usually the top one of its
/// layer anyway.)
///
/// The windows hidden are those the stacking of the window tree shows, bottom first, and not
/// fluxbox's `_NET_CLIENT_LIST_STACKING` (the order the windows were created in).
final class DesktopShowing {
    typealias Server = WindowQueries & WindowManagerRequests & ServerClock

    /// How long the windows brought back may take to be mapped before the one that was active
    /// is activated anyway (milliseconds).
    static let mapBound: UInt64 = 1_000

    /// The windows one request hid: the desktop they were on, bottom of the stack first, and
    /// the one of them that was active.
    struct HiddenDesktop: Equatable {
        var desktop: Int?
        var windows: [XWindowID]
        var active: XWindowID?
    }

    private let server: Server
    private var tracker: WindowTracker { WindowTracker(server: server) }
    /// What the last request hid, until a request restores it or finds it no longer applies.
    private(set) var hidden: HiddenDesktop?
    /// The window that was active, to activate again once `unmapped` are all mapped (or at
    /// `deadline`, monotonic milliseconds).
    private(set) var pendingActivation: (window: XWindowID, unmapped: Set<XWindowID>, deadline: UInt64)?
    /// Monotonic milliseconds (injected so tests can drive it).
    var milliseconds: () -> UInt64 = { UInt64(MonotonicClock.nanoseconds() / 1_000_000) }

    init(server: Server) { self.server = server }

    /// When the loop must wake to stop waiting for windows to be mapped, nil when none is awaited.
    var deadline: UInt64? { pendingActivation?.deadline }

    /// Whether the window manager has a showing-desktop mode of its own.
    var windowManagerShowsDesktop: Bool { WindowManagerGuide.showsDesktop(server) }

    /// Hides the current desktop's windows, or brings back those the request before hid.
    func toggle() -> ShowDesktopStep {
        pendingActivation = nil
        return windowManagerShowsDesktop ? toggleWindowManagersMode() : toggleByHand()
    }

    /// A window was mapped, or destroyed: once none of the windows brought back is awaited,
    /// the one that was active is activated. What the log says of it, if it happened.
    func windowMappedOrGone(_ window: XWindowID) -> String? {
        guard var pending = pendingActivation, pending.unmapped.remove(window) != nil else { return nil }
        pendingActivation = pending
        guard pending.unmapped.isEmpty else { return nil }
        return activatePending(because: "the windows brought back are mapped")
    }

    /// The loop woke at or after ``deadline``: the window that was active is activated even
    /// though some brought back were not seen mapped. What the log says of it.
    func expire() -> String? {
        guard let pending = pendingActivation, milliseconds() >= pending.deadline else { return nil }
        return activatePending(because: "\(ShowDesktopStep.list(Array(pending.unmapped).sorted())) not seen mapped within \(Self.mapBound) ms")
    }

    private func activatePending(because reason: String) -> String? {
        guard let pending = pendingActivation else { return nil }
        pendingActivation = nil
        server.requestActivation(of: pending.window, time: server.freshTimestamp())
        server.flush()
        return "desktop show by hand: \(ShowDesktopStep.list([pending.window])) activated again, \(reason)"
    }

    // MARK: The window manager's mode

    /// The window manager hides and shows the windows itself (and knows best which). marco
    /// shows them again in an order of its own, as it does for its own show-desktop key:
    /// Tactus leaves that to it, since activating them again in their order afterwards races
    /// xfwm4's own focusing of the top window (the focus ended on another window than the
    /// one activated last).
    private func toggleWindowManagersMode() -> ShowDesktopStep {
        // Windows hidden by hand under another window manager are not this one's to restore.
        hidden = nil
        let showing = (server.numbers(server.root, "_NET_SHOWING_DESKTOP")?.first ?? 0) != 0
        server.sendRootMessage(about: server.root, type: "_NET_SHOWING_DESKTOP", data: [showing ? 0 : 1])
        server.flush()
        return ShowDesktopStep(byHand: false, change: .windowManagersMode(on: !showing), desktop: tracker.currentDesktop, forgotten: nil)
    }

    // MARK: By hand

    private static let iconicState = 3

    private func toggleByHand() -> ShowDesktopStep {
        let desktop = tracker.currentDesktop
        let visible = visibleWindows(desktop: desktop)
        var forgotten: ShowDesktopStep.Forgotten?
        if let hidden {
            self.hidden = nil
            if hidden.desktop != desktop {
                // Restoring here would un-hide windows of another desktop.
                forgotten = .desktopChanged(hidden: hidden)
            } else if !visible.isEmpty {
                // A window was shown since (restored by hand, or a new one): the desktop is no
                // longer shown, as a window manager's own mode ends then. The request hides
                // what is visible now, as it would anywhere else.
                forgotten = .windowsShown(hidden: hidden, shown: visible)
            } else {
                let restorable = hidden.windows.filter { window in
                    // Gone, or shown by hand and minimized again: not ours to bring back.
                    server.numbers(window, "WM_STATE")?.first == UInt(Self.iconicState) && isOnDesktop(window, desktop)
                }
                return activate(restorable, hidden, desktop: desktop)
            }
        }
        guard !visible.isEmpty else { return ShowDesktopStep(byHand: true, change: .nothingToHide, desktop: desktop, forgotten: forgotten) }
        let active = activeWindow(among: visible)
        for window in visible {
            server.sendRootMessage(about: window, type: "WM_CHANGE_STATE", data: [Self.iconicState])
        }
        server.flush()
        hidden = HiddenDesktop(desktop: desktop, windows: visible, active: active)
        return ShowDesktopStep(byHand: true, change: .hid(visible), desktop: desktop, forgotten: forgotten)
    }

    /// Activates `windows` bottom first: each lands on top of the one before. The one that was
    /// active, when it is not the top one, is activated again once they are all mapped.
    private func activate(_ windows: [XWindowID], _ hidden: HiddenDesktop, desktop: Int?) -> ShowDesktopStep {
        let active = hidden.active.flatMap { windows.contains($0) ? $0 : nil }
        if !windows.isEmpty {
            let time = server.freshTimestamp()
            for window in windows { server.requestActivation(of: window, time: time) }
        }
        server.flush()
        if let active, windows.last != active {
            pendingActivation = (active, Set(windows), milliseconds() + Self.mapBound)
        }
        return ShowDesktopStep(byHand: true, change: .restored(windows, active: active, leftAlone: hidden.windows.filter { !windows.contains($0) }),
                               desktop: desktop, forgotten: nil)
    }

    /// The current desktop's windows a user sees, bottom of the stack first: mapped, not
    /// minimized, on this desktop (or every desktop), and neither a dock nor the desktop
    /// window (which stay, as a window manager's own showing-desktop mode leaves them).
    private func visibleWindows(desktop: Int?) -> [XWindowID] {
        let kept: Set<UInt> = [server.atom("_NET_WM_WINDOW_TYPE_DOCK"), server.atom("_NET_WM_WINDOW_TYPE_DESKTOP")]
        return tracker.mappedClientsBottomToTop().filter { window in
            if tracker.isHidden(window, currentDesktop: desktop) { return false }
            if let type = server.numbers(window, "_NET_WM_WINDOW_TYPE")?.first, kept.contains(type) { return false }
            return true
        }
    }

    private func activeWindow(among windows: [XWindowID]) -> XWindowID? {
        tracker.activeWindow.flatMap { windows.contains($0) ? $0 : nil }
    }

    /// Whether `window` is on `desktop` or on every desktop (or says nothing of desktops).
    private func isOnDesktop(_ window: XWindowID, _ desktop: Int?) -> Bool {
        guard let desktop, let own = server.numbers(window, "_NET_WM_DESKTOP")?.first, own != 0xFFFF_FFFF else { return true }
        return Int(own) == desktop
    }
}

/// What one `desktop: show` request did, for the log (and the tests).
struct ShowDesktopStep: Equatable, CustomStringConvertible {
    enum Change: Equatable {
        /// These windows were minimized, bottom of the stack first.
        case hid([XWindowID])
        /// These were activated, bottom first (`active` again once they are mapped, when it is
        /// not the top one); those of `leftAlone` were not (closed, shown by hand, or moved to
        /// another desktop meanwhile).
        case restored([XWindowID], active: XWindowID?, leftAlone: [XWindowID])
        /// The desktop had no visible window (by hand: nothing was done).
        case nothingToHide
        /// `_NET_SHOWING_DESKTOP` asked on or off.
        case windowManagersMode(on: Bool)
    }

    /// Why the windows an earlier request hid were not brought back.
    enum Forgotten: Equatable {
        /// The request came on another desktop than theirs.
        case desktopChanged(hidden: DesktopShowing.HiddenDesktop)
        /// Windows were shown since (`shown`): the desktop is no longer shown.
        case windowsShown(hidden: DesktopShowing.HiddenDesktop, shown: [XWindowID])
    }

    /// Whether Tactus hid the windows itself (else: `_NET_SHOWING_DESKTOP`).
    var byHand: Bool
    var change: Change
    /// The current desktop when the request came.
    var desktop: Int?
    var forgotten: Forgotten?

    var description: String {
        var parts: [String] = []
        switch forgotten {
        case .desktopChanged(let hidden)?:
            parts.append("the \(Self.count(hidden.windows)) hidden on desktop \(Self.name(hidden.desktop)) forgotten, not restored: the desktop is now \(Self.name(desktop))")
        case .windowsShown(let hidden, let shown)?:
            parts.append("the \(Self.count(hidden.windows)) hidden before forgotten, not restored: \(Self.list(shown)) shown since")
        case nil:
            break
        }
        switch change {
        case .hid(let windows):
            parts.append("asked to minimize \(Self.count(windows)) of desktop \(Self.name(desktop)), bottom first: \(Self.list(windows))")
        case .restored(let windows, let active, let leftAlone):
            var text = windows.isEmpty ? "nothing to restore" : "asked to activate \(Self.count(windows)) again, bottom first: \(Self.list(windows))"
            if let active { text += windows.last == active ? "; \(Self.hex(active)) active again" : "; \(Self.hex(active)) to be activated again once they are mapped" }
            if !leftAlone.isEmpty { text += "; left alone (closed, shown or moved meanwhile): \(Self.list(leftAlone))" }
            parts.append(text)
        case .nothingToHide:
            parts.append("no window to minimize on desktop \(Self.name(desktop))")
        case .windowManagersMode(let on):
            parts.append("asked for _NET_SHOWING_DESKTOP \(on ? "on" : "off") (the window manager's own mode)")
        }
        return "desktop show\(byHand ? " by hand" : ""): " + parts.joined(separator: "; ")
    }

    private static func hex(_ window: XWindowID) -> String { "0x" + String(window, radix: 16) }
    static func list(_ windows: [XWindowID]) -> String { windows.isEmpty ? "none" : windows.map(hex).joined(separator: " ") }
    private static func count(_ windows: [XWindowID]) -> String { "\(windows.count) window\(windows.count == 1 ? "" : "s")" }
    private static func name(_ desktop: Int?) -> String { desktop.map(String.init) ?? "(unknown)" }
}
