import GestureEngine

/// One input event of a session: what the display server delivered (the X session builds
/// these) or what a trace holds (`replay` reads them, `record` writes them). Touches come as
/// the engine's own frames, built once where the input is decoded (``TouchFrameBuilder``).
public enum InputEvent: Sendable {
    case screen(width: Double, height: Double)
    /// A window appeared or changed (fields left nil keep their earlier value).
    case window(WindowUpdate)
    case windowClosed(UInt64)
    /// A monitor appeared or changed (by name).
    case monitor(Monitor)
    case monitorRemoved(name: String)
    /// A touch frame, as the engine takes it (one trace line a touch).
    case touches(TouchFrame)
    /// A pointer button or motion; held buttons are touches `p1`, `p2`, … for the engine.
    /// `landedOn`: at a press, the window the display server has under the pointer
    /// (``LandingWindow``; nil: the source does not say).
    case pointer(phase: PointerPhase, button: Int?, location: Point, landedOn: LandingWindow? = nil)
    case touchpad(TouchpadEvent)
}

public enum PointerPhase: String, Sendable { case down, motion, up }

/// An XI 2.4 touchpad gesture event, as the driver reports it.
public struct TouchpadEvent: Sendable {
    public enum Phase: String, Sendable { case begin, update, end }

    public var gesture: TouchpadBinding.Kind
    public var phase: Phase
    public var fingers: Int
    /// Swipe and pinch: movement since the previous event.
    public var dx = 0.0, dy = 0.0
    /// Pinch: scale since the begin, and degrees turned since the begin.
    public var scale = 1.0, angle = 0.0
    /// At the end: the gesture was cancelled (fingers changed, or the driver aborted it).
    public var cancelled = false
    /// At the begin: the modifier keys held (`shift`, `ctrl`, `alt`, `super`).
    public var modifiers: Set<String> = []
    /// At the begin: the window the display server has under the pointer (``LandingWindow``;
    /// nil: the source does not say, as in a trace).
    public var landedOn: LandingWindow?

    public init(gesture: TouchpadBinding.Kind, phase: Phase, fingers: Int) {
        self.gesture = gesture
        self.phase = phase
        self.fingers = fingers
    }
}
