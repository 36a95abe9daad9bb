import GestureEngine
import GestureProfiles
import Logging

/// The pointer as touches. With a trigger (`settings.pointer`), a passive sync grab of its
/// button: a press becomes pointer touch `p<button>`, held by the grab while the gestures
/// decide; a press no gesture wants is replayed to the application (at once when nothing
/// wanted it, else through XTest with the drag so far). Observing (`record`), raw button
/// events of buttons 1–3 make the touches, and nothing is grabbed.
final class PointerInput {
    typealias Server = InputGrabs & InputDevices & InputInjection

    private let server: Server
    private let feed: InputFeed
    private let verdicts: PendingVerdicts
    private let timeline: ServerTimeline
    private let surroundings: TouchSurroundings
    private let logger: Logger

    private(set) var trigger: PointerTrigger?
    private var triggerModifiers: [ModifierMask] = []
    private var triggerGrabbed = false

    enum Hold: Equatable {
        case none
        /// The press went to the engine and our grab holds the pointer (XIAsyncDevice).
        case held(device: Int32, button: Int, pressedAt: Point)
        /// The press was given to the application; raw events follow the button.
        case following(button: Int)
    }
    private(set) var hold: Hold = .none
    /// Raw button releases our own XTest re-injection will cause, to be ignored.
    private var echoes: [Int: Int] = [:]
    /// Buttons our XTest device holds down for the application until the real release.
    private var reinjectedDown: Set<Int> = []

    /// Observing only: raw button events make pointer touches (no trigger, no grab).
    private(set) var observes = false
    private var observedButtons: Set<Int> = []

    init(server: Server, feed: InputFeed, verdicts: PendingVerdicts, timeline: ServerTimeline, surroundings: TouchSurroundings, logger: Logger) {
        self.surroundings = surroundings
        self.server = server
        self.feed = feed
        self.verdicts = verdicts
        self.timeline = timeline
        self.logger = logger
    }

    /// Observing only: buttons 1–3 held down are pointer touches, as in traces.
    func observe() { observes = true }

    /// Takes (or changes, or drops) the trigger's grab.
    func setTrigger(_ newTrigger: PointerTrigger?) {
        if triggerGrabbed, let t = trigger { server.ungrabButton(t.button, modifiers: triggerModifiers) }
        triggerGrabbed = false
        trigger = newTrigger
        guard let t = newTrigger else { return }
        triggerModifiers = ModifierMask.grabCombinations(of: t.modifiers)
        triggerGrabbed = server.grabButton(t.button, modifiers: triggerModifiers)
        if triggerGrabbed {
            logger.info("pointer trigger: button \(t.button)\(t.modifiers.isEmpty ? "" : " with " + t.modifiers.joined(separator: "+"))")
        } else {
            logger.warning("pointer trigger button \(t.button) is grabbed by another client: pointer gestures are off")
        }
    }

    // MARK: Events

    /// A press or release of the trigger's button, through our grab.
    func handle(_ e: XButtonEvent) {
        guard !e.emulated, let trigger, e.button == trigger.button else { return }
        let t = timeline.instant(e.time)
        if e.pressed {
            guard hold == .none else { return }
            feed(.pointer(phase: .down, button: e.button, location: e.root, landedOn: surroundings.landingWindow(at: e.root, topLevel: nil)), at: t)
            // Decided at once when nothing wants the press (no pointer gesture here): the
            // application gets it with no delay. Otherwise our grab keeps the pointer: a
            // frozen device queues even raw motion, so the engine could not see a drag.
            if verdicts.takeRelease(of: .pointer(Int64(e.button))) {
                server.allowEvents(device: e.device, replay: true)
                hold = .following(button: e.button)
                logger.debug("pointer press replayed to the application: no gesture wants it")
            } else {
                server.allowEvents(device: e.device, replay: false)
                hold = .held(device: e.device, button: e.button, pressedAt: e.root)
            }
        } else {
            guard case .held(_, let b, _) = hold, b == e.button else { return }
            feed(.pointer(phase: .up, button: e.button, location: e.root), at: t)
            verdicts.answerAll()  // a release verdict given at the end re-injects the click now
            if case .held = hold { hold = .none }  // claimed, or still undecided
        }
    }

