import CX11
import GestureEngine
import GestureProfiles
import GestureTraces

let PropertyChangeMaskValue = Int(PropertyChangeMask)
let StructureNotifyMaskValue = Int(StructureNotifyMask)

/// The client windows the window manager manages, through EWMH: `_NET_CLIENT_LIST_STACKING`
/// (bottom to top, else `_NET_CLIENT_LIST`), `WM_CLASS`, `_NET_WM_NAME` (else `WM_NAME`),
/// `_NET_WM_WINDOW_TYPE`, geometry in root coordinates, and `_NET_ACTIVE_WINDOW`.
public struct WindowTracker {
    public let server: XServer

    public init(server: XServer) { self.server = server }

    /// Client windows, bottom of the stack first. Windows that vanish while being read are
    /// left out.
    public func clients() -> [WindowInfo] {
        let ids = server.numbers(server.root, "_NET_CLIENT_LIST_STACKING") ?? server.numbers(server.root, "_NET_CLIENT_LIST") ?? []
        let active = server.numbers(server.root, "_NET_ACTIVE_WINDOW")?.first
        return ids.compactMap { id in info(id, focused: id == active) }
    }

    public func info(_ id: XWindowID, focused: Bool = false) -> WindowInfo? {
        guard let frame = server.geometry(id) else { return nil }
        let hint = server.classHint(id)
        let title = server.text(id, "_NET_WM_NAME") ?? server.text(id, "WM_NAME") ?? ""
        var type = "normal"
        if let t = server.numbers(id, "_NET_WM_WINDOW_TYPE")?.first, let name = server.atomName(t) {
            type = name.replacingPrefix("_NET_WM_WINDOW_TYPE_").lowercased()
        }
        return WindowInfo(id: UInt64(id), windowClass: hint?.windowClass ?? "", instance: hint?.instance ?? "", title: title, type: type, frame: frame, focused: focused)
    }

    /// The client window under a point as the server stacks it: the top-level window there
    /// (the window manager's frame), then the window with `WM_STATE` in its subtree. A point
    /// on a window's decorations gives that window; a point on an unmanaged popup or on the
    /// root gives nil. (Hit-testing the client list against client geometry misses both.)
    public func clientWindow(at point: Point) -> XWindowID? {
        guard let top = server.topLevelWindow(at: point) else { return nil }
        var queue = [top]
        var visited = 0
        // Frames are shallow; the bound keeps a pathological tree from stalling the loop.
        while !queue.isEmpty, visited < 64 {
            let w = queue.removeFirst()
            visited += 1
            if server.numbers(w, "WM_STATE") != nil { return w }
            queue += server.children(of: w)
        }
        return nil
    }

    public var activeWindow: XWindowID? { server.numbers(server.root, "_NET_ACTIVE_WINDOW")?.first.flatMap { $0 == 0 ? nil : $0 } }
    public var currentDesktop: Int? { server.numbers(server.root, "_NET_CURRENT_DESKTOP")?.first.map { Int($0) } }
    public var numberOfDesktops: Int? { server.numbers(server.root, "_NET_NUMBER_OF_DESKTOPS")?.first.map { Int($0) } }
    /// Whether a window manager that speaks EWMH runs (`_NET_SUPPORTING_WM_CHECK` on root).
    public var hasWindowManager: Bool { server.numbers(server.root, "_NET_SUPPORTING_WM_CHECK")?.first.map { $0 != 0 } ?? false }

    /// The atoms of `_NET_WM_STATE`, by name.
    public func states(_ id: XWindowID) -> [String] {
        (server.numbers(id, "_NET_WM_STATE") ?? []).compactMap { server.atomName($0) }
    }
}

extension String {
    func replacingPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}

/// Follows the managed windows as they change and reports each change as a trace event
/// (`window`, `window-closed`): new clients from `_NET_CLIENT_LIST(_STACKING)`, names and
/// class through `PropertyNotify` on the client, geometry through `ConfigureNotify`,
/// stacking and focus through `PropertyNotify` on root.
public final class WindowWatcher {
    public let tracker: WindowTracker
    private var server: XServer { tracker.server }
    public private(set) var known: [XWindowID: WindowInfo] = [:]
    /// Bottom to top.
    public private(set) var stacking: [XWindowID] = []
    private var active: XWindowID?
    private let emit: (InputEvent) -> Void
    private var rootAtoms: Set<UInt> = []
    private var clientAtoms: Set<UInt> = []

