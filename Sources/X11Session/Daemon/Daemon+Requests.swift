import GestureProfiles
import GestureTraces
import SystemCalls

/// Questions clients ask the running daemon on its socket (a request line, one answer line).
extension Daemon {
    /// The answer to `line`, nil when it is not a request.
    func answer(_ line: Substring) -> String? {
        guard WindowsAnswer.isRequest(line) else { return nil }
        let windows = session.windows.all
        return WindowsAnswer(configuration: configurationName, pid: CurrentProcess.id, windows: windows,
                             profiles: windows.map { session.runtime.matchingProfile(for: $0)?.name },
                             touches: windows.map { session.runtime.programTouch(for: $0) },
                             screenProfiles: WindowReport.screenProfileNames(configuration),
                             hasWindowManager: watcher?.tracker.hasWindowManager ?? false,
                             windowManagerGuide: performer.windowManagerGuide).line
    }
}
