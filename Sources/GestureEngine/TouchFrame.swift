/// What one touch did in a frame: it began, moved or ended (or the device cancelled it), and
/// where it is.
public struct TouchPoint: Hashable, Sendable {
    public var id: TouchID
    public var phase: TouchPhase
    public var location: Point
    /// A touch that began: the window the input source found under it (nil: it does not say).
    public var landedOn: LandingWindow?

    public init(id: TouchID, phase: TouchPhase, location: Point, landedOn: LandingWindow? = nil) {
        self.id = id
        self.phase = phase
        self.location = location
        self.landedOn = landedOn
    }
}

/// The engine's only input: every touch of one device that began, moved or ended at one
/// instant — one hardware frame, as libinput builds a touch frame once per `SYN_REPORT` and
/// Chromium's `ui::MotionEvent` carries every pointer of an instant. Recognizers see the
/// fingers of a frame together, so none decides on a moment in which one finger has moved and
/// another not (``GestureEngine/process(_:)``).
///
/// Built once, where input is decoded (the X session's router, the trace readers), with
/// ``TouchFrameBuilder``, which says what belongs in one frame; nothing downstream groups
/// touches again. A pointer button held as a touch (`p1`) is a frame of one touch.
public struct TouchFrame: RandomAccessCollection, Hashable, Sendable {
    /// When the device reported the frame. The engine never goes back in time: a frame
    /// stamped before the engine's `now` is taken at `now` (X timestamps wrap, traces are
    /// edited by hand), while its new touches keep this time as when they began.
    public var time: Instant
    public var device: Int32
    public var deviceKind: DeviceKind
    /// The touches, each at most once (a second event of one touch is the next frame), in the
    /// order the device reported them: the first apart, so that a frame of one touch — most
    /// frames — is built and taken without a heap allocation.
    private var head: TouchPoint?
    private var tail: [TouchPoint]

    public init(time: Instant, device: Int32 = 0, deviceKind: DeviceKind = .touchscreen, touches: [TouchPoint]) {
        self.time = time
        self.device = device
        self.deviceKind = deviceKind
        head = touches.first
        tail = touches.count > 1 ? Array(touches[1...]) : []
        precondition(touches.count < 2 || Set(touches.map { $0.id }).count == touches.count, "a touch appears at most once in a frame")
    }

    /// A frame of one touch.
    public init(_ touch: TouchPoint, at time: Instant, device: Int32 = 0, deviceKind: DeviceKind = .touchscreen) {
        self.time = time
        self.device = device
        self.deviceKind = deviceKind
        head = touch
        tail = []
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { head == nil ? 0 : 1 + tail.count }
    public subscript(position: Int) -> TouchPoint { position == 0 ? head! : tail[position - 1] }

    public func contains(_ id: TouchID) -> Bool { contains { $0.id == id } }

    /// Adds a touch the frame does not hold yet (``TouchFrameBuilder`` checks).
    mutating func append(_ touch: TouchPoint) {
        if head == nil { head = touch } else { tail.append(touch) }
    }

    /// A frame in which a finger lands while another lifts is taken in two steps, the lifts
    /// (with the moves) first, then the landings, each settled before the next: the X server
    /// stamps events in whole milliseconds, so the lift of one drag and the landing of the
    /// next one started at once can share a frame, as can an evdev slot whose tracking id
    /// changes in one `SYN_REPORT` (its old contact left, a new one came) — and the new
    /// finger must not join the gesture of the one that left. Nil for every other frame,
    /// taken whole.
    public var liftsBeforeLandings: (lifts: TouchFrame, landings: TouchFrame)? {
        guard count > 1, contains(where: { $0.phase == .began }), contains(where: { $0.phase.isFinal }) else { return nil }
        return (TouchFrame(time: time, device: device, deviceKind: deviceKind, touches: filter { $0.phase != .began }),
                TouchFrame(time: time, device: device, deviceKind: deviceKind, touches: filter { $0.phase == .began }))
    }
}
