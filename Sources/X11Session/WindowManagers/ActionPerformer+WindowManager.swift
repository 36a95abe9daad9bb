import GestureTraces

/// Which window manager the performer speaks to, and the events that may be its answers.
extension ActionPerformer {
    /// Which window manager runs and what each window and desktop action means under it, as
    /// the performer does them now (`tactus windows` asks the daemon for it). Read when asked:
    /// a window manager lists `_NET_SHOWING_DESKTOP` in `_NET_SUPPORTED` after it says it runs.
    public var windowManagerGuide: WindowManagerGuide {
        if let i3 { return .i3(version: i3.version, socket: i3.client.path) }
        if windowManager.isI3 {
            return .ewmh(name: windowManager.displayName, showsDesktop: false,
                         note: "i3 runs, but Tactus cannot speak to it over its IPC socket: the actions go as EWMH requests, which i3 mostly ignores")
        }
        guard windowManager.running else { return .none }
        return .ewmh(name: windowManager.displayName, showsDesktop: desktopShowing.windowManagerShowsDesktop)
    }

    /// Reads which window manager runs (at start, and when another takes over) and says so
    /// once in the log, with what the window and desktop actions mean under it. Under i3 it
    /// connects to its IPC socket; when that fails the actions go as EWMH requests, which i3
    /// mostly ignores, and the warning says why.
    public func findWindowManager() {
        let found = WindowManagerIdentity.read(from: server)
        guard found != windowManager || (found.isI3 && i3 == nil) else { return }
        windowManager = found
        i3 = nil
        defer {
            let guide = windowManagerGuide
            logger.debug("window manager: under \(guide.name), \(guide.meanings.map { "\($0.actions) → \($0.meaning)" }.joined(separator: "; "))")
        }
        if let path = found.i3SocketPath {
            let client = I3Client(path: path)
            do {
                let version = try client.version()
                logger.debug("i3: GET_VERSION answered in \(client.lastRoundTrip / 1000) µs: \(version.humanReadable)")
                let i3 = I3WindowManager(client: client, version: version.short)
                self.i3 = i3
                return logger.info("window manager: \(i3.summary); Tactus checks that each request took effect and warns when not")
            } catch {
                return report("i3", "runs, but Tactus cannot speak to it (\(error)): window and desktop actions go as EWMH requests, which i3 mostly ignores", true)
            }
        }
        if !found.running {
            return logger.info("window manager: none runs (no _NET_SUPPORTING_WM_CHECK): window and desktop actions have no one to do them")
        }
        logger.info("window manager: \(found.displayName) — window and desktop actions are EWMH requests; Tactus checks that each took effect and warns when not")
    }

    /// An event from the server the loop handled: a window manager taking over (its root
    /// properties), or a change that may be the answer to a request (``ActionConfirmations``).
    public func observe(_ event: XInputEvent) {
        switch event {
        case .propertyChanged(let window, let atom, _):
            if window == server.root, WindowManagerIdentity.properties.contains(where: { server.atom($0) == atom }) { findWindowManager() }
            confirmations.changed(window)
        case .mapped(let window), .unmapped(let window):
            confirmations.changed(window)
        case .destroyed(let window):
            confirmations.windowGone(window)
        default:
            break
        }
    }

    /// How messages name a window: “title” (Class, 0x…).
    func windowName(_ window: XWindowID) -> String {
        let title = server.text(window, "_NET_WM_NAME") ?? server.text(window, "WM_NAME")
        let cls = server.classHint(window)?.windowClass
        let details = [cls, Self.hex(window)].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return "the window " + (title.map { "“\($0)” " } ?? "") + "(\(details))"
    }
}
