import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Real hands on a real X server (semantics.md §10): with the built-in default profile, the
/// input applications handle themselves reaches a touch-selecting window whole — every touch,
/// every update, in order — and a one-finger drag is handed over on the update that crosses
/// the slop. Xorg with the dummy video and `inputtest` input drivers, real XI 2.2 touches.
@Suite(.serialized) struct RealHandsXorgTests {
    /// An Xorg whose threads run in real time, and its touchscreen: the rules read the server's
    /// timestamps (a lone finger is held 75 ms), and on two cores busy with the other suites
    /// (compositing window managers among them) the server stamped the test's back-to-back
    /// events more than 60 ms apart, the pause then (CompareBench does the same for its comparisons).
    func realTimeServer() throws -> (XvfbSession, InputTestDevice) {
        let (x, touch) = try XvfbSession.withTouchscreen()
        let tasks = "/proc/\(x.serverProcess)/task"
        for thread in try FileManager.default.contentsOfDirectory(atPath: tasks).compactMap({ pid_t($0) }) {
            try CompareBench.runInRealTime(thread)
        }
        return (x, touch)
    }

    /// The window's touch lines, as `phase id` (coordinates dropped).
    func touchEvents(_ w: XvfbSession.TestWindow) -> [String] {
        w.output.lines.filter { $0.hasPrefix("touch ") }.map { $0.split(separator: " ").dropFirst().prefix(2).joined(separator: " ") }
    }

    @Test func aTwoFingerScrollReachesTheWindowWholeWithTheDefaultProfile() throws {
        let (x, touch) = try realTimeServer()
        let w = try x.openWindow(class: "Viewer", title: "viewer", geometry: "600x500+100+100", touch: true)
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: defaultProfileYAML)
        // Two fingers side by side land 10 ms apart and scroll down 200 px together.
        let a = Point(x: frame.x + 250, y: frame.y + 120), b = Point(x: frame.x + 320, y: frame.y + 125)
        try touch.touch(.begin, id: 1, at: a)
        usleep(10_000)
        try touch.touch(.begin, id: 2, at: b)
        let steps = 20
        for s in 1...steps {
            usleep(8_000)
            try touch.touch(.update, id: 1, at: Point(x: a.x, y: a.y + 10 * Double(s)))
            try touch.touch(.update, id: 2, at: Point(x: b.x + 1, y: b.y + 10 * Double(s)))
        }
        try touch.touch(.end, id: 1, at: Point(x: a.x, y: a.y + 10 * Double(steps)))
        try touch.touch(.end, id: 2, at: Point(x: b.x + 1, y: b.y + 10 * Double(steps)))
        #expect(w.output.wait { _ in touchEvents(w).filter { $0.hasPrefix("end") }.count == 2 } != nil, "\(w.output.lines.suffix(10))")
        // Nothing claimed: both released, by every gesture giving up.
        let verdicts = daemon.output!.lines.filter { $0.contains("\"kind\":\"touch\"") && $0.contains("\"verdict\"") }
        #expect(verdicts.count == 2 && verdicts.allSatisfy { $0.contains("\"verdict\":\"released\"") }, "\(verdicts)")
        #expect(!daemon.output!.lines.contains { $0.contains("\"kind\":\"action\"") })
        // Whole: each finger's begin, all its updates and its end, each finger in its order.
        let events = touchEvents(w)
        let ids = Set(events.compactMap { $0.split(separator: " ").last.map(String.init) })
        #expect(ids.count == 2, "\(events)")
        for id in ids {
            let mine = events.filter { $0.hasSuffix(" \(id)") }.map { String($0.split(separator: " ")[0]) }
            #expect(mine.first == "begin" && mine.last == "end", "\(mine)")
            #expect(mine.filter { $0 == "update" }.count >= steps - 1, "touch \(id): \(mine.count) events")
        }
    }

    /// With no one-finger gesture (the built-in profile), a lone finger is held only while it
    /// may be the first of a swipe's: the update that moves it past 4 px (landingMotion)
    /// hands it to the window, with a history of that one update.
    @Test func aOneFingerDragIsHandedToTheWindowOnTheUpdateThatMovesIt() throws {
        let (x, touch) = try realTimeServer()
        let w = try x.openWindow(class: "Painter", title: "painter", geometry: "600x500+100+100", touch: true)
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: defaultProfileYAML)
        let p = Point(x: frame.x + 200, y: frame.y + 200)
        try touch.touch(.begin, id: 1, at: p)
        // 2 px a step: 2, 4 (a resting finger's jitter), then 6 (moving). Until then, the window has nothing.
        for s in 1...2 { try touch.touch(.update, id: 1, at: Point(x: p.x + 2 * Double(s), y: p.y)) }
        let moves = { daemon.output!.lines.filter { $0.contains("\"message\":\"moved\"") }.count }
        #expect(daemon.output!.wait { _ in moves() == 2 } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(!daemon.output!.lines.contains { $0.contains("\"verdict\"") })
        #expect(touchEvents(w).isEmpty, "held while undecided: \(w.output.lines)")
        try touch.touch(.update, id: 1, at: Point(x: p.x + 6, y: p.y))
        let verdict = daemon.output!.wait { $0.contains("\"kind\":\"touch\",\"id\":1,\"verdict\"") }
        #expect(verdict?.contains("\"verdict\":\"released\"") == true, "\(daemon.output!.lines.suffix(10))")
        #expect(w.output.wait { $0.hasPrefix("touch begin") } != nil, "\(w.output.lines)")
        try touch.touch(.end, id: 1, at: Point(x: p.x + 6, y: p.y))
        #expect(w.output.wait { $0.hasPrefix("touch end") } != nil)
    }
}
