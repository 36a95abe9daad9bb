import GestureEngine
import GestureProfiles

/// On-screen feedback (`settings.feedback`): a mark under each touch a gesture has been
/// deciding about for a while, and an arrow when a desktop switch fires, drawn in an
/// ``OverlaySurface``. The daemon calls ``render(at:)`` once per turn of its loop, after the
/// verdicts are answered, with what the engine's last frame holds, and wakes at ``nextFrame``
/// while something is due: time is an input here, nothing sleeps or runs on its own. The
/// surface is hidden whenever there is nothing to show.
public final class FeedbackOverlay {
    /// A touch no gesture has decided about yet, as the engine's last frame has it.
    public struct UndecidedTouch: Equatable, Sendable {
        public var location: Point
        /// When it went down (undecided since).
        public var since: Instant

        public init(location: Point, since: Instant) {
            self.location = location
            self.since = since
        }
    }

    public let settings: FeedbackSettings
    private let surface: OverlaySurface
    /// s. A touch is marked once undecided this long (``GestureConfiguration/Preview/touchMarkDelay``):
    /// taps and drags decided sooner do not flash.
    public var touchMarkDelay: Double
    /// s. A change is drawn this long after it began (``GestureConfiguration/Preview/frameDelay``),
    /// with what came meanwhile: a frame of the fingers that reached the daemon in two reads
    /// is drawn once, whole.
    public var frameDelay: Double
    /// The undecided touches (set before each render, from one engine frame).
    public var touches: [UndecidedTouch] = []
    /// The previews of gestures waiting for the lift (set before each render, from the same
    /// frame).
    public var previews: [FeedbackPreview] = []
    /// Where long presses with `drag:` are held, recognized and not moved yet: a ring says
    /// "lift for the right click, move to drag" (Windows's press-and-hold ring).
    public var heldPresses: [Point] = []
    /// Window and desktop actions fired since the last render, waiting for their animation
    /// (worked out after the verdicts are answered: nothing is asked of the server before).
    public var firedActions: [ActionRequest] = []
    public private(set) var animations: [FeedbackAnimation] = []
    /// What the surface shows (nil: hidden).
    private var shown: (shapes: [OverlayShape], opacity: Double)?
    /// Since when what should be shown differs from what is (nil: they agree).
    private var changedSince: Instant?
    /// When the next frame of a running animation is due (nil: none runs).
    public private(set) var nextFrame: Instant?

    /// An animation's frames are this far apart (seconds).
    static let frameInterval = 1.0 / 60
    /// A touch's mark: a ring this wide around the finger, and a dot at its point.
    static let touchRadius = 22.0, touchRingWidth = 4.0, touchDotRadius = 6.0

    public init(settings: FeedbackSettings, surface: OverlaySurface, touchMarkDelay: Double = GestureConfiguration.standard.preview.touchMarkDelay,
                frameDelay: Double = GestureConfiguration.standard.preview.frameDelay) {
        self.settings = settings
        self.surface = surface
        self.touchMarkDelay = touchMarkDelay
        self.frameDelay = frameDelay
    }

    /// Whether the surface shows something now.
    public var isShowing: Bool { shown != nil }

    /// Starts an action's animation at `now` (when `settings.actions`).
    public func start(_ kind: FeedbackAnimation.Kind, at now: Instant) {
        guard settings.actions else { return }
        animations.append(FeedbackAnimation(kind, start: now, duration: settings.duration))
        nextFrame = now
    }

    /// Draws what is due at `now` (only when it differs from what is shown), hides the surface
    /// when nothing is, and sets ``nextFrame``.
    public func render(at now: Instant) {
        animations.removeAll { $0.end <= now }
        var shapes: [OverlayShape] = []
        // The window has one opacity: the strongest of what it shows.
        var opacities: [Double] = []
        for animation in animations {
            let frame = animation.frame(at: now)
            shapes += frame.shapes
            opacities.append(frame.opacity)
        }
        if settings.previews, !previews.isEmpty {
            shapes += previews.flatMap(\.shapes)
            opacities += previews.map(\.opacity)
        }
        if settings.previews, !heldPresses.isEmpty {
            shapes += heldPresses.flatMap(Self.mark)
            opacities.append(1)
        }
        var markDue: Instant?
        if settings.touches, !touches.isEmpty {
            let marked = touches.filter { now - $0.since >= touchMarkDelay }
            shapes += marked.flatMap { Self.mark($0.location) }
            if !marked.isEmpty { opacities.append(1) }
            // A touch still too young to mark wakes the loop when it is due.
            markDue = touches.filter { now - $0.since < touchMarkDelay }.map { $0.since + touchMarkDelay }.min()
        }
        let opacity = opacities.max() ?? 1
        var drawDue: Instant?
        if shapes.isEmpty {
            // Nothing to show: gone at once (a preview does not outlive the lift).
            if shown != nil { surface.hide() }
            shown = nil
            changedSince = nil
        } else if shown?.shapes != shapes || shown?.opacity != opacity {
            let since = changedSince ?? now
            if now - since >= frameDelay {
                surface.show(shapes, opacity: opacity)
                shown = (shapes, opacity)
                changedSince = nil
            } else {
                changedSince = since
                drawDue = since + frameDelay
            }
        } else {
            changedSince = nil
        }
        // The next frame, or the end of the first animation to end, or a touch's mark coming
        // due, or a change to draw, whichever comes first.
        let animationDue = animations.map(\.end).min().map { min($0, now + Self.frameInterval) }
        nextFrame = [animationDue, markDue, drawDue].compactMap { $0 }.min()
    }

    /// Hides the surface and destroys it (the feedback is switched off, or the daemon stops).
    public func close() {
        surface.hide()
        surface.close()
        shown = nil
        changedSince = nil
        animations = []
        previews = []
        heldPresses = []
        firedActions = []
        nextFrame = nil
    }

    static func mark(_ p: Point) -> [OverlayShape] {
        [.ring(center: p, radius: touchRadius, width: touchRingWidth), .disc(center: p, radius: touchDotRadius)]
    }
}
