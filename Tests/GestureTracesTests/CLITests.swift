import Foundation
import Testing

/// The `tactus` binary as a user runs it.
@Suite struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func tactus(_ args: [String], environment: [String: String]? = nil) throws -> Run {
        let p = Process()
        p.executableURL = ScenarioTests.binary
        p.arguments = args
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func temporary(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func checkExitsZeroForAValidFileAndOneWithEveryErrorOtherwise() throws {
        let good = try temporary("good.yaml", "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: t, tap: {} }\n")
        let ok = try tactus(["check", good])
        #expect(ok.status == 0)
        #expect(ok.stdout == "\(good): OK, 1 profile, 1 gesture, 0 touchpad bindings\n")
        let bad = try temporary("bad.yaml", "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: t, tap: { taps: 0 } }\n      - { name: u, pan: {}, requireToFail: [v] }\n")
        let r = try tactus(["check", bad])
        #expect(r.status == 1)
        #expect(r.stderr == "\(bad):6:33: taps must be between 1 and 10, not 0\n\(bad):7:45: unknown gesture 'v' in requireToFail of 'u'\n")
    }

    @Test func printDefaultPrintsAFileThatChecks() throws {
        let r = try tactus(["check", "--print-default"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("# Tactus built-in default profile"))
        let path = try temporary("default.yaml", r.stdout)
        #expect(try tactus(["check", path]).status == 0)
    }

    @Test func withoutAFileCheckUsesTheXDGSearchThenTheDefault() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-home-\(UUID().uuidString)").path
        let none = try tactus(["check"], environment: ["HOME": home, "XDG_CONFIG_DIRS": home + "/nowhere"])
        #expect(none.status == 0)
        #expect(none.stdout.hasPrefix("<built-in>: OK"))
        let config = home + "/config"
        try FileManager.default.createDirectory(atPath: config + "/tactus", withIntermediateDirectories: true)
        try "version: 2\nprofiles: []\n".write(toFile: config + "/tactus/config.yaml", atomically: true, encoding: .utf8)
        let found = try tactus(["check"], environment: ["HOME": home, "XDG_CONFIG_HOME": config])
        #expect(found.status == 1)
        #expect(found.stderr == "\(config)/tactus/config.yaml:1:10: unsupported version 2: this Tactus reads version 1\n")
    }

    @Test func replayOfAMalformedTraceNamesTheLineAndFails() throws {
        let trace = try temporary("t.jsonl", "{\"t\":0,\"kind\":\"screen\",\"width\":800,\"height\":600}\n{\"t\":5,\"kind\":\"touch\"}\n")
        let r = try tactus(["replay", trace])
        #expect(r.status == 1)
        #expect(r.stderr == "\(trace):2: \"phase\" must be began, moved, ended or cancelled\n")
        #expect(r.stdout == "")
    }

    @Test func replayExecutesCommandsOnlyWhenAsked() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-marker-\(UUID().uuidString)").path
        let profile = try temporary("p.yaml", "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: t, tap: {}, action: { command: [touch, \"\(marker)\"] } }\n")
        let trace = try temporary("t.jsonl", "{\"t\":0,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":5,\"y\":5}\n{\"t\":40,\"kind\":\"touch\",\"phase\":\"ended\",\"id\":1,\"x\":5,\"y\":5}\n")
        let dry = try tactus(["replay", "--config", profile, trace])
        #expect(dry.stdout.contains("\"kind\":\"action\",\"gesture\":\"t\",\"state\":\"recognized\",\"action\":\"command touch \(marker)\""))
        #expect(!FileManager.default.fileExists(atPath: marker))
        let real = try tactus(["replay", "--execute", "--config", profile, trace])
        #expect(real.status == 0)
        #expect(FileManager.default.fileExists(atPath: marker))
    }

    @Test func textLogIsAlignedForPeople() throws {
        let folder = ScenarioTests.folder
        let r = try tactus(["replay", "--log", "text", "--config", folder.appendingPathComponent("single-double-required.yaml").path, folder.appendingPathComponent("single-double-required.jsonl").path])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.contains("       350  action   double-tap                 recognized                     log double  (window 100)"))
        #expect(lines.allSatisfy { $0.count > 12 && $0.dropFirst(10).hasPrefix("  ") })
    }

    @Test func badScreenSizeIsAUsageError() throws {
        let r = try tactus(["replay", "--screen", "big", "x.jsonl"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--screen must be WIDTHxHEIGHT"))
    }
}
