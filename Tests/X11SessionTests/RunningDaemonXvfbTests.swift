import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// The running daemon on Xvfb + openbox, as a user meets it: one per display whatever the
/// runtime folder, `tactus windows` asking it, and the profile file followed wherever and
/// however it appears.
@Suite(.serialized) struct RunningDaemonXvfbTests {
    static func config(keys: String) -> String {
        DaemonConfiguration.profiles(pointerTrigger: true, """
        - name: editor
          match: { class: Editor }
          gestures:
            - name: drag
              pan: {}
              action: { keys: \(keys) }
        """)
    }

    func temporaryFolder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `tactus run` with HOME = `home` and no --config: the profile file is found (or not)
    /// as a user's would be.
    func startDaemon(_ x: XvfbSession, home: String, arguments: [String] = []) throws -> Child {
        try x.launchDaemon(["--log", "json", "--verbose"] + arguments, environment: ["HOME=\(home)"], runtime: try temporaryFolder("runtime"))
    }

    func count(_ daemon: Child, _ text: String) -> Int { daemon.output!.lines.filter { $0.contains(text) }.count }

    /// A drag on `w` and the key its profile types there.
    func dragTypes(_ x: XvfbSession, on w: XvfbSession.TestWindow, _ line: String) throws -> Bool {
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let before = w.output.lines.filter { $0 == line }.count
        x.pointerDrag(from: Point(x: frame.x + 40, y: frame.y + 60), to: Point(x: frame.x + 140, y: frame.y + 60))
        return w.output.wait { _ in w.output.lines.filter { $0 == line }.count > before } != nil
    }

    @Test func aSecondDaemonWithAnotherRuntimeFolderIsRefusedByTheServer() throws {
        let x = try XvfbSession(windowManager: nil)
        let first = try x.startDaemon(config: Self.config(keys: "a"))
        let selection = Daemon.selectionName(screen: 0)
        let owner = try #require(x.server.selectionOwner(selection), "the running daemon owns \(selection)")
        #expect(owner.pid == first.pid)
        // Another XDG_RUNTIME_DIR: no lock file in common, the server still says no.
        let second = try x.tactus(["run", "--config", try writeConfig("b")], runtime: try temporaryFolder("other-runtime"))
        #expect(second.status == Daemon.alreadyRunningStatus, "\(second.lines)")
        #expect(second.lines.contains { $0.contains("tactus is already running on display \(x.display) (pid \(first.pid))") }, "\(second.lines)")
        #expect(first.isRunning)
        #expect(first.stop(signal: SIGTERM) == 0)
        #expect(x.poll { x.server.selectionOwner(selection) == nil }, "the selection goes with the daemon")
        let third = try x.startDaemon(config: Self.config(keys: "c"))
        #expect(x.server.selectionOwner(selection)?.pid == third.pid)
    }

