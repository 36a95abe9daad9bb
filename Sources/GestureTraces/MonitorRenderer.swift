import GestureEngine
import GestureProfiles

/// Renders the daemon's monitor stream (`tactus monitor`) for people: one aligned line per
/// event, coloured by meaning when the terminal takes colour.
///
/// The stream is JSON lines: the event log of trace.md (`state`, `delivery`, `touch`
/// verdicts, `action`, `touchpad`, `error`), the input the server delivered (trace.md's
/// `touch` / `pointer` / `touchpad` phases, with the window and view a touch landed in), and
/// the daemon's own `hello`, `reload` and `window` notes.
public struct MonitorRenderer: Sendable {
    public var colour: Bool
    /// Also show every `moved` / `motion` / touchpad `update` line (off: they flood).
    public var showMoves: Bool

    /// The first event's time: the time column counts seconds from it.
    public private(set) var origin: Double?

    public init(colour: Bool, showMoves: Bool = false) {
        self.colour = colour
        self.showMoves = showMoves
    }

    /// The column headings, for the top of the screen.
    public var header: String {
        style(layout("s", "kind", "subject", "what", "detail"), .dim)
    }

    /// One line of the stream as text, or nil for lines left out (moves, unknown kinds).
    /// A line that is not JSON is shown as it is, marked.
    public mutating func render(_ line: Substring) -> String? {
        guard case .object(let o)? = try? JSONValue.parse(line) else {
            return style("?? " + String(line), .red)
        }
        func s(_ k: String) -> String? { if case .string(let v)? = o[k] { return v }; return nil }
        func n(_ k: String) -> Double? { if case .number(let v)? = o[k] { return v }; return nil }
        func b(_ k: String) -> Bool? { if case .bool(let v)? = o[k] { return v }; return nil }
        func id(_ k: String) -> String {
            switch o[k] {
            case .number(let v)?: return formatNumber(v)
            case .string(let v)?: return v
            default: return "?"
            }
        }
        // Where an input line happened, and for a first contact the window and view it hit.
        func point() -> String {
            var text = "at \(formatNumber(n("x") ?? 0)),\(formatNumber(n("y") ?? 0))"
            if let w = n("window") { text += "  in \(s("class").map { $0.isEmpty ? "" : $0 + " " } ?? "")(\(hex(w)))" }
            if let v = s("view") { text += "  view \(v)" }
            return text
        }
        var t = ""
        if let v = n("t") { t = seconds(v) }
        switch s("kind") ?? "" {
        case "hello":
            return style("tactus \(s("version") ?? "?") on \(s("display") ?? "?") (pid \(id("pid"))): \(s("configuration") ?? "?"), \(id("profiles")) profiles, touch \(s("touch") ?? "?")", .bold)
        case "reload":
            return style(layout(t, "reload", s("configuration") ?? "", s("result") ?? "", s("message") ?? ""), .bold)
        case "window":
            // The daemon sends a window line when focus moves and when a window appears.
            let what = s("class").map { "\($0) (\(hex(n("id"))))" } ?? hex(n("id"))
            return layout(t, "window", what, b("focused") == true ? "focused" : "opened", s("profile").map { "profile \($0)" } ?? "")
        case "window-closed":
            return layout(t, "window", hex(n("id")), "closed", "")
        case "monitor":
            // A monitor plugged, changed (or declared with xrandr --setmonitor) or removed.
            if b("removed") == true { return layout(t, "monitor", s("name") ?? "", "removed", "") }
            var area = ""
            if case .array(let f)? = o["frame"], f.count == 4 {
                let v = f.map { if case .number(let d) = $0 { return formatNumber(d) } else { return "?" } }
                area = "\(v[2])x\(v[3])+\(v[0])+\(v[1])"
            }
            return layout(t, "monitor", s("name") ?? "", area, b("primary") == true ? "primary" : "")
        case "note":
            return layout(t, "note", s("subject") ?? "", s("message") ?? "", "")
        case "dropped":
            return style(layout(t, "dropped", "\(formatNumber(n("lines") ?? 0)) lines", s("message") ?? "", ""), .red)
        case "state":
            let to = s("to") ?? ""
            let colourOfState: Style = ["recognized", "began", "ended"].contains(to) ? .green : (to == "failed" || to == "cancelled" ? .red : .plain)
            let what = "\(s("from") ?? "") -> " + style(to, colourOfState) + (b("reset") == true ? " (reset)" : "")
            return layout(t, "state", s("gesture") ?? "", what, s("view") ?? "", whatWidth: to.count + (s("from") ?? "").count + 4 + (b("reset") == true ? 8 : 0))
        case "delivery":
            var touches = ""
            if case .array(let a)? = o["touches"] {
                touches = a.map { v -> String in
                    if case .number(let x) = v { return formatNumber(x) }
                    if case .string(let x) = v { return x }
                    return "?"
                }.joined(separator: ",")
            }
            return style(layout(t, "delivery", s("view") ?? "", s("message") ?? "", "touch \(touches)"), .dim)
        case "touch" where s("verdict") != nil:
            let v = s("verdict") ?? ""
            // "released after 12 ms: every gesture gave up"; older daemons sent neither field.
            guard let by = s("by") else {
                return layout(t, "verdict", "touch \(id("id"))", style(v, v == "claimed" ? .green : .blue), v == "claimed" ? "the gestures keep it" : "handed to the application", whatWidth: v.count)
            }
            let held = n("held").map { " after \(formatNumber($0)) ms" } ?? ""
            let why = DecisionReason.explanation(verdict: v, by: by)
            let what = v + held
            return layout(t, "verdict", "touch \(id("id"))", style(v, v == "claimed" ? .green : .blue) + held, v == "claimed" ? why : "\(why): handed to the application", whatWidth: what.count)
        case "touch":
            let phase = s("phase") ?? ""
            if phase == "moved" && !showMoves { return nil }
            return layout(t, "touch", "\(id("id")) \(phase)", "", point())
        case "pointer":
            let phase = s("phase") ?? ""
            if phase == "motion" && !showMoves { return nil }
            let button = n("button").map { " \(formatNumber($0))" } ?? ""
            return layout(t, "pointer", "button\(button) \(phase)", "", point())
        case "touchpad" where s("verdict") != nil:
            let v = s("verdict") ?? ""
            return layout(t, "touchpad", "\(id("fingers"))-finger \(s("gesture") ?? "")", style(v, v == "claimed" ? .green : .blue), v == "claimed" ? "a binding takes it" : "handed to the application", whatWidth: v.count)
        case "touchpad":
            let phase = s("phase") ?? ""
            if phase == "update" && !showMoves { return nil }
            return layout(t, "touchpad", "\(id("fingers"))-finger \(s("gesture") ?? "") \(phase)", "", b("cancelled") == true ? "cancelled" : "")
        case "action":
            let window = n("window").map { "on \(hex($0))" } ?? ""
            return layout(t, "action", s("gesture") ?? "", style(s("action") ?? "", .yellow), "\(s("state") ?? "")  \(window)", whatWidth: (s("action") ?? "").count)
        case "error":
            return style(layout(t, "error", s("message") ?? "", "", ""), .red)
        default:
            return nil
        }
    }

