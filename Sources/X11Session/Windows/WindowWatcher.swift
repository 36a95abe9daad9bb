import GestureEngine
import GestureProfiles

/// Follows the managed windows as they change and reports each change as an input event
/// (`window`, `window-closed`): new clients from `_NET_CLIENT_LIST(_STACKING)`, names and
/// class through `PropertyNotify` on the client, geometry through `ConfigureNotify`,
/// stacking and focus through `PropertyNotify` on root. A window that cannot be seen
/// (minimized, on another desktop: ``WindowTracker/isHidden(_:currentDesktop:)``) is
/// reported closed, so that its views take no touches, and reported again when it shows;
/// `MapNotify`/`UnmapNotify`, `WM_STATE`, `_NET_WM_STATE`, `_NET_WM_DESKTOP` and
/// `_NET_CURRENT_DESKTOP` say when.
///
/// What it reported is the session's window list: it compares the server's state with that
/// list (`emit` must apply each event to it before returning, as the session does), so that
/// only what changed is reported, and keeps no copy of its own.
public final class WindowWatcher {
    public let tracker: WindowTracker
    private var server: any WindowQueries { tracker.server }
    private let windows: WindowList
    /// The server's active window, as last read.
    private var active: XWindowID?
    private let emit: (InputEvent) -> Void
    /// `_NET_CLIENT_LIST(_STACKING)`: the list is read again (once per burst of changes).
    private var listAtoms: Set<UInt> = []
    private let activeWindowAtom: UInt
    /// The client list changed since it was last read (``catchUp(readingAtMost:)`` reads it).
    public private(set) var listChanged = false
    /// Listed windows not read yet, oldest first: a burst of new windows is read a few at a
    /// time between the loop's turns (each costs several round trips; a client mapping
    /// thousands at once must not hold the touches queued behind them).
    private var unread: [XWindowID] = []
    private var unreadSet: Set<XWindowID> = []
    /// Windows of the current burst read in earlier turns.
    private var readOverTurns = 0
    /// The client list as last read, bottom to top: the order the windows read later take.
    private var listed: [XWindowID] = []
    /// Windows were read since the stacking was last matched to ``listed``.
    private var stackingStale = false
    /// Windows read are raised in the order they come; the stacking is matched once the
    /// unread are read, or before a touch is placed.
    public var hasUnread: Bool { !unread.isEmpty }
    private var clientAtoms: Set<UInt> = []
    private var visibilityAtoms: Set<UInt> = []
    private let currentDesktopAtom: UInt
    /// Managed windows that cannot be seen now: out of the session's list until they show.
    public private(set) var hidden: Set<XWindowID> = []
    /// Where the watcher says what it decided (the daemon's debug log, the monitor): the
    /// window, and what became of it.
    public var log: (_ subject: String, _ message: String) -> Void = { _, _ in }
    /// A window about to be reported closed no longer exists on the server (called while the
    /// session still knows it): touches held over it must not be replayed into it.
    public var windowGone: (_ window: XWindowID) -> Void = { _ in }
    /// Told of each client read as it shows (not hidden), after the session was told.
    public var clientRead: (_ window: XWindowID) -> Void = { _ in }

    public init(server: any WindowQueries, windows: WindowList, emit: @escaping (InputEvent) -> Void) {
        tracker = WindowTracker(server: server)
        self.windows = windows
        self.emit = emit
        listAtoms = Set(["_NET_CLIENT_LIST", "_NET_CLIENT_LIST_STACKING"].map { server.atom($0) })
        activeWindowAtom = server.atom("_NET_ACTIVE_WINDOW")
        clientAtoms = Set(["WM_NAME", "_NET_WM_NAME", "WM_CLASS", "_NET_WM_WINDOW_TYPE"].map { server.atom($0) })
        visibilityAtoms = Set(["WM_STATE", "_NET_WM_STATE", "_NET_WM_DESKTOP"].map { server.atom($0) })
        currentDesktopAtom = server.atom("_NET_CURRENT_DESKTOP")
    }

    /// Starts listening on root and reads the current windows.
    public func start(readingAtMost limit: Int = .max) {
        server.watchWindow(server.root)
        refreshList(readingAtMost: limit)
    }

    private func known(_ window: XWindowID) -> WindowInfo? { windows.info(UInt64(window)) }