    func writeConfig(_ keys: String) throws -> String {
        let path = try temporaryFolder("config") + "/profile.yaml"
        try Self.config(keys: keys).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `tactus windows` with a daemon running `--config FILE`: the profiles are the daemon's
    /// (not the default file's), and it says which file; with no daemon, it says it read the
    /// file itself.
    @Test func windowsAsksTheRunningDaemonWhichProfilesItHasLoaded() throws {
        let x = try XvfbSession()
        let editor = try x.openWindow(class: "Editor", title: "notes", geometry: "300x200+50+50")
        let home = try temporaryFolder("home")  // no ~/.config/tactus: the default is the built-in profile
        let file = try writeConfig("a")
        let daemon = try startDaemon(x, home: home, arguments: ["--config", file])
        let asked = try x.tactus(["windows"], runtime: daemon.runtimeDirectory, environment: ["HOME=\(home)"])
        #expect(asked.status == 0, "\(asked.lines)")
        let row = asked.lines.first { $0.hasPrefix("0x" + String(editor.id, radix: 16)) }?.split(separator: " ", omittingEmptySubsequences: true)
        #expect(row?[4] == "editor", "the daemon's profile: \(asked.lines)")
        #expect(asked.lines.last == "profiles from the running daemon (pid \(daemon.pid)): \(file) (windows minimized or on another desktop take no touches and are left out)", "\(asked.lines)")
        let json = try x.tactus(["windows", "--format", "json"], runtime: daemon.runtimeDirectory, environment: ["HOME=\(home)"])
        #expect(json.lines.contains { $0.contains("\"id\":\(editor.id)") && $0.contains("\"profile\":\"editor\"") }, "\(json.lines)")

        #expect(daemon.stop(signal: SIGTERM) == 0)
        let alone = try x.tactus(["windows"], runtime: daemon.runtimeDirectory, environment: ["HOME=\(home)"])
        #expect(alone.status == 0)
        #expect(alone.lines.last == "no daemon runs on \(x.display): profiles read from <built-in>, as a daemon started now would load them", "\(alone.lines)")
        let chosen = try x.tactus(["windows", "--config", file], environment: ["HOME=\(home)"])
        #expect(chosen.lines.last == "profiles read from \(file) (--config), not asked of a running daemon", "\(chosen.lines)")
    }

    /// The README's first run: no ~/.config/tactus when the daemon starts. Creating it later
    /// is noticed, and so is deleting the folder and making it again.
    @Test func aProfileFolderCreatedAfterTheStartAndRecreatedIsFollowed() throws {
        let x = try XvfbSession()
        let editor = try x.openWindow(class: "Editor", title: "notes", geometry: "300x200+50+50")
        let home = try temporaryFolder("home")
        let folder = home + "/.config/tactus", file = folder + "/config.yaml"
        let daemon = try startDaemon(x, home: home)
        #expect(daemon.output!.lines.contains { $0.contains("info") && $0.contains("watching \(home) (for .config) for changes to \(file)") }, "\(daemon.output!.lines.suffix(8))")

        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.config(keys: "b").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(daemon.output!.wait { $0.contains("configuration reloaded: \(file)") } != nil, "\(daemon.output!.lines.suffix(8))")
        #expect(try dragTypes(x, on: editor, "key b b"), "\(editor.output.lines)")

        // The whole log since the removal on a failure: under make test's load this wait once
        // ended without the line, and the last 8 lines did not say what the watcher did.
        let linesBeforeRemoval = daemon.output!.lines.count
        try FileManager.default.removeItem(atPath: folder)
        #expect(daemon.output!.wait { $0.contains("watching \(home)/.config (for tactus) for changes to \(file)") } != nil,
                "\(daemon.output!.lines.dropFirst(linesBeforeRemoval))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.config(keys: "c").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(daemon.output!.wait { _ in count(daemon, "configuration reloaded: \(file)") == 2 } != nil, "\(daemon.output!.lines.suffix(8))")
        #expect(try dragTypes(x, on: editor, "key c c"), "\(editor.output.lines)")
    }

    /// ~/.config/tactus/config.yaml as a symbolic link into a dotfiles folder: an editor
    /// saving the target (a new file renamed over it, in the target's folder) is noticed.
    @Test func editingTheTargetOfASymlinkedProfileReloadsIt() throws {
        let x = try XvfbSession()
        let editor = try x.openWindow(class: "Editor", title: "notes", geometry: "300x200+50+50")
        let home = try temporaryFolder("home")
        try FileManager.default.createDirectory(atPath: home + "/dotfiles", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/.config/tactus", withIntermediateDirectories: true)
        let target = home + "/dotfiles/tactus.yaml", link = home + "/.config/tactus/config.yaml"
        try Self.config(keys: "b").write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../../dotfiles/tactus.yaml")
        let daemon = try startDaemon(x, home: home)
        #expect(daemon.output!.lines.contains { $0.contains("\(home)/.config/tactus/../../dotfiles (for tactus.yaml)") }, "the target's folder is watched: \(daemon.output!.lines.suffix(8))")
        #expect(try dragTypes(x, on: editor, "key b b"))
        try Self.config(keys: "c").write(toFile: target, atomically: true, encoding: .utf8)
        #expect(daemon.output!.wait { $0.contains("configuration reloaded: \(link)") } != nil, "\(daemon.output!.lines.suffix(8))")
        #expect(try dragTypes(x, on: editor, "key c c"), "\(editor.output.lines)")
    }

    /// A file written in place, in two parts: while it is open for writing the daemon waits
    /// (and says so); the whole text is loaded once it is closed, the half never.
    @Test func aHalfWrittenProfileIsNotApplied() throws {
        let x = try XvfbSession()
        let editor = try x.openWindow(class: "Editor", title: "notes", geometry: "300x200+50+50")
        let file = try writeConfig("a")
        let daemon = try startDaemon(x, home: try temporaryFolder("home"), arguments: ["--config", file])
        let text = Self.config(keys: "b"), middle = text.index(text.startIndex, offsetBy: text.count / 2)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text[..<middle].utf8))
        #expect(daemon.output!.wait { $0.contains("\(file) is being written: waiting until it is closed") } != nil, "\(daemon.output!.lines.suffix(8))")
        try handle.write(contentsOf: Data(text[middle...].utf8))
        try handle.close()
        #expect(daemon.output!.wait { $0.contains("configuration reloaded: \(file)") } != nil, "\(daemon.output!.lines.suffix(8))")
        #expect(try dragTypes(x, on: editor, "key b b"), "\(editor.output.lines)")
        #expect(count(daemon, "has errors") == 0, "the half was never loaded: \(daemon.output!.lines.suffix(12))")
        #expect(count(daemon, "configuration reloaded") == 1)
    }
}
