import GestureEngine
import GestureProfiles
import GestureTraces

/// On-screen feedback in the daemon: the overlay exists only while `settings.feedback` is on
/// or a gesture has a preview (otherwise: no window, no work in the loop). Nothing of it runs before a turn's verdicts are
/// answered: actions are only noted as they fire, and the overlay is worked out and drawn
/// after; its animations wake the loop through the poll timeout like the engine's deadlines.
extension Daemon {
    /// Makes, changes or drops the overlay to match the configuration (at start and reload).
    func applyFeedbackSettings() {
        // Gestures (and touchpad bindings) with a preview need the overlay even when
        // `settings.feedback` is absent.
        let previews = configuration.allGestures.contains { ($0.preview || $0.drag != nil) && $0.enabled }
            || configuration.profiles.contains { $0.touchpad.contains(where: \.preview) }
        let wanted = options.observeOnly ? nil : configuration.settings.feedback ?? (previews ? .previewsOnly : nil)
        let thresholds = configuration.settings.gestures.preview
        // Changed thresholds alone need no new window.
        feedback?.touchMarkDelay = thresholds.touchMarkDelay
        feedback?.frameDelay = thresholds.frameDelay
        guard feedback?.settings != wanted else { return }
        feedback?.close()
        feedback = nil
        server.flush()
        guard let wanted else { return }
        guard let surface = server.makeOverlay() else {
            return logger.warning("feedback is off: the X server lacks the SHAPE or XFixes extension")
        }
        feedback = FeedbackOverlay(settings: wanted, surface: surface, touchMarkDelay: thresholds.touchMarkDelay, frameDelay: thresholds.frameDelay)
        logger.info("feedback on:\(wanted.touches ? " touches" : "")\(wanted.actions ? " actions (\(wanted.duration) s)" : "")\(wanted.previews ? " previews" : "")")
    }

    /// An action about to be performed: noted when it has an animation (no request to the
    /// server here: the verdicts are not answered yet).
    func noteForFeedback(_ request: ActionRequest) {
        guard let feedback, feedback.settings.actions else { return }
        switch request.action {
        case .window, .desktop: feedback.firedActions.append(request)
        default: break
        }
    }

    /// The overlay's frame for now, once the verdicts of this turn are answered and the
    /// touches gathered in it handed to the engine: the touches and previews as the engine has
    /// them (the overlay draws a change once its frame has had `frameDelay` to come whole).
    func drawFeedback() {
        guard let feedback else { return }
        if feedback.settings.touches {
            let undecided = Set(session.engine.undecidedTouches)
            feedback.touches = undecided.isEmpty ? [] : session.engine.activeTouches.filter { undecided.contains($0.id) }
                .map { FeedbackOverlay.UndecidedTouch(location: $0.location, since: $0.beganAt) }
        }
        if feedback.settings.previews {
            feedback.previews = previews()
            feedback.heldPresses = session.runtime.heldPresses
        }
        if !feedback.firedActions.isEmpty { startAnimations(feedback) }
        feedback.render(at: timeline.now)
        server.flush()
    }

    /// The previews of the actions waiting for the lift, as far as the engine's last frame
    /// took them (no request to the server: the windows as tracked).
    private func previews() -> [FeedbackPreview] {
        session.runtime.pendingActions.filter(\.showsPreview).flatMap { held -> [FeedbackPreview] in
            let context = animationContext(window: held.window?.frame, at: held.origin, currentDesktop: performer.lastDesktopSwitch?.to)
            var travel: Direction?
            if case .travel(let direction, _) = held.preview.measure { travel = direction }
            return held.actions.compactMap { action in
                ActionAnimations.kind(for: action, context).map {
                    FeedbackPreview($0, progress: held.preview.progress, pastCommit: held.preview.isPastCommit, travel: travel)
                }
            }
        }
    }

    /// A gesture's action began waiting for the lift, or was fired or dropped at it: logged,
    /// and told to `tactus monitor` (no event shows it).
    func pendingActionChanged(_ held: ProfileRuntime.PendingAction) {
        let p = held.preview
        let percent = Int((p.progress * 100).rounded()), needed = Int((p.commit * 100).rounded())
        let message: String
        switch p.phase {
        case .following: message = "recognized, its action waits for the lift past \(needed)% (now \(percent)%)\(held.showsPreview ? ", previewed" : "")"
        case .committed: message = "lifted at \(percent)%, past \(needed)%: fires"
        case .cancelled: message = "cancelled at \(percent)% (\(needed)% needed): no action"
        }
        logger.debug("gesture \(held.gesture): \(message)")
        monitorNote(MonitorLines.note(time: timeline.now, subject: "gesture \(held.gesture)", message: message))
    }

    /// What the animations know of a window and its place: the monitors as the session follows
    /// them (no round trip); without any, the screen.
    private func animationContext(window frame: Rect?, at location: Point, currentDesktop: Int?) -> ActionAnimations.Context {
        let monitors = session.runtime.monitors
        let screen = session.engine.root.frame
        let area = (frame.flatMap { monitors.monitor(for: $0) } ?? monitors.monitor(at: location))?.frame ?? screen
        // A window that fills its monitor is maximized (or fullscreen): its tracked frame is
        // the one from before the request, and asks the server nothing.
        let maximized = frame.map { $0.width >= area.width * 0.9 && $0.height >= area.height * 0.9 } ?? false
        return ActionAnimations.Context(windowFrame: frame, windowMaximized: maximized, monitor: area, currentDesktop: currentDesktop)
    }

    private func startAnimations(_ feedback: FeedbackOverlay) {
        for request in feedback.firedActions {
            let context = animationContext(window: request.window?.frame, at: request.values.location,
                                           currentDesktop: performer.lastDesktopSwitch?.from)
            guard let kind = ActionAnimations.afterAction(request.action, context) else {
                logger.debug("feedback: nothing after \(request.action): done already, the window shows it")
                continue
            }
            logger.debug("feedback: \(kind)")
            feedback.start(kind, at: timeline.now)
        }
        feedback.firedActions = []
    }
}
