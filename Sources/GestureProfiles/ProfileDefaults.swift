import GestureEngine

/// Every value the profile layer uses when a file leaves it out that is neither a threshold
/// (the engine's ``GestureConfiguration``) nor a recognizer's shape (the engine's
/// `Parameters` of each recognizer): strokes, scrolling, controls, touchpad bindings. Units:
/// distances in pixels, durations in seconds.
enum ProfileDefaults {
    static let target = GestureTarget.underTouch
    /// An action's animation on screen: long enough to see, short enough never to wait for.
    static let feedbackDuration = 0.3

    // Strokes
    static let strokeMinimumScore = GestureConfiguration.standard.stroke.minimumScore
    static let strokeMinimumLength = GestureConfiguration.standard.stroke.minimumLength
    static let strokeOrientation = StrokeOrientation.upright

    // `scroll:` on a continuous gesture
    /// How far one wheel notch moves a program's content, in pixels, when its profile does
    /// not say (`wheelNotch:`): a `scroll:` without `every` steps once per that much
    /// movement, so the content follows the fingers. 50 px is what most toolkits without
    /// touch scroll: Tk's text widget scrolls 50 px a notch, GTK 2 the page's height to the
    /// power 2/3 (54 px for a 400 px view), Qt 5 three lines (about 50 px at 10 pt).
    static let wheelNotch = 50.0

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
}
