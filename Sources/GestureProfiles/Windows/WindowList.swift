import GestureEngine

/// The windows of the session, in one place: each window's properties and geometry, the
/// stacking order and the focus. The profile runtime owns the list (and a view per window);
/// the session's input updates it through the runtime, and the X side's window watcher reads
/// it to report only what changed.
public final class WindowList {
    private var infos: [UInt64: WindowInfo] = [:]
    /// Window ids, bottom to top.
    public private(set) var stacking: [UInt64] = []

    public init() {}

    /// Every window, bottom to top.
    public var all: [WindowInfo] { stacking.compactMap { infos[$0] } }

    public func info(_ id: UInt64) -> WindowInfo? { infos[id] }

    /// The topmost window under a point.
    public func window(at p: Point) -> WindowInfo? {
        for id in stacking.reversed() {
            if let w = infos[id], w.frame.contains(p) { return w }
        }
        return nil
    }

    /// The topmost focused window.
    public var focused: WindowInfo? {
        stacking.reversed().compactMap { infos[$0] }.first { $0.focused }
    }

    /// Adds a window (on top) or replaces its properties. Returns whether it is new.
    @discardableResult
    func set(_ info: WindowInfo) -> Bool {
        let isNew = infos[info.id] == nil
        infos[info.id] = info
        if isNew { stacking.append(info.id) }
        return isNew
    }

    func remove(_ id: UInt64) {
        guard infos.removeValue(forKey: id) != nil else { return }
        stacking.removeAll { $0 == id }
    }

    /// Moves a window to the top; false when it is not in the list.
    @discardableResult
    func raise(_ id: UInt64) -> Bool {
        guard let i = stacking.firstIndex(of: id) else { return false }
        stacking.remove(at: i)
        stacking.append(id)
        return true
    }

    /// Marks one window focused and the others not.
    func setFocus(_ id: UInt64?) {
        for key in infos.keys { infos[key]!.focused = key == id }
    }
}
