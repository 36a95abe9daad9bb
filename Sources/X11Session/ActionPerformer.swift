#if canImport(Glibc)
import Glibc
#endif
import GestureEngine
import GestureProfiles

/// Performs the actions the profiles fire: keys and clicks through XTest against the live
/// keyboard map, window and desktop requests through EWMH, commands spawned without a shell
/// (never waited for on the event path; children are reaped as they exit).
public final class ActionPerformer: ActionSink {
    public let server: XServer
    /// Where `log` actions and problems go (the daemon's logger).
    public var log: (String) -> Void
    private var children: Set<pid_t> = []
    /// Spare keycodes bound to keysyms the map lacks. Clients read the new map only when they
    /// handle the key event, so a binding is kept a while (and reused) rather than undone at
    /// once — the same reason xdotool delays its revert.
    private var temporaryBindings: [(keysym: UInt, keycode: UInt8, lastUsed: UInt64)] = []
    /// Spare keycodes bound ahead, when a configuration is loaded, for the keysyms its `keys`
    /// actions need and the map lacks: applications see the new map long before the first
    /// press (a client that reads the map only at a key event may otherwise still hold the
    /// old one for a just-bound key).
    private var preparedBindings: [(keysym: UInt, keycode: UInt8)] = []
    /// How long a spare binding outlives its last use (ms).
    public var temporaryBindingLifetime: UInt64 = 2_000
    /// Monotonic milliseconds (injected so tests can drive it).
    public var milliseconds: () -> UInt64 = {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1000 + UInt64(t.tv_nsec) / 1_000_000
    }

    public init(server: XServer, log: @escaping (String) -> Void = { _ in }) {
        self.server = server
        self.log = log
    }

    public func perform(_ request: ActionRequest) {
        reapChildren()
        switch request.action {
        case .keys(let combo): press(combo)
        case .click(let button, let at):
            server.fakeMotion(to: at)
            server.fakeButton(UInt32(button), pressed: true)
            server.fakeButton(UInt32(button), pressed: false)
            server.flush()
        case .window(let op, let window):
            guard let window else { return log("\(request.gesture): no window for 'window \(op.rawValue)'") }
            windowRequest(op, XWindowID(window))
        case .desktop(let op): desktopRequest(op)
        case .command(let argv): spawn(argv, environment: [:])
        case .shell(let script, let environment): spawn(["/bin/sh", "-c", script], environment: environment)
        case .log(let text): log(text)
        }
    }

    // MARK: Keys

    /// Presses the keys in order and releases them in reverse, modifiers last. A keysym that
    /// has no keycode in the current map gets a spare one for the time of the press. Every key
    /// pressed is released, whatever happens.
    public func press(_ combo: KeyCombo) {
        var pressed: [UInt8] = []
        defer {
            for k in pressed.reversed() { server.fakeKey(k, pressed: false) }
            server.flush()
        }
        releaseTemporaryKeycodes(olderThan: temporaryBindingLifetime)
        for name in combo.keys {
            guard let keysym = Keysyms.byName[name] else { return log("unknown key \(name)") }
            var code = server.keycode(forKeysym: UInt(keysym))
            if code == nil, let spare = server.bindSpareKeycode(toKeysym: UInt(keysym)) {
                temporaryBindings.append((UInt(keysym), spare, milliseconds()))
                code = spare
            }
            if let i = temporaryBindings.firstIndex(where: { $0.keycode == code }) { temporaryBindings[i].lastUsed = milliseconds() }
            guard let code else { return log("no keycode for \(name), and none spare to bind it to") }
            server.fakeKey(code, pressed: true)
            pressed.append(code)
        }
    }

    // MARK: EWMH

    private static let remove = 0, add = 1, toggle = 2
    private static let sourcePager = 2  // "source indication" of EWMH: a pager or taskbar

