import SystemCalls

/// The daemon's monitor socket: `tactus monitor` connects and reads JSON lines of what the
/// daemon sees and decides; a client may instead write a request line (`tactus windows`)
/// and gets its answer, not the stream. Writing never blocks the event loop: a client that
/// falls more than `maximumBacklog` bytes behind loses lines from then on, and is told how
/// many when it catches up (a `dropped` line where the gap is).
final class MonitorChannel {
    let path: String
    private var listener: FileDescriptor?
    private struct Client {
        var fd: FileDescriptor
        var pending: LineBacklog
        /// What it wrote, up to the end of a line.
        var input: [UInt8] = []
        /// It asked something: it gets answers, not the stream.
        var asked = false
    }
    private var clients: [Client] = []
    let maximumBacklog = 1 << 20
    /// Called on each new client for its first line.
    var hello: () -> String = { "" }
    /// The answer to a request line (nil: not a request the daemon knows).
    var answer: (Substring) -> String? = { _ in nil }
    /// The line telling a client that `n` lines were dropped for it.
    var droppedNotice: (Int) -> String = { "{\"kind\":\"dropped\",\"lines\":\($0)}" }
    /// The longest request line read.
    let maximumRequest = 4096

    var hasClients: Bool { !clients.isEmpty }

    struct SocketError: Error, CustomStringConvertible { var description: String }

    /// Binds the socket. The caller holds the display lock, so a file already there is stale.
    init(path: String) throws {
        self.path = path
        do {
            listener = try UnixSocket.listen(at: path)
        } catch {
            throw SocketError(error, path: path, connecting: false)
        }
    }

    /// The descriptors to poll: the listener, then each client (for hang-ups, and for
    /// writability while it has a backlog).
    func pollDescriptors() -> [PollDescriptor] {
        [PollDescriptor(listener, .readable)] + clients.map { PollDescriptor($0.fd, $0.pending.isEmpty ? .readable : [.readable, .writable]) }
    }

    /// Handles what `poll` reported for the descriptors of `pollDescriptors()`.
    func handle(_ fds: ArraySlice<PollDescriptor>) {
        var gone: Set<FileDescriptor> = []
        for f in fds.dropFirst() where !f.happened.isEmpty {
            guard let fd = f.fd else { continue }
            if !f.happened.isDisjoint(with: [.readable, .hangUp, .error]) {
                // A read of 0 (or an error) is the hang-up; otherwise a request.
                switch fd.read(upTo: 1024) {
                case .success(let bytes) where bytes.isEmpty: gone.insert(fd)
                case .success(let bytes): if !received(bytes, from: fd) { gone.insert(fd) }
                case .failure(let e) where e != .wouldBlock: gone.insert(fd)
                default: break
                }
            }
            if f.happened.contains(.writable), let i = clients.firstIndex(where: { $0.fd == fd }) { if !flush(i) { gone.insert(fd) } }
        }
        for fd in gone { drop(fd) }
        if let l = fds.first, l.happened.contains(.readable) { accept() }
    }

    private func accept() {
        guard let listener else { return }
        while let fd = UnixSocket.accept(on: listener) {
            clients.append(Client(fd: fd, pending: LineBacklog(limit: maximumBacklog, notice: { [unowned self] in self.droppedNotice($0) })))
            send(hello(), to: clients.count - 1)
        }
    }

    /// Sends one line to every client that watches the stream.
    func broadcast(_ line: String) {
        var i = 0
        while i < clients.count {
            if clients[i].asked || send(line, to: i) { i += 1 }
        }
    }

    /// Bytes a client wrote: each whole line is a request, answered at once. false when the
    /// client is to be dropped (a line longer than any request).
    private func received(_ bytes: [UInt8], from fd: FileDescriptor) -> Bool {
        guard let i = clients.firstIndex(where: { $0.fd == fd }) else { return true }
        clients[i].input += bytes
        while let end = clients[i].input.firstIndex(of: 0x0A) {
            let line = String(decoding: clients[i].input[..<end], as: UTF8.self)
            clients[i].input.removeFirst(end + 1)
            guard let reply = answer(Substring(line)) else { continue }
            clients[i].asked = true
            if !send(reply, to: i) { return true }
        }
        return clients[i].input.count <= maximumRequest
    }

    /// false when the client was dropped (its connection is broken). A line that does not
    /// fit its backlog is counted, not sent.
    @discardableResult
    private func send(_ line: String, to i: Int) -> Bool {
        clients[i].pending.append(line)
        if !flush(i) {
            drop(clients[i].fd)
            return false
        }
        return true
    }

    /// Writes what the socket takes now; false on a broken connection.
    private func flush(_ i: Int) -> Bool {
        var broken = false
        let fd = clients[i].fd
        clients[i].pending.flush { bytes in
            switch fd.send(bytes, wait: false) {
            case .success(let n): return n
            case .failure(.wouldBlock), .failure(.interrupted): return 0
            case .failure:
                broken = true
                return 0
            }
        }
        return !broken
    }

    private func drop(_ fd: FileDescriptor) {
        fd.close()
        clients.removeAll { $0.fd == fd }
    }

    /// Closes every connection and removes the socket.
    func shutDown() {
        for c in clients { c.fd.close() }
        clients = []
        if let listener {
            listener.close()
            FileSystem.remove(path)
            self.listener = nil
        }
    }
}

extension MonitorChannel.SocketError {
    /// What went wrong with the socket at `path`, in words.
    init(_ failure: UnixSocket.Failure, path: String, connecting: Bool) {
        switch failure {
        case .pathTooLong: description = "\(path): path too long for a socket"
        case .socket(let e): description = "socket: \(e)"
        case .address(let e): description = connecting ? "\(e)" : "\(path): \(e)"
        }
    }
}
