import FoundationEssentials
import GestureEngine
import GestureProfiles
import GestureTraces
import Logging
import SystemCalls

/// `tactus run` (and `record`): one event loop that owns the display, sleeps in `poll()`
/// until the server, a signal, the configuration file, a monitor client or the engine's next
/// deadline needs it (no periodic wake-ups), feeds the engine, answers touch ownership and
/// performs actions.
///
/// This file: start-up and the loop. `Daemon+Configuration.swift`: reloads and signals;
/// `Daemon+Output.swift`: the event log, the monitor stream, the recording and stroke
/// capture; `Daemon+Feedback.swift`: the on-screen feedback. The parts are their own types: ``InstanceLock``, ``ConfigurationWatcher``,
/// ``TraceRecorder``, ``StrokeCapture``, ``MonitorChannel``, ``DaemonStats``.
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
    /// What the router asks about the windows, and what the window watcher tells it.
    let surroundings: SessionSurroundings
    public private(set) var watcher: WindowWatcher!
    /// The screen's size and monitors, and the touchscreens mapped onto them.
    let screen: ScreenFollower
    public let performer: ActionPerformer
    public var logger: Logger
    var configuration: ProfileFile
    var configurationPath: String?
    /// The text the configuration was loaded from.
    var configurationText = ""
    /// How the configuration is named in logs and the monitor.
    var configurationName = ""
    let formatter: EventLogFormatter?
    /// The event log on standard output (`--log`): never waits for its reader.
    let eventLog: LineOutput?
    /// The event log's reader went away (said once).
    var eventLogReaderGone = false
    private var lock: InstanceLock?
    /// `tactus monitor` clients (nil without the lock: observe-only runs have none).
    var monitors: MonitorChannel?
    let monitorFormatter = EventLogFormatter(format: .json)
    var recorder: TraceRecorder?
    var strokes: StrokeCapture?
    var strokeFailed = false
    var signals: SignalPipe?
    var configurationWatcher: ConfigurationWatcher?
    /// The on-screen feedback overlay (nil: off).
    var feedback: FeedbackOverlay?
    private let stats: DaemonStats?
    var actionsPerformed = 0
    var running = true
    /// Start-up, a reload or many windows closing freed heap memory: set until the loop next
    /// sleeps with nothing to do (``giveBackFreedMemory()``).
    var heapMayShrink = true
    var windowsClosedSinceTrim = 0
    /// The service manager's notification socket (systemd's `Type=notify`), when it listens.
    let serviceNotifier: ServiceNotifier?
    /// When the next watchdog ping is due (monotonic ns); nil without a watchdog.
    var nextWatchdogPing: Int64?
    /// Whether the event being dispatched is the last one queued (a touch frame ends with it).
    var lastOfQueue = true
    /// Wake-ups of the loop (the idle benchmark reads it).
    public private(set) var wakeups = 0

    /// Opens the display, takes the per-display lock, loads the configuration (a broken
    /// file at start is an error: nothing half-applied), and sets up input and windows.
    public init(options: Options, logger: Logger) throws {
        self.options = options
        self.logger = logger
        // Read first and taken out of the environment: the commands the daemon starts must
        // not speak to the service manager for it.
        serviceNotifier = options.observeOnly && options.recordPath != nil ? nil : ServiceNotifier.fromEnvironment()
        let env = options.environment
        server = try Self.openServer(display: options.display, environment: env)
        server.exitOnConnectionLoss()
        if let w = env["WAYLAND_DISPLAY"], !w.isEmpty {
            logger.warning("Wayland session (\(w)): through XWayland Tactus sees only X applications' input")
        }
        let source = try Self.locate(options)
        guard let file = Self.load(source, logger: logger) else {
            throw StartError(description: "\(source.displayName) has errors (above); nothing started")
        }
        configuration = file
        configurationPath = source.path
        configurationText = source.text
        formatter = options.logFormat.map { EventLogFormatter(format: $0) }
        eventLog = formatter.map { [timeline] formatter in
            LineOutput(.standardOutput) { formatter.dropped(timeline.now.milliseconds, lines: $0) }
        }
        stats = options.stats ? DaemonStats() : nil
        let size = server.screenSize()
        session = GestureSession(configuration: file, screen: Rect(x: 0, y: 0, width: size.width, height: size.height), clock: timeline)
        surroundings = SessionSurroundings(server: server, runtime: session.runtime, logger: logger)
        router = InputRouter(server: server, session: session, surroundings: surroundings, timeline: timeline, logger: logger)
        performer = ActionPerformer(server: server)
        screen = ScreenFollower(server: server, logger: logger)
        performer.log = { [logger] in logger.notice("\($0)") }
        performer.logger = logger
        performer.touchHoldsPointer = { [unowned router] in router.touchHoldsPointer }
        performer.pointerUsed = { [unowned router] in router.pointerUsedByAnAction() }
        performer.report = { [unowned self] subject, message, problem in self.inputReport(subject, message, problem: problem) }
        if !options.observeOnly { try takeLock() }
        if let path = options.recordPath {
            do { recorder = try TraceRecorder(path: path) } catch { throw StartError(description: "\(error)") }
        }
        if let name = options.strokeName, let path = options.strokePath { strokes = StrokeCapture(name: name, path: path) }
        router.recorder = { [unowned self] event, t in self.inputSeen(event, at: t) }
        session.runtime.sink = self
        session.engine.addObserver(self)
        session.runtime.pendingActionChanged = { [unowned self] held in self.pendingActionChanged(held) }
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

    /// One daemon per display (the server's selection, then the runtime folder's lock), and
    /// the monitor socket beside it.
    private func takeLock() throws {
        try claimDisplay()
        let files = RuntimeFiles(display: server.displayName, environment: options.environment)
        // The display is ours (the server said so above); a runtime folder that is not ours
        // alone — another local user may make /tmp/tactus-UID first — costs the monitor
        // socket, never the touchscreen.
        do {
            lock = try InstanceLock(files, display: server.displayName)
        } catch let e as InstanceLock.CannotCreate {
            logger.warning("\(e): tactus monitor and tactus windows cannot reach this daemon")
            return
        } catch let e as RuntimeFiles.UnsafeFolder {
            logger.warning("\(e): tactus monitor and tactus windows cannot reach this daemon")
            return
        }
        do {
            monitors = try MonitorChannel(path: files.socketPath)
            monitors?.hello = { [unowned self] in self.helloLine() }
            monitors?.droppedNotice = { [timeline] in MonitorLines.dropped(time: timeline.now, lines: $0) }
            monitors?.answer = { [unowned self] in self.answer($0) }
        } catch {
            logger.warning("no monitor socket (tactus monitor will not connect): \(error)")
        }
    }

    /// The exit status when another daemon holds the display (the systemd unit does not
    /// restart on it).
    public static let alreadyRunningStatus: Int32 = 75
    /// The exit status when another client took the display's selection from the running
    /// daemon: a failure, so that the systemd unit restarts it (a Tactus would never take it).
    public static let displayTakenStatus: Int32 = 4
    /// New windows read in one turn of the loop, at most: each takes several round trips
    /// (about 0.5 ms), so a touch waits for 8 at most, however many windows a client maps.
    static let windowsReadPerTurn = 8
    /// Another client took the display's selection.
    var displayTaken = false

    /// The version `tactus --version` prints.
    public static let version = "0.2.0"

    // MARK: Loop

    /// Runs until SIGTERM/SIGINT (or a recorded stroke). Returns the exit status.
    public func run() -> Int32 {
        // A reader of the event log or of the log that goes away is an error on the write
        // (the output stops), not the end of the daemon.
        CurrentProcess.ignoreBrokenPipes()
        setUpSignals()
        watchConfiguration()
        server.watchScreenChanges()
        router.start(observeOnly: options.observeOnly)
        prepareKeys()
        applyFeedbackSettings()
        // Calibrate the clocks before the first input event.
        let start = timeline.instant(server.serverTime())
        followScreen(at: start, starting: true)
        // Window events are fed at the time of the events around them, not now (a busy loop
        // runs ahead of its queue): a touch queued behind them keeps its own time.
        watcher = WindowWatcher(server: server, windows: session.windows) { [unowned self] event in self.router.feed(event, at: self.timeline.latestEvent) }
        watcher.log = { [unowned self] subject, message in
            self.logger.debug("\(subject) \(message)")
            self.monitorNote(MonitorLines.note(time: self.timeline.latestEvent, subject: subject, message: message))
        }
        // Xorg 21.1.7 crashes replaying a rejected touch into a passive grab on a destroyed
        // window (TouchOwnership.windowDestroyed); a close seen as an unmap or a list change
        // may come before the DestroyNotify.
        watcher.windowGone = { [unowned self] window in
            self.router.windowDestroyed(UInt64(window))
            self.surroundings.clientGone(window)
        }
        watcher.clientRead = { [unowned self] window in self.surroundings.clientRead(window) }
        watcher.start(readingAtMost: Self.windowsReadPerTurn)
        performer.findWindowManager()
        logger.info("running on \(server.displayName): \(session.windows.all.count) windows, touch \(router.touchMode.rawValue)\(router.gesturesGrabbed ? ", touchpad gestures grabbed" : "")")
        tellServiceManagerReady()
        let connection = FileDescriptor(rawValue: server.connectionNumber)
        while running {
            while let event = server.nextEvent() {
                // Input is matched against the windows as they are when it comes: the list
                // read again if it changed, and a new touch's window read if it is not yet.
                if event.isInput {
                    watcher.catchUp(readingAtMost: 0)
                    if case .touch(let touch) = event, touch.phase == .begin { watcher.prepareForTouch(at: touch.root) }
                }
                // A frame of touches ends at an event that does not continue it, or when the
                // queue is empty (never by waiting).
                lastOfQueue = !server.hasPendingEvents
                if let stats {
                    stats.measure(firedActions: { actionsPerformed }) {
                        dispatch(event)
                        server.flush()
                    }
                } else {
                    dispatch(event)
                }
            }
            router.endFrame()
            // A few of a burst of new windows a turn (each takes round trips to the server):
            // the events that came meanwhile, touches first, are not held behind the rest.
            watcher.catchUp(readingAtMost: Self.windowsReadPerTurn)
            session.engine.advance(to: timeline.now)
            router.settle()
            server.flush()
            drawFeedback()
            performer.reapChildren()
            if !running { break }
            // Xlib may hold events already read from the socket: never sleep on those.
            if server.hasPendingEvents { continue }
            var fds = [PollDescriptor(connection, .readable),
                       PollDescriptor(signals?.readEnd, .readable),
                       PollDescriptor(configurationWatcher?.descriptor, .readable),
                       eventLog?.pollDescriptor ?? PollDescriptor(nil, []),
                       StandardError.output.pollDescriptor ?? PollDescriptor(nil, [])]
            let monitorStart = fds.count
            if let monitors { fds += monitors.pollDescriptors() }
            let timeout = loopTimeout()
            // Idle: nothing due but, maybe, the watchdog's ping.
            if timeout < 0 || loopTimeout(includingWatchdog: false) < 0 { giveBackFreedMemory() }
            let result = poll(&fds, timeout: timeout)
            wakeups += 1
            stats?.wokeUp()
            pingWatchdogIfDue()
            if case .failure(let error) = result {
                logger.error("poll failed: \(error)")
                break
            }
            performer.expireFocusWait()
            if !fds[1].happened.isEmpty { handleSignals() }
            if !fds[2].happened.isEmpty { configurationEvents() }
            if !fds[3].happened.isEmpty { eventLogWritable() }
            if !fds[4].happened.isEmpty { StandardError.output.writeWaiting() }
            handleConfigurationChange()
            if let monitors, fds.count > monitorStart { monitors.handle(fds[monitorStart...]) }
        }
        shutdown()
        if displayTaken { return Self.displayTakenStatus }
        return strokeFailed ? 1 : 0
    }

    private func dispatch(_ event: XInputEvent) {
        // Anything but input comes after the touches gathered so far.
        if !event.isInput { router.endFrame() }
        if !event.isInput { performer.observe(event) }  // a window manager's answer to a request, or a new one
        switch event {
        case .destroyed(let window):
            router.windowDestroyed(UInt64(window))
            watcher.handle(event)
        case .propertyChanged(let window, let atom, let time):
            _ = timeline.instant(time)
            watcher.handle(event)
            if window == server.root, router.touchMode == .afterWindowManager, atom == server.atom("_NET_ACTIVE_WINDOW") || atom == server.atom("_NET_CLIENT_LIST") {
                router.windowManagerChangedFocus(clients: server.numbers(server.root, "_NET_CLIENT_LIST") ?? [])
            }
            if window == server.root, atom == server.atom("_NET_SUPPORTING_WM_CHECK") {
                surroundings.windowManagerCheckChanged()
                // A window manager that held the root's touch grab may have quit or been replaced.
                if router.touchMode == .afterWindowManager { router.windowManagerCheckChanged() }
            }
        case .configured, .mapped, .unmapped:
            watcher.handle(event)
            switch event {
            case .mapped(let window), .destroyed(let window): performer.windowMappedOrGone(window)  // a desktop show may wait for it
            default: break
            }
        case .windowManagerAnswered:
            router.windowManagerAnswered()
        case .selectionCleared(let selection):
            selectionCleared(selection)
        case .focusIn(let window):
            performer.windowFocused(window)
        case .screenChanged:
            followScreen(at: timeline.latestEvent)
        case .hierarchyChanged:
            mapTouchscreens()  // a touchscreen plugged in gets its monitor before its touches are read
            router.handle(event)
        case .topLevelAdded, .topLevelReparented:
            router.handle(event)
        default:
            router.handle(event, endingFrame: lastOfQueue)
            performer.pointerReleasedByTouch()
        }
    }


    private func shutdown() {
        tellServiceManagerStopping()
        if let stats { logger.notice("\(stats.report)") }
        logger.info("stopping: releasing undecided touches, keys and grabs")
        router.shutdown(awaitingEnds: { [unowned self] in self.awaitEnds(of: $0) })
        screen.touchscreens.restoreAll()
        let held = performer.releaseHeldKeys()
        if !held.isEmpty { logger.info("released the keys gestures held: \(held.map(\.description).joined(separator: ", "))") }
        let buttons = performer.releasePressedButtons()
        if !buttons.isEmpty { logger.info("released the pointer buttons a drag held: \(buttons.map(String.init).joined(separator: ", "))") }
        performer.releaseTemporaryKeycodes()
        feedback?.close()
        server.sync()
        recorder?.close()
        monitors?.shutDown()
        lock?.release()
        // What waits for a slow reader gets a moment, not a say in when the daemon ends.
        eventLog?.finish(milliseconds: 100)
        StandardError.output.finish(milliseconds: 100)
    }

    /// Stops the loop at its next turn (tests and signals).
    public func stop() { running = false }
}
