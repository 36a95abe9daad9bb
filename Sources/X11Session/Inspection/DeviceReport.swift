import GestureProfiles
import GestureTraces

/// Who holds the passive touch grab on root.
public enum TouchGrabHolder: Sendable, Equatable {
    case nobody
    /// A daemon of ours, with its pid.
    case tactus(pid: String)
    /// Some other client (a compositor, a window manager).
    case anotherClient
}

/// `tactus devices`: each XInput device with its classes and what Tactus uses it for.
public struct DeviceReport {
    public struct Row: Equatable {
        public var device: InputDevice
        /// What Tactus does with it, or nil when nothing.
        public var use: String?
        /// A touchscreen's: where its touches land.
        public var placement: TouchscreenPlacement?
    }

    public var rows: [Row]
    /// Notes for people: no touchscreen, the grab taken by someone else, ….
    public var notes: [String]

    /// - Parameters:
    ///   - inputVersion: the XInput version the server grants (nil: no XI 2.2).
    ///   - configuration: the profiles the daemon would load (pointer trigger, touchpad bindings).
    ///   - touchGrab: who holds the touch grab.
    ///   - placements: where each touchscreen's touches land (from its matrix and the monitors).
    public init(devices: [InputDevice], inputVersion: XInputVersion?, configuration: ProfileFile, touchGrab: TouchGrabHolder,
                placements: [Int32: TouchscreenPlacement] = [:]) {
        let hasGestures = inputVersion?.hasGestures ?? false
        let touchpadBindings = configuration.profiles.reduce(0) { $0 + $1.touchpad.count }
        let trigger = configuration.settings.pointer
        rows = devices.sorted { $0.id < $1.id }.map { d in
            var uses: [String] = []
            if d.touchMode == .direct {
                let on = placements[d.id].map { $0 == .wholeScreen ? "" : " on \($0)" } ?? ""
                uses.append(d.use == .floating ? "nothing: floating (attach it to a master pointer with xinput reattach)" : "touch gestures\(on)")
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
            return Row(device: d, use: uses.isEmpty ? nil : uses.joined(separator: "; "), placement: d.touchMode == .direct ? placements[d.id] : nil)
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
        for d in touchscreens where placements[d.id] == .allMonitors {
            let mapped = configuration.settings.touchscreens.contains { $0.device == d.name }
            notes.append("touchscreen \"\(d.name)\" spans all monitors: a touch lands where that point of the whole screen is, not on the panel touched; "
                         + (mapped ? "settings.touchscreens maps it while tactus run is running" : "map it with settings.touchscreens: { \"\(d.name)\": { monitor: NAME } } (xrandr --listmonitors names them)"))
        }
        if trigger == nil {
            notes.append("no pointer trigger: pointer drags are not gestures (settings.pointer in the profile file turns them on)")
        }
        switch touchGrab {
        case .nobody: break
        case .anotherClient: notes.append("the touch grab on the root window is held by another client (a window manager: muffin, mutter?): tactus run decides each touch that client lets go of, through grabs on the top-level windows, and observes only where those are refused too")
        case .tactus(let pid): notes.append("tactus run is running on this display (pid \(pid)) and holds the grabs")
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
            if let p = r.placement, p != .wholeScreen { o.add("monitor", p == .allMonitors ? "all" : p.description) }
            o.add("pointer", d.hasButtons && (d.use == .slavePointer || d.use == .masterPointer))
            o.add("usedFor", r.use)
            return o.line + "\n"
        }.joined()
    }
}

extension DeviceReport {
    /// Asks the server: devices, the XInput version, and whether the touch grab is free.
    public static func gather(server: XlibServer, configuration: ProfileFile, environment: [String: String]) -> DeviceReport {
        let version = server.negotiateInput()
        var grab = TouchGrabHolder.nobody
        if version != nil {
            if let pid = RuntimeFiles(display: server.displayName, environment: environment).runningDaemon() {
                grab = .tactus(pid: pid)
            } else if server.grabTouchBegin() {
                server.ungrabTouchBegin()
                server.sync()
            } else {
                grab = .anotherClient
            }
        }
        let devices = server.devices()
        let monitors = server.monitors(), size = server.screenSize()
        var placements: [Int32: TouchscreenPlacement] = [:]
        for d in devices where d.touchMode == .direct && d.use != .masterPointer {  // a master shows its last slave's classes
            if let m = server.transformationMatrix(device: d.id) { placements[d.id] = TouchscreenPlacement(matrix: m, monitors: monitors, screen: size) }
        }
        return DeviceReport(devices: devices, inputVersion: version, configuration: configuration, touchGrab: grab, placements: placements)
    }
}
