import GestureEngine
import GestureProfiles

/// On-screen feedback (`settings.feedback`): a mark under each touch a gesture is still
/// deciding about, and an animation when a window or desktop action fires, drawn in an
/// ``OverlaySurface``. The daemon calls ``render(at:)`` once per turn of its loop, after the
/// verdicts are answered, and wakes at ``nextFrame`` while an animation runs: time is an input
/// here, nothing sleeps or runs on its own. The surface is hidden whenever there is nothing
/// to show.
public final class FeedbackOverlay {
    public let settings: FeedbackSettings
    private let surface: OverlaySurface
    /// Where the undecided touches are (set before each render).
    public var touches: [Point] = []
    /// Window and desktop actions fired since the last render, waiting for their animation
    /// (worked out after the verdicts are answered: nothing is asked of the server before).
    public var firedActions: [ActionRequest] = []
    public private(set) var animations: [FeedbackAnimation] = []
    /// What the surface shows (nil: hidden).
    private var shown: (shapes: [OverlayShape], opacity: Double)?
    /// When the next frame of a running animation is due (nil: none runs).
    public private(set) var nextFrame: Instant?

    /// An animation's frames are this far apart (seconds).
    static let frameInterval = 1.0 / 60
    /// A touch's mark: a ring this wide around the finger, and a dot at its point.
    static let touchRadius = 22.0, touchRingWidth = 4.0, touchDotRadius = 6.0

    public init(settings: FeedbackSettings, surface: OverlaySurface) {
        self.settings = settings
        self.surface = surface
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
        var opacity = animations.isEmpty ? 1.0 : 0.0
        for animation in animations {
            let frame = animation.frame(at: now)
            shapes += frame.shapes
            opacity = max(opacity, frame.opacity)
        }
        if settings.touches, !touches.isEmpty {
            shapes += touches.flatMap(Self.mark)
            opacity = 1
        }
        if shapes.isEmpty {
            if shown != nil { surface.hide() }
            shown = nil
        } else if shown?.shapes != shapes || shown?.opacity != opacity {
            surface.show(shapes, opacity: opacity)
            shown = (shapes, opacity)
        }
        // The next frame, or the end of the first animation to end, whichever comes first.
        nextFrame = animations.map(\.end).min().map { min($0, now + Self.frameInterval) }
    }

    /// Hides the surface and destroys it (the feedback is switched off, or the daemon stops).
    public func close() {
        surface.hide()
        surface.close()
        shown = nil
        animations = []
        firedActions = []
        nextFrame = nil
    }

    static func mark(_ p: Point) -> [OverlayShape] {
        [.ring(center: p, radius: touchRadius, width: touchRingWidth), .disc(center: p, radius: touchDotRadius)]
    }
}