    /// Motion of the held pointer, through our grab.
    func handle(_ e: XMotionEvent) {
        guard !e.emulated, case .held(let device, _, _) = hold, device == e.device else { return }
        feed(.pointer(phase: .motion, button: nil, location: e.root), at: timeline.instant(e.time))
    }

    /// Raw motion: the pointer while observing, or while the application has a press we follow.
    func handleRawMotion(time: XTime) {
        if observes {
            guard !observedButtons.isEmpty, let p = server.pointerPosition() else { return }
            feed(.pointer(phase: .motion, button: nil, location: p), at: timeline.instant(time))
            return
        }
        guard case .following = hold, let p = server.pointerPosition() else { return }
        feed(.pointer(phase: .motion, button: nil, location: p), at: timeline.instant(time))
    }

    /// A raw button press or release.
    func handleRawButton(pressed: Bool, button: Int, time: XTime) {
        if observes {
            guard (1...3).contains(button), let p = server.pointerPosition() else { return }
            if pressed {
                guard observedButtons.insert(button).inserted else { return }
            } else {
                guard observedButtons.remove(button) != nil else { return }
            }
            feed(.pointer(phase: pressed ? .down : .up, button: button, location: p, landedOn: pressed ? surroundings.landingWindow(at: p, topLevel: nil) : nil), at: timeline.instant(time))
            return
        }
        if !pressed, let n = echoes[button], n > 0 {
            echoes[button] = n - 1
            return
        }
        guard !pressed, case .following(let b) = hold, b == button else { return }
        let p = server.pointerPosition() ?? feed.session.pointerLocation
        feed(.pointer(phase: .up, button: button, location: p), at: timeline.instant(time))
        hold = .none
        if reinjectedDown.remove(button) != nil {
            server.fakeButton(UInt32(button), pressed: false)
            echoes[button, default: 0] += 1
        }
    }

    // MARK: Verdicts

    /// The engine decided the press of `button`.
    func answer(button: Int, _ verdict: TouchVerdict) {
        guard case .held(let device, let b, let pressedAt) = hold, b == button else { return }
        guard verdict == .released else {
            logger.debug("pointer press claimed by a gesture")
            return
        }
        // The press was held by our grab and no gesture wants it: give the application the
        // click (or the drag so far) through XTest, with our passive grab lifted meanwhile.
        let stillDown = feed.session.isPointerButtonDown(button)
        let here = server.pointerPosition() ?? feed.session.pointerLocation
        server.ungrabDevice(device)
        if triggerGrabbed, let t = trigger { server.ungrabButton(t.button, modifiers: triggerModifiers) }
        server.fakeMotion(to: pressedAt)
        server.fakeButton(UInt32(button), pressed: true)
        if here != pressedAt { server.fakeMotion(to: here) }
        if stillDown {
            hold = .following(button: button)
            reinjectedDown.insert(button)
        } else {
            server.fakeButton(UInt32(button), pressed: false)
            echoes[button, default: 0] += 1
            hold = .none
        }
        if let t = trigger { triggerGrabbed = server.grabButton(t.button, modifiers: triggerModifiers) }
        logger.debug("pointer press released by the gestures: replayed to the application as a \(stillDown ? "press" : "click")")
    }

    /// Shutting down: a held press is let go, buttons we hold for the application are
    /// released, and the trigger's grab is dropped.
    func stop() {
        if case .held(let device, _, _) = hold { server.ungrabDevice(device) }
        for b in reinjectedDown { server.fakeButton(UInt32(b), pressed: false) }
        reinjectedDown = []
        if triggerGrabbed, let t = trigger { server.ungrabButton(t.button, modifiers: triggerModifiers) }
        triggerGrabbed = false
    }
}
