#if canImport(Glibc)
import Glibc
#endif

/// The service manager's notification protocol (systemd's `sd_notify`, spoken here without
/// libsystemd): datagrams of `KEY=value` lines to the socket named by `NOTIFY_SOCKET` — a
/// path, or an abstract name starting with `@`. A unit of `Type=notify` learns from `READY=1`
/// that the daemon works, and with `WatchdogSec=` kills and restarts it when `WATCHDOG=1`
/// stops coming (`WATCHDOG_USEC` says how often it must).
package final class ServiceNotifier {
    private let fd: FileDescriptor
    private var address: sockaddr_un
    private let addressLength: socklen_t
    /// Nanoseconds between two `WATCHDOG=1` that the manager accepts, when it watches (half of
    /// `WATCHDOG_USEC`: the manager's margin for a loop that is merely slow).
    package let watchdogInterval: Int64?

    /// The notifier the environment asks for, or nil when no manager listens. The variables
    /// are taken out of the environment, so that the commands the daemon starts do not speak
    /// for it.
    package static func fromEnvironment() -> ServiceNotifier? {
        defer {
            for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] { unsetenv(name) }
        }
        guard let socketName = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !socketName.isEmpty else { return nil }
        var interval: Int64?
        if let usec = getenv("WATCHDOG_USEC").flatMap({ Int64(String(cString: $0)) }), usec > 0 {
            // WATCHDOG_PID names the process watched, when set: another's is not ours to feed.
            let pid = getenv("WATCHDOG_PID").flatMap { Int32(String(cString: $0)) }
            if pid == nil || pid == getpid() { interval = usec * 1000 / 2 }
        }
        return ServiceNotifier(socket: socketName, watchdogInterval: interval)
    }

    /// A notifier for `socket` (a path, or `@name` for the abstract namespace).
    package init?(socket name: String, watchdogInterval: Int64?) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            if bytes[0] == UInt8(ascii: "@") { raw[0] = 0 }  // abstract: a leading NUL, no terminator
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        addressLength = socklen_t(pathOffset + bytes.count + (bytes[0] == UInt8(ascii: "@") ? 0 : 1))
        let raw = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard raw >= 0 else { return nil }
        fd = FileDescriptor(rawValue: raw)
        self.address = address
        self.watchdogInterval = watchdogInterval
    }

    deinit { fd.close() }

    /// Sends one notification (`READY=1`, `WATCHDOG=1`, `STATUS=…`), never waiting: a manager
    /// that does not take it now does not get it.
    @discardableResult
    package func notify(_ state: String) -> Bool {
        let bytes = Array(state.utf8)
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd.rawValue, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL), $0, addressLength)
                }
            }
        }
        return sent == bytes.count
    }
}
