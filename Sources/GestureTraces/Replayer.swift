import GestureEngine
import GestureProfiles
import SystemCalls

/// Runs a trace through the engine and the profiles, deterministically and without an X
/// server, writing the event log. After the last line the clock runs on until no deadline
/// is pending, so gestures that resolve by timeout still resolve.
public final class Replayer: GestureObserver, ActionSink {
    public let session: GestureSession
    public var engine: GestureEngine { session.engine }
    public var runtime: ProfileRuntime { session.runtime }
    private let clock = ManualClock()
    private let formatter: EventLogFormatter
    private let write: (String) -> Void
    private let execute: Bool
    private var children: [Int32] = []
    /// Every action fired, in order (for tests and summaries).
    public private(set) var actions: [ActionRequest] = []

    /// - Parameters:
    ///   - execute: run `command` and `shell` actions for real (never keys, clicks or
    ///     window requests: those need the X session).
    ///   - write: receives each log line.
    public init(configuration: ProfileFile, screen: (width: Double, height: Double), format: LogFormat, execute: Bool = false, write: @escaping (String) -> Void) {
        session = GestureSession(configuration: configuration, screen: Rect(x: 0, y: 0, width: screen.width, height: screen.height), clock: clock)
        formatter = EventLogFormatter(format: format)
        self.write = write
        self.execute = execute
        session.runtime.sink = self
        session.engine.addObserver(self)
    }

    public func run(_ lines: [TraceLine]) {
        for line in lines {
            let t = Instant(milliseconds: line.time)
            clock.advance(to: t)
            if case .touchpadBegan(let claimed) = session.handle(line.event, at: t), case .touchpad(let e) = line.event {
                write(formatter.touchpadLine(time: t, gesture: e.gesture.rawValue, fingers: e.fingers, claimed: claimed))
            }
        }
        engine.drainDeadlines()
        for pid in children { ChildProcess.wait(pid) }
    }

    public func observe(_ observation: Observation) {
        if let line = formatter.line(observation) { write(line) }
    }

    public func perform(_ request: ActionRequest) {
        actions.append(request)
        write(formatter.line(request))
        guard execute else { return }
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
        do {
            children.append(try ChildProcess.spawn(argv, environment: environment).pid)
        } catch let e as ChildProcess.SpawnError {
            write(formatter.error(request.time.milliseconds, "cannot run \(request.action): \(SystemError(code: e.code))"))
        } catch {
            write(formatter.error(request.time.milliseconds, "cannot run \(request.action): \(error)"))
        }
    }
}
