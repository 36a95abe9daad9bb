import GestureTraces

/// What each window and desktop action means under the window manager found, as the performer
/// does it (`ActionPerformer+EWMH.swift`, `ActionPerformer+I3.swift`, ``DesktopShowing``): one
/// place for the words of the start log and of `tactus windows`.
extension WindowManagerGuide {
    typealias Meaning = WindowManagerGuide.Meaning

    /// No window manager says it runs (no `_NET_SUPPORTING_WM_CHECK`).
    static let none = WindowManagerGuide(name: "no window manager", speaksThrough: "no _NET_SUPPORTING_WM_CHECK on the root window",
                                         meanings: [Meaning("window: …, desktop: …", "nothing: there is no one to ask")])

    /// A window manager spoken to with EWMH requests, as a pager or taskbar speaks to it.
    /// `showsDesktop`: it lists `_NET_SHOWING_DESKTOP` in `_NET_SUPPORTED` (openbox, xfwm4,
    /// marco, muffin, mutter; not fluxbox).
    static func ewmh(name: String, showsDesktop: Bool, note: String? = nil) -> WindowManagerGuide {
        WindowManagerGuide(name: name, speaksThrough: "EWMH requests", meanings: [
            Meaning("window: maximize, unmaximize, toggle-maximize", "_NET_WM_STATE maximized vertically and horizontally (added, removed, toggled); the window is activated to come on top"),
            Meaning("window: fullscreen, toggle-fullscreen", "_NET_WM_STATE fullscreen; the window is activated to come on top"),
            Meaning("window: minimize", "WM_CHANGE_STATE Iconic"),
            Meaning("window: close, raise", "_NET_CLOSE_WINDOW, _NET_ACTIVE_WINDOW"),
            Meaning("window: tile-left, tile-right", "unmaximized and moved to the half of its monitor's work area (_NET_MOVERESIZE_WINDOW)"),
            Meaning("desktop: next, previous", "_NET_CURRENT_DESKTOP one more or one less, around at the ends"),
            Meaning("desktop: N, up, down, left, right…", "_NET_CURRENT_DESKTOP N, or the neighbour on the desktop grid (_NET_DESKTOP_LAYOUT)"),
            showsDesktop
                ? Meaning("desktop: show", "the window manager's own show-desktop mode (_NET_SHOWING_DESKTOP on, the next one off)")
                : Meaning("desktop: show", "done by Tactus (no _NET_SHOWING_DESKTOP in _NET_SUPPORTED): the current desktop's windows minimized, the next one brings them back as they were stacked"),
        ], note: note)
    }

    /// i3, spoken to over its IPC socket (`I3WindowManager`): the same words as its start line.
    static func i3(version: String?, socket: String) -> WindowManagerGuide {
        WindowManagerGuide(name: "i3" + (version.map { " " + $0 } ?? ""), speaksThrough: "i3's IPC socket \(socket)", meanings: [
            Meaning("window: maximize, fullscreen", "fullscreen enable: the whole monitor"),
            Meaning("window: unmaximize", "fullscreen disable"),
            Meaning("window: toggle-maximize, toggle-fullscreen", "fullscreen toggle"),
            Meaning("window: minimize", "move scratchpad: out of sight (i3's scratchpad show brings it back, floating)"),
            Meaning("window: close, raise", "the EWMH requests, which i3 obeys"),
            Meaning("window: tile-left, tile-right", "the EWMH request, which i3 does not apply to tiled windows"),
            Meaning("desktop: next, previous", "the neighbouring workspace, as i3's workspace next/prev; past the last (before the first) a new one"),
            Meaning("desktop: N", "workspace number N+1, made if it does not exist"),
            Meaning("desktop: up, down, left, right…", "the EWMH request on the desktop grid"),
            Meaning("desktop: show", "an empty workspace (named desktop), and the next one back to the workspace left"),
        ])
    }

    /// What the window manager running now means for the actions, read from the server alone
    /// (`tactus windows` with no daemon running): i3 is tried on its socket as the daemon would.
    static func found(on server: some WindowQueries) -> WindowManagerGuide {
        let identity = WindowManagerIdentity.read(from: server)
        if let socket = identity.i3SocketPath {
            do {
                let version = try I3Client(path: socket).version()
                return .i3(version: version.short, socket: socket)
            } catch {
                return .ewmh(name: identity.displayName, showsDesktop: false,
                             note: "i3 runs, but its IPC socket does not answer (\(error)): the actions go as EWMH requests, which i3 mostly ignores")
            }
        }
        guard identity.running else { return .none }
        return .ewmh(name: identity.displayName, showsDesktop: showsDesktop(server))
    }

    /// Whether the window manager has a show-desktop mode of its own (``DesktopShowing``'s test).
    static func showsDesktop(_ server: some WindowQueries) -> Bool {
        (server.numbers(server.root, "_NET_SUPPORTED") ?? []).contains(server.atom("_NET_SHOWING_DESKTOP"))
    }
}
