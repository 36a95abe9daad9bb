import GestureEngine
import GestureProfiles

/// Writes trace lines as the JSON lines of trace.md (`tactus record`). What it writes,
/// `TraceReader` reads back to the same events.
public enum TraceWriter {
    public static func line(_ event: InputEvent, time: Double) -> String {
        var s = "{\"t\":\(formatNumber(time)),"
        func n(_ v: Double) -> String { formatNumber(v) }
        switch event {
        case .screen(let w, let h):
            s += "\"kind\":\"screen\",\"width\":\(n(w)),\"height\":\(n(h))"
        case .window(let u):
            s += "\"kind\":\"window\",\"id\":\(u.id)"
            if let v = u.windowClass { s += ",\"class\":\(str(v))" }
            if let v = u.instance { s += ",\"instance\":\(str(v))" }
            if let v = u.title { s += ",\"title\":\(str(v))" }
            if let v = u.type { s += ",\"type\":\(str(v))" }
            if let f = u.frame { s += ",\"frame\":[\(n(f.x)),\(n(f.y)),\(n(f.width)),\(n(f.height))]" }
            if let v = u.focused { s += ",\"focused\":\(v)" }
            if u.raise { s += ",\"raise\":true" }
        case .windowClosed(let id):
            s += "\"kind\":\"window-closed\",\"id\":\(id)"
        case .touch(let e):
            let idText = e.id.isPointer ? str(e.id.description) : e.id.description
            s += "\"kind\":\"touch\",\"phase\":\"\(e.phase.rawValue)\",\"id\":\(idText),\"x\":\(n(e.location.x)),\"y\":\(n(e.location.y))"
        case .pointer(let phase, let button, let p):
            s += "\"kind\":\"pointer\",\"phase\":\"\(phase.rawValue)\""
            if let button { s += ",\"button\":\(button)" }
            s += ",\"x\":\(n(p.x)),\"y\":\(n(p.y))"
        case .touchpad(let e):
            s += "\"kind\":\"touchpad\",\"gesture\":\"\(e.gesture.rawValue)\",\"phase\":\"\(e.phase.rawValue)\",\"fingers\":\(e.fingers)"
            switch e.phase {
            case .update:
                s += ",\"dx\":\(n(e.dx)),\"dy\":\(n(e.dy))"
                if e.gesture == .pinch { s += ",\"scale\":\(n(e.scale)),\"angle\":\(n(e.angle))" }
            case .end: s += ",\"cancelled\":\(e.cancelled)"
            case .begin: break
            }
        }
        return s + "}"
    }
}
