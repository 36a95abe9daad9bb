import GestureEngine
import GestureProfiles

/// Where the router's parts send what the server delivered: the session (engine and
/// profiles), and whoever records it (`record`, `tactus monitor`).
final class InputFeed {
    let session: GestureSession
    /// Every event fed to the session, with its instant.
    var recorder: ((InputEvent, Instant) -> Void)?

    init(session: GestureSession) { self.session = session }

    @discardableResult
    func callAsFunction(_ event: InputEvent, at t: Instant) -> GestureSession.Outcome {
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

    /// A touch of the engine's, decoded from the server's event: recorded now, and gathered
    /// into the frame of its instant (the router ends frames: ``InputRouter/endFrame()``).
    func touch(_ phase: TouchPhase, _ id: TouchID, _ location: Point, at t: Instant) {
        let event = TouchEvent(id: id, phase: phase, location: location, timestamp: t)
        recorder?(.touch(event), t)
        session.gather(event)
    }
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
