import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces

/// Monitors in traces (issue 16): `monitor` lines written as `record` writes them read back to
/// the same events, a bad one is an error naming its line, and a multi-monitor session
/// replays without X — the README's command, verbatim.
@Suite struct MonitorTraceTests {
    /// What is wrong with `line`, read as the trace's second line, after a screen.
    private func error(_ line: String) -> String {
        traceError("{\"t\":0,\"kind\":\"screen\",\"width\":800,\"height\":600}\n" + line + "\n")
    }

    @Test func monitorLinesReadBackAsWritten() throws {
        let panel = Monitor(name: "eDP-1", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), primary: true, outputs: ["eDP-1"])
        let declared = Monitor(name: "left \"half\"", frame: Rect(x: 1920, y: 0, width: 1280.5, height: 1440))
        let events: [InputEvent] = [.monitor(panel), .monitor(declared), .monitorRemoved(name: "left \"half\"")]
        let text = events.enumerated().map { TraceWriter.line($1, time: Double($0)) }.joined(separator: "\n")
        #expect(text.hasPrefix("{\"t\":0,\"kind\":\"monitor\",\"name\":\"eDP-1\",\"frame\":[0,0,1920,1080],\"primary\":true,\"outputs\":[\"eDP-1\"]}\n"))
        let read = try parseTrace(text).map(\.event)
        guard read.count == 3, case .monitor(let a) = read[0], case .monitor(let b) = read[1], case .monitorRemoved(let name) = read[2] else {
            Issue.record("read back as \(read)")
            return
        }
        #expect(a == panel)
        #expect(b == declared)
        #expect(name == "left \"half\"")
    }

    @Test func aBadMonitorLineIsAnErrorNamingItsLine() {
        #expect(error("{\"t\":1,\"kind\":\"monitor\",\"frame\":[0,0,10,10]}") == "t.jsonl:2: a monitor needs a \"name\" (a non-empty string)")
        #expect(error("{\"t\":1,\"kind\":\"monitor\",\"name\":\"A\"}") == "t.jsonl:2: a monitor needs \"frame\": [x, y, width, height]")
        #expect(error("{\"t\":1,\"kind\":\"monitor\",\"name\":\"A\",\"frame\":[0,0,\"10\",10]}") == "t.jsonl:2: \"frame\" must be four numbers [x, y, width, height]")
        #expect(error("{\"t\":1,\"kind\":\"monitor\",\"name\":\"A\",\"frame\":[0,0,0,10]}") == "t.jsonl:2: a monitor's \"frame\" needs a positive width and height")
        #expect(error("{\"t\":1,\"kind\":\"monitor\",\"name\":\"A\",\"frame\":[0,0,1e300,10]}") == "t.jsonl:2: \"frame\" must be four numbers [x, y, width, height]")
        #expect(error("{\"t\":1,\"kind\":\"monitor\",\"name\":\"A\",\"removed\":1}") == "t.jsonl:2: \"removed\" must be true or false")
        #expect(error("{\"t\":1,\"kind\":\"monitor\",\"name\":\"A\",\"frame\":[0,0,5,5],\"outputs\":\"HDMI-1\"}") == "t.jsonl:2: \"outputs\" must be a list of output names")
        #expect(error("{\"t\":1,\"kind\":\"monitor\",\"name\":\"A\",\"removed\":true}") == "no error")
    }

    /// The monitors page the README's troubleshooting points to (docs/monitors.md).
    private func monitorsPage() throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("docs/monitors.md"), encoding: .utf8)
    }

    /// The monitors page's replay command, as printed there.
    private func readmeCommand() throws -> [String] {
        let readme = try monitorsPage()
        let lines = readme.split(separator: "\n").map { $0.drop { $0 == " " } }
        let line = try #require(lines.first { $0.hasPrefix("tactus replay --log text --config Tests/GestureTracesTests/Monitors/") })
        return line.split(separator: " ").map(String.init)
    }

    @Test func theMonitorsPagesTraceReplaysAsItsCommentsSay() throws {
        let command = try readmeCommand()
        #expect(command.first == "tactus")
        let p = Process()
        p.executableURL = ScenarioTests.binary
        p.arguments = Array(command.dropFirst())
        p.currentDirectoryURL = repositoryRoot
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let actions = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count > 2, words[1] == "action", let log = line.range(of: " log ") else { return nil }
            return "\(words[0]) \(line[log.upperBound...])"
        }
        // What the trace's comments say the person did.
        #expect(actions == [
            "300 from the right edge of eDP-1",   // the panel's right bezel, with the monitor beside it
            "1050 tap on HDMI-1 (2560x1440)",      // the profile limited to HDMI-1; the tap on the panel: nothing
            "3300 from the right edge of eDP-1",  // after HDMI-1 was unplugged
        ])
    }

    @Test func theMonitorsPagesTouchscreenMappingLoads() throws {
        let page = try monitorsPage()
        let section = try #require(page.components(separatedBy: "## A touchscreen on its monitor").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let snippet = block.trimmingCharacters(in: .newlines)
        let file = try profile("version: 1\n" + snippet + "\nprofiles: []\n")
        #expect(file.settings.touchscreens == [TouchscreenMapping(device: "ELAN Touchscreen", monitor: "eDP-1")])
    }
}
