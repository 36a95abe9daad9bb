import GestureEngine

/// The windows of the session, in one place: each window's properties and geometry, the
/// stacking order and the focus. The profile runtime owns the list (and a view per window);
/// the session's input updates it through the runtime, and the X side's window watcher reads
/// it to report only what changed.
public final class WindowList {
    private var infos: [UInt64: WindowInfo] = [:]
    /// Window ids, bottom to top, as of the last raise applied.
    private var order: [UInt64] = []
    /// Raises not applied to ``order`` yet, oldest first: a window manager restacking a
    /// crowd raises thousands of windows in one go, and each raise applied at once would move
    /// the whole array; applied together they cost one pass (``stacking``).
    private var pendingRaises: [UInt64] = []
    /// Window ids, bottom to top.
    public var stacking: [UInt64] {
        applyRaises()
        return order
    }
    /// Whether raises wait to be applied (the views' order follows the list's: see
    /// ``ProfileRuntime``).
    public var hasPendingRaises: Bool { !pendingRaises.isEmpty }
    /// The one window marked focused (so that a focus change touches two windows, not all).
    private var focusedID: UInt64?

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

    /// The focused window.
    public var focused: WindowInfo? { focusedID.flatMap { infos[$0] } }

    /// Adds a window (on top) or replaces its properties. Returns whether it is new. A window
    /// set focused takes the focus from the others.
    @discardableResult
    func set(_ info: WindowInfo) -> Bool {
        let isNew = infos[info.id] == nil
        infos[info.id] = info
        if isNew {
            applyRaises()
            order.append(info.id)
        }
        if info.focused { setFocus(info.id) } else if focusedID == info.id { focusedID = nil }
        return isNew
    }

    func remove(_ id: UInt64) {
        guard infos.removeValue(forKey: id) != nil else { return }
        if focusedID == id { focusedID = nil }
        applyRaises()
        // The windows that close are mostly the newest, near the top.
        if let i = order.lastIndex(of: id) { order.remove(at: i) }
        infos.shrinkIfSparse()
        order.shrinkIfSparse()
    }

    /// Moves a window to the top (applied when the order is next read); false when it is not
    /// in the list.
    @discardableResult
    func raise(_ id: UInt64) -> Bool {
        guard infos[id] != nil else { return false }
        if order.last == id && pendingRaises.isEmpty { return true }
        pendingRaises.append(id)
        return true
    }

    /// The raises that wait, applied in one pass: the windows not raised keep their order,
    /// then come the raised ones in the order of their last raise.
    private func applyRaises() {
        guard !pendingRaises.isEmpty else { return }
        if pendingRaises.count == 1, let i = order.lastIndex(of: pendingRaises[0]) {
            order.remove(at: i)
            order.append(pendingRaises[0])
            pendingRaises.removeAll(keepingCapacity: true)
            return
        }
        var lastRaise: [UInt64: Int] = [:]
        lastRaise.reserveCapacity(pendingRaises.count)
        for (i, id) in pendingRaises.enumerated() { lastRaise[id] = i }
        var raised = [UInt64?](repeating: nil, count: pendingRaises.count)
        for (id, i) in lastRaise { raised[i] = id }
        order = order.filter { lastRaise[$0] == nil } + raised.compactMap { $0 }
        pendingRaises.removeAll(keepingCapacity: false)
    }

    /// Marks one window focused and the others not.
    func setFocus(_ id: UInt64?) {
        if let old = focusedID, old != id { infos[old]?.focused = false }
        if let id, infos[id] != nil {
            infos[id]!.focused = true
            focusedID = id
        } else {
            focusedID = nil
        }
    }
}
