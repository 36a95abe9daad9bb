import GestureEngine
import GestureProfiles

/// Writes trace lines as the JSON lines of trace.md (`tactus record`). What it writes,
/// `TraceReader` reads back to the same events.
public enum TraceWriter {
    /// The event's line; a touch frame's lines, one a touch, joined by newlines.
    public static func line(_ event: InputEvent, time: Double) -> String {
        if case .touches(let frame) = event { return frame.map { touchObject($0, time: time).line }.joined(separator: "\n") }
        return object(event, time: time).line
    }

    /// One touch of a frame as its line's object, still open to more fields (the monitor adds some).
    public static func touchObject(_ touch: TouchPoint, time: Double) -> JSONLine {
        var o = JSONLine()
        o.add("t", time)
        o.add("kind", "touch")
        o.add("phase", touch.phase.rawValue)
        o.add("id", touch.id)
        o.add("x", touch.location.x)
        o.add("y", touch.location.y)
        return o
    }

    /// The line as an object still open to more fields (the monitor adds some). A touch frame
    /// is a line a touch: ``touchObject(_:time:)``.
    public static func object(_ event: InputEvent, time: Double) -> JSONLine {
        var o = JSONLine()
        o.add("t", time)
        switch event {
        case .screen(let w, let h):
            o.add("kind", "screen")
            o.add("width", w)
            o.add("height", h)
        case .window(let u):
            o.add("kind", "window")
            o.add("id", u.id)
            if let v = u.windowClass { o.add("class", v) }
            if let v = u.instance { o.add("instance", v) }
            if let v = u.title { o.add("title", v) }
            if let v = u.type { o.add("type", v) }
            if let f = u.frame { o.add("frame", [f.x, f.y, f.width, f.height]) }
            if let v = u.focused { o.add("focused", v) }
            if let v = u.touch { o.add("touch", v.rawValue) }
            if let v = u.toolkit { o.add("toolkit", v) }
            if u.raise { o.add("raise", true) }
        case .windowClosed(let id):
            o.add("kind", "window-closed")
            o.add("id", id)
        case .monitor(let m):
            o.add("kind", "monitor")
            o.add("name", m.name)
            o.add("frame", [m.frame.x, m.frame.y, m.frame.width, m.frame.height])
            if m.primary { o.add("primary", true) }
            if !m.outputs.isEmpty { o.add("outputs", m.outputs) }
        case .monitorRemoved(let name):
            o.add("kind", "monitor")
            o.add("name", name)
            o.add("removed", true)
        case .touches:
            preconditionFailure("a touch frame is one line a touch (touchObject)")
        case .pointer(let phase, let button, let p, _):
            o.add("kind", "pointer")
            o.add("phase", phase.rawValue)
            if let button { o.add("button", button) }
            o.add("x", p.x)
            o.add("y", p.y)
        case .touchpad(let e):
            o.add("kind", "touchpad")
            o.add("gesture", e.gesture.rawValue)
            o.add("phase", e.phase.rawValue)
            o.add("fingers", e.fingers)
            switch e.phase {
            case .update:
                o.add("dx", e.dx)
                o.add("dy", e.dy)
                if e.gesture == .pinch {
                    o.add("scale", e.scale)
                    o.add("angle", e.angle)
                }
            case .end: o.add("cancelled", e.cancelled)
            case .begin: break
            }
        }
        return o
    }
}
