import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces

/// The daemon's answer to `tactus windows` carries the window manager it found and what each
/// action means there: written on one line and read back the same; an older daemon's answer,
/// without it, still reads.
@Suite struct WindowsAnswerTests {
    static let guide = WindowManagerGuide(name: "i3 4.22", speaksThrough: "i3's IPC socket /run/user/1000/i3/ipc-socket.1",
                                          meanings: [.init("window: minimize", "move scratchpad: out of sight"),
                                                     .init("desktop: show", "an empty workspace (named \"desktop\"), and back")],
                                          note: "a note")

    static func answer(_ guide: WindowManagerGuide?) -> WindowsAnswer {
        let window = WindowInfo(id: 0x600001, windowClass: "Notes", instance: "notes", title: "notes", type: "normal",
                                frame: Rect(x: 10, y: 20, width: 300, height: 200), focused: true)
        return WindowsAnswer(configuration: "<built-in>", pid: 42, windows: [window], profiles: [nil], touches: [ProgramTouchVerdict(.mouse, .server)],
                             screenProfiles: ["desktop"], hasWindowManager: true, windowManagerGuide: guide)
    }

    @Test func theWindowManagerGuideComesBackFromTheLine() throws {
        let written = Self.answer(Self.guide)
        let read = try #require(WindowsAnswer(line: Substring(written.line)))
        #expect(read.windowManagerGuide == Self.guide)
        #expect(read.windows.map(\.id) == [0x600001])
    }

    @Test func anAnswerWithoutItStillReads() throws {
        let read = try #require(WindowsAnswer(line: Substring(Self.answer(nil).line)))
        #expect(read.windowManagerGuide == nil && read.hasWindowManager)
    }

    @Test func theTextSaysTheNameHowItIsSpokenToAndEachMeaning() {
        let lines = Self.guide.text().split(separator: "\n").map(String.init)
        #expect(lines == [
            "window manager: i3 4.22 (i3's IPC socket /run/user/1000/i3/ipc-socket.1); each request is checked, and a warning says when it did not take effect",
            "  window: minimize  move scratchpad: out of sight",
            "  desktop: show     an empty workspace (named \"desktop\"), and back",
            "note: a note",
        ])
    }
}
