import GestureProfiles
import GestureTraces

/// `tactus windows`: the managed windows, top of the stack first, with the profile each one
/// matches — the answer to "why does my gesture not fire here?".
public struct WindowReport {
    public struct Row: Equatable {
        public var window: WindowInfo
        /// The window's own profile (first `match` that holds), nil when only the screen's.
        public var profile: String?
        /// What its program does with touches, and who says so.
        public var touch: ProgramTouchVerdict

        public init(window: WindowInfo, profile: String?, touch: ProgramTouchVerdict) {
            self.window = window
            self.profile = profile
            self.touch = touch
        }
    }

    public var rows: [Row]
    /// The `match: any` profiles: their gestures are on the screen, under every window
    /// (`NAME (on MONITOR)` for one limited to a monitor).
    public var screenProfiles: [String]
    public var notes: [String] = []
    /// Whose profiles these are: the running daemon's file, or the file read here.
    public var source: String?
    /// Which window manager runs and what the window and desktop actions mean under it (nil:
    /// an older daemon did not say).
    public var windowManagerGuide: WindowManagerGuide?

    /// `windows` bottom of the stack first (as the server lists them); `monitors`: where
    /// they are, for profiles that ask for a monitor.
    public init(windows: [WindowInfo], configuration: ProfileFile, hasWindowManager: Bool, monitors: MonitorList = MonitorList()) {
        self.init(rows: windows.reversed().map { w in
                      let monitor = monitors.monitor(for: w.frame)
                      return Row(window: w, profile: configuration.matchingProfile(for: w, on: monitor)?.name,
                                 touch: configuration.programTouch(for: w, on: monitor))
                  },
                  screenProfiles: Self.screenProfileNames(configuration), hasWindowManager: hasWindowManager)
    }

    /// The `match: any` profiles as listed: `NAME`, or `NAME (on MONITOR)`.
    public static func screenProfileNames(_ configuration: ProfileFile) -> [String] {
        configuration.screenProfiles.map { p in
            if let m = p.match.screenMonitor { return "\(p.name) (on \(m))" }
            if let t = p.match.programTouch { return "\(p.name) (windows with touch \(t.rawValue))" }
            return p.name
        }
    }

    /// The running daemon's windows and profiles (`answer.windows` bottom of the stack first).
    public init(_ answer: WindowsAnswer) {
        self.init(rows: answer.windows.indices.reversed().map { Row(window: answer.windows[$0], profile: answer.profiles[$0], touch: answer.touches[$0]) },
                  screenProfiles: answer.screenProfiles, hasWindowManager: answer.hasWindowManager)
        source = "profiles from the running daemon (pid \(answer.pid)): \(answer.configuration) (windows minimized or on another desktop take no touches and are left out)"
        windowManagerGuide = answer.windowManagerGuide
    }

    /// `rows` top of the stack first.
    public init(rows: [Row], screenProfiles: [String], hasWindowManager: Bool) {
        self.rows = rows
        self.screenProfiles = screenProfiles
        let windows = rows.map(\.window)
        if !hasWindowManager {
            notes.append("no EWMH window manager is running (_NET_SUPPORTING_WM_CHECK): Tactus sees no windows, and window and desktop actions do nothing")
        } else if windows.isEmpty {
            notes.append("the window manager lists no windows (_NET_CLIENT_LIST is empty)")
        }
    }

    public func text() -> String {
        let table = TextTable(["WINDOW", "CLASS", "INSTANCE", "TYPE", "PROFILE", "TOUCH", "TITLE"])
        for r in rows {
            let w = r.window
            table.add(["0x" + String(w.id, radix: 16) + (w.focused ? "*" : ""), w.windowClass, w.instance, w.type,
                       r.profile ?? "-", r.touch.description, w.title])
        }
        var out = table.render()
        if !rows.isEmpty {
            out += "(* focused; PROFILE '-': no profile of its own, only the screen's gestures apply; TOUCH: 'own', its program takes touches"
                + " itself and gets them as Tactus lets them go; 'mouse', it selects none and gets the touchscreen conventions of the"
                + " 'match: { touch: mouse }' profiles; '(profile)': set by the window's profile)\n"
        }
        if screenProfiles.isEmpty {
            out += "screen profiles: none (no profile with match: any)\n"
        } else {
            out += "screen profiles (match: any, under every window): \(screenProfiles.joined(separator: ", "))\n"
        }
        out += windowManagerGuide?.text() ?? ""
        return out + notes.map { "note: \($0)\n" }.joined() + (source.map { "\($0)\n" } ?? "")
    }

    /// One line a window, then one for the window manager (`{"windowManager": …}`).
    public func jsonLines() -> String {
        var out = rows.map { WindowsAnswer.item($0.window, profile: $0.profile, touch: $0.touch).line + "\n" }.joined()
        if let windowManagerGuide {
            var o = JSONLine()
            o.add("windowManager", windowManagerGuide.json)
            out += o.line + "\n"
        }
        return out
    }
}

extension WindowReport {
    public static func gather(server: XlibServer, configuration: ProfileFile) -> WindowReport {
        let tracker = WindowTracker(server: server)
        var report = WindowReport(windows: tracker.clients(), configuration: configuration, hasWindowManager: tracker.hasWindowManager,
                                  monitors: MonitorList(server.monitors().map(\.monitor)))
        report.windowManagerGuide = .found(on: server)
        return report
    }
}