    public func handle(_ event: XInputEvent) {
        switch event {
        case .propertyChanged(let window, let atom, _):
            if window == server.root {
                if atom == currentDesktopAtom { refreshVisibility(windows.stacking.map { XWindowID($0) } + hidden) }
                // A window manager rewrites the whole list for each window it adds or restacks:
                // read once the burst is over, or before input needs it (``catchUp()``).
                if listAtoms.contains(atom) { listChanged = true }
                if atom == activeWindowAtom { refreshActive() }
            } else if visibilityAtoms.contains(atom), known(window) != nil || hidden.contains(window) {
                refreshVisibility([window])
            } else if known(window) != nil, clientAtoms.contains(atom) {
                refresh(window)
            }
        case .mapped(let window), .unmapped(let window):
            if known(window) != nil || hidden.contains(window) { refreshVisibility([window]) }
        case .configured(let window):
            if known(window) != nil { refresh(window) }
        case .destroyed(let window):
            hidden.remove(window)
            if known(window) != nil { close(window, gone: true) }
        default:
            break
        }
    }

    /// Reads the client list if it changed since it was last read, and at most `limit` of
    /// the windows listed and not read yet: before input is matched against the windows
    /// (`limit` 0: the list only), and between the loop's turns.
    public func catchUp(readingAtMost limit: Int = .max) {
        if listChanged {
            refreshList(readingAtMost: limit)
        } else if !unread.isEmpty, limit > 0 {
            readUnread(limit)
        }
    }

    /// Before a touch at `point` is placed: the window under it is read if it is listed and
    /// not read yet, and the stacking matched to the list, so that the touch finds its window
    /// while a burst of others is still being read.
    public func prepareForTouch(at point: Point) {
        guard !unread.isEmpty else { return }
        if let id = tracker.clientWindow(at: point), unreadSet.contains(id) {
            unread.removeAll { $0 == id }
            unreadSet.remove(id)
            read(id, desktop: tracker.currentDesktop, active: active)
        }
        matchStacking()
    }

    /// Re-reads the client list: gone windows close at once, new ones are read (at most
    /// `limit` now, the rest by ``catchUp(readingAtMost:)``), order and focus follow. Linear in
    /// the number of windows (a desktop may have thousands).
    public func refreshList(readingAtMost limit: Int = .max) {
        listChanged = false
        let ids = server.numbers(server.root, "_NET_CLIENT_LIST_STACKING") ?? server.numbers(server.root, "_NET_CLIENT_LIST") ?? []
        let listedSet = Set(ids)
        listed = ids
        for gone in windows.stacking.map({ XWindowID($0) }) where !listedSet.contains(gone) { close(gone) }
        hidden.formIntersection(listedSet)
        hidden.shrinkIfSparse()
        if unread.contains(where: { !listedSet.contains($0) }) {
            unread.removeAll { !listedSet.contains($0) }
            unreadSet.formIntersection(listedSet)
        }
        for id in ids where known(id) == nil && !hidden.contains(id) && !unreadSet.contains(id) {
            unread.append(id)
            unreadSet.insert(id)
        }
        stackingStale = true
        if !unread.isEmpty, limit > 0 { readUnread(limit) }
        if unread.isEmpty { matchStacking() }
        refreshActive()
    }

    /// Reads at most `limit` of the unread windows, oldest first; the stacking is matched once
    /// none is left.
    private func readUnread(_ limit: Int) {
        let desktop = tracker.currentDesktop
        let newActive = tracker.activeWindow
        let batch = unread.prefix(limit)
        unread.removeFirst(batch.count)
        unreadSet.subtract(batch)
        for id in batch { read(id, desktop: desktop, active: newActive) }
        if !unread.isEmpty {
            readOverTurns += batch.count
        } else {
            unread = []
            unreadSet = []
            if readOverTurns > 0 { log("client list", "every listed window read (\(readOverTurns + batch.count) new ones, a few each turn)") }
            readOverTurns = 0
            matchStacking()
            refreshActive()
        }
    }

    /// Reads a listed window for the first time: it appears, or is noted hidden.
    private func read(_ id: XWindowID, desktop: Int?, active: XWindowID?) {
        // Listen before reading, so no change slips between the read and the selection.
        server.watchWindow(id)
        if tracker.isHidden(id, currentDesktop: desktop) {
            hidden.insert(id)
            return
        }
        guard let info = tracker.info(id, focused: id == active, probeTouch: true) else { return }
        logTouch(info)
        emit(.window(WindowUpdate(info)))
        clientRead(id)
        stackingStale = true
    }