    public init(server: XServer, emit: @escaping (InputEvent) -> Void) {
        tracker = WindowTracker(server: server)
        self.emit = emit
        rootAtoms = Set(["_NET_CLIENT_LIST", "_NET_CLIENT_LIST_STACKING", "_NET_ACTIVE_WINDOW"].map { server.atom($0) })
        clientAtoms = Set(["WM_NAME", "_NET_WM_NAME", "WM_CLASS", "_NET_WM_WINDOW_TYPE"].map { server.atom($0) })
    }

    /// Starts listening on root and reads the current windows.
    public func start() {
        server.selectEvents(on: server.root, mask: PropertyChangeMaskValue | StructureNotifyMaskValue)
        refreshList()
    }

    public func handle(_ event: XInputEvent) {
        switch event {
        case .propertyChanged(let window, let atom, _):
            if window == server.root {
                if rootAtoms.contains(atom) { refreshList() }
            } else if known[window] != nil, clientAtoms.contains(atom) {
                refresh(window)
            }
        case .configured(let window):
            if known[window] != nil { refresh(window) }
        case .destroyed(let window):
            if known[window] != nil { close(window) }
        default:
            break
        }
    }

    /// Re-reads the client list: new windows appear, gone ones close, order and focus follow.
    public func refreshList() {
        let ids = server.numbers(server.root, "_NET_CLIENT_LIST_STACKING") ?? server.numbers(server.root, "_NET_CLIENT_LIST") ?? []
        let newActive = tracker.activeWindow
        for gone in stacking where !ids.contains(gone) { close(gone) }
        for id in ids where known[id] == nil {
            // Listen before reading, so no change slips between the read and the selection.
            server.selectEvents(on: id, mask: PropertyChangeMaskValue | StructureNotifyMaskValue)
            guard let info = tracker.info(id, focused: id == newActive) else { continue }
            known[id] = info
            stacking.append(id)
            emit(.window(WindowUpdate(id: UInt64(id), windowClass: info.windowClass, instance: info.instance, title: info.title,
                                      type: info.type, frame: info.frame, focused: info.focused)))
        }
        // Stacking: raise, bottom to top, every window from the first that is out of place.
        let order = ids.filter { known[$0] != nil }
        if order != stacking {
            let common = min(order.count, stacking.count)
            let firstDifferent = (0..<common).first { order[$0] != stacking[$0] } ?? common
            for id in order[firstDifferent...] { emit(.window(WindowUpdate(id: UInt64(id), raise: true))) }
            stacking = order
        }
        if newActive != active {
            if let old = active, known[old] != nil {
                known[old]?.focused = false
                emit(.window(WindowUpdate(id: UInt64(old), focused: false)))
            }
            if let new = newActive, known[new] != nil, known[new]?.focused != true {
                known[new]?.focused = true
                emit(.window(WindowUpdate(id: UInt64(new), focused: true)))
            }
            active = newActive
        }
    }

    /// Re-reads one window; only what changed is reported.
    public func refresh(_ id: XWindowID) {
        guard let old = known[id] else { return }
        guard let info = tracker.info(id, focused: old.focused) else { return close(id) }
        var u = WindowUpdate(id: UInt64(id))
        if info.windowClass != old.windowClass { u.windowClass = info.windowClass }
        if info.instance != old.instance { u.instance = info.instance }
        if info.title != old.title { u.title = info.title }
        if info.type != old.type { u.type = info.type }
        if info.frame != old.frame { u.frame = info.frame }
        known[id] = info
        if u.windowClass != nil || u.instance != nil || u.title != nil || u.type != nil || u.frame != nil { emit(.window(u)) }
    }

    private func close(_ id: XWindowID) {
        known[id] = nil
        stacking.removeAll { $0 == id }
        if active == id { active = nil }
        emit(.windowClosed(UInt64(id)))
    }
}
