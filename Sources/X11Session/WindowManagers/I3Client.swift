import SystemCalls

/// The byte stream to i3: the seam between the IPC conversation and the socket, so that the
/// framing and the replies are tested against hostile bytes without an i3.
protocol I3Transport: AnyObject {
    /// Sends every byte before `deadline` (monotonic nanoseconds).
    func send(_ bytes: [UInt8], by deadline: Int64) throws(DeadlineStream.Failure)
    /// Receives exactly `count` bytes before `deadline`.
    func receive(exactly count: Int, by deadline: Int64) throws(DeadlineStream.Failure) -> [UInt8]
    func close()
}

/// i3's IPC socket (``DeadlineStream``: non-blocking, every wait bounded).
final class I3Socket: I3Transport {
    private let stream: DeadlineStream

    init(path: String) throws(I3IPCError) {
        do {
            stream = try DeadlineStream.connect(toUnixSocket: path)
        } catch {
            let reason: String
            switch error {
            case .pathTooLong: reason = "the path is too long"
            case .socket(let e), .address(let e): reason = "\(e)"
            }
            throw .cannotConnect(path: path, reason: reason)
        }
    }

    func send(_ bytes: [UInt8], by deadline: Int64) throws(DeadlineStream.Failure) { try stream.send(bytes, by: deadline).get() }
    func receive(exactly count: Int, by deadline: Int64) throws(DeadlineStream.Failure) -> [UInt8] { try stream.receive(exactly: count, by: deadline).get() }
    func close() { stream.close() }
}

/// Tactus's side of i3's IPC: one connection, kept open, one request at a time, each answered
/// before the next, on the event loop. A request and its reply must complete within
/// ``timeout``. i3 answers a question in tens of microseconds (on Xvfb: GET_WORKSPACES 10 µs
/// median, 60 µs at worst of 200) and a command once it has carried it out and redrawn —
/// 0.3–2 ms for a workspace switch, 36 ms at worst for `move scratchpad` while the X tests
/// ran beside it — so the bound, five times that worst, is there for an i3 that hangs: it
/// bounds how long a touch can wait behind it. After any failure the connection is closed (a
/// late reply would be read as the answer to the next request); the next request connects again.
final class I3Client {
    /// How long one request may take, write and reply, in nanoseconds.
    static let timeout: Int64 = 200_000_000

    let path: String
    private let connect: (String) throws(I3IPCError) -> I3Transport
    private var transport: I3Transport?
    /// How long the last request took (nanoseconds), for the log.
    private(set) var lastRoundTrip: Int64 = 0
    /// Monotonic nanoseconds (injected so tests can make time pass).
    var nanoseconds: () -> Int64 = { MonotonicClock.nanoseconds() }

    init(path: String, connect: @escaping (String) throws(I3IPCError) -> I3Transport = { path throws(I3IPCError) in try I3Socket(path: path) }) {
        self.path = path
        self.connect = connect
    }

    deinit { transport?.close() }

    /// Runs `command` (i3's command syntax, criteria included): which commands failed.
    func run(_ command: String) throws(I3IPCError) -> I3CommandOutcome {
        try I3CommandOutcome(reply: request(.runCommand, payload: command))
    }

    func workspaces() throws(I3IPCError) -> [I3Workspace] {
        try I3Workspace.list(reply: request(.getWorkspaces, payload: ""))
    }

    func version() throws(I3IPCError) -> I3Version {
        try I3Version(reply: request(.getVersion, payload: ""))
    }

    /// Sends one request and reads its reply's payload. A connection i3 closed since the last
    /// request (it restarted: `i3-msg restart` keeps the socket's path) fails on the send,
    /// before i3 read anything: that one is opened again and the request sent once more.
    func request(_ type: I3MessageType, payload: String) throws(I3IPCError) -> [UInt8] {
        let start = nanoseconds()
        let deadline = start + Self.timeout
        let message = I3Message.encode(type, payload: payload)
        let wasOpen = transport != nil
        var link = try connected()
        do {
            try link.send(message, by: deadline)
        } catch .closed(_, _) where wasOpen {
            drop()
            link = try connected()
            do { try link.send(message, by: deadline) } catch { throw fail(error, "sending \(type)") }
        } catch {
            throw fail(error, "sending \(type)")
        }
        let header: [UInt8]
        do { header = try link.receive(exactly: I3Message.headerSize, by: deadline) } catch { throw fail(error, "the reply's header", part: "header") }
        let length: Int
        do { length = try I3Message.payloadLength(ofReplyHeader: header, answering: type) } catch {
            drop()
            throw error
        }
        let payload: [UInt8]
        do { payload = try link.receive(exactly: length, by: deadline) } catch { throw fail(error, "the reply's \(length) bytes", part: "payload") }
        lastRoundTrip = nanoseconds() - start
        return payload
    }

    /// The connection, opened if it is not.
    private func connected() throws(I3IPCError) -> I3Transport {
        if let transport { return transport }
        let opened = try connect(path)
        transport = opened
        return opened
    }

    private func drop() {
        transport?.close()
        transport = nil
    }

    /// Closes the connection and says what failed.
    private func fail(_ failure: DeadlineStream.Failure, _ what: String, part: String = "request") -> I3IPCError {
        drop()
        switch failure {
        case .timedOut: return .timedOut(milliseconds: Int(Self.timeout / 1_000_000), while: what)
        case .closed(let received, let expected):
            return part == "request" ? .system("i3 closed the connection while \(what)") : .truncated(part: part, received: received, expected: expected)
        case .system(let e): return .system("\(e) (\(what))")
        }
    }
}
