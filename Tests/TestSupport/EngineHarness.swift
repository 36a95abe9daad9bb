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

    /// One frame at `ms`; the clock comes to it first, as the daemon's loop reads it.
    public func frame(_ touches: [TouchPoint], at ms: Double) {
        clock.advance(to: Instant(milliseconds: ms))
        engine.process(TouchFrame(time: Instant(milliseconds: ms), touches: touches))
    }

    /// Fingers (id, x, y) doing the same at one instant: one frame.
    public func frame(_ phase: TouchPhase, _ fingers: [(Int64, Double, Double)], at ms: Double) {
        frame(fingers.map { TouchPoint(id: TouchID($0.0), phase: phase, location: Point(x: $0.1, y: $0.2)) }, at: ms)
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

    /// Lets the clock run to `ms`, firing deadlines (what the daemon's poll timeout does).
    public func wait(until ms: Double) {
        clock.advance(to: Instant(milliseconds: ms))
        engine.advanceToClock()
    }

    /// Runs every pending deadline.
    public func drain() { engine.drainDeadlines() }
}
