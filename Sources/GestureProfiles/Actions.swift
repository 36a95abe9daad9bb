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
    case log(String)

    public var description: String {
        switch self {
        case .command(let argv): return "command " + argv.map(quoteIfNeeded).joined(separator: " ")
        case .shell(let script, _): return "shell \(script)"
        case .keys(let k): return "keys \(k)"
        case .click(let b, let p): return "click \(b) at \(formatNumber(p.x)),\(formatNumber(p.y))"
        case .window(let op, _): return "window \(op.rawValue)"
        case .desktop(let op): return "desktop \(op)"
        case .log(let text): return "log \(text)"
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
}

/// Receives the actions the profiles fire: the X session performs them, `replay` logs them.
public protocol ActionSink: AnyObject {
    func perform(_ request: ActionRequest)
}

/// The text of a number in placeholders and logs: whole numbers without a fraction, others
/// to three decimals.
public func formatNumber(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let r = (v * 1000).rounded() / 1000
    if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
    var s = String(r)
    if s.contains("e") { return String(Int64(r.rounded())) }
    while s.hasSuffix("0") { s.removeLast() }
    return s
}

/// What the placeholders of one firing resolve to.
struct PlaceholderValues {
    var gesture: String
    var state: FiringState
    var values: GestureValues
    var window: WindowInfo?
    /// A control's value, formatted by its step.
    var valueText: String?
    /// A stroke's template name.
    var templateName: String?

    func value(of name: String) -> String {
        let v = values
        switch name {
        case "x": return formatNumber(v.location.x)
        case "y": return formatNumber(v.location.y)
        case "translationX": return formatNumber(v.translation.dx)
        case "translationY": return formatNumber(v.translation.dy)
        case "velocityX": return formatNumber(v.velocity.dx)
        case "velocityY": return formatNumber(v.velocity.dy)
        case "scale": return formatNumber(v.scale)
        case "rotation": return formatNumber(v.rotation)
        case "degrees": return formatNumber(v.degrees)
        case "touches": return String(v.numberOfTouches)
        case "state": return state.rawValue
        case "value": return valueText ?? v.value.map(formatNumber) ?? ""
        case "window.class": return window?.windowClass ?? ""
        case "window.title": return window?.title ?? ""
        case "window.instance": return window?.instance ?? ""
        case "window.id": return window.map { String($0.id) } ?? ""
        case "gesture": return gesture
        case "template": return templateName ?? ""
        case "score": return v.score.map(formatNumber) ?? ""
        default: return ""
        }
    }

    func resolve(_ spec: ActionSpec) -> [ResolvedAction] {
        switch spec {
        case .command(let argv):
            return [.command(argv.map { $0.render(value(of:)) })]
        case .shell(let script):
            var env: [String: String] = [:]
            for name in Template.known { env[environmentName(for: name)] = value(of: name) }
            return [.shell(script: script.render { _ in "" }, environment: env)]
        case .keys(let k): return [.keys(k)]
        case .click(let b): return [.click(button: b, at: values.location)]
        case .window(let op): return [.window(op, window: window?.id)]
        case .desktop(let op): return [.desktop(op)]
        case .log(let t): return [.log(t.render(value(of:)))]
        case .sequence(let list): return list.flatMap(resolve)
        }
    }
}

/// `TACTUS_X` for `x`, `TACTUS_WINDOW_CLASS` for `window.class`, `TACTUS_TRANSLATION_X` for
/// `translationX`: how shell actions see placeholders.
public func environmentName(for placeholder: String) -> String {
    var out = "TACTUS_"
    for c in placeholder {
        if c == "." { out.append("_") } else if c.isUppercase { out.append("_"); out.append(c) } else { out += c.uppercased() }
    }
    return out
}
