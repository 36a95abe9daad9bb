/// Identifies one touch sequence (finger down to finger up) for the engine's lifetime of it.
///
/// Positive values are touchscreen touches (the X touch id, or the trace's `id`); pointer
/// touches use negative values and print as `p1`, `p2`, … as in the trace format.
public struct TouchID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int64

    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// The touch made by a pointer button press-drag-release (`p1` for button 1).
    public static func pointer(_ number: Int64) -> TouchID { TouchID(-number) }

    public var isPointer: Bool { rawValue < 0 }

    public var description: String { rawValue < 0 ? "p\(-rawValue)" : "\(rawValue)" }

    public static func < (lhs: TouchID, rhs: TouchID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Phases of a touch, as input events report them.
public enum TouchPhase: String, Hashable, Sendable {
    case began, moved, ended, cancelled

    public var isFinal: Bool { self == .ended || self == .cancelled }
}

/// Which kind of device produced a touch; recognizers may filter on it.
public enum DeviceKind: String, Hashable, Sendable {
    case touchscreen, pointer, touchpad
}

/// The final word on a touch, given exactly once: may the application act on it?
public enum TouchVerdict: String, Hashable, Sendable {
    /// A gesture (or a control) took the touch; the application must not act on it.
    case claimed
    /// No gesture wants it; the application gets it untouched.
    case released
}

/// A touch as the engine and the recognizers see it. One object per touch sequence.
public final class Touch: CustomStringConvertible {
    public let id: TouchID
    public internal(set) var phase: TouchPhase
    public internal(set) var location: Point
    public internal(set) var previousLocation: Point
    /// Where the touch went down.
    public let initialLocation: Point
    public internal(set) var timestamp: Instant
    /// When the touch went down.
    public let beganAt: Instant
    /// 1 for a lone tap, 2 for the second of a quick pair at the same place, …
    public internal(set) var tapCount: Int
    public let device: Int32
    public let deviceKind: DeviceKind
    /// The deepest view under the touch's first point: the view the touch is delivered to.
    public internal(set) weak var view: View?
    /// The window the input source found under where it landed (``LandingWindow``).
    public let landedOn: LandingWindow?

    /// A touch that began in `frame` at `location`.
    init(_ point: TouchPoint, of frame: TouchFrame, at location: Point, tapCount: Int) {
        id = point.id
        phase = point.phase
        self.location = location
        previousLocation = location
        initialLocation = location
        timestamp = frame.time
        beganAt = frame.time
        self.tapCount = tapCount
        device = frame.device
        deviceKind = frame.deviceKind
        landedOn = point.landedOn
    }

    /// Displacement since the touch went down.
    public var translation: Vector { location - initialLocation }

    public var isActive: Bool { !phase.isFinal }

    public var description: String { "touch \(id) \(phase.rawValue) at \(location)" }
}
