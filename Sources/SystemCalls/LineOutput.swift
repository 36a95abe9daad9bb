#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Lines to standard output or standard error that never make the writer wait: a reader that
/// stops reading (`tactus run --log json | slow-reader`, a stopped terminal) costs lines, not
/// the event loop. Lines the descriptor does not take at once wait in a bounded
/// ``LineBacklog``; the loop polls ``pollDescriptor`` and calls ``writeWaiting()`` when it
/// is writable. A reader that is gone (EPIPE) is noted once and everything after is dropped.
///
/// The descriptor itself is left blocking (its open file description is shared with the
/// shell and with the commands the daemon starts): a pipe or terminal is opened a second
/// time through `/proc/self/fd` with `O_NONBLOCK`, a socket is written with
/// `MSG_DONTWAIT`, and a regular file is written as it is (it does not block).
///
/// One owner (the event loop); ``SharedLineOutput`` is the same behind a lock, for a log
/// handler.
package final class LineOutput {
    private enum Method {
        /// A socket: `send` with `MSG_DONTWAIT | MSG_NOSIGNAL`.
        case socket(FileDescriptor)
        /// A private non-blocking description of the same pipe or terminal.
        case nonBlocking(FileDescriptor)
        /// A regular file, or what could not be reopened: plain `write`.
        case plain(FileDescriptor)
    }

    /// The descriptor lines are for.
    package let descriptor: FileDescriptor
    private let method: Method
    private var backlog: LineBacklog
    /// The reader is gone: nothing is written any more.
    package private(set) var readerGone = false

    /// `notice(n)`: the line that says `n` lines were dropped (written where the gap is).
    package init(_ descriptor: FileDescriptor, limit: Int = 256 << 10, notice: @escaping (Int) -> String) {
        self.descriptor = descriptor
        method = Self.method(for: descriptor)
        backlog = LineBacklog(limit: limit, notice: notice)
    }

    deinit {
        if case .nonBlocking(let fd) = method { fd.close() }
    }

    private static func method(for fd: FileDescriptor) -> Method {
        var st = stat()
        guard fstat(fd.rawValue, &st) == 0 else { return .plain(fd) }
        switch st.st_mode & S_IFMT {
        case S_IFSOCK:
            return .socket(fd)
        case S_IFIFO, S_IFCHR:
            let copy = Glibc.open("/proc/self/fd/\(fd.rawValue)", O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            return copy >= 0 ? .nonBlocking(FileDescriptor(rawValue: copy)) : .plain(fd)
        default:
            return .plain(fd)
        }
    }

    /// Writes `line` (a newline is added), or keeps it for later, or drops it.
    package func write(_ line: String) {
        guard !readerGone else { backlog.drop(); return }
        backlog.append(line)
        flush()
    }

    /// What to poll while lines wait (nil: nothing waits).
    package var pollDescriptor: PollDescriptor? {
        backlog.isEmpty || readerGone ? nil : PollDescriptor(descriptor, .writable)
    }

    /// The descriptor is writable (or in error): writes what waits.
    package func writeWaiting() { flush() }

    /// Lines not written so far (dropped for a slow reader, or after it went).
    package var dropped: Int { backlog.droppedTotal }

    /// At exit: writes what waits, waiting at most `milliseconds` in all for the reader.
    package func finish(milliseconds: Int32) {
        let deadline = MonotonicClock.nanoseconds() + Int64(milliseconds) * 1_000_000
        while let p = pollDescriptor {
            let left = (deadline - MonotonicClock.nanoseconds()) / 1_000_000
            guard left > 0 else { return }
            var fds = [p]
            _ = poll(&fds, timeout: Int32(left))
            writeWaiting()
        }
    }

    private func flush() {
        var failed: SystemError?
        backlog.flush { bytes in
            switch send(bytes) {
            case .success(let n): return n
            case .failure(.wouldBlock), .failure(.interrupted): return 0
            case .failure(let e):
                failed = e
                return 0
            }
        }
        if failed != nil {
            // EPIPE and the like: nobody reads any more; do not try again.
            readerGone = true
            backlog.discard()
        }
    }

    private func send(_ bytes: ArraySlice<UInt8>) -> Result<Int, SystemError> {
        let n = bytes.withUnsafeBytes { buffer -> Int in
            switch method {
            case .socket(let fd): return Glibc.send(fd.rawValue, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            case .nonBlocking(let fd), .plain(let fd): return Glibc.write(fd.rawValue, buffer.baseAddress, buffer.count)
            }
        }
        return n >= 0 ? .success(n) : .failure(.current)
    }
}

/// A ``LineOutput`` behind a lock: what a log handler (which may be called from any thread)
/// writes through.
package final class SharedLineOutput: Sendable {
    private let output: Mutex<LineOutput>

    package init(_ descriptor: FileDescriptor, limit: Int = 256 << 10, notice: @escaping @Sendable (Int) -> String) {
        output = Mutex(LineOutput(descriptor, limit: limit, notice: notice))
    }

    package func write(_ line: String) { output.withLock { $0.write(line) } }
    package var pollDescriptor: PollDescriptor? { output.withLock { $0.pollDescriptor } }
    package func writeWaiting() { output.withLock { $0.writeWaiting() } }
    package var dropped: Int { output.withLock { $0.dropped } }
    package func finish(milliseconds: Int32) { output.withLock { $0.finish(milliseconds: milliseconds) } }
}
