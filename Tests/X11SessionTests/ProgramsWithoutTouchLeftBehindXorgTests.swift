import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// Programs without touch, what a gesture leaves behind (semantics.md §12.5): no button down,
/// the pointer where the touch found it unless the gesture clicked or dragged, a window that
/// goes away mid-scroll.
extension ProgramsWithoutTouchXorgTests {
    // MARK: Leaving nothing behind

    /// The Tk probe killed while a finger scrolls it: the scroll ends with its window (the
    /// rest of the drag sends no wheel steps to what is below: on openbox's desktop they would
    /// switch desktops), no button is left down, and the daemon still hands later touches on:
    /// a tap on another window without touch reaches it as a click.
    @Test func aProgramKilledMidScrollLeavesNothingBehind() throws {
        let bench = try CompareBench()
        let daemon = try bench.startDaemon(), x = bench.x
        let other = try x.openWindow(class: "Other", title: "other", geometry: "300x300+900+100", buttonState: true)
        try Self.waitUntilRead(daemon, UInt64(other.id), touch: false)
        let otherFrame = try #require(WindowTracker(server: x.server).info(other.id)?.frame)
        let tk = try Self.startTk(bench, daemon)
        let tracker = WindowTracker(server: x.server), desktop = tracker.currentDesktop
        var killedAt: Int?
        try Self.drag(bench.touch, [tk.at(0.5, 0.9)], by: Vector(dx: 0, dy: -300)) { i in
            guard killedAt == nil, tk.output.lines.filter({ $0.hasPrefix("press 5") }).count >= 2 else { return }
            tk.program.stop(signal: SIGKILL)
            #expect(x.poll { x.server.geometry(XWindowID(tk.id)) == nil }, "the Tk window is gone")
            killedAt = i * 5
        }
        #expect(killedAt != nil, "Tk never scrolled: \(tk.output.lines.suffix(5))")
        #expect(x.poll { Self.buttonsDown(x) == 0 }, "a button is left down: 0x\(String(Self.buttonsDown(x), radix: 16))")
        // Every wheel step went before the kill: the desktop is the one the drag began on, once
        // openbox has read all the server sent it.
        #expect(Self.windowManagerRoundTrip(x), "openbox did not answer")
        let after = tracker.currentDesktop
        #expect(after == desktop, "after the kill the drag's wheel steps reached the desktop: openbox went from desktop \(desktop ?? -1) to \(after ?? -1)")
        if after != desktop, let desktop {
            x.server.sendRootMessage(about: x.server.root, type: "_NET_CURRENT_DESKTOP", data: [desktop, 0])
            _ = x.poll { tracker.currentDesktop == desktop }
        }
        let q = Point(x: otherFrame.x + 150, y: otherFrame.y + 150)
        try Self.tap(bench.touch, [q])
        let click = other.output.wait { $0.hasPrefix("button-press 1 ") }
        #expect(click != nil, "the tap after the kill: \(other.output.lines.suffix(4)); daemon: \(daemon.output!.lines.suffix(6))")
        #expect(other.output.wait { $0.hasPrefix("button-release 1 ") } != nil && daemon.isRunning)
        #expect(x.poll { Self.buttonsDown(x) == 0 })
        Self.figure("Tk killed \(killedAt ?? -1) px into the drag; desktop \(desktop ?? -1) → \(after ?? -1); the later tap: \(click ?? "none")")
    }