    func windowRequest(_ op: WindowOperation, _ window: XWindowID) {
        let vert = Int(server.atom("_NET_WM_STATE_MAXIMIZED_VERT")), horz = Int(server.atom("_NET_WM_STATE_MAXIMIZED_HORZ"))
        let full = Int(server.atom("_NET_WM_STATE_FULLSCREEN"))
        switch op {
        case .close: server.sendRootMessage(about: window, type: "_NET_CLOSE_WINDOW", data: [0, Self.sourcePager])
        case .minimize: server.sendRootMessage(about: window, type: "WM_CHANGE_STATE", data: [3])  // IconicState
        case .maximize: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.add, vert, horz, Self.sourcePager])
        case .unmaximize: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.remove, vert, horz, Self.sourcePager])
        case .toggleMaximize: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.toggle, vert, horz, Self.sourcePager])
        case .fullscreen: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.add, full, 0, Self.sourcePager])
        case .toggleFullscreen: server.sendRootMessage(about: window, type: "_NET_WM_STATE", data: [Self.toggle, full, 0, Self.sourcePager])
        case .raise: server.sendRootMessage(about: window, type: "_NET_ACTIVE_WINDOW", data: [Self.sourcePager, 0, 0])
        }
        server.flush()
    }

    func desktopRequest(_ op: DesktopOperation) {
        let tracker = WindowTracker(server: server)
        switch op {
        case .show:
            let showing = server.numbers(server.root, "_NET_SHOWING_DESKTOP")?.first ?? 0
            server.sendRootMessage(about: server.root, type: "_NET_SHOWING_DESKTOP", data: [showing == 0 ? 1 : 0])
        case .next, .previous, .number:
            let count = max(1, tracker.numberOfDesktops ?? 1)
            let current = tracker.currentDesktop ?? 0
            var target: Int
            switch op {
            case .next: target = (current + 1) % count
            case .previous: target = (current - 1 + count) % count
            case .number(let n): target = min(max(0, n), count - 1)
            default: target = current
            }
            if target < 0 { target = 0 }
            server.sendRootMessage(about: server.root, type: "_NET_CURRENT_DESKTOP", data: [target, 0])
        }
        server.flush()
    }

    // MARK: Commands

    /// Without a shell, with a clean signal state; the environment gains `environment`
    /// (the TACTUS_* variables of shell actions).
    func spawn(_ argv: [String], environment: [String: String]) {
        do {
            let child = try ChildProcess.spawn(argv, environment: environment.isEmpty ? nil : ChildProcess.environment(merging: environment))
            children.insert(child.pid)
        } catch {
            log("\(error)")
        }
    }

    /// Binds spare keycodes now for the keysyms in `names` the keyboard map lacks, and undoes
    /// the bindings an earlier configuration made that these no longer need. Returns the
    /// names bound.
    @discardableResult
    public func prepareKeys(_ names: [String]) -> [String] {
        let wanted = Set(names.compactMap { Keysyms.byName[$0].map { UInt($0) } })
        preparedBindings.removeAll { binding in
            guard !wanted.contains(binding.keysym) else { return false }
            server.unbindKeycode(binding.keycode)
            return true
        }
        var bound: [String] = []
        for name in names {
            guard let keysym = Keysyms.byName[name].map({ UInt($0) }), server.keycode(forKeysym: keysym) == nil,
                  let code = server.bindSpareKeycode(toKeysym: keysym) else { continue }
            preparedBindings.append((keysym, code))
            bound.append(name)
        }
        server.flush()
        return bound
    }

    /// Undoes spare keycode bindings unused for `age` ms (0: all of them, the prepared ones
    /// too; on shutdown).
    public func releaseTemporaryKeycodes(olderThan age: UInt64 = 0) {
        let now = milliseconds()
        temporaryBindings.removeAll { binding in
            guard age == 0 || now - binding.lastUsed >= age else { return false }
            server.unbindKeycode(binding.keycode)
            return true
        }
        if age == 0 {
            for binding in preparedBindings { server.unbindKeycode(binding.keycode) }
            preparedBindings = []
        }
        server.flush()
    }

    /// Collects children that exited (never blocks).
    public func reapChildren() {
        for pid in children {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { children.remove(pid) }
        }
    }

    public var runningChildren: Int { children.count }
}
