import GestureProfiles
import GestureTraces

/// `tactus devices`: each XInput device with its classes and what Tactus uses it for.
public struct DeviceReport {
    public struct Row: Equatable {
        public var device: InputDevice
        /// What Tactus does with it, or nil when nothing.
        public var use: String?
    }

    public var rows: [Row]
    /// Notes for people: no touchscreen, the grab taken by someone else, ….
    public var notes: [String]

    /// - Parameters:
    ///   - inputVersion: the XInput version the server grants (nil: no XI 2.2).
    ///   - configuration: the profiles the daemon would load (pointer trigger, touchpad bindings).
    ///   - touchGrab: who holds the touch grab: nil = free, "" = another client, else a note.
    public init(devices: [InputDevice], inputVersion: XInputVersion?, configuration: ProfileFile, touchGrab: String?) {
        let hasGestures = inputVersion?.hasGestures ?? false
        let touchpadBindings = configuration.profiles.reduce(0) { $0 + $1.touchpad.count }
        let trigger = configuration.settings.pointer
        rows = devices.sorted { $0.id < $1.id }.map { d in
            var uses: [String] = []
            if d.touchMode == .direct {
                uses.append(d.use == .floating ? "nothing: floating (attach it to a master pointer with xinput reattach)" : "touch gestures")
            }
            if d.gestureTouches != nil, d.use != .masterPointer {
                if !hasGestures {
                    uses.append("nothing: touchpad gestures need XInput 2.4")
                } else {
                    uses.append(touchpadBindings > 0 ? "touchpad bindings" : "touchpad bindings (none configured)")
                }
            }
            if d.use == .masterPointer, let t = trigger {
                uses.append("pointer trigger (button \(t.button)\(t.modifiers.isEmpty ? "" : " with " + t.modifiers.joined(separator: "+")))")
            }
            if d.isXTest && d.use == .slaveKeyboard { uses.append("key actions (XTest)") }
            if d.isXTest && d.use == .slavePointer { uses.append("click actions (XTest)") }
            return Row(device: d, use: uses.isEmpty ? nil : uses.joined(separator: "; "))
        }
        var notes: [String] = []
        if let v = inputVersion {
            notes.append("XInput \(v.major).\(v.minor)\(hasGestures ? "" : ": touchpad gestures need 2.4 (X.Org server 21.1 or later)")")
        } else {
            notes.append("the X server has no XInput 2.2: no touch input at all")
        }
        let touchscreens = devices.filter { $0.touchMode == .direct && $0.use != .floating && !$0.isXTest }
        if touchscreens.isEmpty {
            notes.append("no touchscreen: touch gestures get no input (a touchscreen has a direct touch class; see 'xinput list' and whether the libinput or evdev driver took it)")
        }
        if trigger == nil {
            notes.append("no pointer trigger: pointer drags are not gestures (settings.pointer in the profile file turns them on)")
        }
        switch touchGrab {
        case nil: break
        case "": notes.append("the touch grab is held by another client (a compositor or window manager?): tactus run would only observe")
        case let note?: notes.append(note)
        }
        self.notes = notes
    }

    public func text() -> String {
        let table = TextTable(["ID", "NAME", "KIND", "CLASSES", "TACTUS USES IT FOR"])
        for r in rows {
            let d = r.device
            table.add(["\(d.id)", d.name, d.use.rawValue + (d.enabled ? "" : " (disabled)"), d.classes.joined(separator: ", "), r.use ?? "-"])
        }
        return table.render() + notes.map { "note: \($0)\n" }.joined()
    }

    public func jsonLines() -> String {
        rows.map { r in
            let d = r.device
            var o = JSONLine()
            o.add("id", d.id)
            o.add("name", d.name)
            o.add("kind", d.use.rawValue)
            o.add("enabled", d.enabled)
            if let m = d.touchMode {
                o.add("touch", m.rawValue)
                o.add("touches", d.maxTouches)
            }
            if let g = d.gestureTouches { o.add("gestureTouches", g) }
            o.add("pointer", d.hasButtons && (d.use == .slavePointer || d.use == .masterPointer))
            o.add("usedFor", r.use)
            return o.line + "\n"
        }.joined()
    }
}

