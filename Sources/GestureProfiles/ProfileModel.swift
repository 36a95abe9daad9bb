import GestureEngine

/// A validated profile file (config.md, version 1).
public struct ProfileFile: Sendable {
    public var settings: ProfileSettings
    public var profiles: [Profile]
    /// Where it came from (`<built-in>` for the default profile).
    public var path: String

    /// Every gesture of every profile, regions included, in file order.
    public var allGestures: [GestureSpec] {
        profiles.flatMap { p in p.gestures + p.regions.flatMap(\.gestures) }
    }

    /// The `match: any` profiles (and those limited to a monitor): their gestures sit on the
    /// screen, under every window.
    public var screenProfiles: [Profile] { profiles.filter(\.appliesToScreen) }

    /// The profile a window gets (the first whose `match` holds), nil when only the screen's.
    /// `monitor`: the one the window is on.
    public func matchingProfile(for window: WindowInfo, on monitor: Monitor? = nil) -> Profile? {
        profiles.first { !$0.appliesToScreen && $0.match.matches(window, on: monitor) }
    }

    /// What a window's program does with touches and who says so: its profile's `touch:`,
    /// else what the server told, else `own` (not known: Tactus changes nothing there).
    public func programTouch(for window: WindowInfo, on monitor: Monitor? = nil) -> ProgramTouchVerdict {
        if let t = matchingProfile(for: window, on: monitor)?.touch { return ProgramTouchVerdict(t, .profile) }
        if let t = window.touch { return ProgramTouchVerdict(t, .server, toolkit: window.toolkit) }
        return ProgramTouchVerdict(.own, .unknown)
    }

    /// How far one wheel notch moves a window's content, in pixels: its profile's
    /// `wheelNotch:`, else the built-in guess. A `scroll:` without `every` steps that often.
    public func wheelNotch(for window: WindowInfo?, on monitor: Monitor? = nil) -> Double {
        window.flatMap { matchingProfile(for: $0, on: monitor)?.wheelNotch } ?? ProfileDefaults.wheelNotch
    }

    /// Every keysym name a `keys` action of the file presses, once each, in file order.
    public var keyNames: [String] {
        var actions = allGestures.flatMap(\.actions)
        for p in profiles {
            actions += p.regions.compactMap(\.action)
            actions += p.touchpad.flatMap(\.actions)
        }
        var names: [String] = []
        func collect(_ a: ActionSpec) {
            switch a {
            case .keys(let combo): for k in combo.keys where !names.contains(k) { names.append(k) }
            case .sequence(let list): list.forEach(collect)
            default: break
            }
        }
        actions.forEach(collect)
        let holds = allGestures.compactMap(\.hold) + profiles.flatMap(\.touchpad).compactMap(\.hold)
        for h in holds { for k in h.keys.keys where !names.contains(k) { names.append(k) } }
        return names
    }
}

/// `settings:` — every threshold (the engine's ``GestureConfiguration``, as the file changes
/// it), and global behaviour.
public struct ProfileSettings: Sendable, Equatable {
    /// Every threshold: ``GestureConfiguration/standard`` except where `settings:` says.
    public var gestures = GestureConfiguration.standard
    public var target = ProfileDefaults.target
    /// A press of this button (with these modifiers) starts a touch; nil = off.
    public var pointer: PointerTrigger?
    /// `touchscreens:`: the monitor each touchscreen is mapped onto, in file order.
    public var touchscreens: [TouchscreenMapping] = []
    /// On-screen feedback; nil = off (no overlay window at all).
    public var feedback: FeedbackSettings?

    public init() {}
}

/// `settings.feedback`: what the overlay shows.
public struct FeedbackSettings: Sendable, Equatable {
    /// The touches a gesture is still deciding about, as dots under the fingers.
    public var touches = true
    /// A short animation when a window or desktop action fires.
    public var actions = true
    /// How long an action's animation lasts (seconds).
    public var duration = ProfileDefaults.feedbackDuration
    /// The previews of gestures with `preview: true`.
    public var previews = true

    public init() {}

    /// What the overlay shows when `settings.feedback` is absent but gestures have
    /// `preview: true`: their previews, nothing else.
    public static var previewsOnly: FeedbackSettings {
        var s = FeedbackSettings()
        s.touches = false
        s.actions = false
        return s
    }
}

public enum GestureTarget: String, Sendable, Equatable, CaseIterable {
    case underTouch = "under-touch"
    case focused
}

/// `settings.touchscreens: { "DEVICE": { monitor: NAME } }`: the XInput device (by its exact
/// name, as `tactus devices` lists it) whose touches land on the monitor NAME (a monitor's
/// name or one of its outputs', ignoring case), the way `xinput map-to-output` maps it.
public struct TouchscreenMapping: Sendable, Equatable {
    public var device: String
    public var monitor: String

