import GestureEngine
import GestureProfiles

/// On-screen feedback in the daemon: the overlay exists only while `settings.feedback` is on
/// (off: no window, no work in the loop), is drawn after the verdicts of a turn are answered,
/// and its animations wake the loop through the poll timeout like the engine's deadlines.
extension Daemon {
    /// Makes, changes or drops the overlay to match the configuration (at start and reload).
    func applyFeedbackSettings() {
        let wanted = options.observeOnly ? nil : configuration.settings.feedback
        guard feedback?.settings != wanted else { return }
        feedback?.close()
        feedback = nil
        server.flush()
        guard let wanted else { return }
        guard let surface = server.makeOverlay() else {
            return logger.warning("feedback is off: the X server lacks the SHAPE or XFixes extension")
        }
        feedback = FeedbackOverlay(settings: wanted, surface: surface)
        logger.info("feedback on:\(wanted.touches ? " touches" : "")\(wanted.actions ? " actions (\(wanted.duration) s)" : "")")
    }

    /// The overlay's frame for now, once the verdicts of this turn are answered.
    func drawFeedback() {
        guard let feedback else { return }
        if feedback.settings.touches {
            let undecided = Set(session.engine.undecidedTouches)
            feedback.touches = undecided.isEmpty ? [] : session.engine.activeTouches.filter { undecided.contains($0.id) }.map(\.location)
        }
        feedback.render(at: timeline.now)
        server.flush()
    }

    /// An action about to be performed: its animation, when it has one.
    func animate(_ request: ActionRequest) {
        guard let feedback, feedback.settings.actions else { return }
        let context: ActionAnimations.Context
        switch request.action {
        case .window:
            guard let window = request.window else { return }
            let state = server.numbers(XWindowID(window.id), "_NET_WM_STATE") ?? []
            let maximized = ["_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_FULLSCREEN"].contains { state.contains(server.atom($0)) }
            context = .init(windowFrame: window.frame, windowMaximized: maximized, monitor: monitor(at: Point(x: window.frame.midX, y: window.frame.midY)))
        case .desktop:
            context = .init(windowFrame: nil, monitor: monitor(at: request.values.location), currentDesktop: WindowTracker(server: server).currentDesktop)
        default:
            return
        }
        guard let kind = ActionAnimations.kind(for: request.action, context) else { return }
        logger.debug("feedback: \(kind)")
        feedback.start(kind, at: timeline.now)
    }

    /// The monitor holding `p` (the screen when XRandR names none).
    private func monitor(at p: Point) -> Rect {
        let monitors = server.monitors().map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        if let m = monitors.first(where: { $0.contains(p) }) ?? monitors.first { return m }
        let size = server.screenSize()
        return Rect(x: 0, y: 0, width: size.width, height: size.height)
    }
}
