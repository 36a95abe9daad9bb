import GestureEngine
@testable import X11Session

/// A window manager as far as Tactus sees it (EWMH, ICCCM): clients stacked under the root,
/// each in its frame or a top-level window itself; `WM_CHANGE_STATE` Iconic minimizes,
/// `_NET_ACTIVE_WINDOW` de-iconifies, raises and focuses a client it manages (what fluxbox
/// does) and does nothing for another window. With ``supportsShowingDesktop`` it has a
/// showing-desktop mode of its own.
extension FakeX {
    /// A new client on top of the stack.
    func add(_ id: XWindowID, desktop: UInt = 0, iconic: Bool = false, type: String? = nil, frame: XWindowID? = nil) {
        clients[id] = Client(desktop: desktop, iconic: iconic, type: type, frame: frame)
        stack.append(id)
        creationOrder.insert(id, at: 0)
    }

    /// A new client on top of the stack, reparented into a frame of its own (its id + 0x1000),
    /// as a reparenting window manager does.
    func manage(_ id: XWindowID, desktop: UInt = 0, iconic: Bool = false, type: String? = nil) {
        add(id, desktop: desktop, iconic: iconic, type: type, frame: id + 0x1000)
    }

    /// The window is gone from the server: a client closed, or any window destroyed.
    func destroy(_ id: XWindowID) {
        clients[id] = nil
        stack.removeAll { $0 == id }
        creationOrder.removeAll { $0 == id }
        destroyed.insert(id)
    }

    /// Whether a client shows: not iconified, on the current desktop or sticky, and not
    /// hidden by the showing-desktop mode (docks stay).
    func isVisible(_ id: XWindowID) -> Bool {
        guard let c = clients[id] else { return false }
        if showingDesktop && c.type != "DOCK" { return false }
        return !c.iconic && (c.desktop == 0xFFFF_FFFF || Int(c.desktop) == currentDesktop)
    }

    /// What a user does in a taskbar: de-iconify and raise.
    func restoreByHand(_ id: XWindowID) {
        clients[id]?.iconic = false
        raise(id)
    }

    private func raise(_ id: XWindowID) {
        stack.removeAll { $0 == id }
        stack.append(id)
    }

    /// The client a window is, or holds as its frame.
    private func client(of window: XWindowID) -> XWindowID? {
        if clients[window] != nil { return window }
        return clients.first { $0.value.frame == window }?.key
    }
}

extension FakeX: WindowQueries {
    func atom(_ name: String) -> UInt {
        if let i = atoms.firstIndex(of: name) { return UInt(i) }
        atoms.append(name)
        return UInt(atoms.count - 1)
    }

    func atomName(_ atom: UInt) -> String? { Int(atom) < atoms.count ? atoms[Int(atom)] : nil }

    func numbers(_ window: XWindowID, _ property: String) -> [UInt]? {
        if window == root { return rootNumbers(property) }
        guard let c = clients[window] else { return nil }
        switch property {
        case "WM_STATE": return [c.iconic ? 3 : 1, 0]
        case "_NET_WM_DESKTOP": return [c.desktop]
        case "_NET_WM_STATE": return c.iconic ? [atom("_NET_WM_STATE_HIDDEN")] : []
        case "_NET_WM_WINDOW_TYPE": return c.type.map { [atom("_NET_WM_WINDOW_TYPE_" + $0)] }
        default: return nil
        }
    }

    private func rootNumbers(_ property: String) -> [UInt]? {
        switch property {
        case "_NET_CLIENT_LIST": return creationOrder
        case "_NET_CURRENT_DESKTOP": return [UInt(currentDesktop)]
        case "_NET_ACTIVE_WINDOW": return [active ?? 0]
        case "_NET_SUPPORTING_WM_CHECK": return [99]
        case "_NET_SUPPORTED": return [atom("_NET_ACTIVE_WINDOW")] + (supportsShowingDesktop ? [atom("_NET_SHOWING_DESKTOP")] : [])
        case "_NET_SHOWING_DESKTOP": return supportsShowingDesktop ? [showingDesktop ? 1 : 0] : nil
        default: return nil
        }
    }

    func text(_ window: XWindowID, _ property: String) -> String? { nil }
    func classHint(_ window: XWindowID) -> (instance: String, windowClass: String)? { nil }
    func geometry(_ window: XWindowID) -> Rect? { clients[window] == nil ? nil : Rect(x: 0, y: 0, width: 100, height: 100) }
    func isMapped(_ window: XWindowID) -> Bool { client(of: window).map(isVisible) ?? false }
    func topLevelWindow(at point: Point) -> XWindowID? { nil }

    /// The root holds the frames (or the frameless clients), bottom first; a frame its client.
    func children(of window: XWindowID) -> [XWindowID] {
        if window == root { return stack.map { clients[$0]?.frame ?? $0 } }
        if let id = client(of: window), id != window { return [id] }
        return []
    }

    func watchWindow(_ window: XWindowID) {}
}

extension FakeX: WindowManagerRequests, FocusControl {
    func sendRootMessage(about window: XWindowID, type: String, data: [Int]) {
        record(([type, Self.hex(window)] + data.map(String.init)).joined(separator: " "))
        switch type {
        case "WM_CHANGE_STATE" where data.first == 3:
            clients[window]?.iconic = true
            if active == window { active = nil }
        case "_NET_SHOWING_DESKTOP" where supportsShowingDesktop:
            showingDesktop = data.first != 0
        case "_NET_ACTIVE_WINDOW":
            activationTimes.append(data.count > 1 ? data[1] : 0)
            guard clients[window] != nil else { return }
            clients[window]?.iconic = false
            raise(window)
            active = window
            focus = window
        default:
            break
        }
    }

    func focusIsWithin(_ window: XWindowID) -> Bool { focus == window }
}
