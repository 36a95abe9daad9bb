import SystemCalls

extension Daemon {
    /// How long a stopping daemon waits for the touches it rejected to be passed on.
    static let rejectedTouchesBound: Int64 = 1_000

    /// Stopping with touches held: each was rejected, and the server ends it for us (a
    /// `TouchEnd`) once it has passed it on. That can wait: a window manager's click-to-focus
    /// button grab may hold the pointer frozen with the first touch's emulated press, and the
    /// rest of the touches queue behind its `XAllowEvents`. Closing the connection before then
    /// leaves the server delivering them to a client that is gone — Xorg 21.1 segfaults there.
    /// So the connection stays open until every rejected touch has ended for us, for at most
    /// ``rejectedTouchesBound`` ms, reading only those events (the loop has stopped).
    func awaitEnds(of rejected: Set<TouchOwnership.Key>) {
        var pending = rejected
        let deadline = MonotonicClock.nanoseconds() / 1_000_000 + Self.rejectedTouchesBound
        let connection = FileDescriptor(rawValue: server.connectionNumber)
        server.flush()
        while !pending.isEmpty {
            while let event = server.nextEvent() {
                if case .touch(let e) = event, e.phase == .end { pending.remove(TouchOwnership.Key(source: e.source, touch: e.touch)) }
            }
            let left = deadline - MonotonicClock.nanoseconds() / 1_000_000
            guard !pending.isEmpty, left > 0 else { break }
            var fds = [PollDescriptor(connection, .readable)]
            _ = poll(&fds, timeout: Int32(left))
        }
        if pending.isEmpty {
            logger.debug("the server passed on the \(rejected.count) rejected touches")
        } else {
            logger.warning("the server did not pass on \(pending.count) of the \(rejected.count) rejected touches within \(Self.rejectedTouchesBound) ms")
        }
    }
}