    public init(device: String, monitor: String) {
        self.device = device
        self.monitor = monitor
    }
}

public struct PointerTrigger: Sendable, Equatable {
    public var button: Int
    public var modifiers: [String]
}

/// One `profiles:` entry.
public struct Profile: Sendable {
    public var name: String
    public var match: WindowMatch
    public var gestures: [GestureSpec]
    public var regions: [RegionSpec]
    public var touchpad: [TouchpadBinding]
    public var location: SourceLocation
    /// `touch:` of a window profile: what its windows' program does with touches, whatever
    /// the server says (nil: as the server says).
    public var touch: ProgramTouch? = nil
    /// `wheelNotch:` of a window profile: how far one wheel notch moves its windows' content,
    /// in pixels (nil: ``ProfileDefaults/wheelNotch``).
    public var wheelNotch: Double? = nil

    /// `match: any`, `match: { monitor: … }` or `match: { touch: … }`: the profile's gestures
    /// are on the screen view.
    public var appliesToScreen: Bool { match.isScreen }
}

/// Gesture names in a relation, or `all`.
public enum GestureReferences: Sendable, Equatable {
    case names([String])
    case all

    var names: [String] {
        if case .names(let n) = self { return n }
        return []
    }

    /// Whether the relation names `name` (`all` names every gesture).
    func contains(_ name: String) -> Bool {
        switch self {
        case .all: true
        case .names(let n): n.contains(name)
        }
    }
}

/// One gesture: exactly one recognizer, its actions, relations and delivery options.
public struct GestureSpec: Sendable {
    public var name: String
    public var recognizer: RecognizerSpec
    public var action: ActionSpec?
    /// Per-state actions (`on: { recognized: … }` of a discrete gesture is under `.ended`).
    public var on: [GestureState: ActionSpec]
    public var `repeat`: RepeatSpec?
    /// Wheel steps that follow the gesture's movement (nil: none).
    public var scroll: ScrollSpec?
    public var requireToFail: [String]
    public var simultaneousWith: GestureReferences
    public var preventsNot: GestureReferences
    public var notPreventedBy: GestureReferences
    public var cancelsTouchesInView: Bool?
    public var delaysTouchesBegan: Bool?
    public var delaysTouchesEnded: Bool?
    public var exclude: [String]
    public var enabled: Bool
    public var location: SourceLocation
    /// `fire:` when its `action` runs (swipe and pinch); nil: the recognizer's own moment
    /// (a swipe at recognition, a pinch when it ends).
    public var fire: FireTiming? = nil
    /// `preview: true`: while the fingers move, the overlay shows where the action takes the
    /// window or the desktop, growing with their travel (fires at the lift).
    public var preview = false
    /// `hold: { keys }` (continuous gestures): keys held down from the gesture's begin to its
    /// end, its actions' keys typed while they are down.
    public var hold: HoldSpec? = nil
    /// `drag: { button }` (a long press): moved once it is recognized, the button goes down
    /// where the finger was held, the pointer follows the finger, and the button comes up at
    /// the lift; its `action` then does not fire. Lifted where it was held, `action` fires.
    public var drag: DragSpec? = nil
    /// `claim: on-landing`: its touches are claimed once all its fingers are down and it is
    /// still possible, not when it is recognized (semantics.md §12, `claimsOnLanding`).
    public var claimsOnLanding = false

    /// Every action it may fire: `action`, `repeat`'s two, and `on:` by state name.
    public var actions: [ActionSpec] { allActions(action, on, self.repeat) }

    /// Whether `action` waits for the lift and fires only past the preview's commit point.
    public var firesAtLift: Bool { fire == .atLift }
}

/// `claim:`: when a gesture's touches become Tactus's rather than the program's.
public enum ClaimTiming: String, CaseIterable, Sendable {
    /// When it begins or is recognized (semantics.md §10): the default.
    case atRecognition = "at-recognition"
    /// As soon as all the fingers it needs are down, while it is still possible.
    case onLanding = "on-landing"
}

/// `drag: { button }` of a long press: press-and-hold then drag is a drag with that mouse
/// button (Windows's touch convention for programs without touch: select text, move an icon).
public struct DragSpec: Sendable, Equatable {
    /// The pointer button held while the finger drags (1 to 9).
    public var button: Int
    /// How far the finger moves from where it was held before the button goes down (px):
    /// a finger resting on glass wanders a few pixels, and a right click at the lift must
    /// not become a drag for that.
    public var slop: Double

    public init(button: Int, slop: Double) {
        self.button = button
        self.slop = slop
    }
}

