import Foundation
import Testing
import TestSupport

/// `tactus import` as a user runs it: the README's commands, verbatim, and its errors.
@Suite struct ImportCLITests {
    static let binary = URL(fileURLWithPath: BuiltProducts.executable("tactus"))

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `/bin/sh -c line` with only HOME and PATH (the built binary first) set.
    func shell(_ line: String, home: String) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", line]
        p.environment = ["HOME": home, "PATH": Self.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func temporaryHome() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-import-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    /// The commands of the README's "Coming from …" section, exactly as printed there.
    func readmeCommands() throws -> [String] {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Coming from Touchégg, libinput-gestures or fusuma\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        return block.split(separator: "\n").map(String.init)
    }

    @Test func theReadmeCommandsImportATouchéggFileThatTactusCheckAccepts() throws {
        let commands = try readmeCommands()
        #expect(commands == [
            "mkdir -p ~/.config/tactus",
            "tactus import ~/.config/touchegg/touchegg.conf > ~/.config/tactus/config.yaml",
            "tactus check",
        ])
        let home = try temporaryHome()
        try FileManager.default.createDirectory(atPath: home + "/.config/touchegg", withIntermediateDirectories: true)
        try fixture("touchegg-default-like.conf").write(toFile: home + "/.config/touchegg/touchegg.conf", atomically: true, encoding: .utf8)
        var runs: [Run] = []
        for command in commands { runs.append(try shell(command, home: home)) }
        #expect(runs.map(\.status) == [0, 0, 0], "\(runs.map(\.stderr))")
        let written = try String(contentsOfFile: home + "/.config/tactus/config.yaml", encoding: .utf8)
        #expect(written.hasPrefix("# Imported by 'tactus import' from touchegg.conf (Touchégg).\n"))
        #expect(written.contains("      # from touchegg.conf:15\n      - name: tp-swipe-3-up\n"))
        #expect(runs[2].stdout == "\(home)/.config/tactus/config.yaml: OK, 2 profiles, 11 gestures, 9 touchpad bindings\n")
    }

    @Test func aFileThatCannotBeImportedIsAnErrorOnStderrWithStatusOne() throws {
        let home = try temporaryHome()
        try "<touchégg>\n  <application name=\"All\">\n</touchégg>\n".write(toFile: home + "/touchegg.conf", atomically: true, encoding: .utf8)
        let bad = try shell("cd \"$HOME\" && tactus import touchegg.conf", home: home)
        #expect(bad.status == 1)
        #expect(bad.stdout == "")
        #expect(bad.stderr == "touchegg.conf:3: </touchégg> closes <application> (line 2)\n")
        let missing = try shell("cd \"$HOME\" && tactus import nowhere.conf", home: home)
        #expect(missing.status == 1)
        #expect(missing.stderr == "nowhere.conf: cannot open it: No such file or directory\n")
        let directory = try shell("cd \"$HOME\" && tactus import .", home: home)
        #expect(directory.stderr == ".: it is a directory\n")
    }

    /// fusuma's release, given on the command line: the pinch directions follow it, and the
    /// output says it was given; a value that is no release is refused before anything is read.
    @Test func theFusumaReleaseIsTakenFromTheCommandLine() throws {
        let home = try temporaryHome()
        try fixture("fusuma-default-like.yml").write(toFile: home + "/config.yml", atomically: true, encoding: .utf8)
        let old = try shell("cd \"$HOME\" && tactus import --fusuma-version 2.5 config.yml", home: home)
        #expect(old.status == 0, "\(old.stderr)")
        #expect(old.stdout.contains("# Pinches: fusuma before 3.0 reads pinch in as the fingers spreading and out as them closing (as\n# given with --fusuma-version 2.5)"), "\(old.stdout)")
        #expect(old.stdout.contains("repeat: { every: 0.05, action: { keys: ctrl+plus }, reverse: { keys: ctrl+minus } }"), "\(old.stdout)")
        let bad = try shell("cd \"$HOME\" && tactus import --fusuma-version latest config.yml", home: home)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--fusuma-version takes a release number such as 2.5 or 3.1, not 'latest'"))
    }
}
