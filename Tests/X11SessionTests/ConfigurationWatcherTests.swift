import Foundation
import Testing
@testable import SystemCalls
@testable import X11Session

/// The profile watcher wakes the daemon for changes on the way to the profile file, and only
/// for those: before the README's first run there is no ~/.config/tactus, so the home folder
/// itself is watched — and other files in it are written all day.
@Suite struct ConfigurationWatcherTests {
    private func home() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    /// Whether the watcher's descriptor would wake the daemon's loop now.
    private func wakes(_ watcher: ConfigurationWatcher) -> Bool {
        var fds = [PollDescriptor(watcher.descriptor, .readable)]
        guard case .success = poll(&fds, timeout: 0) else { return false }
        return fds[0].happened.contains(.readable)
    }

    private func append(_ text: String, to path: String) throws {
        let handle = FileHandle(forWritingAtPath: path) ?? {
            FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)!
        }()
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    @Test func otherFilesWrittenInAWatchedAncestorDoNotWakeTheDaemon() throws {
        let home = try home()
        let file = home + "/.config/tactus/config.yaml"
        try append("session started\n", to: home + "/.xsession-errors")
        let watcher = try ConfigurationWatcher(path: file)
        #expect(watcher.watching == "\(home) (for .config)")

        for line in 0..<20 { try append("session message \(line)\n", to: home + "/.xsession-errors") }
        #expect(!wakes(watcher), "writes to ~/.xsession-errors must not wake the loop")

        // The folder on the way appearing does wake it, and the watch moves down.
        try FileManager.default.createDirectory(atPath: home + "/.config/tactus", withIntermediateDirectories: true)
        #expect(wakes(watcher))
        watcher.readEvents()
        #expect(watcher.watching == "\(home)/.config/tactus (for config.yaml)")

        // In the file's own folder a write counts, and is reported once it settles.
        var now: UInt64 = 1_000
        watcher.milliseconds = { now }
        try append("profiles: []\n", to: file)
        #expect(wakes(watcher))
        watcher.readEvents()
        #expect(watcher.deadline == 1_000 + ConfigurationWatcher.settle)
        now += ConfigurationWatcher.settle
        #expect(watcher.changeSettled())
    }

    /// `mkdir -p ~/.config/tactus` while the watch moves down: the watcher saw `.config` appear,
    /// and `tactus` is made after it looked and before its watch on `.config` exists, so no
    /// watch reports it. The watcher must still end in the file's folder (else every later
    /// save of the profile would go unseen) and count a change.
    @Test func aFolderMadeWhileTheWatchMovesDownIsNotMissed() throws {
        let home = try home()
        let file = home + "/.config/tactus/config.yaml"
        let watcher = try ConfigurationWatcher(path: file)
        var now: UInt64 = 1_000
        watcher.milliseconds = { now }
        var madeInTheGap = false
        watcher.planned = {
            guard !madeInTheGap, FileManager.default.fileExists(atPath: home + "/.config") else { return }
            madeInTheGap = true
            try? FileManager.default.createDirectory(atPath: home + "/.config/tactus", withIntermediateDirectories: false)
        }
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: false)
        #expect(wakes(watcher))
        watcher.readEvents()
        #expect(madeInTheGap)
        #expect(watcher.watching == "\(home)/.config/tactus (for config.yaml)")
        #expect(watcher.deadline != nil, "the folder came unseen: a change is counted")
        // What the moves left (the old watches' IN_IGNORED) read, and the change settled: quiet.
        watcher.readEvents()
        now += ConfigurationWatcher.settle
        #expect(watcher.changeSettled())
        #expect(!wakes(watcher) && watcher.deadline == nil)
        try append("profiles: []\n", to: file)
        #expect(wakes(watcher), "a save in the file's folder is seen")
        watcher.readEvents()
        #expect(watcher.deadline == now + ConfigurationWatcher.settle)
    }
}
