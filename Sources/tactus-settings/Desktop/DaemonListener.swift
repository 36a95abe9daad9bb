import Dispatch
import X11Session

/// The running daemon's monitor stream (`tactus monitor --log json`'s lines), read on a
/// thread of its own and handed to the main loop a line at a time, until ``stop()``.
final class DaemonListener: @unchecked Sendable {
    private let connection: MonitorConnection

    /// Connects to the daemon of `$DISPLAY`; throws (saying how to start one) when none runs.
    init() throws {
        connection = try MonitorConnection(display: nil)
    }

    func start(_ line: @escaping @Sendable @MainActor (String) -> Void, ended: @escaping @Sendable @MainActor () -> Void) {
        DispatchQueue.global().async { [self] in
            connection.forEachLine { text in
                let copy = String(text)
                onMainLoop { line(copy) }
            }
            onMainLoop { ended() }
        }
    }

    func stop() { connection.stop() }
}
