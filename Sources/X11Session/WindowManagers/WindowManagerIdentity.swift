/// Which window manager runs, read from the root window: whether one says it speaks EWMH
/// (`_NET_SUPPORTING_WM_CHECK`), the name its check window gives (`_NET_WM_NAME`: "Openbox",
/// "i3", "Fluxbox"…), and i3's IPC socket (`I3_SOCKET_PATH`, which i3 sets on the root).
/// Read at start and again when another window manager takes over.
struct WindowManagerIdentity: Equatable {
    var running: Bool
    var name: String?
    /// The path of i3's IPC socket, when i3 is the one running.
    var i3SocketPath: String?

    static let none = WindowManagerIdentity(running: false, name: nil, i3SocketPath: nil)

    /// The root window properties whose change means another window manager may run.
    static let properties = ["_NET_SUPPORTING_WM_CHECK", "I3_SOCKET_PATH"]

    static func read(from server: some WindowQueries) -> WindowManagerIdentity {
        let check = server.numbers(server.root, "_NET_SUPPORTING_WM_CHECK")?.first.flatMap { $0 == 0 ? nil : XWindowID($0) }
        let name = check.flatMap { server.text($0, "_NET_WM_NAME") }.flatMap { $0.isEmpty ? nil : $0 }
        let socket = server.text(server.root, "I3_SOCKET_PATH").flatMap { $0.isEmpty ? nil : $0 }
        // I3_SOCKET_PATH stays on the root after i3 is replaced: it counts only when the
        // running manager is i3, or gives no name at all.
        let i3 = socket != nil && (name == "i3" || name == nil)
        return WindowManagerIdentity(running: check != nil, name: name, i3SocketPath: i3 ? socket : nil)
    }

    var isI3: Bool { i3SocketPath != nil }

    /// How messages name it: "i3", "Openbox", or "the window manager" when it gives no name.
    var displayName: String {
        guard running || isI3 else { return "no window manager" }
        return name ?? (isI3 ? "i3" : "the window manager")
    }
}
