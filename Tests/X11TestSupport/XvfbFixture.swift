// The X servers, clients and devices the X integration tests (and `make soak`) drive:
// Xvfb + openbox, Xorg with the dummy video and inputtest input drivers, child processes.
import Foundation
import TestSupport
import SystemCalls
import GestureEngine
@testable import X11Session

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

/// A real X server (Xvfb) with a real window manager (openbox), torn down when released.
final class XvfbSession {
    private static let counter = LineCollector()  // only for its lock
    nonisolated(unsafe) private static var used = 0

    /// Free display numbers from 200 + a pid-derived offset, never the same twice.
    static func nextDisplay() -> Int {
        var n = 0
        counter.locked {
            repeat {
                n = 200 + Int(getpid() % 300) * 10 + used
                used += 1
            } while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") || FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
        }
        return n
    }

    let display: String
    /// Released first on teardown: closing a connection to a dead server makes Xlib exit.
    private(set) var server: XlibServer!
    private let xvfb: Child
    /// The window manager's process (a shell leading its session).
    private var openbox: Child?
    private var wmHome: String?
    private var windows: [Child] = []

    enum Backend {
        /// Xvfb: pointer and keyboard through XTest.
        case xvfb
        /// Xorg with the dummy video driver and `inputtest` devices: a touchscreen, a
        /// touchpad with XI 2.4 gestures, an absolute pointer and a keyboard.
        case xorg
    }

    /// The window managers the tests run under (Debian's packages).
    enum WindowManager: Equatable, CustomStringConvertible {
        case openbox, fluxbox, marco
        /// i3 with the configuration of `I3Fixture.swift` (no bar).
        case i3
        /// xfwm4, with its compositor on or off.
        case xfwm4(compositor: Bool)
        /// Cinnamon's window manager and GNOME Shell's (alone, without the shells): compositing
        /// managers that take the passive touch grab on the root window when they start.
        case muffin, mutter
        /// KDE's window manager on X11 (Debian's kwin-x11, alone, without plasmashell), with
        /// the configuration of `KWinFixture.swift`.
        case kwin

        /// The command line: in a session of its own, so that stopping it stops everything it
        /// started (xfwm4, marco, muffin and mutter need a D-Bus session for their settings).
        var command: [String] {
            let program: String
            switch self {
            case .openbox: program = "openbox --sm-disable"
            case .fluxbox: program = "fluxbox"
            case .marco: program = "dbus-run-session -- marco --no-composite --replace"
            case .i3: program = "i3 -c \"$HOME/\(XvfbSession.i3ConfigurationFile)\""
            case .xfwm4(let compositor): program = "dbus-run-session -- xfwm4 --compositor=\(compositor ? "on" : "off")"
            case .muffin: program = "dbus-run-session -- muffin --replace"
            // Without its animations (a desktop switch slides for 500 ms, and a click on a window
            // without the focus is swallowed meanwhile): what the tests do happens at once.
            case .mutter: program = "MUTTER_DEBUG_DISABLE_ANIMATIONS=1 dbus-run-session -- mutter --x11 --replace --sm-disable"
            // Without compositing (no effects: a desktop switch or a minimize has no animation
            // to wait for), its settings read from the home's kwinrc.
            case .kwin: program = "KWIN_COMPOSE=N dbus-run-session -- kwin_x11 --replace"
            }
            return ["setsid", "sh", "-c", "trap 'trap - TERM; kill 0' TERM; \(program) 2>>/tmp/\(name)-fixture.log & wait"]
        }

        var name: String {
            switch self {
            case .openbox: "openbox"
            case .fluxbox: "fluxbox"
            case .marco: "marco"
            case .i3: "i3"
            case .xfwm4: "xfwm4"
            case .muffin: "muffin"
            case .mutter: "mutter"
            case .kwin: "kwin"
            }
        }

        var description: String {
            if case .xfwm4(let compositor) = self { return "xfwm4 (compositor \(compositor ? "on" : "off"))" }
            return name
        }
    }

    /// The window manager running (nil: a bare server).
    let windowManager: WindowManager?

    /// The X server's process.
    var serverProcess: pid_t { xvfb.pid }

