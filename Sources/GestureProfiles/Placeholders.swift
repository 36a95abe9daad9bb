import GestureEngine

/// The text of a number in placeholders and logs: whole numbers without a fraction, others
/// to three decimals.
public func formatNumber(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    // Past 10^15 no fraction is left to round, and a whole number may not fit an Int64:
    // Swift's shortest form ("1e+19") says it.
    guard abs(v) < 1e15 else { return String(v) }
    let r = (v * 1000).rounded() / 1000
    if r == r.rounded() { return String(Int64(r)) }
    var s = String(r)
    // Below a thousandth, rounding left nothing but zeros in the fraction.
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
    /// The monitor where the gesture started.
    var monitor: Monitor?

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
        case "monitor.name": return monitor?.name ?? ""
        case "monitor.x": return monitor.map { formatNumber($0.frame.x) } ?? ""
        case "monitor.y": return monitor.map { formatNumber($0.frame.y) } ?? ""
        case "monitor.width": return monitor.map { formatNumber($0.frame.width) } ?? ""
        case "monitor.height": return monitor.map { formatNumber($0.frame.height) } ?? ""
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
        case .scroll(let d): return [.scroll(d, at: values.location)]
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
