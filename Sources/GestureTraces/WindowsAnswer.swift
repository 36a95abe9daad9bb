import GestureEngine
import GestureProfiles

/// `tactus windows` asks the running daemon what it has loaded: the request line a client
/// writes on the daemon's socket, and the daemon's answer (one JSON line): the configuration
/// file, the windows it tracks and the profile each one gets, the screen's profiles.
public struct WindowsAnswer: Sendable, Equatable {
    /// The line a client writes to ask.
    public static let request = #"{"request":"windows"}"#

    /// Whether `line` (from a client) is that request.
    public static func isRequest(_ line: Substring) -> Bool {
        guard case .object(let o)? = try? JSONValue.parse(line), case .string(let r)? = o["request"] else { return false }
        return r == "windows"
    }

    /// The configuration as the daemon names it (its path, or `<built-in>`).
    public var configuration: String
    public var pid: Int32
    /// The windows bottom of the stack first, with the profile each one gets (nil: only the
    /// screen's).
    public var windows: [WindowInfo]
    public var profiles: [String?]
    /// What each window's program does with touches, and who says so.
    public var touches: [ProgramTouchVerdict]
    public var screenProfiles: [String]
    public var hasWindowManager: Bool
    /// Which window manager the daemon found and what its actions mean there (nil: an older
    /// daemon's answer, without it).
    public var windowManagerGuide: WindowManagerGuide?

    public init(configuration: String, pid: Int32, windows: [WindowInfo], profiles: [String?], touches: [ProgramTouchVerdict], screenProfiles: [String],
                hasWindowManager: Bool, windowManagerGuide: WindowManagerGuide? = nil) {
        self.configuration = configuration
        self.pid = pid
        self.windows = windows
        self.profiles = profiles
        self.touches = touches
        self.screenProfiles = screenProfiles
        self.hasWindowManager = hasWindowManager
        self.windowManagerGuide = windowManagerGuide
    }

    public var line: String {
        var o = JSONLine()
        o.add("kind", "windows")
        o.add("configuration", configuration)
        o.add("pid", pid)
        o.add("windowManager", hasWindowManager)
        o.add("screenProfiles", screenProfiles)
        o.add("windows", windows.indices.map { Self.item(windows[$0], profile: profiles[$0], touch: touches[$0]) })
        if let windowManagerGuide { o.add("windowManagerGuide", windowManagerGuide.json) }
        return o.line
    }

    /// A window, the profile it gets and what its program does with touches (`touch`: own or
    /// mouse; `touchSource`: server, profile, or unknown), as this answer and
    /// `tactus windows --json` write it.
    public static func item(_ w: WindowInfo, profile: String?, touch: ProgramTouchVerdict) -> JSONLine {
        var item = JSONLine()
        item.add("id", w.id)
        item.add("class", w.windowClass)
        item.add("instance", w.instance)
        item.add("title", w.title)
        item.add("type", w.type)
        item.add("frame", [w.frame.x, w.frame.y, w.frame.width, w.frame.height])
        item.add("focused", w.focused)
        item.add("profile", profile)
        item.add("touch", touch.touch.rawValue)
        item.add("touchSource", touch.source.rawValue)
        if let toolkit = touch.toolkit { item.add("toolkit", toolkit) }
        return item
    }

    /// Reads the daemon's answer; nil when `line` is another line of the stream.
    public init?(line: Substring) {
        guard case .object(let o)? = try? JSONValue.parse(line), case .string("windows")? = o["kind"],
              case .string(let configuration)? = o["configuration"], case .number(let pid)? = o["pid"],
              case .bool(let wm)? = o["windowManager"], case .array(let screen)? = o["screenProfiles"],
              case .array(let items)? = o["windows"] else { return nil }
        var windows: [WindowInfo] = [], profiles: [String?] = [], touches: [ProgramTouchVerdict] = []
        for case .object(let w) in items {
            func text(_ k: String) -> String { if case .string(let s)? = w[k] { return s }; return "" }
            guard case .number(let id)? = w["id"], case .array(let frame)? = w["frame"], frame.count == 4 else { return nil }
            let f = frame.map { if case .number(let v) = $0 { return v }; return 0 }
            var focused = false
            if case .bool(let b)? = w["focused"] { focused = b }
            windows.append(WindowInfo(id: UInt64(id), windowClass: text("class"), instance: text("instance"), title: text("title"), type: text("type"),
                                      frame: Rect(x: f[0], y: f[1], width: f[2], height: f[3]), focused: focused))
            if case .string(let p)? = w["profile"] { profiles.append(p) } else { profiles.append(nil) }
            let touch = ProgramTouch(rawValue: text("touch")) ?? .own
            let source = ProgramTouchSource(rawValue: text("touchSource")) ?? .unknown
            let toolkit: String? = w["toolkit"] == nil ? nil : text("toolkit")
            if source == .server {
                windows[windows.count - 1].touch = touch
                windows[windows.count - 1].toolkit = toolkit
            }
            touches.append(ProgramTouchVerdict(touch, source, toolkit: toolkit))
        }
        self.init(configuration: configuration, pid: Int32(pid), windows: windows, profiles: profiles, touches: touches,
                  screenProfiles: screen.compactMap { if case .string(let s) = $0 { return s }; return nil }, hasWindowManager: wm,
                  windowManagerGuide: o["windowManagerGuide"].flatMap { WindowManagerGuide($0) })
    }
}
