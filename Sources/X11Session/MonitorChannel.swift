#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where a daemon keeps its per-display files: `$XDG_RUNTIME_DIR/tactus/display-N.lock` (the
/// one-instance lock, holding the pid) and `display-N.sock` (the monitor socket).
public struct RuntimeFiles {
    public let directory: String
    public let key: String

    public init(display: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { directory = runtime + "/tactus" } else { directory = "/tmp/tactus-\(getuid())" }
        key = Self.displayKey(display.replacingOccurrences(of: "/", with: "_"))
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
        let fd = open(lockPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return nil
        }
        return Self.pid(inLock: fd)
    }

    /// The pid a daemon wrote into its lock file ("?" when unreadable).
    static func pid(inLock fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = pread(fd, &buffer, 31, 0)
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : "?"
    }
}

/// The daemon's monitor socket: `tactus monitor` connects and reads JSON lines of what the
/// daemon sees and decides. Writing never blocks the event loop: a client that falls more
/// than `maximumBacklog` bytes behind is disconnected.
final class MonitorChannel {
    let path: String
    private(set) var listener: Int32 = -1
    private struct Client { var fd: Int32; var pending: [UInt8] = [] }
    private var clients: [Client] = []
    let maximumBacklog = 1 << 20
    /// Called on each new client for its first line.
    var hello: () -> String = { "" }

    var hasClients: Bool { !clients.isEmpty }

    struct SocketError: Error, CustomStringConvertible { var description: String }

    /// Binds the socket. The caller holds the display lock, so a file already there is stale.
    init(path: String) throws {
        self.path = path
        var address = try Self.address(path)
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw SocketError(description: "socket: \(String(cString: strerror(errno)))") }
        let old = umask(0o077)
        let bound = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(old)
        guard bound == 0, listen(listener, 8) == 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(listener)
            listener = -1
            throw SocketError(description: "\(path): \(message)")
        }
    }

    /// The descriptors to poll: the listener, then each client (for hang-ups, and for
    /// writability while it has a backlog).
    func pollDescriptors() -> [pollfd] {
        var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        for c in clients { fds.append(pollfd(fd: c.fd, events: Int16(POLLIN) | (c.pending.isEmpty ? 0 : Int16(POLLOUT)), revents: 0)) }
        return fds
    }

    /// Handles what `poll` reported for the descriptors of `pollDescriptors()`.
    func handle(_ fds: ArraySlice<pollfd>) {
        var gone: Set<Int32> = []
        for f in fds.dropFirst() where f.revents != 0 {
            if f.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var scratch = [UInt8](repeating: 0, count: 256)
                // Clients send nothing: a read of 0 (or an error) is the hang-up.
                let n = read(f.fd, &scratch, scratch.count)
                if n <= 0 && !(n < 0 && errno == EAGAIN) { gone.insert(f.fd) }
            }
            if f.revents & Int16(POLLOUT) != 0, let i = clients.firstIndex(where: { $0.fd == f.fd }) { if !flush(i) { gone.insert(f.fd) } }
        }
        for fd in gone { drop(fd) }
        if let l = fds.first, l.revents & Int16(POLLIN) != 0 { accept() }
    }

    private func accept() {
        while true {
            let fd = Glibc.accept(listener, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            clients.append(Client(fd: fd))
            send(hello(), to: clients.count - 1)
        }
    }

    /// Sends one line to every client.
    func broadcast(_ line: String) {
        var i = 0
        while i < clients.count {
            if send(line, to: i) { i += 1 }
        }
    }

    /// false when the client was dropped.
    @discardableResult
    private func send(_ line: String, to i: Int) -> Bool {
        clients[i].pending.append(contentsOf: line.utf8)
        clients[i].pending.append(0x0A)
        if clients[i].pending.count > maximumBacklog || !flush(i) {
            drop(clients[i].fd)
            return false
        }
        return true
    }

    /// Writes what the socket takes now; false on a broken connection.
    private func flush(_ i: Int) -> Bool {
        while !clients[i].pending.isEmpty {
            let n = clients[i].pending.withUnsafeBytes { Glibc.send(clients[i].fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                clients[i].pending.removeFirst(n)
            } else if n < 0 && (errno == EAGAIN || errno == EINTR) {
                return true
            } else {
                return false
            }
        }
        return true
    }

    private func drop(_ fd: Int32) {
        Glibc.close(fd)
        clients.removeAll { $0.fd == fd }
    }

    /// Closes every connection and removes the socket.
    func shutDown() {
        for c in clients { Glibc.close(c.fd) }
        clients = []
        if listener >= 0 {
            Glibc.close(listener)
            unlink(path)
            listener = -1
        }
    }

    /// A Unix socket address for `path`.
    private static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw SocketError(description: "\(path): path too long for a socket") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        return address
    }

    /// Connects to a daemon's monitor socket (the `tactus monitor` side); a blocking fd.
    static func connect(path: String) throws -> Int32 {
        var address = try address(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SocketError(description: "socket: \(String(cString: strerror(errno)))") }
        let ok = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(fd)
            throw SocketError(description: message)
        }
        return fd
    }
}

/// `tactus monitor`'s side: the lines a running daemon streams.
public struct MonitorConnection {
    public let fd: Int32

    public struct ConnectError: Error, CustomStringConvertible { public var description: String }

    /// Connects to the daemon of `display` (nil: `$DISPLAY`).
    public init(display: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let name = display ?? environment["DISPLAY"], !name.isEmpty else {
            throw ConnectError(description: "DISPLAY is not set: pass --display :0 (the display the daemon runs on)")
        }
        let files = RuntimeFiles(display: name, environment: environment)
        do {
            fd = try MonitorChannel.connect(path: files.socketPath)
        } catch {
            throw ConnectError(description: "no tactus daemon is running on display \(name) (\(files.socketPath): \(error)); start one with 'tactus run' or 'systemctl --user start tactus'")
        }
    }

    /// Calls `body` with each line until the daemon closes the connection.
    public func forEachLine(_ body: (Substring) -> Void) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            buffer.append(contentsOf: chunk[0..<n])
            var start = 0
            while let nl = buffer[start...].firstIndex(of: 0x0A) {
                body(Substring(String(decoding: buffer[start..<nl], as: UTF8.self)))
                start = nl + 1
            }
            buffer.removeFirst(start)
        }
        close(fd)
    }
}
