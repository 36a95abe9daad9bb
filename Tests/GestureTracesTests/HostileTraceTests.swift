import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces

/// Traces built to break `replay` (issue 15): each is replayed or refused with its line, in
/// bounded time and memory.
@Suite struct HostileTraceTests {
    private func touches(_ lines: [TraceLine]) -> Int {
        touchPoints(lines).count
    }

    /// The issue's reproducer: 6,000 anonymous contacts in one frame (1.65 GB and 8.6 s when
    /// every pair of contacts was listed). Refused at the contact past the limit.
    @Test func aProtocolAFrameWithThousandsOfContactsIsRefusedAtTheOneTooMany() throws {
        var text = "# EVEMU 1.3\nA: 35 0 1000 0 0\nA: 36 0 1000 0 0\n"
        for i in 0..<6_000 { text += "E: 0.000000 0003 0035 \(i % 1000)\nE: 0.000000 0003 0036 \(i / 6)\nE: 0.000000 0000 0002 0\n" }
        text += "E: 0.000000 0000 0000 0\n"
        let contactLine = { (i: Int) in 4 + 3 * i + 2 }  // the SYN_MT_REPORT of contact i (0-based)
        #expect(traceError(text, file: "a.events", screen: (1000, 1000))
            == "a.events:\(contactLine(EvdevTouchDecoder.maximumContacts)): more than \(EvdevTouchDecoder.maximumContacts) contacts in one frame")
        // As many as the limit are followed, each to its end.
        var within = "# EVEMU 1.3\nA: 35 0 1000 0 0\nA: 36 0 1000 0 0\n"
        for i in 0..<EvdevTouchDecoder.maximumContacts { within += "E: 0.000000 0003 0035 \(i * 7)\nE: 0.000000 0003 0036 \(i)\nE: 0.000000 0000 0002 0\n" }
        within += "E: 0.000000 0000 0000 0\nE: 0.010000 0000 0000 0\n"
        #expect(touches(try parseTrace(within, file: "a.events", screen: (1000, 1000))) == 2 * EvdevTouchDecoder.maximumContacts)
    }

    /// Protocol B: a slot number no device has would make every frame walk that many slots.
    @Test func aSlotNumberNoDeviceHasIsRefused() {
        let text = "# EVEMU 1.3\nA: 35 0 1000 0 0\nA: 36 0 1000 0 0\nE: 0.000000 0003 002f 1000000000\n"
        #expect(traceError(text, file: "b.events", screen: (1000, 1000))
            == "b.events:4: slot 1000000000: a touchscreen has at most \(EvdevTouchDecoder.maximumContacts) slots (0 to \(EvdevTouchDecoder.maximumContacts - 1))")
    }

    /// Numbers past 2^63 in a placeholder or a click's position printed as Swift writes them
    /// (they trapped converting to Int64).
    @Test func numbersBeyondInt64AreFormattedNotTrapped() {
        #expect(formatNumber(1e19) == "1e+19")
        #expect(formatNumber(-9.3e18) == "-9.3e+18")
        #expect(formatNumber(.greatestFiniteMagnitude) == "1.7976931348623157e+308")
        #expect(formatNumber(999_999_999_999_999) == "999999999999999")
        #expect(formatNumber(12.34567) == "12.346")
        #expect(formatNumber(0.0001) == "0")
    }

    /// libinput record files are streamed from libyaml's events: no alias is followed (a
    /// "billion laughs" would otherwise be walked through its expansion), and lists nest a few levels.
    @Test func aLibinputRecordWithAnAliasIsRefusedAtTheAlias() {
        let text = "version: 1\ndevices:\n- evdev: &e { absinfo: { 53: [0, 100] } }\n  events:\n  - evdev: *e\n"
        #expect(traceError(text, file: "r.yml", screen: (100, 100)) == "r.yml:5: an alias: libinput record files have none")
        let deep = "version: 1\ndevices: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"
        #expect(traceError(deep, file: "d.yml", screen: (100, 100)).hasPrefix("d.yml:2: nested deeper than"))
    }

    /// Found by the fuzz targets: the engine keeps its observers, and a replayer observing
    /// its own engine was never freed.
    @Test func aReplayerIsFreedWithItsEngine() throws {
        weak var gone: Replayer?
        weak var engine: GestureEngine?
        do {
            let r = Replayer(configuration: try profile(oneGesture("{ name: t, tap: {}, action: { log: t } }")), screen: (100, 100), format: .json) { _ in }
            r.run(try TraceReader.parse("{\"t\":0,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":5,\"y\":5}\n{\"t\":40,\"kind\":\"touch\",\"phase\":\"ended\",\"id\":1,\"x\":5,\"y\":5}\n", file: "t.jsonl", screen: (100, 100)))
            #expect(r.actions.count == 1)
            (gone, engine) = (r, r.engine)
        }
        #expect(gone == nil)
        #expect(engine == nil)
    }

    /// A line that never ends is refused once it passes the limit, not held whole.
    @Test func aLineWithoutEndIsRefusedPastTheLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-long-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ("{\"t\":0,\"kind\":\"screen\",\"width\":100,\"height\":100}\n" + String(repeating: " ", count: 3 << 20)).write(toFile: path, atomically: false, encoding: .utf8)
        #expect {
            try TraceReader.stream(path: path, screen: (100, 100)) { _ in }
        } throws: { error in
            (error as? TraceError)?.description == "\(path):2: a line longer than \(1 << 20) bytes"
        }
    }
}

