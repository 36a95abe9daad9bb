import Foundation
import Testing
@testable import SystemCalls
@testable import X11Session

/// The runtime folder holds the lock and the monitor socket; without XDG_RUNTIME_DIR it is
/// `/tmp/tactus-UID`, which another local user can create first (issue 15: the daemon then
/// followed a planted `display-N.lock` link and overwrote the file it named with its pid).
@Suite struct RuntimeFilesTests {
    /// A fresh folder standing for XDG_RUNTIME_DIR, and the runtime files of display `:9`.
    private func files() throws -> RuntimeFiles {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-rt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        return RuntimeFiles(display: ":9", environment: ["XDG_RUNTIME_DIR": runtime])
    }

    /// A file of the user's that a planted link points at.
    private func victim() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-victim-\(UUID().uuidString)").path
        try "precious\n".write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// The reproducer: a folder made by someone else (here: one anyone may enter), with the
    /// lock planted as a link to a file of the user's. Refused; the file is untouched.
    @Test func aFolderOthersMayEnterIsRefusedAndNothingInItIsWritten() throws {
        let f = try files()
        try FileManager.default.createDirectory(atPath: f.directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: f.directory)
        let target = try victim()
        try FileManager.default.createSymbolicLink(atPath: f.lockPath, withDestinationPath: target)
        #expect {
            _ = try InstanceLock(f, display: ":9")
        } throws: { error in
            "\(error)" == "\(f.directory): its mode is 0777, not 0700; it holds the display's lock and monitor socket, so only a folder of yours that no one else may enter is used (remove it and it is made again, or set XDG_RUNTIME_DIR)"
        }
        #expect(contents(target) == "precious\n")
        #expect(f.runningDaemon() == nil)
    }

    /// Someone else's folder (the kernel's word for it, as `fstat` gives it).
    @Test func aFolderOfAnotherUserIsRefused() {
        let theirs = FileDescriptor.Status(kind: .directory, owner: 1001, permissions: 0o700)
        #expect(RuntimeFiles.problem(with: theirs, user: 1000) == "it belongs to uid 1001, not to you")
        #expect(RuntimeFiles.problem(with: FileDescriptor.Status(kind: .directory, owner: 1000, permissions: 0o700), user: 1000) == nil)
        #expect(RuntimeFiles.problem(with: FileDescriptor.Status(kind: .directory, owner: 1000, permissions: 0o755), user: 1000) == "its mode is 0755, not 0700")
    }

    /// In a folder that is ours, a link planted as the lock is still not followed.
    @Test func aLinkPlantedAsTheLockIsNotFollowed() throws {
        let f = try files()
        FileSystem.makeDirectory(f.directory, permissions: 0o700)
        let target = try victim()
        try FileManager.default.createSymbolicLink(atPath: f.lockPath, withDestinationPath: target)
        #expect(throws: InstanceLock.CannotCreate.self) { _ = try InstanceLock(f, display: ":9") }
        #expect(contents(target) == "precious\n")
    }

    @Test func theFolderAsALinkIsRefused() throws {
        let f = try files()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-else-\(UUID().uuidString)").path
        FileSystem.makeDirectory(elsewhere, permissions: 0o700)
        try FileManager.default.createSymbolicLink(atPath: f.directory, withDestinationPath: elsewhere)
        #expect(throws: RuntimeFiles.UnsafeFolder.self) { _ = try InstanceLock(f, display: ":9") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == [])
    }

    /// The folder is made 0700 and the lock holds the pid, for `tactus devices` and a second daemon.
    @Test func aFreshFolderIsMadeOursAndTheLockNamesTheDaemon() throws {
        let f = try files()
        let lock = try InstanceLock(f, display: ":9")
        defer { lock.release() }
        let mode = try FileManager.default.attributesOfItem(atPath: f.directory)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(f.runningDaemon() == "\(CurrentProcess.id)")
        #expect(throws: Daemon.AlreadyRunning.self) { _ = try InstanceLock(f, display: ":9") }
    }

    /// `tactus monitor` listens only to a process of its own user at the socket.
    @Test func theMonitorChecksWhoIsAtTheOtherEnd() throws {
        let f = try files()
        FileSystem.makeDirectory(f.directory, permissions: 0o700)
        let listener = try UnixSocket.listen(at: f.socketPath)
        defer { listener.close() }
        #expect(throws: Never.self) { _ = try MonitorConnection(socketPath: f.socketPath, expectedUser: CurrentProcess.userID) }
        #expect {
            _ = try MonitorConnection(socketPath: f.socketPath, expectedUser: CurrentProcess.userID &+ 1)
        } throws: { error in
            "\(error)" == "\(f.socketPath): the process at the other end is uid \(CurrentProcess.userID)'s, not yours: not listening to it"
        }
    }
}
