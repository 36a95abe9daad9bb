import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// `XlibServer.rejectTouch` against a real server, as the daemon's touch owner calls it: one
/// round trip asks whether the windows a touch landed on are still there and whether another
/// client holds the pointer, then rejects, accepts or sends nothing. The owner here is a
/// connection of the test's that took the root's touch grab; the touches are real (Xorg with
/// the inputtest driver); what became of each is read from the window and from the server.
@Suite(.serialized) struct RejectionAtTheSeamXorgTests {
    /// The owner's next TouchBegin, within 5 s.
    func nextBegin(_ owner: XlibServer, _ x: XvfbSession) -> XTouchEvent? {
        var begin: XTouchEvent?
        _ = x.poll {
            while let event = owner.nextEvent() {
                if case .touch(let e) = event, e.phase == .begin { begin = e }
            }
            return begin != nil
        }
        return begin
    }

    func touchLines(_ w: XvfbSession.TestWindow) -> [String] { w.output.lines.filter { $0.hasPrefix("touch begin") } }

    @Test func aWindowThereIsReplayedOneGoneIsAcceptedAndAHeldPointerWaits() throws {
        let (x, touch) = try XvfbSession.withTouchscreen(windowManager: nil)
        let kept = try x.openWindow(class: "Kept", title: "kept", geometry: "300x300+100+100", touch: true)
        let doomed = try x.openWindow(class: "Doomed", title: "doomed", geometry: "300x300+600+100", touch: true)
        let owner = try XlibServer(display: x.display)
        #expect(owner.negotiateInput() != nil)
        #expect(owner.grabTouchBegin())
        owner.sync()

        // 1. The window is there; an unrelated request of the owner's failed just before (its
        // error is not taken for the window's): rejected, and the window gets the touch.
        try touch.touch(.begin, id: 1, at: Point(x: 200, y: 200))
        let first = try #require(nextBegin(owner, x))
        #expect(touchLines(kept).isEmpty, "the owner holds it: \(kept.output.lines.suffix(4))")
        var nothing = XSetWindowAttributes()
        XChangeWindowAttributes(owner.display, 0x7fff_fff0, 0, &nothing)
        owner.flush()
        #expect(owner.rejectTouch(device: first.device, touch: first.touch, window: 0, unlessGone: [kept.id], unlessPointerHeldAt: owner.serverTime()) == .replayed)
        #expect(kept.output.wait { $0.hasPrefix("touch begin") } != nil, "replayed to the window: \(kept.output.lines.suffix(4))")
        try touch.touch(.end, id: 1, at: Point(x: 200, y: 200))

        // 2. Another client holds the pointer: nothing is sent, the touch stays held; once it
        // lets go, the same call rejects it.
        try touch.touch(.begin, id: 2, at: Point(x: 250, y: 250))
        let second = try #require(nextBegin(owner, x))
        #expect(XGrabPointer(x.server.display, Window(x.server.root), 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync, 0, 0, Time(CurrentTime)) == GrabSuccess)
        x.server.sync()
        #expect(owner.rejectTouch(device: second.device, touch: second.touch, window: 0, unlessGone: [kept.id], unlessPointerHeldAt: owner.serverTime()) == .pointerHeld)
        owner.sync()
        #expect(touchLines(kept).count == 1, "not replayed while the pointer is held: \(kept.output.lines.suffix(4))")
        XUngrabPointer(x.server.display, Time(CurrentTime))
        x.server.sync()
        #expect(owner.rejectTouch(device: second.device, touch: second.touch, window: 0, unlessGone: [kept.id], unlessPointerHeldAt: owner.serverTime()) == .replayed)
        #expect(kept.output.wait { _ in touchLines(kept).count == 2 } != nil, "replayed once the pointer is free: \(kept.output.lines.suffix(4))")
        try touch.touch(.end, id: 2, at: Point(x: 250, y: 250))

        // 3. The window it landed on is destroyed before the owner has read a word of it (the
        // owner selects no structure events): accepted, not replayed into what is left — and
        // the server lives (Xorg 21.1.7 crashes replaying a touch into a grab on a destroyed
        // window). Asked with the pointer held by another client too: an acceptance replays
        // nothing, so it need not wait.
        try touch.touch(.begin, id: 3, at: Point(x: 700, y: 200))
        let third = try #require(nextBegin(owner, x))
        _ = doomed.process.stop(signal: SIGKILL)
        #expect(x.poll { x.server.geometry(doomed.id) == nil }, "the window is gone")
        #expect(XGrabPointer(x.server.display, Window(x.server.root), 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync, 0, 0, Time(CurrentTime)) == GrabSuccess)
        x.server.sync()
        #expect(owner.rejectTouch(device: third.device, touch: third.touch, window: 0, unlessGone: [kept.id, doomed.id], unlessPointerHeldAt: owner.serverTime()) == .acceptedWindowGone)
        XUngrabPointer(x.server.display, Time(CurrentTime))
        x.server.sync()
        try touch.touch(.end, id: 3, at: Point(x: 700, y: 200))
        owner.sync()
        #expect(x.serverExitStatus == nil, "the X server is running")

        // 4. A touch with no window to check and no probe is rejected at once; the server is
        // not left grabbed by any of the above (another client is answered).
        try touch.touch(.begin, id: 4, at: Point(x: 150, y: 150))
        let fourth = try #require(nextBegin(owner, x))
        #expect(owner.rejectTouch(device: fourth.device, touch: fourth.touch, window: 0, unlessGone: [], unlessPointerHeldAt: nil) == .replayed)
        #expect(kept.output.wait { _ in touchLines(kept).count == 3 } != nil, "\(kept.output.lines.suffix(4))")
        try touch.touch(.end, id: 4, at: Point(x: 150, y: 150))
        #expect(x.server.geometry(kept.id) != nil, "the server answers another client")
        owner.ungrabTouchBegin()
        owner.sync()
    }
}
