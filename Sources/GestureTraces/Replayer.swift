import GestureEngine
import GestureProfiles
import SystemCalls

/// Runs a trace through the engine and the profiles, deterministically and without an X
/// server, writing the event log. After the last line the clock runs on until no deadline
/// is pending, so gestures that resolve by timeout still resolve.
public final class Replayer: ActionSink {
    public let session: GestureSession
    public var engine: GestureEngine { session.engine }
    public var runtime: ProfileRuntime { session.runtime }
    private let clock = ManualClock()
    private let formatter: EventLogFormatter
    private let write: (String) -> Void
    private let execute: Bool
    private let keepsActions: Bool
    private let logObserver: LogObserver
    private var children: [Int32] = []
    /// Every action fired, in order (for tests and summaries), unless `keepActions` was false.
    public private(set) var actions: [ActionRequest] = []
    /// Called before a command runs (`execute`), so that the log written so far is out first.
    public var beforeCommand: () -> Void = {}

    /// - Parameters:
    ///   - execute: run `command` and `shell` actions for real (never keys, clicks or
    ///     window requests: those need the X session).
    ///   - keepActions: keep every action in ``actions`` (a long trace's would grow without end).
    ///   - write: receives each log line.
    public init(configuration: ProfileFile, screen: (width: Double, height: Double), format: LogFormat, execute: Bool = false,
                keepActions: Bool = true, write: @escaping (String) -> Void) {
        session = GestureSession(configuration: configuration, screen: Rect(x: 0, y: 0, width: screen.width, height: screen.height), clock: clock)
        formatter = EventLogFormatter(format: format)
        self.write = write
        self.execute = execute
        keepsActions = keepActions
        logObserver = LogObserver(formatter: formatter, write: write)
        session.runtime.sink = self
        session.engine.addObserver(logObserver)
    }

    public func run(_ lines: [TraceLine]) {
        for line in lines { feed(line) }
        finish()
    }

    /// Replays one line (a trace read as a stream: `TraceReader.stream`); touches come as the
    /// frames the reader built.
    public func feed(_ line: TraceLine) {
        let t = Instant(milliseconds: line.time)
        clock.advance(to: t)
        if case .touchpadBegan(let claimed) = session.handle(line.event, at: t), case .touchpad(let e) = line.event {
            write(formatter.touchpadLine(time: t, gesture: e.gesture.rawValue, fingers: e.fingers, claimed: claimed))
        }
    }

    /// After the last line: the deadlines still pending run out, and the commands started
    /// are waited for.
    public func finish() {
        engine.drainDeadlines()
        for pid in children { ChildProcess.wait(pid) }
        children = []
    }

    /// Logs only the actions from now on, not the engine's observations (faster, for tests
    /// that read ``actions``).
    public func stopLoggingObservations() {
        engine.removeObserver(logObserver)
    }

    /// Writes what the engine observes to the log. An object apart from the replayer: the
    /// engine keeps its observers, and the replayer keeps the engine.
    private final class LogObserver: GestureObserver {
        let formatter: EventLogFormatter
        let write: (String) -> Void
        init(formatter: EventLogFormatter, write: @escaping (String) -> Void) {
            self.formatter = formatter
            self.write = write
        }
        func observe(_ observation: Observation) {
            if let line = formatter.line(observation) { write(line) }
        }
    }

    public func perform(_ request: ActionRequest) {
        if keepsActions { actions.append(request) }
        write(formatter.line(request))
        guard execute else { return }
        // Reap what has finished, so that a long trace does not keep every child.
        children.removeAll { ChildProcess.reap($0) }
        // As the daemon runs them: without a shell (unless `shell:`), with a clean signal state.
        let argv: [String], environment: [String]?
        switch request.action {
        case .command(let words):
            guard !words.isEmpty else { return }
            (argv, environment) = (words, nil)
        case .shell(let script, let variables):
            (argv, environment) = (["/bin/sh", "-c", script], ChildProcess.environment(merging: variables))
        default:
            return
        }
        beforeCommand()
        do {
            children.append(try ChildProcess.spawn(argv, environment: environment).pid)
        } catch let e as ChildProcess.SpawnError {
            write(formatter.error(request.time.milliseconds, "cannot run \(request.action): \(SystemError(code: e.code))"))
        } catch {
            write(formatter.error(request.time.milliseconds, "cannot run \(request.action): \(error)"))
        }
    }
}
