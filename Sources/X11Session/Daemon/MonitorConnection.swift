import FoundationEssentials
import SystemCalls

/// `tactus monitor`'s side: the lines a running daemon streams.
public struct MonitorConnection {
    private let fd: FileDescriptor

    public struct ConnectError: Error, CustomStringConvertible { public var description: String }

    /// Connects to the daemon of `display` (nil: `$DISPLAY`).
    public init(display: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let name = display ?? environment["DISPLAY"], !name.isEmpty else {
            throw ConnectError(description: "DISPLAY is not set: pass --display :0 (the display the daemon runs on)")
        }
        let files = RuntimeFiles(display: name, environment: environment)
        do {
            try files.openFolder(create: false)?.close()
        } catch {
            throw ConnectError(description: "not connecting to the daemon of display \(name): \(error)")
        }
        do {
            fd = try UnixSocket.connect(to: files.socketPath)
        } catch {
            let reason = MonitorChannel.SocketError(error, path: files.socketPath, connecting: true)
            throw ConnectError(description: "no tactus daemon is running on display \(name) (\(files.socketPath): \(reason)); start one with 'tactus run' or 'systemctl --user start tactus'")
        }
        try Self.checkPeer(fd, path: files.socketPath, expected: CurrentProcess.userID)
    }

    /// The process that accepted is one of the user's (`SO_PEERCRED`): what it sends is shown
    /// as the daemon's.
    static func checkPeer(_ fd: FileDescriptor, path: String, expected: UInt32) throws(ConnectError) {
        let peer = UnixSocket.peerUser(of: fd)
        guard peer == expected else {
            fd.close()
            throw ConnectError(description: "\(path): the process at the other end is \(peer.map { "uid \($0)'s" } ?? "unknown"), not yours: not listening to it")
        }
    }

    /// Connects to `path` directly (tests), checking that the other end runs as `user`.
    init(socketPath path: String, expectedUser user: UInt32) throws {
        do {
            fd = try UnixSocket.connect(to: path)
        } catch {
            throw ConnectError(description: "\(path): \(MonitorChannel.SocketError(error, path: path, connecting: true))")
        }
        try Self.checkPeer(fd, path: path, expected: user)
    }

    /// Writes `request` and reads lines until `reply` makes something of one (the stream's
    /// other lines are passed over), for at most `timeout` milliseconds. nil: no answer (an
    /// older daemon, or one that does not answer in time). Closes the connection.
    public func ask<Answer>(_ request: String, timeout: Int32 = 3_000, reply: (Substring) -> Answer?) -> Answer? {
        defer { fd.close() }
        guard fd.writeAll(Array((request + "\n").utf8)) else { return nil }
        let deadline = MonotonicClock.nanoseconds() + Int64(timeout) * 1_000_000
        var buffer: [UInt8] = []
        while true {
            let left = Int32(max(0, (deadline - MonotonicClock.nanoseconds()) / 1_000_000))
            var fds = [PollDescriptor(fd, .readable)]
            guard case .success(let ready) = poll(&fds, timeout: left), ready > 0 else {
                if left == 0 { return nil }
                continue
            }
            switch fd.read(upTo: 1 << 16) {
            case .failure(.interrupted), .failure(.wouldBlock): continue
            case .failure: return nil
            case .success(let chunk):
                guard !chunk.isEmpty else { return nil }
                buffer.append(contentsOf: chunk)
            }
            while let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeFirst(nl + 1)
                if let answer = reply(Substring(line)) { return answer }
            }
        }
    }

    /// Ends ``forEachLine(_:)`` on the thread reading: a listener that is done (a settings
    /// window closed) stops without waiting for the daemon's next line.
    public func stop() {
        UnixSocket.shutdown(fd)
    }

    /// Calls `body` with each line until the daemon closes the connection.
    public func forEachLine(_ body: (Substring) -> Void) {
        var buffer: [UInt8] = []
        reading: while true {
            switch fd.read(upTo: 1 << 16) {
            case .failure(.interrupted): continue
            case .failure: break reading
            case .success(let chunk):
                guard !chunk.isEmpty else { break reading }
                buffer.append(contentsOf: chunk)
            }
            var start = 0
            while let nl = buffer[start...].firstIndex(of: 0x0A) {
                body(Substring(String(decoding: buffer[start..<nl], as: UTF8.self)))
                start = nl + 1
            }
            buffer.removeFirst(start)
        }
        fd.close()
    }
}