    /// The window manager's process group, its session's (`setsid`): a signal to it reaches the
    /// window manager under its shell (nil: a bare server).
    var windowManagerProcessGroup: pid_t? { openbox?.pid }

    /// The inputtest device sockets (Xorg only): "touch", "touchpad", "pointer", "keyboard".
    private(set) var deviceSockets: [String: String] = [:]
    private var scratch: String?

    /// The server's log (Xorg: its backtrace when it crashes, the XF86LogGrabInfo dump), while
    /// the session lasts.
    var serverLog: String? { scratch.map { "\($0)/Xorg.log" } }

    /// The server's exit status once it has exited (128 + signal); nil while it runs.
    var serverExitStatus: Int32? { xvfb.isRunning ? nil : xvfb.exitStatus }

    /// `windowManager: nil`: a bare server.
    init(backend: Backend = .xvfb, width: Int = 1280, height: Int = 800, windowManager: WindowManager? = .openbox) throws {
        self.windowManager = windowManager
        // A display number of our own for each session (never one a previous session's
        // clients may still be leaving), and -displayfd to learn when the server is ready.
        let n = XvfbSession.nextDisplay()
        switch backend {
        case .xvfb:
            xvfb = try Child(["Xvfb", ":\(n)", "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"],
                             environment: ["PATH=/usr/bin:/bin"], capture: true)
        case .xorg:
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-xorg-\(n)-\(UUID().uuidString.prefix(8))").path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            scratch = dir
            for name in ["touch", "touchpad", "pointer", "keyboard"] { deviceSockets[name] = "\(dir)/\(name).sock" }
            try XorgConfiguration.text(socketsIn: dir).write(toFile: "\(dir)/xorg.conf", atomically: true, encoding: .utf8)
            xvfb = try Child(["Xorg", ":\(n)", "-config", "\(dir)/xorg.conf", "-logfile", "\(dir)/Xorg.log", "-displayfd", "1",
                              "-noreset", "-nolisten", "tcp", "-novtswitch", "-sharevts"],
                             environment: ["PATH=/usr/bin:/bin"], capture: true)
        }
        guard xvfb.output?.wait(timeout: 10, { Int($0) == n }) != nil else {
            xvfb.stop()
            throw FixtureError(description: "the X server (\(backend)) did not start on :\(n)")
        }
        display = ":\(n)"
        server = try XlibServer(display: display)
        guard let windowManager else { return }
        // A home of its own: fluxbox writes its configuration there on first start.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-wm-home-\(n)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        wmHome = home
        if windowManager == .i3 { try Self.i3Configuration.write(toFile: "\(home)/\(Self.i3ConfigurationFile)", atomically: true, encoding: .utf8) }
        if windowManager == .kwin { try Self.writeKWinConfiguration(home: home) }
        openbox = try Child(windowManager.command, environment: ["DISPLAY=\(display)", "HOME=\(home)", "PATH=/usr/bin:/bin"], capture: false)
        let tracker = WindowTracker(server: server)
        // The WM check window comes early in a window manager's start; the desktops once it manages.
        guard poll(timeout: 15, { tracker.hasWindowManager && tracker.numberOfDesktops != nil }) else { throw FixtureError(description: "\(windowManager) did not start on \(display)") }
        if case .xfwm4(compositor: true) = windowManager {
            guard poll(timeout: 15, { server.selectionOwner("_NET_WM_CM_S0") != nil }) else { throw FixtureError(description: "the xfwm4 compositor did not start on \(display)") }
        }
        // i3 has one workspace at start: it must answer on its IPC socket instead.
        if windowManager == .i3 {
            try awaitI3()
            return
        }
        // And it must be handling requests: switch to desktop 1 and back, and see both happen.
        // Openbox drops requests that arrive during its start-up, so the request is repeated
        // until it takes effect.
        for value in [1, 0] {
            var lastSent = Date.distantPast
            guard poll(timeout: 10, {
                if tracker.currentDesktop == value { return true }
                if Date().timeIntervalSince(lastSent) > 0.2 {
                    server.sendRootMessage(about: server.root, type: "_NET_CURRENT_DESKTOP", data: [value, 0])
                    lastSent = Date()
                }
                return false
            }) else {
                throw FixtureError(description: "\(windowManager) does not answer requests on \(display)")
            }
        }
    }

