import GestureEngine

/// The input side shared by `replay` and the daemon: takes ``InputEvent``s (windows,
/// touches, pointer, touchpad) and drives the engine and the profile runtime with them. The
/// daemon builds these events from the X server and `record` writes the same values, so a
/// recorded session replays through exactly the code that ran it.
public final class GestureSession {
    public let engine: GestureEngine
    public let runtime: ProfileRuntime
    private var pointerButtons: Set<Int> = []
    /// Where the pointer was last seen (touchpad gestures act on the window under it).
    public private(set) var pointerLocation: Point

    public init(configuration: ProfileFile, screen: Rect, clock: EngineClock) {
        engine = GestureEngine(screen: screen, clock: clock)
        runtime = ProfileRuntime(configuration: configuration, engine: engine)
        pointerLocation = Point(x: screen.midX, y: screen.midY)
    }

    /// The windows, as the runtime keeps them.
    public var windows: WindowList { runtime.windows }

    /// What handling an event decided beyond the engine's own observations.
    public enum Outcome: Equatable {
        case none
        /// A touchpad gesture began: whether a binding claimed it.
        case touchpadBegan(claimed: Bool)
    }

    /// Feeds one event at `time` (deadlines up to `time` run first). A touch frame is taken
    /// as it comes, at its own time: its decoder built it, and nothing here gathers touches
    /// again.
    @discardableResult
    public func handle(_ event: InputEvent, at time: Instant) -> Outcome {
        if case .touches(let frame) = event {
            handle(frame)
            return .none
        }
        engine.advance(to: time)
        switch event {
        case .screen(let w, let h):
            runtime.setScreen(Rect(x: 0, y: 0, width: w, height: h))
        case .window(let update):
            runtime.update(update)
        case .windowClosed(let id):
            runtime.closeWindow(id)
        case .monitor(let m):
            runtime.updateMonitor(m)
        case .monitorRemoved(let name):
            runtime.removeMonitor(named: name)
        case .touches:
            break  // taken above, before the time moves on
        case .pointer(let phase, let button, let p, let landedOn):
            pointerLocation = p
            // Each held button's touch is a frame of one touch of its own; a press follows the
            // stacking as a landing does.
            switch phase {
            case .down:
                guard let b = button, pointerButtons.insert(b).inserted else { break }
                runtime.applyStacking()
                engine.process(pointerTouch(b, .began, at: p, time, landedOn: landedOn))
            case .motion:
                for b in pointerButtons.sorted() { engine.process(pointerTouch(b, .moved, at: p, time)) }
            case .up:
                guard let b = button, pointerButtons.remove(b) != nil else { break }
                engine.process(pointerTouch(b, .ended, at: p, time))
            }
            runtime.followPendingActions(at: engine.now)
        case .touchpad(let e):
            switch e.phase {
            case .begin:
                return .touchpadBegan(claimed: runtime.touchpadBegan(e.gesture, fingers: e.fingers, at: pointerLocation, landedOn: e.landedOn, modifiers: e.modifiers, time: time))
            case .update:
                runtime.touchpadUpdated(delta: Vector(dx: e.dx, dy: e.dy), scale: e.scale, angle: e.angle, time: time)
            case .end:
                runtime.touchpadEnded(cancelled: e.cancelled, time: time)
            }
        }
        return .none
    }

    /// One frame to the engine. A finger that lands finds the views following the stacking,
    /// and stops a flick still scrolling (as content stops under a finger) after the glide's
    /// steps due before it came; what waits for the lift follows the frame.
    private func handle(_ frame: TouchFrame) {
        let lands = frame.contains { $0.phase == .began }
        if lands { runtime.applyStacking() }
        engine.advance(to: frame.time)
        if lands { runtime.stopMomentum() }
        engine.process(frame)
        runtime.followPendingActions(at: engine.now)
    }

    /// A held pointer button is touch `p<button>`.
    private func pointerTouch(_ button: Int, _ phase: TouchPhase, at p: Point, _ time: Instant, landedOn: LandingWindow? = nil) -> TouchFrame {
        TouchFrame(TouchPoint(id: .pointer(Int64(button)), phase: phase, location: p, landedOn: landedOn), at: time, deviceKind: .pointer)
    }

    /// Whether a pointer button is down as a touch.
    public func isPointerButtonDown(_ button: Int) -> Bool { pointerButtons.contains(button) }
}
