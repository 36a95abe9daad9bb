import GestureEngine

/// An action with its placeholders filled in, ready to be performed (by the X session) or
/// described (by `replay`).
public enum ResolvedAction: Sendable, Equatable, CustomStringConvertible {
    /// argv, spawned without a shell.
    case command([String])
    /// The script as written; the values come as `TACTUS_*` environment variables.
    case shell(script: String, environment: [String: String])
    case keys(KeyCombo)
    case click(button: Int, at: Point)
    /// The window is the gesture's window (nil: none under the gesture / none focused).
    case window(WindowOperation, window: UInt64?)
    case desktop(DesktopOperation)
    /// One wheel step with the pointer at `at` (the window under it gets it).
    case scroll(ScrollDirection, at: Point)
    case log(String)
    /// `hold:`'s keys pressed as its gesture begins, to stay down until the release of the
    /// same `hold` (a number the runtime gives each hold, unique in a run).
    case holdKeys(KeyCombo, hold: Int)
    /// The keys of that hold released: its gesture ended, was cancelled, or went away.
    case releaseKeys(KeyCombo, hold: Int)
    /// `drag:`: a pointer button pressed (or released) with the pointer at `at`, the window
    /// under it taking it; between the two, the pointer follows the finger (``pointerMotion(to:)``).
    case pointerButton(Int, pressed: Bool, at: Point)
    /// The pointer moved to `to` while a `drag:` holds its button.
    case pointerMotion(to: Point)

    public var description: String {
        switch self {
        case .command(let argv): return "command " + argv.map(quoteIfNeeded).joined(separator: " ")
        case .shell(let script, _): return "shell \(script)"
        case .keys(let k): return "keys \(k)"
        case .click(let b, let p): return "click \(b) at \(formatNumber(p.x)),\(formatNumber(p.y))"
        case .window(let op, _): return "window \(op.rawValue)"
        case .desktop(let op): return "desktop \(op)"
        case .scroll(let d, let p): return "scroll \(d.rawValue) at \(formatNumber(p.x)),\(formatNumber(p.y))"
        case .log(let text): return "log \(text)"
        case .holdKeys(let k, _): return "hold \(k)"
        case .releaseKeys(let k, _): return "release \(k)"
        case .pointerButton(let b, let pressed, let p): return "\(pressed ? "press" : "release") button \(b) at \(formatNumber(p.x)),\(formatNumber(p.y))"
        case .pointerMotion(let p): return "move pointer to \(formatNumber(p.x)),\(formatNumber(p.y))"
        }
    }
}

private func quoteIfNeeded(_ s: String) -> String {
    s.isEmpty || s.contains(" ") || s.contains("\"") ? "\"" + s.replacingAll("\"", "\\\"") + "\"" : s
}

extension String {
    func replacingAll(_ a: Character, _ b: String) -> String {
        var out = ""
        for c in self { if c == a { out += b } else { out.append(c) } }
        return out
    }
}

/// The state an action fired in (`{state}`, and the event log's `state`): `recognized` for a
/// discrete gesture or a control, the state a continuous gesture or a touchpad binding
/// reached otherwise.
public enum FiringState: String, Sendable, CustomStringConvertible {
    case recognized, began, changed, ended, cancelled

    /// The state of a gesture's action event (nil for `possible` and `failed`: no action
    /// fires in those).
    public init?(_ state: GestureState, continuous: Bool) {
        switch state {
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = continuous ? .ended : .recognized
        case .cancelled: self = .cancelled
        case .possible, .failed: return nil
        }
    }

    public var description: String { rawValue }
}

/// One action fired by a gesture, a control or a touchpad binding.
public struct ActionRequest: Sendable {
    /// The gesture, control region, or touchpad binding that fired.
    public var gesture: String
    public var state: FiringState
    public var action: ResolvedAction
    public var window: WindowInfo?
    public var values: GestureValues
    public var time: Instant
    /// The hold (``ResolvedAction/holdKeys(_:hold:)``) whose keys are down while this action
    /// runs: keys typed under it follow it rather than ask for their window's focus again.
    public var hold: Int? = nil
}

/// Receives the actions the profiles fire: the X session performs them, `replay` logs them.
public protocol ActionSink: AnyObject {
    func perform(_ request: ActionRequest)
}
