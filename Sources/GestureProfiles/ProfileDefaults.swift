import GestureEngine

/// Every value the profile layer uses when a file leaves it out, named in one place:
/// `settings:`'s thresholds (semantics.md §8), each recognizer's own parameters, controls,
/// touchpad bindings. Units: distances in pixels, durations in seconds, velocities in pixels
/// per second, angles in degrees.
enum ProfileDefaults {
    // `settings:` (``ProfileSettings``)
    static let tapMaxMovement = 10.0
    static let tapMaxDuration = 0.5
    static let tapMaxInterval = 0.35
    static let longPressMinimumDuration = 0.5
    static let longPressAllowableMovement = 10.0
    static let panMinimumDistance = 10.0
    static let swipeMinimumDistance = 50.0
    static let swipeMinimumVelocity = 200.0
    static let swipeMaximumAngle = 30.0
    static let swipeMaximumDuration = 0.8
    static let pinchThreshold = 10.0
    static let rotationThreshold = 10.0
    static let edgePanZoneWidth = 16.0
    static let target = GestureTarget.underTouch

    // Recognizer parameters that `settings:` does not set
    static let tapTaps = 1
    static let tapTouches = 1
    static let longPressTouches = 1
    /// Taps before the press (0: a plain long press).
    static let longPressTaps = 0
    static let panMinimumTouches = 1
    static let panMaximumTouches = 10
    static let swipeDirections: [Direction] = [.right]
    static let swipeTouches = 1
    static let pinchTouches = 2
    static let pinchDirection = PinchDirection.any
    static let rotationTouches = 2
    static let edgePanEdges = ["left"]
    static let strokeMinimumScore = 0.8
    static let strokeMinimumLength = 40.0
    static let strokeOrientation = StrokeOrientation.upright

    // Controls (regions with `control:`)
    static let controlAxis = Axis.horizontal
    static let controlMinimum = 0.0
    static let controlMaximum = 100.0
    static let controlStep = 1.0
    /// A switch's, a segmented control's or a page's first value (sliders and steppers
    /// start at their minimum).
    static let controlInitial = 0.0
    static let sliderThumbLength = 40.0

    // Touchpad bindings
    static let touchpadSwipeFingers = 3
    static let touchpadPinchFingers = 2
    /// A touchpad swipe shorter than this at its end picks no direction (no `action` fires).
    static let touchpadSwipeMinimumDistance = 20.0
}
