import GestureEngine

/// The input side shared by `replay` and the daemon: takes ``InputEvent``s (windows,
/// touches, pointer, touchpad) and drives the engine and the profile runtime with them. The
/// daemon builds these events from the X server and `record` writes the same values, so a
/// recorded session replays through exactly the code that ran it.
public final class GestureSession {
    public let engine: GestureEngine
    public let runtime: ProfileRuntime
    private var pointerButtons: Set<Int> = []
    /// The touches of the frame being gathered: touch events of one instant, handed to the
    /// engine together (``endFrame()``).
    private var frame: [TouchEvent] = []
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

    /// Feeds one event at `time` (deadlines up to `time` run first); a touch is a frame of
    /// its own (``gather(_:)`` gathers the touches of one instant). A frame being gathered
    /// is handed on first.
    @discardableResult
    public func handle(_ event: InputEvent, at time: Instant) -> Outcome {
        endFrame()
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
        case .touch(let touch):
            if touch.phase == .began { touchLands() }
            engine.process(touch)
            runtime.followPendingActions(at: engine.now)
        case .pointer(let phase, let button, let p):
            pointerLocation = p
            defer { runtime.followPendingActions(at: engine.now) }
            switch phase {
            case .down:
                guard let b = button, pointerButtons.insert(b).inserted else { return .none }
                runtime.applyStacking()
                engine.process(pointerTouch(b, .began, at: p, time))
            case .motion:
                for b in pointerButtons.sorted() { engine.process(pointerTouch(b, .moved, at: p, time)) }
            case .up:
                guard let b = button, pointerButtons.remove(b) != nil else { return .none }
                engine.process(pointerTouch(b, .ended, at: p, time))
            }
        case .touchpad(let e):
            switch e.phase {
            case .begin:
                return .touchpadBegan(claimed: runtime.touchpadBegan(e.gesture, fingers: e.fingers, at: pointerLocation, modifiers: e.modifiers, time: time))
            case .update:
                runtime.touchpadUpdated(delta: Vector(dx: e.dx, dy: e.dy), scale: e.scale, angle: e.angle, time: time)
            case .end:
                runtime.touchpadEnded(cancelled: e.cancelled, time: time)
            }
        }
        return .none
    }

    /// Gathers a touch into the frame of its instant: a touch of the same instant as the
    /// frame being gathered joins it (unless that touch is in it already); otherwise that
    /// frame is handed on first. The caller ends the last frame (``endFrame()``) when no more
    /// input is at hand — the daemon when it has read all the server sent, replay when the
    /// next line is of another instant — and never waits for more to do so.
    public func gather(_ touch: TouchEvent) {
        if let first = frame.first, first.timestamp != touch.timestamp || frame.contains(where: { $0.id == touch.id }) { endFrame() }
        frame.append(touch)
    }

    /// Whether touches wait in a frame not handed to the engine yet.
    public var hasFrame: Bool { !frame.isEmpty }

    /// The instant of the frame being gathered.
    public var frameTime: Instant? { frame.first?.timestamp }

    /// Hands the frame gathered so far to the engine (nothing when there is none).
    public func endFrame() {
        guard !frame.isEmpty else { return }
        let touches = frame
        frame.removeAll(keepingCapacity: true)
        let lands = touches.contains { $0.phase == .began }
        if lands { runtime.applyStacking() }
        engine.advance(to: touches[0].timestamp)
        // After the glide's steps due before the finger came.
        if lands { runtime.stopMomentum() }
        engine.process(frame: touches)
        runtime.followPendingActions(at: engine.now)
    }

    /// A finger lands (the time advanced to it): the views follow the stacking, and a flick
    /// still scrolling stops, as content stops under a finger.
    private func touchLands() {
        runtime.applyStacking()
        runtime.stopMomentum()
    }

    /// A held pointer button is touch `p<button>`.
    private func pointerTouch(_ button: Int, _ phase: TouchPhase, at p: Point, _ time: Instant) -> TouchEvent {
        TouchEvent(id: .pointer(Int64(button)), phase: phase, location: p, timestamp: time, deviceKind: .pointer)
    }

    /// Whether a pointer button is down as a touch.
    public func isPointerButtonDown(_ button: Int) -> Bool { pointerButtons.contains(button) }
}
