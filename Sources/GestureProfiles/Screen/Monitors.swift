import GestureEngine

/// A monitor: a named rectangle of the screen, in screen coordinates (an XRandR 1.5 monitor
/// in the X session, a `monitor` line in a trace).
public struct Monitor: Sendable, Equatable {
    /// The monitor's name: its output's (`eDP-1`) for the monitors XRandR makes itself, the
    /// name given to `xrandr --setmonitor` for the others.
    public var name: String
    public var frame: Rect
    public var primary: Bool
    /// The outputs showing it (empty for a monitor declared on no output).
    public var outputs: [String]

    public init(name: String, frame: Rect, primary: Bool = false, outputs: [String] = []) {
        self.name = name
        self.frame = frame
        self.primary = primary
        self.outputs = outputs
    }

    /// Whether `matcher` names the monitor, by its name or one of its outputs'.
    public func isNamed(by matcher: StringMatcher) -> Bool {
        matcher.matches(name) || outputs.contains { matcher.matches($0) }
    }
}

/// The session's monitors, in the order the server lists them. Empty: the screen is one
/// monitor (no XRandR, or a trace without monitor lines).
public struct MonitorList: Sendable, Equatable {
    public private(set) var all: [Monitor] = []

    public init(_ monitors: [Monitor] = []) { all = monitors }

    public func named(_ name: String) -> Monitor? { all.first { $0.name == name } }

    /// The first monitor `matcher` names.
    public func first(namedBy matcher: StringMatcher) -> Monitor? { all.first { $0.isNamed(by: matcher) } }

    /// The monitor a touch at `p` is on: the smallest containing it, as the screen view picks
    /// the edges of an edge pan (``View/edgeFrame(at:)``).
    public func monitor(at p: Point) -> Monitor? {
        var best: Monitor?
        for m in all where m.frame.contains(p) {
            if best.map({ m.frame.area < $0.frame.area }) ?? true { best = m }
        }
        return best
    }

    /// Whether a monitor `matcher` names contains `p` (monitors may overlap: a touch is on
    /// each of those that contain it).
    public func contains(_ p: Point, namedBy matcher: StringMatcher) -> Bool {
        all.contains { $0.frame.contains(p) && $0.isNamed(by: matcher) }
    }

    /// The monitor a window is on: the one it overlaps most (on a tie, the smaller monitor,
    /// then the first).
    public func monitor(for frame: Rect) -> Monitor? {
        var best: (monitor: Monitor, overlap: Double)?
        for m in all {
            let w = min(frame.maxX, m.frame.maxX) - max(frame.minX, m.frame.minX)
            let h = min(frame.maxY, m.frame.maxY) - max(frame.minY, m.frame.minY)
            guard w > 0, h > 0 else { continue }
            if let b = best, w * h < b.overlap || (w * h == b.overlap && m.frame.area >= b.monitor.frame.area) { continue }
            best = (m, w * h)
        }
        return best?.monitor
    }

    /// Adds a monitor, or replaces the one of that name; false when nothing changed.
    @discardableResult
    public mutating func set(_ monitor: Monitor) -> Bool {
        guard let i = all.firstIndex(where: { $0.name == monitor.name }) else {
            all.append(monitor)
            return true
        }
        guard all[i] != monitor else { return false }
        all[i] = monitor
        return true
    }

    /// Removes the monitor of that name; false when there was none.
    @discardableResult
    public mutating func remove(_ name: String) -> Bool {
        guard let i = all.firstIndex(where: { $0.name == name }) else { return false }
        all.remove(at: i)
        return true
    }
}

extension Rect {
    var area: Double { width * height }
}
