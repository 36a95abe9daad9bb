import FoundationEssentials
import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// Where a daemon keeps its per-display files: `$XDG_RUNTIME_DIR/tactus/display-N.lock` (the
/// one-instance lock, holding the pid) and `display-N.sock` (the monitor socket).
///
/// Without `XDG_RUNTIME_DIR` the folder is `$TMPDIR/tactus-UID` (`/tmp` without `TMPDIR`), a
/// name anyone can take first: so the folder is used only when it is ours alone (our own,
/// mode 0700, not a link), files in it are opened relative to it and never through a link,
/// and `tactus monitor` checks who is at the other end of the socket. A daemon that finds it
/// taken runs without its monitor socket.
public struct RuntimeFiles {
    public let directory: String
    public let key: String

    public init(display: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            directory = runtime + "/tactus"
        } else {
            let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            directory = "\(temporary)/tactus-\(CurrentProcess.userID)"
        }
        key = Self.displayKey(String(display.map { $0 == "/" ? "_" : $0 }))
    }

    public var lockPath: String { "\(directory)/\(lockName)" }
    public var socketPath: String { "\(directory)/display\(key).sock" }

    /// `:0`, `:0.0`, `unix:0` → `-0`: the screen number does not make another display.
    static func displayKey(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return "-" + name }
        let host = name[..<colon]
        var number = String(name[name.index(after: colon)...])
        if let dot = number.firstIndex(of: ".") { number = String(number[..<dot]) }
        return (host.isEmpty || host == "unix" || host == "localhost" ? "" : "-" + host) + "-" + number
    }

    /// The folder is not ours alone: what is wrong, and what to do.
    public struct UnsafeFolder: Error, CustomStringConvertible {
        public var path: String
        public var problem: String
        /// Whether it belongs to someone else (then only they, or an administrator, can remove it).
        public var othersFolder = false
        public var description: String {
            let remedy = othersFolder ? "set XDG_RUNTIME_DIR, or have its owner or an administrator remove it" : "remove it and it is made again, or set XDG_RUNTIME_DIR"
            return "\(path): \(problem); it holds the display's lock and monitor socket, so only a folder of yours that no one else may enter is used (\(remedy))"
        }
    }

    /// The folder, opened and checked: a directory (not a link), ours, mode 0700. `create`
    /// makes it first when it is missing; otherwise nil when there is none.
    func openFolder(create: Bool) throws(UnsafeFolder) -> FileDescriptor? {
        if create { FileSystem.makeDirectory(directory, permissions: 0o700) }
        let folder: FileDescriptor
        do {
            folder = try FileDescriptor.open(directory, [.directory, .noFollow])
        } catch {
            if error.code == ENOENT && !create { return nil }
            throw UnsafeFolder(path: directory, problem: error.code == ELOOP || error.code == ENOTDIR ? "not a folder (a link, or a file)" : "\(error)")
        }
        let problem: String?
        var others = false
        switch folder.status() {
        case .success(let status):
            problem = Self.problem(with: status, user: CurrentProcess.userID)
            others = status.owner != CurrentProcess.userID
        case .failure(let error):
            problem = "\(error)"
        }
        if let problem {
            folder.close()
            var error = UnsafeFolder(path: directory, problem: problem)
            error.othersFolder = others
            throw error
        }
        return folder
    }

    /// What makes a folder unfit for the lock and the socket, nil when it is ours alone.
    static func problem(with folder: FileDescriptor.Status, user: UInt32) -> String? {
        if folder.kind != .directory { return "not a folder" }
        if folder.owner != user { return "it belongs to uid \(folder.owner), not to you" }
        if folder.permissions != 0o700 { return "its mode is 0\(String(folder.permissions, radix: 8)), not 0700" }
        return nil
    }

    /// The lock file's name in the folder.
    var lockName: String { "display\(key).lock" }

    /// The pid of the daemon holding the lock, or nil when none runs on this display (or the
    /// folder is not ours alone: no daemon of ours would use it).
    public func runningDaemon() -> String? {
        guard let folder = try? openFolder(create: false) else { return nil }
        defer { folder.close() }
        guard let fd = try? folder.openInside(lockName, [.readOnly, .noFollow]) else { return nil }
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
