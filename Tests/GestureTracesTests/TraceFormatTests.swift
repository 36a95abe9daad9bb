import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces

@Suite struct TraceFormatTests {
    @Test func malformedLinesAreErrorsNamingTheirLine() {
        let ok = "{\"t\":0,\"kind\":\"screen\",\"width\":800,\"height\":600}\n"
        #expect(traceError(ok + "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1}\n") == "t.jsonl:2: missing \"y\"")
        #expect(traceError(ok + "\n{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":true}\n") == "t.jsonl:3: \"y\" must be a number")
        #expect(traceError(ok + "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":2\n") == "t.jsonl:2: not valid JSON: unexpected end of line")
        #expect(traceError(ok + "{\"t\":-5,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":2}\n") == "t.jsonl:2: \"t\" goes backwards (-5.0 after 0.0)")
        #expect(traceError(ok + "{\"t\":1,\"kind\":\"wobble\"}\n") == "t.jsonl:2: unknown kind \"wobble\" (screen, monitor, window, window-closed, touch, pointer, touchpad)")
        #expect(traceError(ok + "{\"t\":1,\"kind\":\"touch\",\"phase\":\"hover\",\"id\":1,\"x\":1,\"y\":2}\n") == "t.jsonl:2: \"phase\" must be began, moved, ended or cancelled")
        #expect(traceError(ok + "{\"t\":1,\"kind\":\"window\",\"id\":3,\"frame\":[0,0,10]}\n") == "t.jsonl:2: \"frame\" must be [x, y, width, height]")
        #expect(traceError("garbage\n") == "t.jsonl:1: unknown trace format: expected JSON lines, an evemu-record file or a libinput record file")
    }

