import Foundation
import Glibc
import Testing
import GestureEngine
@testable import SystemCalls
@testable import X11Session
@testable import X11TestSupport

/// The systemd unit is `Type=notify` with `WatchdogSec=`: the daemon says when it is ready,
/// tells the watchdog its loop turns, and says when it stops (issue 24: a hung or stopped
/// daemon froze the touchscreen and nothing noticed). The service manager's socket is played
/// here by a datagram socket of the test's.
@Suite(.serialized) struct ServiceManagerXvfbTests {
    /// A bound datagram socket and what arrives on it.
    final class ManagerSocket {
        let path: String
        let fd: Int32
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, b) in path.utf8.enumerated() { raw[i] = b }
            }
            let bound = withUnsafePointer(to: &address) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0 else { throw FixtureError(description: "bind \(path): \(errno)") }
        }
        deinit { close(fd); unlink(path) }

        /// The next datagram within `timeout` seconds.
        func next(timeout: Double = 5) -> String? {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(timeout * 1000)) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = recv(fd, &buffer, buffer.count, 0)
            return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
        }
    }

    static let config = """
        version: 1
        profiles:
          - { name: desktop, match: any, gestures: [{ name: tap, tap: {}, action: { log: tap } }] }
        """

    @Test func theDaemonIsReadyPingsTheWatchdogFromItsLoopAndSaysWhenItStops() throws {
        let x = try XvfbSession(windowManager: nil)
        let manager = try ManagerSocket()
        // A watchdog of 300 ms: a ping at least every 150 ms.
        let daemon = try x.startDaemon(config: Self.config, environment: ["NOTIFY_SOCKET=\(manager.path)", "WATCHDOG_USEC=300000"])
        let ready = try #require(manager.next())
        #expect(ready.split(separator: "\n").contains("READY=1"), "\(ready)")
        #expect(ready.contains("MAINPID=\(daemon.pid)"), "\(ready)")
        // Idle, it still wakes to say it is alive: three pings in a row.
        for _ in 0..<3 { #expect(manager.next() == "WATCHDOG=1") }
        #expect(daemon.output!.lines.contains { $0.contains("the service manager watches the loop") })
        // A reload says so and is ready again.
        kill(daemon.pid, SIGHUP)
        var seen: [String] = []
        while let m = manager.next(), !seen.contains("READY=1") { seen.append(m) }
        #expect(seen.contains("RELOADING=1"), "\(seen)")
        #expect(daemon.stop(signal: SIGTERM) == 0)
        var last: [String] = []
        while let m = manager.next(timeout: 1) { last.append(m) }
        #expect(last.contains("STOPPING=1"), "\(last)")
    }

    /// Commands the daemon starts do not inherit the socket (they would speak for it).
    @Test func theNotificationVariablesAreNotPassedOnToCommands() throws {
        let x = try XvfbSession(windowManager: nil)
        let manager = try ManagerSocket()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("env-\(UUID().uuidString.prefix(8))").path
        let daemon = try x.startDaemon(config: """
            version: 1
            settings: { pointer: { button: 3 } }
            profiles:
              - { name: desktop, match: any, gestures: [{ name: drag, pan: {}, on: { began: { shell: "env > \(out)" } } }] }
            """, environment: ["NOTIFY_SOCKET=\(manager.path)"])
        #expect(manager.next()?.contains("READY=1") == true)
        x.server.fakeMotion(to: Point(x: 100, y: 100))
        x.server.fakeButton(3, pressed: true)
        for i in 1...5 { x.server.fakeMotion(to: Point(x: 100 + Double(i) * 10, y: 100)) }
        x.server.fakeButton(3, pressed: false)
        x.server.sync()
        #expect(x.poll { (try? String(contentsOfFile: out, encoding: .utf8))?.contains("PATH=") == true }, "\(daemon.output!.lines.suffix(10))")
        let environment = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!environment.contains("NOTIFY_SOCKET"), "\(environment)")
    }
}
