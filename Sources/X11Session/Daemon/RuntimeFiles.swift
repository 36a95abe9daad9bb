import FoundationEssentials
import SystemCalls

/// Where a daemon keeps its per-display files: `$XDG_RUNTIME_DIR/tactus/display-N.lock` (the
/// one-instance lock, holding the pid) and `display-N.sock` (the monitor socket).
public struct RuntimeFiles {
    public let directory: String
    public let key: String

    public init(display: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { directory = runtime + "/tactus" } else { directory = "/tmp/tactus-\(CurrentProcess.userID)" }
        key = Self.displayKey(String(display.map { $0 == "/" ? "_" : $0 }))
    }

    public var lockPath: String { "\(directory)/display\(key).lock" }
    public var socketPath: String { "\(directory)/display\(key).sock" }

    /// `:0`, `:0.0`, `unix:0` → `-0`: the screen number does not make another display.
    static func displayKey(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return "-" + name }
        let host = name[..<colon]
        var number = String(name[name.index(after: colon)...])
        if let dot = number.firstIndex(of: ".") { number = String(number[..<dot]) }
        return (host.isEmpty || host == "unix" || host == "localhost" ? "" : "-" + host) + "-" + number
    }

    /// The pid of the daemon holding the lock, or nil when none runs on this display.
    public func runningDaemon() -> String? {
        guard let fd = try? FileDescriptor.open(lockPath, .readOnly) else { return nil }
        defer { fd.close() }
        if fd.tryLock(exclusive: false) {
            fd.unlock()
            return nil
        }
        return Self.pid(inLock: fd)
    }

    /// The pid a daemon wrote into its lock file ("?" when unreadable).
    static func pid(inLock fd: FileDescriptor) -> String {
        guard let bytes = fd.read(upTo: 31, at: 0), !bytes.isEmpty else { return "?" }
        return String(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace })
    }
}