    @Test func allKindsParse() throws {
        let lines = try parseTrace("""
            {"t":0,"kind":"screen","width":1920,"height":1080}
            {"t":0,"kind":"window","id":4194313,"class":"firefox","instance":"Navigator","title":"Mozilla \\"Firefox\\"","type":"normal","frame":[0,0,1280,800],"focused":true}
            {"t":10,"kind":"touch","phase":"began","id":1,"x":100,"y":200}
            {"t":200,"kind":"pointer","phase":"down","button":1,"x":300,"y":300}
            {"t":210,"kind":"pointer","phase":"motion","x":310,"y":300}
            {"t":300,"kind":"touchpad","gesture":"swipe","phase":"begin","fingers":3}
            {"t":316,"kind":"touchpad","gesture":"swipe","phase":"update","fingers":3,"dx":-12.5,"dy":0.4}
            {"t":420,"kind":"touchpad","gesture":"swipe","phase":"end","fingers":3,"cancelled":false}
            {"t":500,"kind":"touch","phase":"cancelled","id":"p2","x":10,"y":10}
            {"t":600,"kind":"window-closed","id":4194313}
            """)
        #expect(lines.count == 10)
        if case .window(let w) = lines[1].event { #expect(w.title == "Mozilla \"Firefox\"" && w.frame == Rect(x: 0, y: 0, width: 1280, height: 800)) } else { Issue.record("window") }
        if case .touches(let f) = lines[8].event, let t = f.first, t.phase == .cancelled { #expect(t.id == .pointer(2)) } else { Issue.record("pointer id") }
        if case .touchpad(let e) = lines[6].event { #expect(e.dx == -12.5 && e.fingers == 3) } else { Issue.record("touchpad") }
    }

    @Test func pointerDragIsTouchP1AndTouchpadBindingsFire() throws {
        let text = """
            {"t":0,"kind":"screen","width":1920,"height":1080}
            {"t":100,"kind":"pointer","phase":"down","button":1,"x":300,"y":300}
            {"t":120,"kind":"pointer","phase":"motion","x":400,"y":300}
            {"t":140,"kind":"pointer","phase":"up","button":1,"x":400,"y":300}
            {"t":300,"kind":"touchpad","gesture":"swipe","phase":"begin","fingers":3}
            {"t":316,"kind":"touchpad","gesture":"swipe","phase":"update","fingers":3,"dx":-40,"dy":1}
            {"t":420,"kind":"touchpad","gesture":"swipe","phase":"end","fingers":3}
            """
        var lines: [String] = []
        let yaml = oneGesture("{ name: drag, pan: {}, on: { began: { log: \"drag {touches}\" } } }")
            + "    touchpad:\n      - { name: tp, swipe: { fingers: 3, direction: left }, action: { desktop: next } }\n"
        let r = Replayer(configuration: try profile(yaml), screen: (1920, 1080), format: .json) { lines.append($0) }
        r.run(try parseTrace(text))
        #expect(lines.contains("{\"t\":120,\"kind\":\"touch\",\"id\":\"p1\",\"verdict\":\"claimed\",\"held\":20,\"by\":\"drag\"}"))
        #expect(lines.contains("{\"t\":300,\"kind\":\"touchpad\",\"gesture\":\"swipe\",\"fingers\":3,\"verdict\":\"claimed\"}"))
        #expect(r.actions.map { "\($0.gesture) \($0.action)" } == ["drag log drag 1", "tp desktop next"])
    }

    @Test func libinputRecordFilesReplayLikeEvemu() throws {
        // The same taps, written as libinput record writes them.
        let yaml = """
            version: 1
            ndevices: 1
            libinput:
              version: "1.22.1"
            devices:
            - node: /dev/input/event5
              evdev:
                name: "Test Touchscreen"
                absinfo:
                  0: [0, 1000, 0, 0, 0]
                  1: [0, 500, 0, 0, 0]
                  47: [0, 9, 0, 0, 0]
                  53: [0, 1000, 0, 0, 0]
                  54: [0, 500, 0, 0, 0]
                  57: [0, 65535, 0, 0, 0]
              events:
              - evdev:
                - [  0,      0,   3,  57,     10]
                - [  0,      0,   3,  53,    500]
                - [  0,      0,   3,  54,    250]
                - [  0,      0,   0,   0,      0]
              - evdev:
                - [  0,  50000,   3,  57,     -1]
                - [  0,  50000,   0,   0,      0]
              - evdev:
                - [  1,      0,   3,  57,     11]
                - [  1,      0,   3,  53,    100]
                - [  1,      0,   3,  54,    100]
                - [  1,      0,   0,   0,      0]
              - evdev:
                - [  1,  40000,   3,  57,     -1]
                - [  1,  40000,   0,   0,      0]
            """
        let lines = try TraceReader.parse(yaml, file: "r.yml", screen: (2000, 1000))
        let touches = touchPoints(lines).map { time, t in "\(time) \(t.phase.rawValue) \(t.id) \(formatNumber(t.location.x)),\(formatNumber(t.location.y))" }
        #expect(touches == ["0.0 began 1 1000,500", "50.0 ended 1 1000,500", "1000.0 began 2 200,200", "1040.0 ended 2 200,200"])
    }

    @Test func protocolAContactsAreMatchedByNearestPosition() throws {
        // Two anonymous contacts that cross paths in x order, then one lifts.
        let events = """
            A: 35 0 1000 0 0
            A: 36 0 1000 0 0
            E: 0.000000 0003 0035 100
            E: 0.000000 0003 0036 100
            E: 0.000000 0000 0002 0
            E: 0.000000 0003 0035 900
            E: 0.000000 0003 0036 100
            E: 0.000000 0000 0002 0
            E: 0.000000 0000 0000 0
            E: 0.010000 0003 0035 890
            E: 0.010000 0003 0036 110
            E: 0.010000 0000 0002 0
            E: 0.010000 0003 0035 110
            E: 0.010000 0003 0036 110
            E: 0.010000 0000 0002 0
            E: 0.010000 0000 0000 0
            E: 0.020000 0003 0035 880
            E: 0.020000 0003 0036 120
            E: 0.020000 0000 0002 0
            E: 0.020000 0000 0000 0
            E: 0.030000 0000 0000 0
            """
        let lines = try TraceReader.parse("# EVEMU 1.3\n" + events, file: "a.events", screen: (1000, 1000))
        let touches = touchPoints(lines).map { time, t in "\(Int(time)) \(t.phase.rawValue) \(t.id) \(formatNumber(t.location.x))" }
        #expect(touches == ["0 began 1 100", "0 began 2 900", "10 moved 1 110", "10 moved 2 890", "20 ended 1 110", "20 moved 2 880", "30 ended 2 880"])
    }

    @Test func evemuWithoutAxisRangesIsAClearError() {
        #expect(throws: TraceError.self) { try TraceReader.parse("# EVEMU 1.3\nE: 0.0 0003 0035 1\n", file: "x.events", screen: (100, 100)) }
    }

    @Test func jsonStringsInTheLogAreEscaped() {
        #expect(str("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
    }
}
