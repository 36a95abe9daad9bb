import CSystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// Signals as readable bytes: a handler writes each signal's number to a pipe that the event
/// loop polls, so that everything a signal causes happens outside the handler.
package final class SignalPipe {
    package let readEnd: FileDescriptor
    private let writeEnd: FileDescriptor

    package static let terminate = SIGTERM, interrupt = SIGINT, hangUp = SIGHUP, childExited = SIGCHLD

    /// Routes `signals` to the pipe (and unblocks them on this thread).
    package init(signals: [Int32]) throws(SystemError) {
        (readEnd, writeEnd) = try FileDescriptor.pipe()
        readEnd.setNonBlocking()
        writeEnd.setNonBlocking()
        let status = signals.withUnsafeBufferPointer { csystem_install_signal_pipe(writeEnd.rawValue, $0.baseAddress, Int32($0.count)) }
        guard status == 0 else { throw .current }
    }

    /// The signals received since the last call, in order.
    package func received() -> [Int32] {
        guard case .success(let bytes) = readEnd.read(upTo: 64) else { return [] }
        return bytes.map { Int32($0) }
    }
}
