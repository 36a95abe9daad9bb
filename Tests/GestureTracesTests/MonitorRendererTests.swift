import Testing
@testable import GestureTraces

/// `tactus monitor`'s text: the daemon's JSON lines as aligned columns, times from the
/// first event, moves left out unless asked for, colour only when asked for.
struct MonitorRendererTests {
    static let stream = [
        #"{"kind":"hello","version":"0.2.0","display":":0","pid":42,"configuration":"/home/u/.config/tactus/config.yaml","profiles":2,"touch":"owner"}"#,
        #"{"t":5000,"kind":"touch","phase":"began","id":1,"x":100,"y":200,"window":4194313,"class":"firefox","view":"screen/browser:4194313"}"#,
        #"{"t":5000,"kind":"delivery","view":"screen/browser:4194313","message":"began","touches":[1]}"#,
        #"{"t":5016,"kind":"touch","phase":"moved","id":1,"x":104,"y":201}"#,
        #"{"t":5090,"kind":"touch","phase":"ended","id":1,"x":104,"y":201}"#,
        #"{"t":5090,"kind":"state","gesture":"double-tap","view":"screen/browser:4194313","from":"possible","to":"recognized"}"#,
        #"{"t":5090,"kind":"touch","id":1,"verdict":"claimed"}"#,
        #"{"t":5090,"kind":"action","gesture":"double-tap","state":"recognized","action":"window toggle-maximize","window":4194313}"#,
        #"{"t":6251,"kind":"touchpad","gesture":"swipe","fingers":4,"verdict":"released"}"#,
        #"{"t":7000,"kind":"reload","configuration":"config.yaml","result":"kept the old one","message":"the file has errors"}"#,
        #"{"t":7001,"kind":"mystery"}"#,
        "not json",
    ]

    @Test func theStreamReadsAsAlignedColumns() {
        var r = MonitorRenderer(colour: false)
        let text = Self.stream.compactMap { r.render(Substring($0)) }
        #expect(text == [
            "tactus 0.2.0 on :0 (pid 42): /home/u/.config/tactus/config.yaml, 2 profiles, touch owner",
            "     0.000  touch    1 began                                                   at 100,200  in firefox (0x400009)  view screen/browser:4194313",
            "     0.000  delivery screen/browser:4194313     began                          touch 1",
            "     0.090  touch    1 ended                                                   at 104,201",
            "     0.090  state    double-tap                 possible -> recognized         screen/browser:4194313",
            "     0.090  verdict  touch 1                    claimed                        the gestures keep it",
            "     0.090  action   double-tap                 window toggle-maximize         recognized  on 0x400009",
            "     1.251  touchpad 4-finger swipe             released                       handed to the application",
            "     2.000  reload   config.yaml                kept the old one               the file has errors",
            "?? not json",
        ])
    }

    @Test func verdictsSayHowLongTheApplicationWaitedAndWhy() {
        var r = MonitorRenderer(colour: false)
        let lines = [
            #"{"t":0,"kind":"touch","id":3,"verdict":"released","held":12,"by":"all-failed"}"#,
            #"{"t":0,"kind":"touch","id":4,"verdict":"released","held":0,"by":"no-gesture"}"#,
            #"{"t":0,"kind":"touch","id":5,"verdict":"claimed","held":150.5,"by":"next-desktop"}"#,
        ]
        #expect(lines.compactMap { r.render(Substring($0)) } == [
            "     0.000  verdict  touch 3                    released after 12 ms           every gesture gave up: handed to the application",
            "     0.000  verdict  touch 4                    released after 0 ms            no gesture here wants it: handed to the application",
            "     0.000  verdict  touch 5                    claimed after 150.5 ms         by next-desktop",
        ])
    }

    @Test func movesAppearWhenAskedFor() {
        var r = MonitorRenderer(colour: false, showMoves: true)
        let text = Self.stream.compactMap { r.render(Substring($0)) }
        #expect(text.contains("     0.016  touch    1 moved                                                   at 104,201"))
    }

    @Test func colourMarksOutcomesWithoutBreakingTheColumns() {
        var r = MonitorRenderer(colour: true)
        let text = Self.stream.compactMap { r.render(Substring($0)) }
        let verdict = text.first { $0.contains("verdict") }!
        #expect(verdict == "     0.090  verdict  touch 1                    \u{1B}[32mclaimed\u{1B}[0m                        the gestures keep it")
        let released = text.first { $0.contains("touchpad") }!
        #expect(released.contains("\u{1B}[34mreleased\u{1B}[0m"))
        #expect(text.last == "\u{1B}[31m?? not json\u{1B}[0m")
    }

    @Test func monitorsPluggedAndUnpluggedShowTheirArea() {
        var r = MonitorRenderer(colour: false)
        let text = [
            #"{"t":0,"kind":"monitor","name":"eDP-1","frame":[0,0,1920,1080],"primary":true,"outputs":["eDP-1"]}"#,
            #"{"t":1500,"kind":"monitor","name":"HDMI-1","frame":[1920,0,2560,1440]}"#,
            #"{"t":3000,"kind":"monitor","name":"HDMI-1","removed":true}"#,
        ].compactMap { r.render(Substring($0)) }
        #expect(text == [
            "     0.000  monitor  eDP-1                      1920x1080+0+0                  primary",
            "     1.500  monitor  HDMI-1                     2560x1440+1920+0",
            "     3.000  monitor  HDMI-1                     removed",
        ])
    }
}
