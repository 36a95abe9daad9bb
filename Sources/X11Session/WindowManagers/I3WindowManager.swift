import GestureProfiles

/// i3 as Tactus serves it, in i3's own terms over its IPC socket (``I3Client``): i3 ignores
/// most EWMH requests (`_NET_WM_STATE` maximized, `WM_CHANGE_STATE` Iconic — it writes Normal
/// back —, `_NET_SHOWING_DESKTOP`), since a tiling window manager has no maximized or
/// minimized windows. What each action becomes:
///
/// - maximize, fullscreen and their toggles: i3's `fullscreen` on the window (`enable`,
///   `disable`, `toggle`), what a tiling manager has for "this window, the whole monitor";
/// - minimize: `move scratchpad`, i3's place for windows out of sight;
/// - next and previous desktop: the neighbouring workspace (``I3WorkspaceChoice``), `desktop: N`
///   workspace number N + 1;
/// - show desktop: see ``showDesktopStep(workspaces:focusedHasWindows:)``;
/// - close, raise, up/down/left/right on the desktop grid: the EWMH requests, which i3 obeys.
final class I3WindowManager {
    let client: I3Client
    /// "4.22", from GET_VERSION at start (nil: it did not answer).
    let version: String?
    /// While `desktop: show` shows an empty workspace: the workspace to go back to, and the
    /// empty one shown.
    var desktopShown: (back: String, shown: String)?

    init(client: I3Client, version: String?) {
        self.client = client
        self.version = version
    }

    /// What the start log says of it.
    var summary: String {
        "i3\(version.map { " " + $0 } ?? "") (its IPC socket \(client.path)) — maximize and fullscreen are i3's fullscreen, minimize moves the window "
            + "to the scratchpad, next and previous desktop go to the neighbouring workspace (a new one after the last), desktop N is workspace N+1, "
            + "show desktop switches to an empty workspace and the next one back"
    }

    /// The command of a window operation, and whether the window should be fullscreen
    /// afterwards (nil: minimize); nil for operations left to EWMH.
    static func command(_ op: WindowOperation, isFullscreen: Bool) -> (command: String, fullscreen: Bool?)? {
        switch op {
        case .maximize, .fullscreen: ("fullscreen enable", true)
        case .unmaximize: ("fullscreen disable", false)
        case .toggleMaximize, .toggleFullscreen: ("fullscreen toggle", !isFullscreen)
        case .minimize: ("move scratchpad", nil)
        case .close, .raise, .tileLeft, .tileRight: nil
        }
    }

    /// What one `desktop: show` does.
    enum ShowDesktopStep: Equatable {
        /// Switch to this workspace, which is empty (i3 makes it, and deletes it once left empty).
        case show(empty: String, back: String)
        /// Switch back to the workspace the desktop was shown from.
        case back(to: String, from: String)
        /// Nothing: the workspace has no window to hide, or the one to go back to is gone.
        case nothing(String)
    }

    /// Show desktop under i3 switches to an empty workspace, and the next request back to the
    /// workspace it left. i3's userguide offers two ways out of sight: another workspace, or
    /// the scratchpad; but `move scratchpad` makes a window floating, and `scratchpad show`
    /// brings it back floating and centred, not in its place in the layout. A workspace switch
    /// leaves every window where it is — tiled, floating or fullscreen — and the way back is
    /// exact. The empty workspace is named "desktop" ("desktop 2"… when that name is taken),
    /// so that i3's bar says what it is. The request after next shows the desktop again unless
    /// the user is still on the empty workspace (they went elsewhere: that one is gone).
    func showDesktopStep(workspaces: [I3Workspace], focusedHasWindows: Bool) -> ShowDesktopStep {
        guard let focused = workspaces.first(where: \.focused) else { return .nothing("i3 names no focused workspace") }
        if let shown = desktopShown, focused.name == shown.shown {
            desktopShown = nil
            guard workspaces.contains(where: { $0.name == shown.back }) else {
                return .nothing("workspace \(I3WorkspaceChoice.quoted(shown.back)) is gone (its windows closed meanwhile): staying on \(I3WorkspaceChoice.quoted(shown.shown))")
            }
            return .back(to: shown.back, from: shown.shown)
        }
        desktopShown = nil
        guard focusedHasWindows else { return .nothing("workspace \(I3WorkspaceChoice.quoted(focused.name)) has no window: the desktop shows already") }
        let taken = Set(workspaces.map(\.name))
        var name = "desktop", n = 1
        while taken.contains(name) {
            n += 1
            name = "desktop \(n)"
        }
        desktopShown = (focused.name, name)
        return .show(empty: name, back: focused.name)
    }
}
