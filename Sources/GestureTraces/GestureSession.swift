import GestureEngine
import GestureProfiles

/// The input side shared by `replay` and the daemon: takes the events of trace.md (windows,
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

    /// What handling an event decided beyond the engine's own observations.
    public enum Outcome: Equatable {
        case none
        /// A touchpad gesture began: whether a binding claimed it.
        case touchpadBegan(claimed: Bool)
    }

    /// Feeds one event at `time` (deadlines up to `time` run first).
    @discardableResult
    public func handle(_ event: TraceEvent, at time: Instant) -> Outcome {
        engine.advance(to: time)
        switch event {
        case .screen(let w, let h):
            runtime.setScreen(Rect(x: 0, y: 0, width: w, height: h))
        case .window(let u):
            runtime.update(u)
        case .windowClosed(let id):
            runtime.closeWindow(id)
        case .touch(let phase, let id, let p):
            engine.process(TouchEvent(id: id, phase: phase, location: p, timestamp: time))
        case .pointer(let phase, let button, let p):
            pointerLocation = p
            switch phase {
            case .down:
                guard let b = button, pointerButtons.insert(b).inserted else { return .none }
                engine.process(TouchEvent(id: .pointer(Int64(b)), phase: .began, location: p, timestamp: time, deviceKind: .pointer))
            case .motion:
                for b in pointerButtons.sorted() {
                    engine.process(TouchEvent(id: .pointer(Int64(b)), phase: .moved, location: p, timestamp: time, deviceKind: .pointer))
                }
            case .up:
                guard let b = button, pointerButtons.remove(b) != nil else { return .none }
                engine.process(TouchEvent(id: .pointer(Int64(b)), phase: .ended, location: p, timestamp: time, deviceKind: .pointer))
            }
        case .touchpad(let e):
            switch e.phase {
            case "begin":
                return .touchpadBegan(claimed: runtime.touchpadBegan(e.gesture, fingers: e.fingers, at: pointerLocation, time: time))
            case "update":
                runtime.touchpadUpdated(delta: Vector(dx: e.dx, dy: e.dy), scale: e.scale, angle: e.angle, time: time)
            default:
                runtime.touchpadEnded(cancelled: e.cancelled, time: time)
            }
        }
        return .none
    }

    /// Whether a pointer button is down as a touch.
    public func isPointerButtonDown(_ button: Int) -> Bool { pointerButtons.contains(button) }
}
