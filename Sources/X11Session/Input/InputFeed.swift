import GestureEngine
import GestureProfiles

/// Where the router's parts send what the server delivered: the session (engine and
/// profiles), and whoever records it (`record`, `tactus monitor`). Touches are built into
/// frames here, where they are decoded (``TouchFrameBuilder``); the router says when the
/// server's frame is over (``endFrame()``).
final class InputFeed {
    let session: GestureSession
    /// Every event fed to the session, with its instant.
    var recorder: ((InputEvent, Instant) -> Void)?
    /// The device whose events are being decoded (the router's frame key).
    var device: Int32 = 0
    private var frames = TouchFrameBuilder()

    init(session: GestureSession) { self.session = session }

    /// Any other event: the touch frame being built is handed on before it.
    @discardableResult
    func callAsFunction(_ event: InputEvent, at t: Instant) -> GestureSession.Outcome {
        endFrame()
        return feed(event, at: t)
    }

    @discardableResult
    private func feed(_ event: InputEvent, at t: Instant) -> GestureSession.Outcome {
        // A window update is passed on once the session knows the window, so that what
        // watches it (the monitor's "window … profile P") sees the profile it matched; input
        // before, so that a touch's line comes before the verdicts it leads to.
        if case .window = event {
            let outcome = session.handle(event, at: t)
            recorder?(event, t)
            return outcome
        }
        recorder?(event, t)
        return session.handle(event, at: t)
    }

    /// A touch of the engine's, decoded from the server's event, into the frame of its
    /// instant; a touch that does not continue that frame hands it on first. `landedOn`: a
    /// beginning touch's window, as the server has it (``TouchSurroundings/landingWindow(at:topLevel:)``).
    func touch(_ phase: TouchPhase, _ id: TouchID, _ location: Point, at t: Instant, landedOn: LandingWindow? = nil) {
        if let complete = frames.add(TouchPoint(id: id, phase: phase, location: location, landedOn: landedOn), at: t, device: device) {
            feed(.touches(complete), at: complete.time)
        }
    }

    /// The server's frame is over (or nothing more is queued): the touches built so far go
    /// to the recorder and the session, as one frame.
    func endFrame() {
        if let frame = frames.finish() { feed(.touches(frame), at: frame.time) }
    }

    /// Whether touches wait in a frame not handed on yet.
    var hasFrame: Bool { frames.frame != nil }
}

/// The verdicts the engine gave during an event, kept until the router answers the server
/// after it: touches to ``TouchOwnership``, pointer touches to ``PointerInput``.
final class PendingVerdicts {
    private var list: [(id: TouchID, verdict: TouchVerdict)] = []
    /// Who answers them (the router, which made this queue and hands it to its parts).
    weak var answerer: InputRouter?

    /// Answers every verdict given so far (``InputRouter/flushVerdicts()``): before a reused
    /// touch id forgets the touch it named, or a release re-injects a click.
    func answerAll() { answerer?.flushVerdicts() }

    var isEmpty: Bool { list.isEmpty }

    func append(_ id: TouchID, _ verdict: TouchVerdict) { list.append((id, verdict)) }

    /// Takes `id`'s verdict out when it is the first one given for it and a release (the
    /// caller acts on it at once); false otherwise.
    func takeRelease(of id: TouchID) -> Bool {
        guard let i = list.firstIndex(where: { $0.id == id }), list[i].verdict == .released else { return false }
        list.remove(at: i)
        return true
    }

    /// Every verdict so far, oldest first; the queue is empty after.
    func drain() -> [(id: TouchID, verdict: TouchVerdict)] {
        defer { list.removeAll(keepingCapacity: true) }
        return list
    }
}
