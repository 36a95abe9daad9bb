import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// The pointer rule under window managers that take the root's touch grab (muffin, mutter:
/// Tactus decides the touches they let go through grabs on the top-level windows,
/// docs/desktops-that-take-touches.md). The X server moves the pointer under the first finger
/// whoever owns the touch; as under any other window manager, a three-finger swipe Tactus
/// claimed puts it back where the mouse left it, and a tap it hands back leaves it where the
/// finger was, as without the daemon. Read back from the server (`XQueryPointer`). (In the
/// serialized suite of the comparisons: one Xorg at a time.)
extension CompareXorgTests {
    @Test(arguments: [XvfbSession.WindowManager.muffin, .mutter])
    func aSwipeClaimedPutsThePointerBackAndATapHandedBackLeavesIt(windowManager: XvfbSession.WindowManager) throws {
        let bench = try CompareBench(windowManager: windowManager), x = bench.x
        let tracker = WindowTracker(server: x.server)
        let place = Point(x: 40, y: 30)
        func placePointer(_ daemon: Child?) throws { try PointerPlace.put(x, at: place, readBy: daemon) }
        /// A swipe on a window without touch, then a tap on it: where the pointer is after each.
        func run(_ daemon: Child?) throws -> (swipe: Point?, tap: Point?, swipeLift: Point, tapAt: Point) {
            let m = try x.openWindow(class: "Mouse", title: "mouse", geometry: "500x400+400+200", buttonState: true)
            defer { m.process.stop() }
            let frame = try #require(tracker.info(m.id)?.frame)
            let start = Point(x: frame.x + 260, y: frame.y + 150)
            try placePointer(daemon)
            var from = daemon?.output?.count ?? 0
            try Self.threeFingerSwipe(bench, at: start)
            let swipeLift = Point(x: start.x - 240, y: start.y)
            if let daemon {
                PointerPlace.settled(daemon, from: from)
                _ = x.poll(timeout: 5) { tracker.currentDesktop == 1 }
                #expect(Self.showDesktop(bench, 0), "\(windowManager): desktop 0 did not come back")
            } else {
                _ = m.output.wait(timeout: 5) { _ in m.output.lines.contains { $0.hasPrefix("button-release 1") } }
            }
            let afterSwipe = PointerPlace.of(x)
            #expect(Self.activate(bench, m.id), "\(windowManager): the window did not become active")
            try placePointer(daemon)
            from = daemon?.output?.count ?? 0
            let released = m.output.lines.filter { $0.hasPrefix("button-release 1") }.count
            let tapAt = Point(x: frame.x + 100, y: frame.y + 300)
            try Self.oneFinger(bench, at: tapAt, drag: false)
            _ = m.output.wait(timeout: 5) { _ in m.output.lines.filter { $0.hasPrefix("button-release 1") }.count > released }
            if let daemon {
                PointerPlace.settled(daemon, from: from)
            }
            #expect(x.poll { ProgramsWithoutTouchXorgTests.buttonsDown(x) == 0 }, "\(windowManager): a button is left down")
            return (afterSwipe, PointerPlace.of(x), swipeLift, tapAt)
        }
        let without = try run(nil)
        let daemon = try bench.startDaemon()
        #expect(daemon.output!.lines.contains { $0.contains("touch owner after the window manager") }, "\(windowManager): \(daemon.output!.lines.prefix(8))")
        let with = try run(daemon)
        let name = windowManager.description
        #expect(!PointerPlace.near(without.swipe, place), "\(name) without the daemon the swipe left the pointer where the mouse put it: \(String(describing: without.swipe))")
        #expect(with.swipe == place, "\(name) with the daemon, after the swipe the pointer is at \(String(describing: with.swipe)), not back at \(place)")
        #expect(PointerPlace.near(without.tap, without.tapAt) && PointerPlace.near(with.tap, with.tapAt),
                "\(name): a tap leaves the pointer where the finger was (\(with.tapAt)): with \(String(describing: with.tap)), without \(String(describing: without.tap))")
        print("FIGURE \(name): pointer after a three-finger swipe with the daemon \(String(describing: with.swipe)) (placed at \(place)), without \(String(describing: without.swipe)) (first finger lifted at \(without.swipeLift))")
    }
}
