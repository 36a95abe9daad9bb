import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import SystemCalls
import X11Session

/// Whether the daemon runs on this display, and starting it: through its systemd user unit
/// (`systemctl --user start tactus`), or, in a session without a user manager, as the
/// autostart entry starts it (`tactus run --autostart`).
enum DaemonControl {
    /// Whether a daemon answers on the monitor socket of `$DISPLAY`.
    static var isRunning: Bool { (try? MonitorConnection(display: nil)) != nil }

    /// Starts it, then calls `done` on the main loop with nil once it answers, or what went
    /// wrong (within five seconds).
    static func start(_ done: @escaping @Sendable @MainActor (String?) -> Void) {
        DispatchQueue.global().async {
            var tried: [String] = []
            for argv in [["systemctl", "--user", "start", "tactus.service"], ["tactus", "run", "--autostart"]] {
                let command = argv.joined(separator: " ")
                guard let child = try? ChildProcess.spawn(argv, stdout: .discard, stderr: .discard) else {
                    tried.append("\(command): not found")
                    continue
                }
                // systemctl returns once the unit started (or failed); tactus run goes on running.
                for _ in 0..<100 {
                    if isRunning {
                        onMainLoop { done(nil) }
                        return
                    }
                    if argv[0] == "systemctl", let status = ChildProcess.exitStatus(child.pid), status != 0 { break }
                    usleep(50_000)
                }
                tried.append("\(command) did not start it")
            }
            let why = tried.joined(separator: "; ")
            onMainLoop { done(why) }
        }
    }
}
