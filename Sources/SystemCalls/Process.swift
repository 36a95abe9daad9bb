#if canImport(Glibc)
import Glibc
#endif

/// This process.
package enum CurrentProcess {
    package static var id: Int32 { getpid() }

    /// The host's name, as X clients write it in WM_CLIENT_MACHINE; nil when it cannot be read.
    package static var hostName: String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
    package static var userID: UInt32 { getuid() }

    /// The environment variables, by name.
    package static var environment: [String: String] {
        var out: [String: String] = [:]
        var e = environ
        while let entry = e.pointee {
            let pair = String(cString: entry)
            if let eq = pair.firstIndex(of: "=") { out[String(pair[..<eq])] = String(pair[pair.index(after: eq)...]) }
            e += 1
        }
        return out
    }

    /// A write to a pipe or socket whose reader is gone fails with EPIPE instead of killing
    /// the process (the daemon's log reader may go away; the daemon goes on). Commands it
    /// starts get the default disposition back (``ChildProcess``).
    package static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
}

/// The monotonic clock (never goes back, never jumps).
package enum MonotonicClock {
    package static func nanoseconds() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }
}

/// A thread, to check later that code runs on it.
package struct ThreadIdentity {
    private let thread: pthread_t

    /// The calling thread.
    package static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

    package var isCurrent: Bool { pthread_equal(thread, pthread_self()) != 0 }
}
