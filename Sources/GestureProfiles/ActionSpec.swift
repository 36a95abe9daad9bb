/// What a `window:` action asks the window manager.
public enum WindowOperation: String, Sendable, CaseIterable {
    case close, minimize, maximize, unmaximize
    case toggleMaximize = "toggle-maximize"
    case fullscreen
    case toggleFullscreen = "toggle-fullscreen"
    case raise
    /// The left or right half of the window's monitor (of its work area there), unmaximized.
    case tileLeft = "tile-left", tileRight = "tile-right"
}

/// A step to a neighbouring desktop on the window manager's grid of desktops
/// (`_NET_DESKTOP_LAYOUT`; one row where it is not set), stopping at the grid's edges.
public enum DesktopMove: String, Sendable, CaseIterable {
    case up, down, left, right
    case upLeft = "up-left", upRight = "up-right", downLeft = "down-left", downRight = "down-right"

    /// Columns to the right (negative: left) and rows down (negative: up).
    public var step: (columns: Int, rows: Int) {
        switch self {
        case .up: (0, -1)
        case .down: (0, 1)
        case .left: (-1, 0)
        case .right: (1, 0)
        case .upLeft: (-1, -1)
        case .upRight: (1, -1)
        case .downLeft: (-1, 1)
        case .downRight: (1, 1)
        }
    }
}

/// What a `desktop:` action asks: the next or previous desktop, a numbered one, the
/// neighbour on the grid, or the desktop shown.
public enum DesktopOperation: Sendable, Equatable, CustomStringConvertible {
    case next, previous, show
    case number(Int)
    case move(DesktopMove)

    public var description: String {
        switch self {
        case .next: "next"
        case .previous: "previous"
        case .show: "show"
        case .number(let n): "\(n)"
        case .move(let m): m.rawValue
        }
    }
}

/// Which way one `scroll:` step turns the wheel (X buttons 4 and 5 for up and down, 6 and 7
/// for left and right): `down` shows what is further down, as a mouse wheel turned towards you.
public enum ScrollDirection: String, Sendable, CaseIterable {
    case up, down, left, right
}

/// Actions as data (config.md): described and logged here, performed by the X session.
public indirect enum ActionSpec: Sendable, CustomStringConvertible {
    case command([Template])
    case shell(Template)
    case keys(KeyCombo)
    case click(Int)
    case window(WindowOperation)
    case desktop(DesktopOperation)
    /// One wheel step at the gesture's location, for the window under it.
    case scroll(ScrollDirection)
    case log(Template)
    case sequence([ActionSpec])

    /// Whether a preview can draw it: a window or a desktop action (or a sequence with one).
    public var isPreviewable: Bool {
        switch self {
        case .window, .desktop: return true
        case .sequence(let list): return list.contains { $0.isPreviewable }
        default: return false
        }
    }

    /// Whether performing it needs to know the window exactly: a window request, a shell
    /// (its `TACTUS_WINDOW_*` variables), or text naming `{window.…}`.
    public var needsWindow: Bool {
        switch self {
        case .window, .shell: return true
        case .command(let argv): return argv.contains { $0.description.contains("{window.") }
        case .log(let t): return t.description.contains("{window.")
        case .sequence(let list): return list.contains { $0.needsWindow }
        case .keys, .click, .desktop, .scroll: return false
        }
    }

    public var description: String {
        switch self {
        case .command(let argv): return "command " + argv.map(\.description).joined(separator: " ")
        case .shell(let script): return "shell \(script)"
        case .keys(let k): return "keys \(k)"
        case .click(let b): return "click \(b)"
        case .window(let op): return "window \(op.rawValue)"
        case .desktop(let op): return "desktop \(op)"
        case .scroll(let d): return "scroll \(d.rawValue)"
        case .log(let t): return "log \(t)"
        case .sequence(let list): return list.map(\.description).joined(separator: "; ")
        }
    }
}
