import GestureEngine
import X11Session

/// Pointer input for the tests, injected in one batch and synced: the server stamps each
/// event as it handles it, so the gestures see no gaps whatever the test process's timing.
extension XvfbSession {
    /// Button `button` pressed at `from`, moved in `steps` to `to`, released (or left down).
    func pointerDrag(button: UInt32 = 3, from: Point, to: Point, steps: Int = 6, release: Bool = true) {
        let step = Vector(dx: (to.x - from.x) / Double(steps), dy: (to.y - from.y) / Double(steps))
        pointerDrag(button: button, from: from, by: step, steps: steps, release: release)
    }

    /// Button `button` pressed at `start`, moved by `step` `steps` times, released (or left
    /// down). (A drag paced by sleeps failed its swipe when the machine was loaded.)
    func pointerDrag(button: UInt32 = 3, from start: Point, by step: Vector, steps: Int = 10, release: Bool = true) {
        server.fakeMotion(to: start)
        server.fakeButton(button, pressed: true)
        for i in 1...steps {
            server.fakeMotion(to: Point(x: start.x + step.dx * Double(i), y: start.y + step.dy * Double(i)))
        }
        if release { server.fakeButton(button, pressed: false) }
        server.sync()
    }

    /// A swipe by the pointer trigger (button 3): a drag of 150 px from `start` toward `dx`,
    /// `dy` (each -1, 0 or 1; y grows downwards) in 10 steps.
    func pointerSwipe(_ dx: Double, _ dy: Double, from start: Point = Point(x: 640, y: 400)) {
        pointerDrag(from: start, by: Vector(dx: dx * 15, dy: dy * 15), steps: 10)
    }

    /// Button `button` pressed at `p` and left down: a drag the test moves a piece at a time
    /// (`pointerMove`), looking between the pieces.
    func pointerPress(button: UInt32 = 3, at p: Point) {
        server.fakeMotion(to: p)
        server.fakeButton(button, pressed: true)
        server.sync()
    }

    /// The pointer moved through `points`, a button held or not.
    func pointerMove(through points: [Point]) {
        for p in points { server.fakeMotion(to: p) }
        server.sync()
    }

    /// Button `button` released where the pointer is.
    func pointerRelease(button: UInt32 = 3) {
        server.fakeButton(button, pressed: false)
        server.sync()
    }

    /// A click of `button` at `p`.
    func pointerClick(button: UInt32 = 3, at p: Point) {
        server.fakeMotion(to: p)
        server.fakeButton(button, pressed: true)
        server.fakeButton(button, pressed: false)
        server.sync()
    }

    /// An EWMH request, as a pager sends it.
    func request(_ type: String, about window: XWindowID, _ data: [Int]) {
        server.sendRootMessage(about: window, type: type, data: data)
        server.sync()
    }

    func hex(_ w: TestWindow) -> String { "0x" + String(w.id, radix: 16) }
}
