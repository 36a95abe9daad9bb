import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// One daemon per display: an exclusive `flock` on a file named after the display, holding
/// the daemon's pid (for the messages of a second one, and `tactus devices`).
final class InstanceLock {
    private let fd: FileDescriptor

    struct CannotCreate: Error, CustomStringConvertible {
        var path: String
        var error: SystemError
        var description: String { "\(path): cannot create the lock file: \(error)" }
    }

    /// Takes the lock of `files` (creating its directory), for `display`. The folder must be
    /// ours alone (`RuntimeFiles.UnsafeFolder` otherwise), and the lock is never opened
    /// through a link: the file written is the lock, whatever anyone planted.
    init(_ files: RuntimeFiles, display: String) throws {
        guard let folder = try files.openFolder(create: true) else {
            throw CannotCreate(path: files.directory, error: SystemError(code: ENOENT))
        }
        defer { folder.close() }
        do {
            fd = try folder.openInside(files.lockName, [.readWrite, .create, .noFollow], permissions: 0o600)
        } catch {
            throw CannotCreate(path: files.lockPath, error: error)
        }
        guard case .success(let status) = fd.status(), status.kind == .regular, status.owner == CurrentProcess.userID else {
            fd.close()
            throw CannotCreate(path: files.lockPath, error: SystemError(code: EPERM))
        }
        guard fd.tryLock(exclusive: true) else {
            let pid = RuntimeFiles.pid(inLock: fd)
            fd.close()
            throw Daemon.AlreadyRunning(display: display, pid: pid)
        }
        fd.truncate()
        fd.writeAll(Array("\(CurrentProcess.id)\n".utf8))
    }

    /// Lets the display go (closing the file drops the lock).
    func release() { fd.close() }
}

extension Daemon {
    /// Another daemon holds the display.
    public struct AlreadyRunning: Error, CustomStringConvertible {
        public var display: String
        public var pid: String
        public var description: String {
            "tactus is already running on display \(display) (pid \(pid)); stop it first (systemctl --user stop tactus, or kill \(pid)), or watch it with 'tactus monitor'"
        }
    }
}