    enum Style { case plain, bold, dim, red, green, yellow, blue }

    private func style(_ text: String, _ s: Style) -> String {
        guard colour, s != .plain else { return text }
        let code: String
        switch s {
        case .plain: return text
        case .bold: code = "1"
        case .dim: code = "2"
        case .red: code = "31"
        case .green: code = "32"
        case .yellow: code = "33"
        case .blue: code = "34"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// The event log's text columns (`logColumns`).
    private func layout(_ t: String, _ kind: String, _ subject: String, _ what: String, _ detail: String, whatWidth: Int? = nil) -> String {
        logColumns(t, kind, subject, what, detail, whatWidth: whatWidth)
    }

    /// Milliseconds of the stream as seconds since the first event, to the millisecond.
    private mutating func seconds(_ ms: Double) -> String {
        if origin == nil { origin = ms }
        let v = max(0, ms - origin!) / 1000
        let whole = Int(v), frac = Int(((v - Double(whole)) * 1000).rounded())
        let (w, f) = frac == 1000 ? (whole + 1, 0) : (whole, frac)
        return "\(w)." + String(repeating: "0", count: 3 - String(f).count) + String(f)
    }

    private func hex(_ v: Double?) -> String {
        guard let v, v >= 0, v < 1e15 else { return "?" }
        return "0x" + String(UInt64(v), radix: 16)
    }
}
