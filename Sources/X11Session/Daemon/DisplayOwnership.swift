import SystemCalls

/// One daemon per display, arbitrated by the X server: the running daemon owns the manager
/// selection `_TACTUS_Sn` of its screen (as window managers own `WM_Sn`), through a window
/// that carries its pid in `_NET_WM_PID`. Any second daemon on the display sees it, whatever
/// its `XDG_RUNTIME_DIR` (the lock file there only guards that folder's socket).
extension Daemon {
    /// The selection of screen `screen`.
    public static func selectionName(screen: Int) -> String { "_TACTUS_S\(screen)" }

    /// Takes the display's selection; ``AlreadyRunning`` (with the holder's pid) when another
    /// client owns it.
    func claimDisplay() throws {
        let name = Self.selectionName(screen: server.screenNumber)
        switch server.claimSelection(name, pid: CurrentProcess.id) {
        case .taken(let window):
            logger.debug("display \(server.displayName): selection \(name) owned through window 0x\(String(window, radix: 16))")
        case .heldBy(let window, let pid):
            logger.debug("selection \(name) is held by window 0x\(String(window, radix: 16)) (pid \(pid.map(String.init) ?? "unknown"))")
            throw AlreadyRunning(display: server.displayName, pid: pid.map(String.init) ?? "?")
        }
    }

    /// Another client took the selection (a daemon that replaces this one): this one stops.
    func selectionCleared(_ selection: UInt) {
        guard selection == server.atom(Self.selectionName(screen: server.screenNumber)) else { return }
        logger.error("another client took \(Self.selectionName(screen: server.screenNumber)) on \(server.displayName): stopping (status \(Self.displayTakenStatus), so that a service manager starts Tactus again and says who holds the display)")
        displayTaken = true
        running = false
    }
}