/// `fire:` of a swipe or a pinch: when its `action` runs.
public enum FireTiming: String, Sendable, Equatable, CaseIterable {
    /// As soon as the gesture is recognized (a pinch: when it begins). Nothing can take it back.
    case atRecognition = "at-recognition"
    /// When the fingers lift, if they have travelled past the commit point
    /// (`settings.preview.commit` of `settings.preview.distance`, or of the pinch's
    /// `pinchScale`); short of it, or brought back under it, the gesture is cancelled
    /// (Touchégg's `action_execute_threshold`).
    case atLift = "at-lift"
    /// A long press's: when the fingers lift, if they have not moved past its
    /// `allowableMovement` since it was recognized (they moved: another gesture, a scroll or a
    /// pinch recognized with it, was what they did).
    case ifStill = "if-still"

    /// The timings of swipes, pinches and touchpad bindings.
    public static let ofTravel: [FireTiming] = [.atRecognition, .atLift]
}

/// `scroll: { every, natural, axis }` on a continuous gesture: one wheel step (a `scroll:`
/// action at the gesture's location) each time its translation moves `every` pixels further
/// along an axis, back or forth.
public struct ScrollSpec: Sendable, Equatable {
    /// Pixels of movement per wheel step; nil: the `wheelNotch` of the window under the
    /// gesture, so its content moves about as far as the fingers.
    public var every: Double? = nil
    /// The content follows the fingers, as on a touch screen (a drag up shows what is further
    /// down); false: the other way, as a mouse wheel does.
    public var natural = true
    public var axis = ScrollAxis.both
    /// A flick goes on scrolling after the lift and slows down (``ScrollMomentum``), until
    /// the next touch.
    public var kinetic = false

    public init() {}
}

/// The axes a `scroll:` steps along.
public enum ScrollAxis: String, Sendable, Equatable, CaseIterable {
    case vertical, horizontal, both
}

/// The actions of a gesture or a touchpad binding, in a fixed order.
func allActions(_ action: ActionSpec?, _ on: [GestureState: ActionSpec], _ r: RepeatSpec?) -> [ActionSpec] {
    [action, r?.action, r?.reverse].compactMap { $0 } + on.keys.sorted { $0.rawValue < $1.rawValue }.compactMap { on[$0] }
}

/// `hold: { keys }` of a continuous gesture or a touchpad binding: keys pressed as the gesture
/// begins and released as it ends (or is cancelled, or its gesture goes away), the keys of
/// its actions typed meanwhile with them held — Touchégg's `<modifiers>` of a repeated
/// SEND_KEYS, the window switcher's Alt held while Tab steps.
public struct HoldSpec: Sendable, Equatable {
    public var keys: KeyCombo

    public init(keys: KeyCombo) { self.keys = keys }
}

/// `repeat: { every, action, reverse }` for continuous gestures.
public struct RepeatSpec: Sendable {
    public var every: Double
    public var action: ActionSpec
    public var reverse: ActionSpec?
}

/// XI 2.4 touchpad gesture bindings (`touchpad:`).
public struct TouchpadBinding: Sendable {
    public enum Kind: String, Sendable { case swipe, pinch }
    public var name: String
    public var kind: Kind
    public var fingers: Int
    /// Swipe only: the direction that fires `action` (nil = any).
    public var direction: TouchpadSwipeDirection?
    /// Pinch only: whether `action` fires for a pinch that closed (`in`), opened (`out`),
    /// turned (`clockwise`, `counterclockwise`), or any of them.
    public var pinchDirection: TouchpadPinchDirection = .any
    /// The modifier keys (`shift`, `ctrl`, `alt`, `super`) that must be held as the gesture
    /// begins; empty: the binding takes gestures made without a binding's modifiers.
    public var modifiers: Set<String> = []
    public var action: ActionSpec?
    public var on: [GestureState: ActionSpec]
    public var `repeat`: RepeatSpec?
    public var location: SourceLocation
    /// `fire:` when its `action` runs; nil: when the gesture ends, for the way it went.
    /// `at-recognition`: as soon as the gesture goes its way (a swipe past
    /// `touchpad.swipeMinimumDistance`, a pinch past `touchpad.pinchMinimumScaleChange`);
    /// `at-lift`: at the end, if its progress (a swipe's deltas along its direction over
    /// `preview.touchpadDistance`, a pinch's spread towards `preview.pinchScale`) is past
    /// `preview.commit`.
    public var fire: FireTiming? = nil
    /// `preview: true`: the overlay shows the action as far as the fingers have taken it
    /// (fires at the lift).
    public var preview = false
    /// `hold: { keys }`: keys held down while the gesture is this binding's (see
    /// ``TouchpadGesture``), released as it ends.
    public var hold: HoldSpec? = nil

    /// Every action it may fire: `action`, `repeat`'s two, and `on:` by state name.
    public var actions: [ActionSpec] { allActions(action, on, self.repeat) }

    /// Whether `action` waits for the end and fires only past the commit point.
    public var firesAtLift: Bool { fire == .atLift }

    /// Whether it takes its kind of gesture whichever way it goes.
    public var takesAnyDirection: Bool { kind == .swipe ? direction == nil : pinchDirection == .any }
}
