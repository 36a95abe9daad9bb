import GestureEngine
import GestureProfiles

/// `json`: the JSON lines of trace.md; `text`: the same lines for people, aligned.
public enum LogFormat: String, Sendable, CaseIterable {
    case json, text
}

/// Formats the event log (trace.md): engine observations (state, delivery, touch verdicts,
/// errors) and the actions the profiles fired.
public struct EventLogFormatter: Sendable {
    public var format: LogFormat

    public init(format: LogFormat) { self.format = format }

    /// One line for an engine observation, or nil for those the log leaves out (the engine's
    /// own action notifications: the log shows the *configured* actions instead).
    /// `heldMilliseconds`: a verdict's `held` as the daemon measured it on the wall clock (the
    /// application waited that long, however late the loop read the touch); nil: the
    /// engine's, from event times (replay).
    public func line(_ o: Observation, heldMilliseconds: Double? = nil) -> String? {
        let t = o.time.milliseconds
        switch o {
        case .state(let r, let from, let to, _, let reset):
            let c = r.isContinuous
            let view = r.view?.path ?? ""
            if format == .json {
                return "{\"t\":\(num(t)),\"kind\":\"state\",\"gesture\":\(str(r.name)),\"view\":\(str(view)),\"from\":\(str(from.name(continuous: c))),\"to\":\(str(to.name(continuous: c)))\(reset ? ",\"reset\":true" : "")}"
            }
            return text(t, "state", r.name, "\(from.name(continuous: c)) -> \(to.name(continuous: c))\(reset ? " (reset)" : "")", view)
        case .delivery(let view, let message, let id, _):
            if format == .json {
                return "{\"t\":\(num(t)),\"kind\":\"delivery\",\"view\":\(str(view.path)),\"message\":\(str(message.rawValue)),\"touches\":[\(touchID(id))]}"
            }
            return text(t, "delivery", view.path, message.rawValue, "touch \(id)")
        case .verdict(let d):
            let held = num(heldMilliseconds ?? d.heldMilliseconds), by = d.reason.label
            if format == .json {
                return "{\"t\":\(num(t)),\"kind\":\"touch\",\"id\":\(touchID(d.id)),\"verdict\":\(str(d.verdict.rawValue)),\"held\":\(held),\"by\":\(str(by))}"
            }
            return text(t, "touch", "\(d.id)", d.verdict.rawValue, "held \(held) ms  by \(by)")
        case .action:
            return nil
        case .error(let e, _):
            return error(t, "\(e)")
        }
    }

    public func line(_ a: ActionRequest) -> String {
        let t = a.time.milliseconds
        if format == .json {
            let window = a.window.map { ",\"window\":\($0.id)" } ?? ""
            return "{\"t\":\(num(t)),\"kind\":\"action\",\"gesture\":\(str(a.gesture)),\"state\":\(str(a.state.rawValue)),\"action\":\(str(a.action.description))\(window)}"
        }
        return text(t, "action", a.gesture, a.state.rawValue, a.action.description + (a.window.map { "  (window \($0.id))" } ?? ""))
    }

    public func touchpadLine(time: Instant, gesture: String, fingers: Int, claimed: Bool) -> String {
        let t = time.milliseconds
        let verdict = claimed ? "claimed" : "released"
        if format == .json {
            return "{\"t\":\(num(t)),\"kind\":\"touchpad\",\"gesture\":\(str(gesture)),\"fingers\":\(fingers),\"verdict\":\"\(verdict)\"}"
        }
        return text(t, "touchpad", "\(fingers)-finger \(gesture)", verdict, "")
    }

    /// `lines` lines of the log were not written here: its reader fell behind (the daemon
    /// never waits for it).
    public func dropped(_ t: Double, lines: Int) -> String {
        let message = "the reader fell behind: \(lines) \(lines == 1 ? "line was" : "lines were") not written"
        if format == .json { return "{\"t\":\(num(t)),\"kind\":\"dropped\",\"lines\":\(lines),\"message\":\(str(message))}" }
        return text(t, "dropped", "\(lines) lines", message, "")
    }

    public func error(_ t: Double, _ message: String) -> String {
        if format == .json { return "{\"t\":\(num(t)),\"kind\":\"error\",\"message\":\(str(message))}" }
        return text(t, "error", message, "", "")
    }

    private func text(_ t: Double, _ kind: String, _ subject: String, _ what: String, _ detail: String) -> String {
        logColumns(formatNumber(t), kind, subject, what, detail)
    }

    private func num(_ v: Double) -> String { formatNumber(v) }

    private func touchID(_ id: TouchID) -> String { id.isPointer ? str(id.description) : id.description }
}

/// The event log's text columns (also `tactus monitor`'s): time, kind, subject, what,
/// detail. `whatWidth`: the visible width of `what` when it carries colour codes.
func logColumns(_ t: String, _ kind: String, _ subject: String, _ what: String, _ detail: String, whatWidth: Int? = nil) -> String {
    func pad(_ s: String, _ n: Int, visible: Int? = nil) -> String { s + String(repeating: " ", count: max(0, n - (visible ?? s.count))) }
    var line = String(repeating: " ", count: max(0, 10 - t.count)) + t + "  " + pad(kind, 9) + pad(subject, 26) + " "
    line += pad(what, 30, visible: whatWidth) + " " + detail
    while line.hasSuffix(" ") { line.removeLast() }
    return line
}

/// A JSON string literal.
func str(_ s: String) -> String { doubleQuoted(s) }
