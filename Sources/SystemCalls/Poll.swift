#if canImport(Glibc)
import Glibc
#endif

/// What to wait for on a descriptor, and what happened.
package struct PollEvents: OptionSet, Sendable {
    package let rawValue: Int16
    package init(rawValue: Int16) { self.rawValue = rawValue }
    package static let readable = PollEvents(rawValue: Int16(POLLIN))
    package static let writable = PollEvents(rawValue: Int16(POLLOUT))
    package static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
    package static let error = PollEvents(rawValue: Int16(POLLERR))
}

/// One descriptor to wait on (`poll`); nil is skipped (nothing to watch there).
package struct PollDescriptor: Sendable {
    package var fd: FileDescriptor?
    package var events: PollEvents
    /// Filled in by ``poll(_:timeout:)``.
    package var happened: PollEvents = []

    package init(_ fd: FileDescriptor?, _ events: PollEvents) {
        self.fd = fd
        self.events = events
    }
}

/// Sleeps until one of `descriptors` is ready or `timeout` milliseconds pass (-1: no limit).
/// Returns how many are ready; an interruption by a signal counts as none ready.
package func poll(_ descriptors: inout [PollDescriptor], timeout: Int32) -> Result<Int, SystemError> {
    // On the stack: the loop polls on every wake-up, and allocates nothing for it.
    withUnsafeTemporaryAllocation(of: pollfd.self, capacity: descriptors.count) { fds in
        for (i, descriptor) in descriptors.enumerated() {
            // A negative descriptor is one poll ignores.
            fds.initializeElement(at: i, to: pollfd(fd: descriptor.fd?.rawValue ?? -1, events: descriptor.events.rawValue, revents: 0))
        }
        let n = Glibc.poll(fds.baseAddress, nfds_t(fds.count), timeout)
        if n < 0 {
            let e = SystemError.current
            return e == .interrupted ? .success(0) : .failure(e)
        }
        for i in descriptors.indices { descriptors[i].happened = PollEvents(rawValue: fds[i].revents) }
        return .success(Int(n))
    }
}
