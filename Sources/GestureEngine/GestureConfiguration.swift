/// Every threshold and default of the gesture engine in one value (Chromium's
/// `GestureDetector::Config` is the model): each field with its unit and the reason for its
/// value. A recognizer takes what its gesture does not set itself (its `Parameters`, the one
/// value per recognizer kind that a profile's gesture fills) from the configuration it is
/// made with: ``standard``, or the file's `settings:` over it. The man page's defaults table,
/// docs/profiles.md's brackets and `tactus check --print-default` are checked against it.
///
/// Distances are screen pixels, times seconds, angles degrees, speeds pixels per second.
public struct GestureConfiguration: Sendable, Equatable {
    /// px. How far a finger may wander before it counts as moving: below it a touch is a
    /// touch, past it a drag. Every "has the finger moved?" decision uses it, so a released
    /// one-finger drag is decided on the event that crosses it (semantics.md §10). Ten pixels
    /// is UIKit's and Android's slop at typical desktop densities (about 2–3 mm).
    public var touchSlop = 10.0

    /// s. Fingers of a multi-finger gesture may land this far apart. Real hands put fingers
    /// down within 30–80 ms; past this window a gesture still short of fingers fails, so a
    /// lone finger resting still is handed to the application.
    public var fingerArrivalWindow = 0.15

    /// px. While a multi-finger gesture waits for its fingers, a lone finger that moves this
    /// far is a drag of its own, and fingers that move this far against each other are a
    /// pinch or a turn, not a swipe's fingers landing: the gesture gives up on that event.
    /// Real hands put their fingers down before they move them (the recordings: every finger
    /// landed before the first moved 4 px), and every update held back is replayed to the
    /// application in one burst when it is let go — Qt keeps only the last of a burst, and
    /// GTK's zoom measures its starting span from where the first finger has got to. About a
    /// millimetre: above a resting finger's jitter, below one frame of a moving finger.
    public var landingMotion = 4.0

    /// s. While a multi-finger swipe waits for its fingers, one or two fingers that rest this
    /// long after the latest landed are not on their way to it: they are the application's —
    /// a press-and-hold, or a pinch it then gets whole, before they move. Half the
    /// ``fingerArrivalWindow``: the slowest hand the window admits lays three fingers over all
    /// of it (people lay three fingers down over 100–150 ms when slow or using two hands), one
    /// every 75 ms, and a finger resting longer than that waits for no next one. Three or more
    /// fingers down are a hand laying a gesture, which may rest before it moves while its last
    /// finger comes: they wait for the whole window, as fingers that move together do, and a
    /// pinch's and a rotation's (a thumb may rest while the finger comes).
    public var landingPause = 0.075

    /// s. The touch device's frame period until one is learned from its frames: a 60 Hz
    /// touchscreen's, rounded up. A touchscreen reports only the fingers that changed, at its
    /// own rate, sometimes one scan of the hand over several frames, so a frame that does not
    /// report a finger has not seen it rest: a landing that fingers moving against each other
    /// would rule out waits, for the fingers the frame did not report, until a frame reports
    /// them or a period and a half has passed. The period is learned per device from the
    /// intervals between two reports of one finger (their median, bounded to a quarter and
    /// twice this: 240 Hz to 30 Hz).
    public var framePeriod = 0.017

    /// Two quick taps near each other count as one multi-tap (``Touch/tapCount``).
    public var multiTap = MultiTap()

    public var tap = Tap()
    public var longPress = LongPress()
    public var pan = Pan()
    public var swipe = Swipe()
    public var transform = Transform()
    public var edgePan = EdgePan()
    /// Stroke matching: its tuning and its acceptance (``StrokeDefaults``).
    public var stroke = StrokeDefaults()
    public var touchpad = Touchpad()
    /// On-screen feedback: when a touch is marked, how far a preview follows the fingers
    /// and where it commits.
    public var preview = Preview()

    /// s. Velocities are measured over the last samples within this window: long enough to
    /// smooth a touchscreen's jitter, short enough to follow a flick's end.
    public var velocityWindow = 0.1

    /// The built-in values (semantics.md §8, plus the rules of §10).
    public static let standard = GestureConfiguration()

    public init() {}

    public struct MultiTap: Sendable, Equatable {
        /// s. The longest pause between the taps of a double tap (UIKit uses 0.35 s too).
        public var interval = 0.35
        /// px. The taps of a multi-tap must land this close to the first one; a finger
        /// tapping elsewhere starts a new series.
        public var distance = 40.0
        public init() {}
    }

    public struct Tap: Sendable, Equatable {
        /// px. A finger that moves further is not tapping (the touch slop).
        public var maxMovement = 10.0
        /// s. Longest a finger may stay down in one tap; longer is a press.
        public var maxDuration = 0.5
        /// s. Longest pause between two taps of a multi-tap.
        public var maxInterval = 0.35
        public init() {}
    }

    public struct LongPress: Sendable, Equatable {
        /// s. How long the fingers must rest before the press begins (UIKit's 0.5 s).
        public var minimumDuration = 0.5
        /// px. Movement allowed before it begins (the touch slop); none is limited after.
        public var allowableMovement = 10.0
        public init() {}
    }

    public struct Pan: Sendable, Equatable {
        /// px. How far the centroid moves before the pan begins (the touch slop).
        public var minimumDistance = 10.0
        /// Most fingers a pan follows when a profile gives no `maximumTouches`.
        public var maximumTouches = 10
        /// Degrees. A pan given directions begins only when its movement, as it passes
        /// ``minimumDistance``, is at most this far off one of them; otherwise it fails and
        /// leaves the touches to other gestures. 45 tells a movement's direction by its
        /// dominant axis, as libinput and Touchégg tell a swipe's: pans bound to up and to down
        /// never both take a move, and together they take every move more vertical than not.
        public var maximumAngle = 45.0
        public init() {}
    }