    /// The pointer put at `place` by the mouse (XTest), then one finger dragged up 300 px over
    /// the Tk text: without the daemon the server leaves the pointer where the finger lifted;
    /// with it the text scrolls and the pointer is back at `place` once the finger is up. A
    /// press held and lifted right-clicks: the pointer stays at the click; a tap is the
    /// program's click: the pointer stays where the finger was, as without the daemon.
    @Test func aScrollPutsThePointerBackWhereTheTouchFoundIt() throws {
        let bench = try CompareBench(), x = bench.x
        let place = Point(x: 60, y: 40)
        func placePointer(_ daemon: Child?) throws { try PointerPlace.put(x, at: place, readBy: daemon) }
        var lifts: [String: Point] = [:]
        let drag: (Tk) throws -> Void = { tk in
            let start = tk.at(0.4, 0.875)
            lifts["drag"] = Point(x: start.x, y: start.y - 300)
            try Self.drag(bench.touch, [start], by: Vector(dx: 0, dy: -300))
        }
        let hold: (Tk) throws -> Void = { tk in
            let p = tk.at(0.5, 0.5)
            lifts["hold"] = p
            try bench.touch.touches(Self.frame(.begin, [p]))
            usleep(1_000_000)
            try bench.touch.touches(Self.frame(.end, [p]))
        }
        let tap: (Tk) throws -> Void = { tk in
            let p = tk.at(0.6, 0.3)
            lifts["tap"] = p
            try Self.tap(bench.touch, [p])
        }
        let scrolled: (TkRun) -> Bool = { $0.wheel.count >= 6 }
        // Without the daemon: where the finger lifted.
        var without: [String: Point] = [:]
        for (name, gesture, done) in [("drag", drag, scrolled), ("tap", tap, { (r: TkRun) in r.kinds.contains("release 1") })] {
            let tk = try Self.startTk(bench, nil)
            try placePointer(nil)
            try gesture(tk)
            _ = tk.output.wait(timeout: 5) { _ in done(TkRun(lines: tk.output.lines, lineSpace: tk.lineSpace)) }
            _ = x.poll { PointerPlace.near(PointerPlace.of(x), lifts[name]) }
            without[name] = PointerPlace.of(x)
            bench.stop(tk.program)
            _ = x.poll { x.server.geometry(XWindowID(tk.id)) == nil }
        }
        #expect(PointerPlace.near(without["drag"], lifts["drag"]), "without the daemon the pointer is where the finger lifted: \(PointerPlace.text(without["drag"])), lifted at \(PointerPlace.text(lifts["drag"]))")
        // With the daemon.
        let daemon = try bench.startDaemon()
        var with: [String: Point] = [:]
        for (name, gesture, done) in [("drag", drag, scrolled), ("hold", hold, { (r: TkRun) in r.kinds.contains("release 3") }),
                                      ("tap", tap, { (r: TkRun) in r.kinds.contains("release 1") })] {
            let tk = try Self.startTk(bench, daemon)
            try placePointer(daemon)
            let from = daemon.output!.count
            try gesture(tk)
            #expect(tk.output.wait(timeout: 5) { _ in done(TkRun(lines: tk.output.lines, lineSpace: tk.lineSpace)) } != nil, "\(name): Tk did not get it: \(tk.output.lines.suffix(6))")
            // The daemon has settled the hand: it said where the pointer goes or why it stays.
            PointerPlace.settled(daemon, from: from)
            with[name] = PointerPlace.of(x)
            #expect(x.poll { Self.buttonsDown(x) == 0 }, "\(name): a button is left down")
            bench.stop(tk.program)
            _ = x.poll { x.server.geometry(XWindowID(tk.id)) == nil }
        }
        #expect(with["drag"] == place, "with the daemon, after the scroll the pointer is at \(PointerPlace.text(with["drag"])), not back at \(place)")
        #expect(PointerPlace.near(with["hold"], lifts["hold"]), "with the daemon, after the right click the pointer is at \(PointerPlace.text(with["hold"])), not at the click \(PointerPlace.text(lifts["hold"]))")
        #expect(PointerPlace.near(with["tap"], lifts["tap"]) && PointerPlace.near(without["tap"], lifts["tap"]),
                "a tap leaves the pointer where the finger was (\(PointerPlace.text(lifts["tap"]))): with \(PointerPlace.text(with["tap"])), without \(PointerPlace.text(without["tap"]))")
        Self.figure("pointer after a scroll: with the daemon \(PointerPlace.text(with["drag"])) (placed at \(place)), without \(PointerPlace.text(without["drag"])) (lifted at \(PointerPlace.text(lifts["drag"]))); after a hold \(PointerPlace.text(with["hold"])); after a tap \(PointerPlace.text(with["tap"])) (tapped at \(PointerPlace.text(lifts["tap"])))")
    }
}
