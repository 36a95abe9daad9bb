import GestureEngine

/// The engine driven by hand, the one way the engine's and the profiles' tests drive it: a
/// manual clock (nothing sleeps) and input as the engine takes it, frames. A lone touch is a
/// frame of one (``send(_:_:_:_:at:)``); fingers of one instant are one frame
/// (``frame(_:_:at:)``). Times are milliseconds.
open class EngineHarness {
    public let clock: ManualClock
    public let engine: GestureEngine
    /// How long ``tap(_:_:_:at:holding:)`` holds, and how many moves ``drag(_:from:to:start:duration:steps:lift:)``
    /// makes, unless told.
    public let tapHolding: Double
    public let dragSteps: Int

    public init(engine: GestureEngine, clock: ManualClock, tapHolding: Double = 50, dragSteps: Int = 10) {
        self.engine = engine
        self.clock = clock
        self.tapHolding = tapHolding
        self.dragSteps = dragSteps
    }

    /// A harness with an engine and a clock of its own, on a bare screen of that size.
    public convenience init(width: Double = 1920, height: Double = 1080, tapHolding: Double = 50, dragSteps: Int = 10) {
        let (engine, clock) = Self.bareScreen(width: width, height: height)
        self.init(engine: engine, clock: clock, tapHolding: tapHolding, dragSteps: dragSteps)
    }

    /// An engine on a bare screen of that size and the manual clock it reads: for a subclass
    /// that must attach something to the engine (a profile's runtime) before `super.init`.
    public static func bareScreen(width: Double = 1920, height: Double = 1080) -> (GestureEngine, ManualClock) {
        let clock = ManualClock()
        return (GestureEngine(screen: Rect(x: 0, y: 0, width: width, height: height), clock: clock), clock)
    }

    /// The time of the latest frame, which ``nextFrame(_:_:movedBy:after:)`` counts from.
    public private(set) var latestFrame: Double = 0

    /// One frame at `ms` from a device of that kind (a touchscreen unless told); the clock
    /// comes to it first, as the daemon's loop reads it.
    public func frame(_ touches: [TouchPoint], at ms: Double, from deviceKind: DeviceKind = .touchscreen) {
        clock.advance(to: Instant(milliseconds: ms))
        latestFrame = ms
        engine.process(TouchFrame(time: Instant(milliseconds: ms), deviceKind: deviceKind, touches: touches))
    }

    /// Fingers (id, x, y) doing the same at one instant: one frame.
    public func frame(_ phase: TouchPhase, _ fingers: [(Int64, Double, Double)], at ms: Double) {
        frame(fingers.map { TouchPoint(id: TouchID($0.0), phase: phase, location: Point(x: $0.1, y: $0.2)) }, at: ms)
    }

    /// Fingers that landed at (id, x, y), all moved by `offset`: one frame.
    public func frame(_ phase: TouchPhase, _ fingers: [(Int64, Double, Double)], movedBy offset: Vector, at ms: Double) {
        frame(phase, fingers.map { ($0.0, $0.1 + offset.dx, $0.2 + offset.dy) }, at: ms)
    }

    /// The same, `interval` ms after the latest frame (a touchscreen's 60 Hz unless told).
    public func nextFrame(_ phase: TouchPhase, _ fingers: [(Int64, Double, Double)], movedBy offset: Vector = .zero, after interval: Double = 16) {
        frame(phase, fingers, movedBy: offset, at: latestFrame + interval)
    }

    /// One touch alone: a frame of one.
    public func send(_ phase: TouchPhase, _ id: Int64, _ x: Double, _ y: Double, at ms: Double) {
        frame(phase, [(id, x, y)], at: ms)
    }

    public func down(_ id: Int64, _ x: Double, _ y: Double, at ms: Double) { send(.began, id, x, y, at: ms) }
    public func move(_ id: Int64, _ x: Double, _ y: Double, at ms: Double) { send(.moved, id, x, y, at: ms) }
    public func up(_ id: Int64, _ x: Double, _ y: Double, at ms: Double) { send(.ended, id, x, y, at: ms) }
    public func cancel(_ id: Int64, _ x: Double, _ y: Double, at ms: Double) { send(.cancelled, id, x, y, at: ms) }

    /// A tap: down and up at the same place.
    public func tap(_ id: Int64, _ x: Double, _ y: Double, at ms: Double, holding: Double? = nil) {
        down(id, x, y, at: ms)
        up(id, x, y, at: ms + (holding ?? tapHolding))
    }

    /// A straight drag of one finger in `steps` moves, from down to up.
    public func drag(_ id: Int64, from a: Point, to b: Point, start ms: Double, duration: Double, steps: Int? = nil, lift: Bool = true) {
        down(id, a.x, a.y, at: ms)
        let steps = steps ?? dragSteps
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            move(id, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: ms + duration * f)
        }
        if lift { up(id, b.x, b.y, at: ms + duration) }
    }

    /// One finger along a path, a point every `interval` ms from `ms`: down at the first point,
    /// up at the last (a drawing, a stroke).
    public func trace(_ id: Int64, along path: [Point], start ms: Double, every interval: Double = 10) {
        for (i, p) in path.enumerated() {
            let phase: TouchPhase = i == 0 ? .began : (i == path.count - 1 ? .ended : .moved)
            send(phase, id, p.x, p.y, at: ms + Double(i) * interval)
        }
    }

    /// Fingers each along its own steps (x, y, at: ms): down at the first step, up at the last
    /// (or only moved there, `lift: false`), moved between. Their touches go one by one in time
    /// order, ties in the order given: a device that reports each finger in a frame of its own.
    public func fingers(along paths: [(Int64, [(Double, Double, at: Double)])], lift: Bool = true) {
        var events: [(ms: Double, order: Int, phase: TouchPhase, id: Int64, x: Double, y: Double)] = []
        for (id, steps) in paths {
            for (i, step) in steps.enumerated() {
                let phase: TouchPhase = i == 0 ? .began : (i == steps.count - 1 && lift ? .ended : .moved)
                events.append((step.at, events.count, phase, id, step.0, step.1))
            }
        }
        for e in events.sorted(by: { ($0.ms, $0.order) < ($1.ms, $1.order) }) { send(e.phase, e.id, e.x, e.y, at: e.ms) }
    }

    /// Lets the clock run to `ms`, firing deadlines (what the daemon's poll timeout does).
    public func wait(until ms: Double) {
        clock.advance(to: Instant(milliseconds: ms))
        engine.advanceToClock()
    }

    /// Runs every pending deadline.
    public func drain() { engine.drainDeadlines() }
}
