import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// The built-in default profile's previewed desktop swipe with real touches (Xorg + dummy +
/// inputtest, as root): three fingers dragged left switch to the next desktop when they lift
/// past the commit point (120 px), not while they move; dragged back under it, nothing
/// happens. The overlay shows the preview while the fingers are down and is gone after.
@Suite(.serialized) struct PreviewXorgTests {
    /// Three fingers 70 px apart at `start`, moved together by `dx` per step (each step one
    /// write: a frame), the server done with each before the next.
    func move(_ d: InputTestDevice, from start: [Point], offsets: [Double]) throws {
        for dx in offsets {
            try d.touches(start.enumerated().map { (.update, UInt32($0.offset + 1), Point(x: $0.element.x + dx, y: $0.element.y)) })
        }
    }

    func land(_ d: InputTestDevice, _ start: [Point]) throws {
        try d.touches(start.enumerated().map { (.begin, UInt32($0.offset + 1), $0.element) })
    }

    func lift(_ d: InputTestDevice, _ start: [Point], at dx: Double) throws {
        try d.touches(start.enumerated().map { (.end, UInt32($0.offset + 1), Point(x: $0.element.x + dx, y: $0.element.y)) })
    }

    func overlayMapped(_ x: XvfbSession) -> Bool? {
        guard let id = x.server.children(of: x.server.root).first(where: { x.server.classHint($0)?.instance == "tactus-feedback" }) else { return nil }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(x.server.display, Window(id), &attributes) != 0 else { return nil }
        return attributes.map_state == IsViewable
    }

    @Test func aThreeFingerSwipeSwitchesTheDesktopAtTheLiftNotBefore() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        _ = try x.openWindow(class: "Canvas", title: "canvas", geometry: "600x400+300+200")
        let daemon = try x.startDaemon(config: defaultProfileYAML)
        #expect(daemon.output!.wait { $0.contains("feedback on: previews") } != nil, "\(daemon.output!.lines.suffix(10))")
        let start = [Point(x: 700, y: 400), Point(x: 770, y: 400), Point(x: 840, y: 400)]
        try land(touch, start)
        try move(touch, from: start, offsets: stride(from: -10.0, through: -180, by: -10).map { $0 })
        #expect(daemon.output!.wait { $0.contains("gesture next-desktop: recognized, its action waits for the lift") } != nil, "\(daemon.output!.lines.suffix(20))")
        #expect(x.poll { overlayMapped(x) == true }, "the preview is on screen while the fingers are down")
        #expect(WindowTracker(server: x.server).currentDesktop == 0)
        #expect(!daemon.output!.lines.contains { $0.contains("\"kind\":\"action\"") }, "nothing fired while the fingers are down")
        try lift(touch, start, at: -180)
        #expect(daemon.output!.wait { $0.contains("\"action\":\"desktop next\"") } != nil, "\(daemon.output!.lines.suffix(20))")
        #expect(x.poll { WindowTracker(server: x.server).currentDesktop == 1 })
        #expect(x.poll { overlayMapped(x) == false }, "gone after the lift")
    }

    @Test func draggedBackUnderTheCommitPointNothingHappens() throws {
        let (x, touch) = try XvfbSession.withTouchscreen()
        _ = try x.openWindow(class: "Canvas", title: "canvas", geometry: "600x400+300+200")
        let daemon = try x.startDaemon(config: defaultProfileYAML)
        #expect(daemon.output!.wait { $0.contains("feedback on: previews") } != nil)
        let monitor = try x.startMonitor(for: daemon, arguments: ["--log", "json"])
        let start = [Point(x: 700, y: 400), Point(x: 770, y: 400), Point(x: 840, y: 400)]
        try land(touch, start)
        let out = stride(from: -10.0, through: -180, by: -10).map { $0 }
        try move(touch, from: start, offsets: out + stride(from: -170.0, through: -40, by: 10).map { $0 })
        try lift(touch, start, at: -40)
        #expect(daemon.output!.wait { $0.contains("gesture next-desktop: cancelled at 17% (50% needed): no action") } != nil, "\(daemon.output!.lines.suffix(20))")
        // tactus monitor says so too: when it started waiting, and what the lift decided.
        #expect(monitor.output!.wait { $0.contains("\"kind\":\"note\"") && $0.contains("\"subject\":\"gesture next-desktop\"") && $0.contains("cancelled at 17%") } != nil,
                "\(monitor.output!.lines.suffix(10))")
        #expect(monitor.output!.lines.contains { $0.contains("\"subject\":\"gesture next-desktop\"") && $0.contains("waits for the lift") })
        #expect(x.poll { overlayMapped(x) == false })
        #expect(WindowTracker(server: x.server).currentDesktop == 0)
        #expect(!daemon.output!.lines.contains { $0.contains("\"kind\":\"action\"") })
    }
}
