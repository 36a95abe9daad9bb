#if canImport(Glibc)
import Glibc
#endif

/// Unix stream sockets: a listener (owner-only, non-blocking) and a client connection.
package enum UnixSocket {
    /// Which step failed.
    package enum Failure: Error {
        case pathTooLong
        /// Creating the socket.
        case socket(SystemError)
        /// Binding, listening or connecting.
        case address(SystemError)
    }

    /// Binds and listens on `path` (a file already there is removed first: the caller knows
    /// it is stale). The socket is created under umask 077 (only its owner connects).
    package static func listen(at path: String, backlog: Int32 = 8) throws(Failure) -> FileDescriptor {
        var address = try self.address(path)
        FileSystem.remove(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socket(.current) }
        let bound = FileSystem.withUmask(0o077) {
            withUnsafePointer(to: &address) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
        guard bound == 0, Glibc.listen(fd, backlog) == 0 else {
            let error = SystemError.current
            Glibc.close(fd)
            throw .address(error)
        }
        return FileDescriptor(rawValue: fd)
    }

    /// A pending connection (non-blocking, close-on-exec), or nil when none waits.
    package static func accept(on listener: FileDescriptor) -> FileDescriptor? {
        let fd = Glibc.accept(listener.rawValue, nil, nil)
        guard fd >= 0 else { return nil }
        let client = FileDescriptor(rawValue: fd)
        client.setNonBlocking()
        client.setCloseOnExec()
        return client
    }

    /// Connects to the socket at `path` (a blocking descriptor).
    package static func connect(to path: String) throws(Failure) -> FileDescriptor {
        var address = try self.address(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socket(.current) }
        let ok = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else {
            let error = SystemError.current
            Glibc.close(fd)
            throw .address(error)
        }
        return FileDescriptor(rawValue: fd)
    }

    /// The user of the process at the other end of a connection (`SO_PEERCRED`), nil when
    /// the kernel does not say.
    /// Ends both directions of a connection: a read blocked on it (another thread's) returns
    /// the end of the stream. The descriptor stays open until its reader closes it.
    package static func shutdown(_ connection: FileDescriptor) {
        _ = Glibc.shutdown(connection.rawValue, Int32(SHUT_RDWR))
    }

    package static func peerUser(of connection: FileDescriptor) -> UInt32? {
        // Linux's struct ucred (pid, uid, gid), which Glibc declares only under _GNU_SOURCE.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(connection.rawValue, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              Int(length) == MemoryLayout.size(ofValue: credentials) else { return nil }
        return credentials.uid
    }

    /// The longest path a socket address holds.
    package static var maximumPathLength: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    private static func address(_ path: String) throws(Failure) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count <= maximumPathLength else { throw .pathTooLong }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        return address
    }
}
