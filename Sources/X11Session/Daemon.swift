#if canImport(Glibc)
import Glibc
#endif
import CX11
import Foundation
import GestureEngine
import GestureProfiles
import GestureTraces
import Logging

/// `tactus run` (and `record`): one event loop that owns the display, sleeps in `poll()`
/// until the server, a signal, the configuration file or the engine's next deadline needs
/// it (no periodic wake-ups), feeds the engine, answers touch ownership and performs actions.
public final class Daemon: ActionSink, GestureObserver {
    public struct Options {
        /// nil: `$DISPLAY`.
        public var display: String?
        /// `--config`: nil = the XDG search (then the built-in default).
        public var configPath: String?
        /// Live event log on stdout (trace.md), or nil.
        public var logFormat: LogFormat?
        /// `record`: no grabs, no actions, every event written to this file.
        public var recordPath: String?
        /// Observe only: never grab (record, and `--observe`).
        public var observeOnly = false
        /// `record --stroke NAME FILE`: the first stroke drawn is written as a template.
        public var strokeName: String?
        public var strokePath: String?
        public var environment: [String: String] = ProcessInfo.processInfo.environment
        /// Measure (for `make bench-daemon`): X event read → action requests flushed, and the
        /// loop's wake-ups while idle; reported at exit.
        public var stats = false

        public init() {}
    }

    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    public let options: Options
    public let server: XlibServer
    public let timeline = ServerTimeline()
    public private(set) var session: GestureSession
    public let router: InputRouter
    public private(set) var watcher: WindowWatcher!
    public let performer: ActionPerformer
    public var logger: Logger
    private var configuration: ProfileFile
    private var configurationPath: String?
    private let formatter: EventLogFormatter?
    private var recordFile: FileHandle?
    private var recordOrigin: Instant?
    private var lastRecordTime = 0.0
    private var signalPipe: [Int32] = [-1, -1]
    private var inotifyFD: Int32 = -1
    private var lockFD: Int32 = -1
    /// `tactus monitor` clients (nil without the lock: observe-only runs have none).
    private var monitors: MonitorChannel?
    private let monitorFormatter = EventLogFormatter(format: .json)
    private var configurationName = ""
    private var running = true
    /// Wake-ups of the loop (the idle benchmark reads it).
    public private(set) var wakeups = 0