    deinit { tearDown() }

    /// Stops the daemons, windows, window manager and server the session started: what its
    /// release does, for a program that exits without releasing it (`make soak`).
    func tearDown() {
        server = nil
        for d in daemons { d.stop() }
        for w in windows { w.stop() }
        openbox?.stop()
        xvfb.stop()
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
        if let wmHome { try? FileManager.default.removeItem(atPath: wmHome) }
    }

    /// Kills the X server (SIGKILL: no goodbye to its clients), as a crash or a session end does.
    /// The fixture's own connection is closed first: Xlib would end this process otherwise.
    func killServer() {
        server = nil
        xvfb.stop(signal: SIGKILL)
    }

    /// Polls `condition` (syncing with the server first) until it holds or time runs out.
    func poll(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            server.sync()
            if condition() { return true }
            usleep(5_000)
        } while Date() < deadline
        return false
    }

    /// Starts `tactus run` on this display with `config` (YAML text), and waits until it
    /// says it is running. Its stdout (the event log, `--log json`) and stderr are collected.
    /// `standardOutput`: where its stdout goes instead (the collected output is then its stderr).
    /// `environment`: more variables for it (`NAME=value`).
    func startDaemon(config: String, arguments: [String] = [], configPath: String? = nil, standardOutput: FileDescriptor? = nil, environment extra: [String] = []) throws -> Child {
        let path = configPath ?? FileManager.default.temporaryDirectory.appendingPathComponent("tactus-\(UUID().uuidString).yaml").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-runtime-\(UUID().uuidString)").path
        return try launchDaemon(["--config", path, "--log", "json", "--verbose"] + arguments, environment: ["HOME=\(NSTemporaryDirectory())"] + extra,
                                runtime: runtime, standardOutput: standardOutput)
    }

    /// Starts `tactus run --display DISPLAY ARGUMENTS` with PATH and `environment`, its stdout
    /// (or `standardOutput`) and stderr collected, stopped with the session, and waits up to
    /// `timeout` s for a line with `ready`. `runtime`: its XDG_RUNTIME_DIR, made here (nil:
    /// none, the daemon finds its own folder). `binary`: another build's `tactus` (the tools
    /// measure a release daemon). Every daemon of the tests and tools starts here. (Variables
    /// named before `environment` come first, and getenv takes the first.)
    func launchDaemon(_ arguments: [String], environment: [String], runtime: String?, standardOutput: FileDescriptor? = nil,
                      ready: String = "running on", timeout: Double = 10, binary: String? = nil) throws -> Child {
        if let runtime { try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]) }
        let daemon = try Child([binary ?? tactusBinary, "run", "--display", display] + arguments,
                               environment: ["PATH=/usr/bin:/bin"] + (runtime.map { ["XDG_RUNTIME_DIR=\($0)"] } ?? []) + environment,
                               capture: true, captureErrors: true, standardOutput: standardOutput)
        daemon.runtimeDirectory = runtime
        keep(daemon)
        guard daemon.output!.wait(timeout: timeout, { $0.contains(ready) }) != nil else {
            throw FixtureError(description: "the daemon did not start (no line with “\(ready)”): \(daemon.output!.lines.joined(separator: "\n"))")
        }
        return daemon
    }

    private var daemons: [Child] = []

    /// Stops `child` with the session (a daemon or program started by a helper of its own).
    func keep(_ child: Child) { daemons.append(child) }

    var tactusBinary: String { BuiltProducts.executable("tactus") }

    /// Runs `tactus ARGUMENTS` on this display to its end: the exit status and every line
    /// it printed (stdout and stderr). `runtime`: the XDG_RUNTIME_DIR (a daemon's, to find it).
    func tactus(_ arguments: [String], runtime: String? = nil, environment extra: [String] = []) throws -> (status: Int32, lines: [String]) {
        let runtimeDirectory = runtime ?? FileManager.default.temporaryDirectory.appendingPathComponent("tactus-runtime-\(UUID().uuidString)").path
        // `extra` overrides: getenv takes the first of two same names.
        let overridden = Set(extra.map { $0.prefix { $0 != "=" } })
        let base = ["PATH=/usr/bin:/bin", "HOME=\(NSTemporaryDirectory())", "XDG_RUNTIME_DIR=\(runtimeDirectory)", "DISPLAY=\(display)"]
        let child = try Child([tactusBinary] + arguments,
                              environment: base.filter { !overridden.contains($0.prefix { $0 != "=" }) } + extra,
                              capture: true, captureErrors: true)
        guard child.output!.waitUntilFinished(), let status = child.waitForExit(timeout: 5) else {
            child.stop(signal: SIGKILL)
            throw FixtureError(description: "tactus \(arguments.joined(separator: " ")) did not finish: \(child.output!.lines)")
        }
        return (status, child.output!.lines)
    }

    /// Starts `tactus monitor ARGUMENTS` against `daemon` and waits for its first line.
    func startMonitor(for daemon: Child, arguments: [String] = []) throws -> Child {
        let monitor = try Child([tactusBinary, "monitor"] + arguments,
                                environment: ["PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(daemon.runtimeDirectory!)", "DISPLAY=\(display)"],
                                capture: true, captureErrors: true)
        daemons.append(monitor)
        guard monitor.output!.wait(timeout: 10, { $0.contains("hello") || $0.contains("tactus \(Daemon.version) on") }) != nil else {
            throw FixtureError(description: "the monitor did not connect: \(monitor.output!.lines)")
        }
        return monitor
    }

    struct TestWindow {
        var id: XWindowID
        var process: Child
        var output: LineCollector
    }

    /// Starts `tactus-test-window` and waits until openbox manages it.
    /// `keyReleases`: the window reports key releases too (`key-release …` lines). `fixedSize`:
    /// its minimum and maximum sizes are its size; `type`: its `_NET_WM_WINDOW_TYPE_…`.
    /// `timestamps`: touch lines end with the server's time and CLOCK_MONOTONIC ns when read.
    /// `ownership`: `XI_TouchOwnership` selected too (`touch ownership ID 0 0` lines).
    func openWindow(class cls: String, title: String, geometry: String = "400x300+100+100", touch: Bool = false, refuseFocus: Bool = false, buttonState: Bool = false, keyState: Bool = false,
                    keyReleases: Bool = false, fixedSize: Bool = false, type: String? = nil, timestamps: Bool = false, ownership: Bool = false) throws -> TestWindow {
        let binary = BuiltProducts.executable("tactus-test-window")
        let p = try Child([binary, "--class", cls, "--instance", cls.lowercased(), "--title", title, "--geometry", geometry] + (touch ? ["--touch"] : []) + (refuseFocus ? ["--refuse-focus"] : []) + (buttonState ? ["--button-state"] : []) + (keyState ? ["--key-state"] : [])
                              + (keyReleases ? ["--key-releases"] : []) + (fixedSize ? ["--fixed-size"] : []) + (type.map { ["--type", $0] } ?? [])
                              + (timestamps ? ["--timestamps"] : []) + (ownership ? ["--ownership"] : []),
                          environment: ["DISPLAY=\(display)"], capture: true)
        windows.append(p)
        let collector = p.output!
        guard let ready = collector.wait(timeout: 10, { $0.hasPrefix("ready ") }), let id = XWindowID(ready.dropFirst(6)) else {
            throw FixtureError(description: "the test window did not start: \(collector.lines)")
        }
        // With no window manager, "ready" follows the window's MapNotify.
        if openbox != nil {
            let tracker = WindowTracker(server: server)
            guard poll({ tracker.clients().contains { $0.id == UInt64(id) } }) else { throw FixtureError(description: "openbox does not list window \(id)") }
        }
        return TestWindow(id: id, process: p, output: collector)
    }
}

enum XorgConfiguration {
    /// Tests/X11SessionTests/xorg-inputtest.conf (also read by `make bench-touch`): no hotplugging,
    /// a 1280x800 dummy screen, four inputtest devices with their sockets in `directory`.
    static func text(socketsIn directory: String) throws -> String {
        let template = repositoryRoot.appendingPathComponent("Tests/X11SessionTests/xorg-inputtest.conf")
        return try String(contentsOf: template, encoding: .utf8).replacingOccurrences(of: "@DIR@", with: directory)
    }
}
