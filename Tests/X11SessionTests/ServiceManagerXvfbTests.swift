import Foundation
import Glibc
import CX11
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
        x.pointerDrag(from: Point(x: 100, y: 100), by: Vector(dx: 10, dy: 0), steps: 5)
        #expect(x.poll { (try? String(contentsOfFile: out, encoding: .utf8))?.contains("PATH=") == true }, "\(daemon.output!.lines.suffix(10))")
        let environment = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!environment.contains("NOTIFY_SOCKET"), "\(environment)")
    }
}

/// What another client or user can do to the daemon's display and files (issue 24).
@Suite(.serialized) struct DisplayOwnershipXvfbTests {
    static let config = ServiceManagerXvfbTests.config

    /// A client taking `_TACTUS_S0` from the running daemon stops it with a failure (status 4),
    /// so that the service manager starts it again (before: status 0, not restarted).
    @Test func aClientTakingTheDisplaysSelectionStopsTheDaemonWithAFailure() throws {
        let x = try XvfbSession(windowManager: nil)
        let daemon = try x.startDaemon(config: Self.config)
        let d = x.server.display
        let thief = XCreateSimpleWindow(d, Window(x.server.root), 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(d, Atom(x.server.atom("_TACTUS_S0")), thief, UInt(CurrentTime))
        x.server.sync()
        #expect(daemon.waitForExit(timeout: 5) == Daemon.displayTakenStatus)
        #expect(daemon.output!.lines.contains { $0.contains("another client took _TACTUS_S0") }, "\(daemon.output!.lines.suffix(5))")
    }

    /// Without XDG_RUNTIME_DIR the runtime folder is $TMPDIR/tactus-UID, which another local
    /// user may make first: the daemon starts anyway (without its monitor socket) and says
    /// what to do — not "remove it", which that user cannot.
    @Test func aRuntimeFolderAnotherUserMadeFirstCostsOnlyTheMonitor() throws {
        let x = try XvfbSession(windowManager: nil)
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-tmp-\(UUID().uuidString.prefix(8))").path
        let planted = "\(temporary)/tactus-\(getuid())"
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(chown(planted, 65534, 65534) == 0)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-\(UUID().uuidString).yaml").path
        try Self.config.write(toFile: path, atomically: true, encoding: .utf8)
        // No XDG_RUNTIME_DIR: the daemon's folder is TMPDIR's.
        let daemon = try x.launchDaemon(["--config", path], environment: ["HOME=\(NSTemporaryDirectory())", "TMPDIR=\(temporary)"], runtime: nil)
        let warning = daemon.output!.lines.first { $0.contains(planted) } ?? ""
        #expect(warning.contains("it belongs to uid 65534") && warning.contains("have its owner or an administrator remove it"), "\(warning)")
        #expect(!warning.contains("remove it and it is made again"))
        #expect(daemon.stop(signal: SIGTERM) == 0)
    }
}
