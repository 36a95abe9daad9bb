import GestureEngine
import GestureProfiles
import GestureTraces
import SystemCalls

/// What the daemon tells: the event log on stdout (`--log`), the monitor stream (`tactus
/// monitor`), and the input it saw (to the recording, the stroke being captured, the
/// monitors); and the actions, performed.
extension Daemon {
    public func perform(_ request: ActionRequest) {
        if let formatter { emit(formatter.line(request)) }
        if let monitors, monitors.hasClients { monitors.broadcast(monitorFormatter.line(request)) }
        logger.debug("action: \(request.gesture) \(request.state) → \(request.action.description)\(request.window.map { " on window \($0.id) (\($0.windowClass))" } ?? "")")
        guard !options.observeOnly else { return }
        noteForFeedback(request)
        performer.perform(request)
        actionsPerformed += 1
    }

    public func observe(_ observation: Observation) {
        // What the application waited, on the wall clock: from the touch's server time to now,
        // when the verdict goes out (more than the event times say when the loop was busy).
        var held: Double?
        if case .verdict(let d) = observation { held = max(d.heldMilliseconds, ((timeline.now - d.touchBegan) * 1000).rounded()) }
        if let formatter, let line = formatter.line(observation, heldMilliseconds: held) { emit(line) }
        if let monitors, monitors.hasClients, let line = monitorFormatter.line(observation, heldMilliseconds: held) { monitors.broadcast(line) }
        if case .state(let r, let from, let to, _, _) = observation, logger.logLevel <= .debug {
            logger.debug("gesture \(r.name) on \(r.view?.path ?? "?"): \(from.name(continuous: r.isContinuous)) → \(to.name(continuous: r.isContinuous))")
        }
    }

    /// One line of the event log on stdout: written now, kept for a slow reader, or dropped
    /// (and counted in a `dropped` line) — never waited for.
    private func emit(_ line: String) {
        guard let eventLog else { return }
        eventLog.write(line)
        if eventLog.readerGone { eventLogReaderLeft() }
    }

    /// Standard output became writable: what waited for the event log's reader goes out.
    func eventLogWritable() {
        eventLog?.writeWaiting()
        if eventLog?.readerGone == true { eventLogReaderLeft() }
    }

    private func eventLogReaderLeft() {
        guard !eventLogReaderGone else { return }
        eventLogReaderGone = true
        logger.warning("the event log's reader is gone (standard output is closed): the daemon goes on without it")
    }

    /// Every input event the router feeds the session: to the recording, the stroke being
    /// drawn, and the monitors.
    func inputSeen(_ event: InputEvent, at t: Instant) {
        recorder?.record(event, at: t)
        if case .windowClosed = event { windowClosed() }
        if let outcome = strokes?.follow(event) { strokeFinished(outcome) }
        guard let monitors, monitors.hasClients else { return }
        if case .touches(let frame) = event {
            for touch in frame { monitors.broadcast(monitorLine(touch, at: t)) }
        } else if let line = monitorLine(event, at: t) {
            monitors.broadcast(line)
        }
    }

    /// The monitor's line for one touch of a frame: its first names its window and view.
    private func monitorLine(_ touch: TouchPoint, at t: Instant) -> String {
        guard touch.phase == .began else { return TraceWriter.touchObject(touch, time: t.milliseconds).line }
        session.runtime.applyStacking()
        let p = touch.location
        return MonitorLines.touch(touch, time: t, window: session.runtime.window(at: p), view: session.engine.root.hitTest(p)?.path)
    }

    /// The monitor's line for an input event (nil: the monitor leaves it out). A touch's
    /// first line names its window and view; of window events, only what a person watching
    /// cares about: windows appearing, and focus.
    private func monitorLine(_ event: InputEvent, at t: Instant) -> String? {
        switch event {
        case .pointer(.down, _, let p, _):
            return firstContact(event, at: p, time: t)
        case .window(let u):
            guard u.windowClass != nil || u.focused == true else { return nil }
            let info = session.windows.info(u.id)
            return MonitorLines.window(time: t, id: u.id, windowClass: info?.windowClass ?? u.windowClass, focused: u.focused == true,
                                       profile: info.flatMap { session.runtime.matchingProfile(for: $0)?.name })
        case .screen:
            return nil
        case .windowClosed(let id) where watcher?.hidden.contains(XWindowID(id)) == true:
            return nil  // the watcher's note says it is hidden, not closed
        default:
            return TraceWriter.line(event, time: t.milliseconds)
        }
    }

    private func firstContact(_ event: InputEvent, at p: Point, time: Instant) -> String {
        session.runtime.applyStacking()
        return MonitorLines.input(event, time: time, window: session.runtime.window(at: p), view: session.engine.root.hitTest(p)?.path)
    }

    func helloLine() -> String {
        MonitorLines.hello(version: Daemon.version, display: server.displayName, pid: CurrentProcess.id, configuration: configurationName,
                           profiles: configuration.profiles.count, touch: router.touchMode.rawValue)
    }

    func monitorNote(_ line: String) {
        guard let monitors, monitors.hasClients else { return }
        monitors.broadcast(line)
    }

    /// `record --stroke`: the stroke is drawn; the daemon stops either way.
    private func strokeFinished(_ outcome: StrokeCapture.Outcome) {
        running = false
        guard let strokes else { return }
        switch outcome {
        case .written(let count):
            logger.notice("stroke \(strokes.name): \(count) points written to \(strokes.path); use it as { name: \(strokes.name), file: \(strokes.path) }")
        case .tooShort:
            logger.error("the stroke has fewer than two distinct points: nothing written; draw a longer shape")
            strokeFailed = true
        case .cannotWrite(let error):
            logger.error("\(strokes.path): cannot write the stroke: \(error)")
            strokeFailed = true
        }
    }
}

extension Daemon {
    /// What became of keys and clicks that wait for their window: to the log, and the monitor.
    func inputReport(_ subject: String, _ message: String, problem: Bool) {
        if problem { logger.warning("\(subject) \(message)") } else { logger.info("\(subject) \(message)") }
        monitorNote(MonitorLines.note(time: timeline.now, subject: subject, message: message))
    }

    /// How long the loop may sleep: until the engine's next deadline, the feedback's next frame, keys waiting for a
    /// window give up, a change of the profile file settles, or (`includingWatchdog`) the
    /// service manager's watchdog is due its ping; -1 when nothing is due.
    func loopTimeout(includingWatchdog: Bool = true) -> Int32 {
        let now = UInt64(MonotonicClock.nanoseconds() / 1_000_000)
        let monotonic = [performer.focusDeadline, configurationWatcher?.deadline].compactMap { $0 }.map { Int32(clamping: $0 > now ? $0 - now : 0) }
            + [includingWatchdog ? millisecondsUntilWatchdogPing : nil].compactMap { $0 }
        let all = monotonic + [session.engine.nextDeadline, router.nextDeadline, feedback?.nextFrame].compactMap { $0 }.map { timeline.millisecondsUntil($0) }
            + (watcher?.hasUnread == true ? [0] : [])
        return all.min() ?? -1
    }
}
