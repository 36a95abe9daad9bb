#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor. Every call Tactus makes on descriptors goes through here.
package struct FileDescriptor: Hashable, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    package static let standardOutput = FileDescriptor(rawValue: 1)
    package static let standardError = FileDescriptor(rawValue: 2)

    /// How to open a file.
    package struct OpenOptions: OptionSet, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }
        package static let readOnly = OpenOptions([])
        package static let readWrite = OpenOptions(rawValue: O_RDWR)
        package static let create = OpenOptions(rawValue: O_CREAT)
        /// Fails on a symbolic link instead of following it.
        package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
        /// Fails unless it is a directory.
        package static let directory = OpenOptions(rawValue: O_DIRECTORY)
        /// With `create`: fails when the file exists already.
        package static let exclusive = OpenOptions(rawValue: O_EXCL)
        package static let writeOnly = OpenOptions(rawValue: O_WRONLY)
        /// Does not wait (a FIFO without a writer opens at once).
        package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    }

    /// What `fstat` says of an open file.
    package struct Status: Sendable {
        package enum Kind: Sendable { case regular, directory, socket, other }
        package var kind: Kind
        package var owner: UInt32
        /// The permission bits (`0o700`…).
        package var permissions: UInt32
    }

    /// Opens `path` (always close-on-exec: no child inherits it).
    package static func open(_ path: String, _ options: OpenOptions, permissions: mode_t = 0o600) throws(SystemError) -> FileDescriptor {
        let fd = Glibc.open(path, options.rawValue | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Opens `name` in this directory (`openat`: the directory is the one checked, whatever
    /// happens to its path meanwhile), close-on-exec.
    package func openInside(_ name: String, _ options: OpenOptions, permissions: mode_t = 0o600) throws(SystemError) -> FileDescriptor {
        let fd = openat(rawValue, name, options.rawValue | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Its type, owner and permissions.
    package func status() -> Result<Status, SystemError> {
        var st = stat()
        guard fstat(rawValue, &st) == 0 else { return .failure(.current) }
        let kind: Status.Kind
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        return .success(Status(kind: kind, owner: st.st_uid, permissions: st.st_mode & 0o7777))
    }

    /// A pipe: the read end, then the write end (both close-on-exec).
    package static func pipe() throws(SystemError) -> (read: FileDescriptor, write: FileDescriptor) {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { throw .current }
        let ends = (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
        ends.0.setCloseOnExec()
        ends.1.setCloseOnExec()
        return ends
    }

    package func close() { _ = Glibc.close(rawValue) }

    /// Reads what is there, up to `count` bytes: empty at the end of the file; `.wouldBlock`
    /// on a non-blocking descriptor with nothing to read.
    package func read(upTo count: Int) -> Result<[UInt8], SystemError> {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = Glibc.read(rawValue, &buffer, count)
        guard n >= 0 else { return .failure(.current) }
        return .success(Array(buffer[0..<n]))
    }

    /// The first `limit` bytes of the file at `path` at most (a device such as `/dev/zero` is
    /// never read to its end); nil when it cannot be opened or read.
    package static func contents(ofFile path: String, limit: Int) -> [UInt8]? {
        guard let fd = try? open(path, .readOnly) else { return nil }
        defer { fd.close() }
        guard case .success(let bytes) = fd.readAll(limit: limit) else { return nil }
        return bytes
    }

    /// Reads until the end of the file or `limit` bytes, whichever comes first.
    package func readAll(limit: Int) -> Result<[UInt8], SystemError> {
        var bytes: [UInt8] = []
        while bytes.count < limit {
            switch read(upTo: min(1 << 16, limit - bytes.count)) {
            case .success(let chunk) where chunk.isEmpty: return .success(bytes)
            case .success(let chunk): bytes += chunk
            case .failure(.interrupted): continue
            case .failure(let e): return .failure(e)
            }
        }
        return .success(bytes)
    }

    /// Whether it is a directory; nil when `fstat` fails.
    package func isDirectory() -> Result<Bool, SystemError> {
        var st = stat()
        guard fstat(rawValue, &st) == 0 else { return .failure(.current) }
        return .success((st.st_mode & S_IFMT) == S_IFDIR)
    }

    /// Reads up to `count` bytes at `offset`, not moving the file position.
    package func read(upTo count: Int, at offset: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = pread(rawValue, &buffer, count, off_t(offset))
        return n >= 0 ? Array(buffer[0..<n]) : nil
    }

    /// Writes what the descriptor takes now: the number of bytes written.
    package func write(_ bytes: some Collection<UInt8>) -> Result<Int, SystemError> {
        let n = Array(bytes).withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress, $0.count) }
        return n >= 0 ? .success(n) : .failure(.current)
    }

    /// Writes every byte (retrying short writes and interruptions); false on an error.
    @discardableResult
    package func writeAll(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            switch write(rest) {
            case .success(let n): rest = rest.dropFirst(n)
            case .failure(.interrupted): continue
            case .failure: return false
            }
        }
        return true
    }

    /// Sends on a socket without raising SIGPIPE when the peer is gone; `wait: false` takes
    /// only what fits now (`MSG_DONTWAIT`), whatever the socket's own mode.
    package func send(_ bytes: some Collection<UInt8>, wait: Bool = true) -> Result<Int, SystemError> {
        let flags = MSG_NOSIGNAL | (wait ? 0 : MSG_DONTWAIT)
        let n = Array(bytes).withUnsafeBytes { Glibc.send(rawValue, $0.baseAddress, $0.count, Int32(flags)) }
        return n >= 0 ? .success(n) : .failure(.current)
    }

    /// Empties the file.
    package func truncate() { _ = ftruncate(rawValue, 0) }

    /// Flushes what was written to the disk (`fsync`).
    package func synchronize() -> Result<Void, SystemError> {
        fsync(rawValue) == 0 ? .success(()) : .failure(.current)
    }

    /// Sets the permission bits (`fchmod`).
    package func setPermissions(_ permissions: UInt32) -> Result<Void, SystemError> {
        fchmod(rawValue, mode_t(permissions)) == 0 ? .success(()) : .failure(.current)
    }

    package func setNonBlocking() { _ = fcntl(rawValue, F_SETFL, fcntl(rawValue, F_GETFL) | O_NONBLOCK) }

    package func setCloseOnExec() { _ = fcntl(rawValue, F_SETFD, FD_CLOEXEC) }

    /// An advisory lock on the whole file (`flock`), without waiting: false when another
    /// process holds a conflicting one.
    package func tryLock(exclusive: Bool) -> Bool {
        flock(rawValue, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0
    }

    package func unlock() { _ = flock(rawValue, LOCK_UN) }

    /// Whether a read would return at once (data, the end, or an error are there).
    package func hasDataReady() -> Bool {
        var p = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&p, 1, 0) > 0
    }

    /// Whether it is a terminal.
    package var isTerminal: Bool { isatty(rawValue) == 1 }
}