    public struct Swipe: Sendable, Equatable {
        /// px. How far the fingers travel before the swipe is recognized.
        public var minimumDistance = 50.0
        /// px/s. A one-finger swipe is a flick: slower is a drag (a pan's, or the
        /// application's). Multi-finger swipes are desktop gestures: they fire on distance
        /// whatever the speed and take as long as they need (Touchégg's model, semantics.md
        /// §10), unless a gesture sets its own speed or duration.
        public var minimumVelocity = 200.0
        /// Degrees off the direction's axis.
        public var maximumAngle = 30.0
        /// s. A one-finger swipe must be over within this.
        public var maximumDuration = 0.8
        public init() {}
    }

    /// Pinch and rotation: two fingers whose distance or angle changes. They must be told from
    /// two fingers scrolling together, which also change span and angle a little.
    public struct Transform: Sendable, Equatable {
        /// px. Change of span before a pinch begins.
        public var pinchThreshold = 10.0
        /// Degrees. Turn before a rotation begins.
        public var rotationThreshold = 10.0
        /// px. A finger has moved (its direction counts) once it is this far from where the
        /// last finger landed: under it, a finger is resting. About a millimetre: above the
        /// jitter of a resting finger, below what a moving one covers in one frame.
        public var fingerMotionThreshold = 4.0
        /// How many times larger the change of span (or the turn, as an arc) must be than the
        /// other kind of motion for the gesture to be that one, and how much larger the common
        /// translation must be for the fingers to be scrolling together. 2 = twice.
        public var dominance = 2.0
        public init() {}
    }

    public struct EdgePan: Sendable, Equatable {
        /// px. A touch must start this close to the edge (a bezel swipe's first sample lands
        /// within a few pixels; 16 leaves room for a thick bezel). It begins after
        /// ``Pan/minimumDistance`` inwards, like any pan.
        public var zoneWidth = 16.0
        public init() {}
    }

    /// Touchpad bindings (the driver recognizes the gesture; Tactus picks the binding).
    public struct Touchpad: Sendable, Equatable {
        /// px of the driver's swipe deltas. A swipe shorter than this when it ends picks no
        /// direction, so no direction's `action` fires (a hesitant touch is not a command).
        public var swipeMinimumDistance = 20.0
        /// Scale change (0.1 = 10%). A pinch that ends closer to its start than this picks no
        /// direction, so no `in` or `out` action fires: fingers resting on the pad breathe.
        public var pinchMinimumScaleChange = 0.1
        /// Degrees. A touchpad pinch that turned further than this (either way) is a rotation,
        /// where a `clockwise` or `counterclockwise` binding takes it: libinput-gestures'
        /// ROTATE_ANGLE, so that imported rotations fire as they did there.
        public var rotationMinimumAngle = 15.0
        public init() {}
    }

    public struct Preview: Sendable, Equatable {
        /// s. A touch is marked on the overlay only once it has been undecided this long: a
        /// tap or a drag decided at once (most are, within a frame or two) does not flash a
        /// ring; a finger a long press or a late-landing swipe keeps waiting is shown.
        public var touchMarkDelay = 0.05
        /// s. The overlay draws a change this long after it began, with everything that came
        /// meanwhile: the updates of one frame of the fingers can reach the daemon in two reads
        /// (on Xorg with three fingers moving at 60 Hz, most frames did: the overlay was drawn
        /// twice a frame, the first time with some fingers moved and some not). Far below a
        /// frame at 60 Hz (16.7 ms), far above the time between the reads of one frame.
        public var frameDelay = 0.004
        /// px. A swipe's preview is whole once the fingers have travelled this far along its
        /// direction (from where they landed). Touchégg makes it 16 % of the screen's side on
        /// a touchscreen, 170-300 px at 1080p; 240 px is a comfortable hand's sweep.
        public var distance = 240.0
        /// px of the driver's swipe deltas. A touchpad swipe's preview is whole once the
        /// driver's deltas add up to this along the binding's direction (from the swipe's
        /// begin). They are no screen pixels: X hands on libinput's accelerated motion, the
        /// pointer's distance for the same fingers, so a moderate three-finger swipe over
        /// the 45 % of a laptop touchpad's width that Touchégg counts as a whole swipe (5 % to
        /// start, 40 % to finish) comes to about 500 — the figure `tactus import` takes for
        /// Touchégg's 100 %, so an imported `action_execute_threshold` commits where Touchégg
        /// did. With ``commit`` at half, a touchpad swipe commits at 250, far past the 20 that
        /// give it a direction (``Touchpad/swipeMinimumDistance``): half of Touchégg's whole
        /// swipe, where Touchégg's own default commits at a fifth of it.
        public var touchpadDistance = 500.0
        /// 0…1. The part of the preview the fingers must have reached when they lift for the
        /// action to fire; short of it the gesture is cancelled. Half of ``distance`` (120 px)
        /// is well past a swipe's recognition (50 px), so a swipe can still be taken back after
        /// it is recognized (Touchégg's `action_execute_threshold` plays this part, 20 % of its
        /// longer animation).
        public var commit = 0.5
        /// times. A pinch's preview is whole when the fingers' spread has grown (opening) or
        /// shrunk (closing) by this factor: Touchégg's, spread doubled or halved. Touchpad
        /// pinches too: the driver's scale is the same ratio of the fingers' spread.
        public var pinchScale = 2.0
        public init() {}
    }
}
