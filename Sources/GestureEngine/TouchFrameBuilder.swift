/// Gathers touches, as a decoder reads them one by one, into ``TouchFrame``s: the one place
/// that says which touches make one frame. Every decoder uses it (the X session's router, the
/// JSON-lines, evemu and libinput record readers), so the engine and the session take frames
/// as they come and group nothing again.
///
/// A touch continues the frame being built when it is of the same instant and device, and its
/// touch is not in the frame yet. Otherwise the frame is complete and the touch starts the next:
/// a device reports each touch once a frame, so a second event of one touch at one instant
/// (two motions the X server stamped with one millisecond, a lift and a landing of one id) is
/// the next frame of that instant; touches of two devices at one instant are two frames.
public struct TouchFrameBuilder: Sendable {
    /// The frame being built: not complete until a touch that does not continue it comes, or
    /// the decoder has nothing more at hand (``finish()``).
    public private(set) var frame: TouchFrame?

    public init() {}

    /// Adds a touch reported at `time`; returns the frame this completes, if it does not
    /// continue the one being built.
    public mutating func add(_ touch: TouchPoint, at time: Instant, device: Int32 = 0, deviceKind: DeviceKind = .touchscreen) -> TouchFrame? {
        if var current = frame, current.time == time, current.device == device, current.deviceKind == deviceKind, !current.contains(touch.id) {
            frame = nil  // appended in place, not copied
            current.append(touch)
            frame = current
            return nil
        }
        let complete = frame
        frame = TouchFrame(touch, at: time, device: device, deviceKind: deviceKind)
        return complete
    }

    /// The frame built so far, complete: the decoder ends it when it has no more input at
    /// hand (the daemon when it has read what the server sent, a reader at a line of another
    /// kind or when its input pauses) and never waits for more to do so.
    public mutating func finish() -> TouchFrame? {
        defer { frame = nil }
        return frame
    }
}
