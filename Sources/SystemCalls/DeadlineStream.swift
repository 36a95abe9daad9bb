#if canImport(Glibc)
import Glibc
#endif

/// A connected Unix stream socket whose every send and receive ends by a deadline: the
/// daemon's short conversations with another program (i3's IPC) run on the event loop, and a
/// program that stops answering must cost that loop a bounded wait, never a hang. The
/// descriptor is non-blocking; waiting is `poll` on it alone, until the deadline.
package struct DeadlineStream {
    /// Why a send or a receive did not complete.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The deadline passed first; `transferred` bytes of the `wanted` had gone through.
        case timedOut(transferred: Int, wanted: Int)
        /// The other end closed the connection after `transferred` bytes of the `wanted`.
        case closed(transferred: Int, wanted: Int)
        case system(SystemError)

        package var description: String {
            switch self {
            case .timedOut(let done, let wanted): "no answer in time (\(done) of \(wanted) bytes)"
            case .closed(let done, let wanted): "the connection was closed (\(done) of \(wanted) bytes)"
            case .system(let error): "\(error)"
            }
        }
    }

    package let descriptor: FileDescriptor

    /// Connects to the socket at `path` (connecting to a local socket does not wait for the
    /// program behind it), then makes the descriptor non-blocking.
    package static func connect(toUnixSocket path: String) throws(UnixSocket.Failure) -> DeadlineStream {
        let fd = try UnixSocket.connect(to: path)
        fd.setNonBlocking()
        return DeadlineStream(descriptor: fd)
    }

    package init(descriptor: FileDescriptor) { self.descriptor = descriptor }

    /// Sends every byte before `deadline` (monotonic nanoseconds). A peer that is gone is an
    /// error here, never a SIGPIPE.
    package func send(_ bytes: [UInt8], by deadline: Int64) -> Result<Void, Failure> {
        var sent = 0
        while sent < bytes.count {
            switch descriptor.send(bytes[sent...], wait: false) {
            case .success(let n): sent += n
            case .failure(.interrupted): continue
            case .failure(let e) where e == .wouldBlock:
                if let failure = wait(.writable, by: deadline, transferred: sent, wanted: bytes.count) { return .failure(failure) }
            case .failure(let e) where e.code == EPIPE || e.code == ECONNRESET:
                return .failure(.closed(transferred: sent, wanted: bytes.count))
            case .failure(let e): return .failure(.system(e))
            }
        }
        return .success(())
    }

    /// Receives exactly `count` bytes before `deadline` (monotonic nanoseconds). Reads never
    /// ask for more than `count`, so what comes after stays in the socket.
    package func receive(exactly count: Int, by deadline: Int64) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            switch descriptor.read(upTo: min(count - bytes.count, 1 << 16)) {
            case .success(let chunk) where chunk.isEmpty: return .failure(.closed(transferred: bytes.count, wanted: count))
            case .success(let chunk): bytes += chunk
            case .failure(.interrupted): continue
            case .failure(let e) where e == .wouldBlock:
                if let failure = wait(.readable, by: deadline, transferred: bytes.count, wanted: count) { return .failure(failure) }
            case .failure(let e) where e.code == ECONNRESET: return .failure(.closed(transferred: bytes.count, wanted: count))
            case .failure(let e): return .failure(.system(e))
            }
        }
        return .success(bytes)
    }

    package func close() { descriptor.close() }

    /// Waits until the descriptor is ready for `events` or the deadline passes: nil when ready
    /// (or hung up: the next call says so).
    private func wait(_ events: PollEvents, by deadline: Int64, transferred: Int, wanted: Int) -> Failure? {
        let left = deadline - MonotonicClock.nanoseconds()
        guard left > 0 else { return .timedOut(transferred: transferred, wanted: wanted) }
        // Rounded up: a wait of less than a millisecond must not become a poll of 0 that spins.
        var fds = [PollDescriptor(descriptor, events)]
        switch poll(&fds, timeout: Int32(clamping: (left + 999_999) / 1_000_000)) {
        case .success: return nil
        case .failure(let e): return .system(e)
        }
    }
}