extension CLITests {
    /// The issue's reproducer: two lines whose position is 10^19; replay with a long press that
    /// clicks where the finger is (the built-in profile had one then) trapped (exit 132) and
    /// lost the log it had printed.
    @Test func replayOfAPositionBeyondInt64PrintsItsLog() throws {
        let trace = try temporary("big.jsonl", """
            {"t":0,"kind":"touch","phase":"began","id":1,"x":1e19,"y":0}
            {"t":900,"kind":"touch","phase":"ended","id":1,"x":1e19,"y":0}

            """)
        let config = try temporary("press.yaml", """
            version: 1
            profiles:
              - { name: desktop, match: any, gestures: [{ name: right-click, longPress: { minimumDuration: 0.7 }, on: { began: { click: 3 } } }] }

            """)
        let r = try tactus(["replay", "--config", config, trace])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"action\":\"click 3 at 1e+19,0\""), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("\"to\":\"possible\",\"reset\":true}\n"))
    }

    /// A window's instance placed first in a command: with `/usr/bin/env` in front, env's
    /// `-S` split it and ran a shell. Spawned directly, no program has that name.
    @Test func replayExecuteRunsNoShellFromAWindowsInstance() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-env-\(UUID().uuidString)").path
        let profile = try temporary("p.yaml", "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: t, tap: {}, action: { command: [\"{window.instance}\"] } }\n")
        let instance = "-S sh -c 'touch \(marker)'"
        let trace = try temporary("t.jsonl", """
            {"t":0,"kind":"window","id":7,"class":"Evil","instance":"\(instance)","title":"evil","frame":[0,0,500,500]}
            {"t":10,"kind":"touch","phase":"began","id":1,"x":50,"y":50}
            {"t":50,"kind":"touch","phase":"ended","id":1,"x":50,"y":50}

            """)
        let r = try tactus(["replay", "--execute", "--config", profile, trace])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"kind\":\"action\",\"gesture\":\"t\""), "\(r.stdout)")
        #expect(r.stdout.contains("\"kind\":\"error\",\"message\":\"cannot run command"), "no program is named '-S sh …': \(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker), "a shell ran")
    }

    /// `replay -` reads the trace as it comes: the first tap's command runs (and its log is
    /// out) while the rest of the trace is still to be written.
    @Test func replayStreamsATraceFromStandardInput() throws {
        let profile = try temporary("p.yaml", "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: t, tap: {}, action: { command: [\"true\"] } }\n")
        let p = Process()
        p.executableURL = ScenarioTests.binary
        p.arguments = ["replay", "--execute", "--config", profile, "-"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        func tap(_ id: Int, at t: Int) -> String {
            "{\"t\":\(t),\"kind\":\"touch\",\"phase\":\"began\",\"id\":\(id),\"x\":50,\"y\":50}\n{\"t\":\(t + 40),\"kind\":\"touch\",\"phase\":\"ended\",\"id\":\(id),\"x\":50,\"y\":50}\n"
        }
        input.fileHandleForWriting.write(Data(tap(1, at: 0).utf8))
        var seen = ""
        while !seen.contains("\"gesture\":\"t\",\"state\":\"recognized\"") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        #expect(seen.contains("\"t\":40,\"kind\":\"action\",\"gesture\":\"t\""), "the first tap's log before the trace ends: \(seen)")
        input.fileHandleForWriting.write(Data(tap(2, at: 1000).utf8))
        try input.fileHandleForWriting.close()
        seen += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(seen.components(separatedBy: "\"kind\":\"action\"").count == 3, "two taps, two actions: \(seen)")
    }
}

/// A profile file says what runs as the user: one that others may write is refused, as ssh
/// refuses such keys (issue 15: mode 666 with `command:` actions loaded silently).
extension CLITests {
    private static let profileWithACommand = "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: t, tap: {}, action: { command: [touch, /tmp/x] } }\n"

    private func chmod(_ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    @Test func aProfileAnyoneMayWriteIsRefused() throws {
        let path = try temporary("open.yaml", Self.profileWithACommand)
        try chmod(path, 0o666)
        let refused = try tactus(["check", path])
        #expect(refused.status == 1)
        #expect(refused.stderr == "tactus: \(path): not loaded: \(path) may be written by anyone (mode 0666), and the actions of a profile run as you (chmod go-w, as for ssh's files)\n")
        // replay --execute would run its commands: refused too.
        let trace = try temporary("t.jsonl", "{\"t\":0,\"kind\":\"screen\",\"width\":100,\"height\":100}\n")
        #expect(try tactus(["replay", "--execute", "--config", path, trace]).status == 1)
        try chmod(path, 0o644)
        #expect(try tactus(["check", path]).status == 0)
    }

    @Test func aProfileInAFolderAnyoneMayWriteIsRefused() throws {
        let path = try temporary("p.yaml", Self.profileWithACommand)
        let folder = (path as NSString).deletingLastPathComponent
        try chmod(folder, 0o777)
        let refused = try tactus(["check", path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("not loaded: its folder \(folder) may be written by anyone (mode 0777)"), "\(refused.stderr)")
        // Sticky, as /tmp is: only a file's owner may replace it there.
        try chmod(folder, 0o1777)
        #expect(try tactus(["check", path]).status == 0)
    }

    /// Debian gives each user a private group: a file that group may write is still theirs.
    @Test func aProfileItsOwnersPrivateGroupMayWriteIsLoaded() throws {
        let path = try temporary("g.yaml", Self.profileWithACommand)
        try chmod(path, 0o664)
        let group = try FileManager.default.attributesOfItem(atPath: path)[.groupOwnerAccountName] as? String
        let user = NSUserName()
        let r = try tactus(["check", path])
        if group == user {
            #expect(r.status == 0, "\(r.stderr)")
        } else {
            #expect(r.stderr.contains("may be written by the group \(group ?? "")"), "\(r.stderr)")
        }
    }
}