    /// What the server said of the window's program and touches (semantics.md §12).
    private func logTouch(_ info: WindowInfo) {
        let subject = "window 0x\(String(info.id, radix: 16)) (\(info.windowClass))"
        switch info.touch {
        case .own? where info.toolkit != nil:
            log(subject, "its program selects touch events and is built with \(info.toolkit!), which makes a mouse of them in the widgets that do not ask for touch: touches on it stay its own ('touch: mouse' in its profile gives it the conventions)")
        case .own?: log(subject, "its program selects touch events: touches on it are its own when Tactus lets them go")
        case .mouse?: log(subject, "its program selects no touch events: the server gives it the first finger as button 1, and the 'match: { touch: mouse }' profiles apply")
        case nil: log(subject, "whether its program takes touches could not be told: counted as taking them")
        }
    }

    /// Raises windows until the session's stacking is the list's (the windows read so far).
    private func matchStacking() {
        guard stackingStale else { return }
        stackingStale = false
        let ids = listed
        // Stacking: the fewest raises that give the server's order. The longest start of the
        // new order that the old one already has, in the same relative order, stays; each
        // window after it is raised, bottom to top (one window raised: one raise).
        let order = ids.filter { known($0) != nil }
        let stacking = windows.stacking.map { XWindowID($0) }
        if order != stacking {
            var position: [XWindowID: Int] = [:]
            position.reserveCapacity(stacking.count)
            for (i, id) in stacking.enumerated() { position[id] = i }
            var kept = 0, last = -1
            while kept < order.count, let p = position[order[kept]], p > last {
                last = p
                kept += 1
            }
            for id in order[kept...] { emit(.window(WindowUpdate(id: UInt64(id), raise: true))) }
            log("client list", "restacked: \(order.count - kept) of \(order.count) windows raised")
        }
    }

    /// Re-reads the active window: only the windows losing and taking the focus change.
    private func refreshActive() {
        let newActive = tracker.activeWindow
        if newActive != active {
            if let old = active, known(old) != nil {
                emit(.window(WindowUpdate(id: UInt64(old), focused: false)))
            }
            if let new = newActive, let info = known(new), !info.focused {
                emit(.window(WindowUpdate(id: UInt64(new), focused: true)))
            }
            active = newActive
        }
    }

    /// Re-reads one window; only what changed is reported.
    public func refresh(_ id: XWindowID) {
        guard let old = known(id) else { return }
        guard let info = tracker.info(id, focused: old.focused) else { return close(id) }
        var u = WindowUpdate(id: UInt64(id))
        if info.windowClass != old.windowClass { u.windowClass = info.windowClass }
        if info.instance != old.instance { u.instance = info.instance }
        if info.title != old.title { u.title = info.title }
        if info.type != old.type { u.type = info.type }
        if info.frame != old.frame { u.frame = info.frame }
        if u.windowClass != nil || u.instance != nil || u.title != nil || u.type != nil || u.frame != nil { emit(.window(u)) }
    }

    /// Re-decides whether each of `ids` can be seen: a window that hides leaves the list, one
    /// that shows comes back (then the stacking and focus are read again).
    private func refreshVisibility(_ ids: [XWindowID]) {
        let desktop = tracker.currentDesktop
        var shown = false
        for id in ids {
            let isHidden = tracker.isHidden(id, currentDesktop: desktop)
            if isHidden, known(id) != nil {
                hidden.insert(id)
                log("window 0x\(String(id, radix: 16))", "hidden (minimized, or on another desktop): its views take no touches until it shows")
                close(id)
            } else if !isHidden, hidden.contains(id) {
                hidden.remove(id)
                log("window 0x\(String(id, radix: 16))", "shows again: its views are back")
                if let info = tracker.info(id, focused: false, probeTouch: true) {
                    logTouch(info)
                    emit(.window(WindowUpdate(info)))
                    clientRead(id)
                    shown = true
                }
            }
        }
        if shown { refreshList() }
    }

    /// `gone`: a DestroyNotify said so (no need to ask the server: a round trip per window
    /// of a burst of closes also pulls the burst into Xlib's event queue, which never shrinks).
    private func close(_ id: XWindowID, gone: Bool = false) {
        if active == id { active = nil }
        // Unmapped, dropped from the client list or hidden: the window may be destroyed
        // already (a destroy unmaps first, and a window manager drops it from its list).
        if gone || server.geometry(id) == nil { windowGone(id) }
        emit(.windowClosed(UInt64(id)))
    }
}