/// `tactus windows`: the managed windows, top of the stack first, with the profile each one
/// matches — the answer to "why does my gesture not fire here?".
public struct WindowReport {
    public struct Row: Equatable {
        public var window: WindowInfo
        /// The window's own profile (first `match` that holds), nil when only the screen's.
        public var profile: String?
    }

    public var rows: [Row]
    /// The `match: any` profiles: their gestures are on the screen, under every window.
    public var screenProfiles: [String]
    public var notes: [String] = []

    /// `windows` bottom of the stack first (as the server lists them).
    public init(windows: [WindowInfo], configuration: ProfileFile, hasWindowManager: Bool) {
        rows = windows.reversed().map { Row(window: $0, profile: configuration.matchingProfile(for: $0)?.name) }
        screenProfiles = configuration.screenProfiles.map(\.name)
        if !hasWindowManager {
            notes.append("no EWMH window manager is running (_NET_SUPPORTING_WM_CHECK): Tactus sees no windows, and window and desktop actions do nothing")
        } else if windows.isEmpty {
            notes.append("the window manager lists no windows (_NET_CLIENT_LIST is empty)")
        }
    }

    public func text() -> String {
        let table = TextTable(["WINDOW", "CLASS", "INSTANCE", "TYPE", "PROFILE", "TITLE"])
        for r in rows {
            let w = r.window
            table.add(["0x" + String(w.id, radix: 16) + (w.focused ? "*" : ""), w.windowClass, w.instance, w.type,
                       r.profile ?? "-", w.title])
        }
        var out = table.render()
        if !rows.isEmpty { out += "(* focused; PROFILE '-': no profile of its own, only the screen's gestures apply)\n" }
        if screenProfiles.isEmpty {
            out += "screen profiles: none (no profile with match: any)\n"
        } else {
            out += "screen profiles (match: any, under every window): \(screenProfiles.joined(separator: ", "))\n"
        }
        return out + notes.map { "note: \($0)\n" }.joined()
    }

    public func jsonLines() -> String {
        rows.map { r in
            let w = r.window, f = w.frame
            var o = JSONLine()
            o.add("id", w.id)
            o.add("class", w.windowClass)
            o.add("instance", w.instance)
            o.add("title", w.title)
            o.add("type", w.type)
            o.add("frame", [f.x, f.y, f.width, f.height])
            o.add("focused", w.focused)
            o.add("profile", r.profile)
            return o.line + "\n"
        }.joined()
    }
}

/// Columns padded to their widest cell; the last column is not padded.
final class TextTable {
    private let headings: [String]
    private var rows: [[String]] = []

    init(_ headings: [String]) { self.headings = headings }

    func add(_ row: [String]) { rows.append(row.map { $0.replacingOccurrences(of: "\n", with: " ") }) }

    func render() -> String {
        let all = [headings] + rows
        var widths = [Int](repeating: 0, count: headings.count)
        for r in all { for (i, c) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], c.count) } }
        var out = ""
        for r in all {
            var line = ""
            for (i, c) in r.enumerated() {
                line += i == r.count - 1 ? c : c + String(repeating: " ", count: widths[i] - c.count + 2)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}

extension DeviceReport {
    /// Asks the server: devices, the XInput version, and whether the touch grab is free.
    public static func gather(server: XlibServer, configuration: ProfileFile, environment: [String: String]) -> DeviceReport {
        let version = server.negotiateInput()
        var grab: String?
        if version != nil {
            if let pid = RuntimeFiles(display: server.displayName, environment: environment).runningDaemon() {
                grab = "tactus run is running on this display (pid \(pid)) and holds the grabs"
            } else if server.grabTouchBegin() {
                server.ungrabTouchBegin()
                server.sync()
            } else {
                grab = ""
            }
        }
        return DeviceReport(devices: server.devices(), inputVersion: version, configuration: configuration, touchGrab: grab)
    }
}

extension WindowReport {
    public static func gather(server: XlibServer, configuration: ProfileFile) -> WindowReport {
        let tracker = WindowTracker(server: server)
        return WindowReport(windows: tracker.clients(), configuration: configuration, hasWindowManager: tracker.hasWindowManager)
    }
}