    /// Opens the display, takes the per-display lock, loads the configuration (a broken
    /// file at start is an error: nothing half-applied), and sets up input and windows.
    public init(options: Options, logger: Logger) throws {
        self.options = options
        self.logger = logger
        let env = options.environment
        server = try Self.openServer(display: options.display, environment: env)
        cx11_install_io_error_handler()
        if let w = env["WAYLAND_DISPLAY"], !w.isEmpty {
            logger.warning("Wayland session (\(w)): through XWayland Tactus sees only X applications' input")
        }
        let source = try Self.locate(options)
        guard let file = Self.load(source, logger: logger) else {
            throw StartError(description: "\(source.displayName) has errors (above); nothing started")
        }
        configuration = file
        configurationPath = source.path
        formatter = options.logFormat.map { EventLogFormatter(format: $0) }
        let size = server.screenSize()
        session = GestureSession(configuration: file, screen: Rect(x: 0, y: 0, width: size.width, height: size.height), clock: timeline)
        router = InputRouter(server: server, session: session, timeline: timeline, logger: logger)
        performer = ActionPerformer(server: server)
        performer.log = { [logger] in logger.notice("\($0)") }
        if !options.observeOnly { try takeLock() }
        if let path = options.recordPath {
            guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
                throw StartError(description: "\(path): cannot write the trace file")
            }
            recordFile = h
        }
        router.recorder = { [unowned self] event, t in self.inputSeen(event, at: t) }
        session.runtime.sink = self
        // The window an action acts on comes from the server's stacking, decorations included
        // (when a window manager marks its clients with WM_STATE).
        session.runtime.windowLocator = { [unowned self] point in
            guard let watcher = self.watcher, watcher.tracker.hasWindowManager else { return nil }
            let client = watcher.tracker.clientWindow(at: point).map { UInt64($0) }
            self.logger.debug("client window under \(Int(point.x)),\(Int(point.y)): \(client.map { "0x" + String($0, radix: 16) } ?? "none")")
            return .some(client)
        }
        session.engine.addObserver(self)
        configurationName = source.displayName
        logger.info("configuration: \(source.displayName) (\(file.profiles.count) profiles)")
    }

    /// Opens the display with errors that say what to do (no DISPLAY, Wayland, refused).
    public static func openServer(display: String?, environment env: [String: String]) throws -> XlibServer {
        if display == nil, (env["DISPLAY"] ?? "").isEmpty {
            if let w = env["WAYLAND_DISPLAY"], !w.isEmpty {
                throw StartError(description: "this is a Wayland session (WAYLAND_DISPLAY=\(w)) without an X display: Tactus is an X11 client and needs DISPLAY (log in to an X11 session, or use XWayland for X applications only)")
            }
            throw StartError(description: "DISPLAY is not set: start Tactus inside an X session, or pass --display :0")
        }
        do {
            return try XlibServer(display: display)
        } catch {
            throw StartError(description: "\(error) — is the X server running, and may this user connect to it (xhost / XAUTHORITY)?")
        }
    }

    static func locate(_ options: Options) throws -> ConfigurationLocator.Source {
        do {
            return try ConfigurationLocator.locate(explicit: options.configPath, environment: options.environment)
        } catch {
            throw StartError(description: "\(error)")
        }
    }

    /// Loads and validates; logs every diagnostic as FILE:LINE:COLUMN. nil when invalid.
    static func load(_ source: ConfigurationLocator.Source, logger: Logger) -> ProfileFile? {
        let result = ProfileLoader.load(yaml: source.text, path: source.displayName)
        for d in result.diagnostics {
            if d.severity == .warning { logger.warning("\(d.description)") } else { logger.error("\(d.description)") }
        }
        return result.file
    }

    // MARK: Lock

    /// One daemon per display: an flock on a file named after the display; the monitor
    /// socket beside it.
    private func takeLock() throws {
        let files = RuntimeFiles(display: server.displayName, environment: options.environment)
        mkdir(files.directory, 0o700)
        let path = files.lockPath
        lockFD = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFD >= 0 else { throw StartError(description: "\(path): cannot create the lock file: \(String(cString: strerror(errno)))") }
        if flock(lockFD, LOCK_EX | LOCK_NB) != 0 {
            throw AlreadyRunning(display: server.displayName, pid: RuntimeFiles.pid(inLock: lockFD))
        }
        ftruncate(lockFD, 0)
        let text = "\(getpid())\n"
        _ = text.withCString { write(lockFD, $0, strlen($0)) }
        do {
            monitors = try MonitorChannel(path: files.socketPath)
            monitors?.hello = { [unowned self] in self.helloLine() }
        } catch {
            logger.warning("no monitor socket (tactus monitor will not connect): \(error)")
        }
    }

    /// Another daemon holds the display.
    public struct AlreadyRunning: Error, CustomStringConvertible {
        public var display: String
        public var pid: String
        public var description: String {
            "tactus is already running on display \(display) (pid \(pid)); stop it first (systemctl --user stop tactus, or kill \(pid)), or watch it with 'tactus monitor'"
        }
    }

    // MARK: Loop

    /// Runs until SIGTERM/SIGINT. Returns the exit status.
    public func run() -> Int32 {
        setUpSignals()
        watchConfiguration()
        server.selectScreenChanges()
        router.start(observeOnly: options.observeOnly)
        prepareKeys()
        // Calibrate the clocks before the first input event.
        let start = timeline.instant(server.serverTime())
        let size = server.screenSize()
        _ = router.feed(.screen(width: size.width, height: size.height), at: start)
        watcher = WindowWatcher(server: server) { [unowned self] event in _ = self.router.feed(event, at: self.timeline.now) }
        watcher.start()
        logger.info("running on \(server.displayName): \(watcher.known.count) windows, touch \(router.touchMode.rawValue)\(router.gesturesGrabbed ? ", touchpad gestures grabbed" : "")")
        let xfd = server.connectionNumber
        while running {
            while let event = server.nextEvent() {
                if options.stats { measure(event) } else { dispatch(event) }
            }
            session.engine.advance(to: timeline.now)
            router.settle()
            server.flush()
            performer.reapChildren()
            if !running { break }
            // Xlib may hold events already read from the socket: never sleep on those.
            if server.hasPendingEvents { continue }
            // A negative fd is ignored by poll (no inotify).
            var fds = [pollfd(fd: xfd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signalPipe[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0)]
            if let monitors { fds += monitors.pollDescriptors() }
            let timeout = session.engine.nextDeadline.map { timeline.millisecondsUntil($0) } ?? -1
            let n = poll(&fds, nfds_t(fds.count), timeout)
            wakeups += 1
            idleWakeups += 1
            if n < 0 && errno != EINTR {
                logger.error("poll failed: \(String(cString: strerror(errno)))")
                break
            }
            if fds[1].revents != 0 { handleSignals() }
            if inotifyFD >= 0 && fds[2].revents != 0 { handleConfigurationChange() }
            if let monitors, fds.count > 3 { monitors.handle(fds[3...]) }
        }
        shutdown()
        return strokeFailed ? 1 : 0
    }

    private func dispatch(_ event: XInputEvent) {
        switch event {
        case .propertyChanged, .configured, .destroyed:
            watcher.handle(event)
        case .screenChanged:
            let size = server.screenSize()
            let monitors = server.monitors()
            logger.info("screen is now \(Int(size.width))x\(Int(size.height)), monitors: \(monitors.map { "\($0.name) \(Int($0.width))x\(Int($0.height))+\(Int($0.x))+\(Int($0.y))" }.joined(separator: ", "))")
            _ = router.feed(.screen(width: size.width, height: size.height), at: timeline.now)
            router.refreshDevices()
        default:
            router.handle(event)
        }
    }

    private var latencies: [Int64] = []
    private var actionsPerformed = 0
    private var lastEventAt = ServerTimeline.monotonicNanoseconds()
    private var idleWakeups = 0

    /// Dispatches with a flush of its own, timing the events that fire actions.
    private func measure(_ event: XInputEvent) {
        let before = ServerTimeline.monotonicNanoseconds(), actions = actionsPerformed
        dispatch(event)
        server.flush()
        if actionsPerformed > actions { latencies.append(ServerTimeline.monotonicNanoseconds() - before) }
        lastEventAt = ServerTimeline.monotonicNanoseconds()
        idleWakeups = 0
    }

    private func reportStats() {
        let sorted = latencies.sorted()
        func pct(_ p: Double) -> String {
            guard !sorted.isEmpty else { return "-" }
            let v = sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
            return String(format: "%.1f µs", Double(v) / 1000)
        }
        let idle = Double(ServerTimeline.monotonicNanoseconds() - lastEventAt) / 1e9
        // The signal that stops the daemon wakes it once: that one is not idling.
        let wakes = max(0, idleWakeups - 1)
        logger.notice("stats: \(sorted.count) events with actions, X event read → actions flushed: p50 \(pct(0.5)), p99 \(pct(0.99)), max \(pct(1.0)); idle \(String(format: "%.1f", idle)) s after the last event: \(wakes) wake-ups (\(String(format: "%.2f", idle > 0 ? Double(wakes) / idle : 0))/s)")
    }

    private func shutdown() {
        if options.stats { reportStats() }
        logger.info("stopping: releasing undecided touches, keys and grabs")
        router.shutdown()
        performer.releaseTemporaryKeycodes()
        server.sync()
        try? recordFile?.close()
        monitors?.shutDown()
        if lockFD >= 0 { close(lockFD) }
    }

    /// Stops the loop at its next turn (tests and signals).
    public func stop() { running = false }

    // MARK: Signals and reload

    private func setUpSignals() {
        guard pipe(&signalPipe) == 0 else { return }
        for fd in signalPipe {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGCHLD]
        _ = signals.withUnsafeBufferPointer { cx11_install_signal_pipe(signalPipe[1], $0.baseAddress, Int32($0.count)) }
    }

    private func handleSignals() {
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(signalPipe[0], &buffer, buffer.count)
        guard n > 0 else { return }
        for s in buffer[0..<n] {
            switch Int32(s) {
            case SIGTERM, SIGINT:
                logger.info("signal \(s == UInt8(SIGTERM) ? "TERM" : "INT"): stopping")
                running = false
            case SIGHUP:
                logger.info("signal HUP: reloading the configuration")
                reload()
            case SIGCHLD:
                performer.reapChildren()
            default: break
            }
        }
    }

    private var watchedName: String?

    /// inotify on the configuration's directory: editors replace files by renaming.
    private func watchConfiguration() {
        guard let path = configurationPath else {
            // The built-in default: watch where the user's file would appear.
            guard let first = ConfigurationLocator.candidates(environment: options.environment).first else { return }
            return watch(first)
        }
        watch(path)
    }

    private func watch(_ path: String) {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        watchedName = url.lastPathComponent
        inotifyFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotifyFD >= 0 else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        if inotify_add_watch(inotifyFD, dir, mask) < 0 {
            logger.debug("not watching \(dir) for changes: \(String(cString: strerror(errno)))")
            close(inotifyFD)
            inotifyFD = -1
        }
    }

    private func handleConfigurationChange() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var relevant = false
        while true {
            let n = read(inotifyFD, &buffer, buffer.count)
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let lengthOffset = MemoryLayout<inotify_event>.offset(of: \inotify_event.len)!
                let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + lengthOffset, as: UInt32.self)) }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(n, nameStart + length)].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == watchedName { relevant = true }
                offset = nameStart + length
            }
        }
        if relevant {
            logger.info("the configuration file changed: reloading")
            reload()
        }
    }

    /// Loads the configuration again; an invalid file keeps the old one (errors logged).
    public func reload() {
        let source: ConfigurationLocator.Source
        do {
            source = try Self.locate(options)
        } catch {
            logger.error("\(error); keeping the current configuration")
            return
        }
        guard let file = Self.load(source, logger: logger) else {
            logger.error("\(source.displayName) has errors: keeping the configuration loaded before")
            monitorNote("{\"kind\":\"reload\",\"configuration\":\(jsonString(source.displayName)),\"result\":\"kept the old one\",\"message\":\"the file has errors (tactus check \(source.path ?? "") shows them)\"}")
            return
        }
        configuration = file
        configurationPath = source.path
        session.runtime.apply(file)
        if !options.observeOnly, file.settings.pointer != router.trigger { router.setTrigger(file.settings.pointer) }
        prepareKeys()
        server.flush()
        configurationName = source.displayName
        logger.info("configuration reloaded: \(source.displayName) (\(file.profiles.count) profiles)")
        monitorNote("{\"kind\":\"reload\",\"configuration\":\(jsonString(source.displayName)),\"result\":\"loaded\",\"message\":\"\(file.profiles.count) profiles\"}")
    }

    /// Keysyms the profiles press that the keyboard map lacks get their spare keycodes now.
    private func prepareKeys() {
        guard !options.observeOnly else { return }
        let bound = performer.prepareKeys(configuration.keyNames)
        if !bound.isEmpty { logger.debug("bound spare keycodes ahead for \(bound.joined(separator: ", ")) (not in the keyboard map)") }
    }

    // MARK: Output

    public func perform(_ request: ActionRequest) {
        if let formatter { emit(formatter.line(request)) }
        if let monitors, monitors.hasClients { monitors.broadcast(monitorFormatter.line(request)) }
        logger.debug("action: \(request.gesture) \(request.state) → \(request.action.description)\(request.window.map { " on window \($0.id) (\($0.windowClass))" } ?? "")")
        guard !options.observeOnly else { return }
        performer.perform(request)
        actionsPerformed += 1
    }

    public func observe(_ observation: Observation) {
        if let formatter, let line = formatter.line(observation) { emit(line) }
        if let monitors, monitors.hasClients, let line = monitorFormatter.line(observation) { monitors.broadcast(line) }
        if case .state(let r, let from, let to, _, _) = observation, logger.logLevel <= .debug {
            logger.debug("gesture \(r.name) on \(r.view?.path ?? "?"): \(from.name(continuous: r.isContinuous)) → \(to.name(continuous: r.isContinuous))")
        }
    }

    private func emit(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
    }

    /// Every input event the router feeds the session: to the recording, the stroke being
    /// drawn, and the monitors (a touch's first line names its window and view).
    private func inputSeen(_ event: InputEvent, at t: Instant) {
        if recordFile != nil { record(event, at: t) }
        if let path = options.strokePath { collectStroke(event, into: path) }
        guard let monitors, monitors.hasClients else { return }
        var line = TraceWriter.line(event, time: t.milliseconds)
        var firstContact: Point?
        if case .touch(let e) = event, e.phase == .began { firstContact = e.location }
        if case .pointer(.down, _, let p) = event { firstContact = p }
        switch event {
        case .touch, .pointer:
            guard let p = firstContact else { break }
            line.removeLast()
            if let w = session.runtime.window(at: p) { line += ",\"window\":\(w.id),\"class\":\(jsonString(w.windowClass))" }
            if let v = session.engine.root.hitTest(p) { line += ",\"view\":\(jsonString(v.path))" }
            line += "}"
        case .window(let u):
            // Only what a person watching cares about: windows appearing and focus.
            guard u.windowClass != nil || u.focused == true else { return }
            let info = session.runtime.windows.info(u.id)
            line = "{\"t\":\(formatNumber(t.milliseconds)),\"kind\":\"window\",\"id\":\(u.id)"
            if let info { line += ",\"class\":\(jsonString(info.windowClass))" } else if let c = u.windowClass { line += ",\"class\":\(jsonString(c))" }
            if u.focused == true { line += ",\"focused\":true" }
            if let info, let p = session.runtime.matchingProfile(for: info) { line += ",\"profile\":\(jsonString(p.name))" }
            line += "}"
        case .screen:
            return
        default:
            break
        }
        monitors.broadcast(line)
    }

    private func helloLine() -> String {
        "{\"kind\":\"hello\",\"version\":\(jsonString(Daemon.version)),\"display\":\(jsonString(server.displayName)),\"pid\":\(getpid()),\"configuration\":\(jsonString(configurationName)),\"profiles\":\(configuration.profiles.count),\"touch\":\(jsonString(router.touchMode.rawValue))}"
    }

    private func monitorNote(_ line: String) {
        guard let monitors, monitors.hasClients else { return }
        monitors.broadcast(line)
    }

    /// The exit status when another daemon holds the display (the systemd unit does not
    /// restart on it).
    public static let alreadyRunningStatus: Int32 = 75

    /// The version `tactus --version` prints.
    public static let version = "0.2.0"

    private var strokeTouch: TouchID?
    private var strokePoints: [Point] = []

    /// The first touch (or button-1 drag) from down to up, written as "x y" lines.
    private func collectStroke(_ event: InputEvent, into path: String) {
        switch event {
        case .touch(let e):
            if strokeTouch == nil, e.phase == .began { strokeTouch = e.id }
            guard strokeTouch == e.id else { return }
            strokePoints.append(e.location)
            if e.phase.isFinal { finishStroke(path) }
        case .pointer(let phase, let button, let p):
            if strokeTouch == nil, phase == .down, button == 1 { strokeTouch = .pointer(1) }
            guard strokeTouch == .pointer(1) else { return }
            strokePoints.append(p)
            if phase == .up { finishStroke(path) }
        default:
            return
        }
    }

    private func finishStroke(_ path: String) {
        running = false
        var points: [Point] = []
        for p in strokePoints where points.last != p { points.append(p) }
        guard points.count >= 2 else {
            logger.error("the stroke has fewer than two distinct points: nothing written; draw a longer shape")
            strokeFailed = true
            return
        }
        var text = "# stroke \(options.strokeName ?? "") recorded by tactus: \(points.count) points, x y per line\n"
        for p in points { text += "\(formatNumber(p.x)) \(formatNumber(p.y))\n" }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            logger.notice("stroke \(options.strokeName ?? ""): \(points.count) points written to \(path); use it as { name: \(options.strokeName ?? ""), file: \(path) }")
        } catch {
            logger.error("\(path): cannot write the stroke: \(error.localizedDescription)")
            strokeFailed = true
        }
    }

    private var strokeFailed = false

    private func record(_ event: InputEvent, at t: Instant) {
        guard let recordFile else { return }
        if recordOrigin == nil { recordOrigin = t }
        let ms = max(lastRecordTime, t.milliseconds - recordOrigin!.milliseconds)
        lastRecordTime = ms
        recordFile.write(Data((TraceWriter.line(event, time: ms) + "\n").utf8))
    }
}
