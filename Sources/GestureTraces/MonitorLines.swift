import GestureEngine
import GestureProfiles

/// The daemon's own lines in the monitor stream (``MonitorRenderer`` reads them back): its
/// hello to each new client, reload results, windows appearing or taking the focus, and the
/// input it saw (trace.md's lines, a first contact naming the window and view it landed in).
public enum MonitorLines {
    public static func hello(version: String, display: String, pid: Int32, configuration: String, profiles: Int, touch: String) -> String {
        var o = JSONLine()
        o.add("kind", "hello")
        o.add("version", version)
        o.add("display", display)
        o.add("pid", pid)
        o.add("configuration", configuration)
        o.add("profiles", profiles)
        o.add("touch", touch)
        return o.line
    }

    /// A reload: `result` in a few words, and why.
    public static func reload(configuration: String, result: String, message: String) -> String {
        var o = JSONLine()
        o.add("kind", "reload")
        o.add("configuration", configuration)
        o.add("result", result)
        o.add("message", message)
        return o.line
    }

    /// An input event at `time`; a first contact (a touch beginning, a button going down)
    /// also names the window (`window`, `class`) and the view under it.
    public static func input(_ event: InputEvent, time: Instant, window: WindowInfo?, view: String?) -> String {
        contact(TraceWriter.object(event, time: time.milliseconds), window: window, view: view)
    }

    /// A touch of a frame; its first line also names the window and the view it landed in.
    public static func touch(_ touch: TouchPoint, time: Instant, window: WindowInfo?, view: String?) -> String {
        contact(TraceWriter.touchObject(touch, time: time.milliseconds), window: window, view: view)
    }

    private static func contact(_ line: JSONLine, window: WindowInfo?, view: String?) -> String {
        var o = line
        if let window {
            o.add("window", window.id)
            o.add("class", window.windowClass)
        }
        if let view { o.add("view", view) }
        return o.line
    }

    /// A window that appeared (with its profile) or took the focus.
    public static func window(time: Instant, id: UInt64, windowClass: String?, focused: Bool, profile: String?) -> String {
        var o = JSONLine()
        o.add("t", time.milliseconds)
        o.add("kind", "window")
        o.add("id", id)
        if let windowClass { o.add("class", windowClass) }
        if focused { o.add("focused", true) }
        if let profile { o.add("profile", profile) }
        return o.line
    }

    /// `lines` lines of the stream were not sent to this monitor: it fell more than the
    /// daemon's backlog behind (the daemon never waits for a monitor).
    public static func dropped(time: Instant, lines: Int) -> String {
        var o = JSONLine()
        o.add("t", time.milliseconds)
        o.add("kind", "dropped")
        o.add("lines", lines)
        o.add("message", "this monitor fell behind: \(lines) \(lines == 1 ? "line was" : "lines were") not sent")
        return o.line
    }

    /// Something the daemon did that no event shows: `subject` (a window, an action) and what
    /// became of it (keys waiting for a window to take the focus, a window hidden).
    public static func note(time: Instant, subject: String, message: String) -> String {
        var o = JSONLine()
        o.add("t", time.milliseconds)
        o.add("kind", "note")
        o.add("subject", subject)
        o.add("message", message)
        return o.line
    }
}
