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

    /// The `match: any` profiles: their gestures sit on the screen, under every window.
    public var screenProfiles: [Profile] { profiles.filter(\.appliesToScreen) }

    /// The profile a window gets (the first whose `match` holds), nil when only the screen's.
    public func matchingProfile(for window: WindowInfo) -> Profile? {
        profiles.first { !$0.appliesToScreen && $0.match.matches(window) }
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
        return names
    }
}

/// `settings:` — every threshold of semantics.md §8, and global behaviour.
public struct ProfileSettings: Sendable, Equatable {
    public var tapMaxMovement = ProfileDefaults.tapMaxMovement
    public var tapMaxDuration = ProfileDefaults.tapMaxDuration
    public var tapMaxInterval = ProfileDefaults.tapMaxInterval
    public var longPressMinimumDuration = ProfileDefaults.longPressMinimumDuration
    public var longPressAllowableMovement = ProfileDefaults.longPressAllowableMovement
    public var panMinimumDistance = ProfileDefaults.panMinimumDistance
    public var swipeMinimumDistance = ProfileDefaults.swipeMinimumDistance
    public var swipeMinimumVelocity = ProfileDefaults.swipeMinimumVelocity
    public var swipeMaximumAngle = ProfileDefaults.swipeMaximumAngle
    public var swipeMaximumDuration = ProfileDefaults.swipeMaximumDuration
    public var pinchThreshold = ProfileDefaults.pinchThreshold
    public var rotationThreshold = ProfileDefaults.rotationThreshold
    public var edgePanZoneWidth = ProfileDefaults.edgePanZoneWidth
    public var target = ProfileDefaults.target
    /// A press of this button (with these modifiers) starts a touch; nil = off.
    public var pointer: PointerTrigger?

    public init() {}
}

public enum GestureTarget: String, Sendable, Equatable, CaseIterable {
    case underTouch = "under-touch"
    case focused
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

    /// `match: any`: the profile's gestures are on the screen view.
    public var appliesToScreen: Bool { if case .any = match { return true }; return false }
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

    /// Every action it may fire: `action`, `repeat`'s two, and `on:` by state name.
    public var actions: [ActionSpec] { allActions(action, on, self.repeat) }
}

/// The actions of a gesture or a touchpad binding, in a fixed order.
func allActions(_ action: ActionSpec?, _ on: [GestureState: ActionSpec], _ r: RepeatSpec?) -> [ActionSpec] {
    [action, r?.action, r?.reverse].compactMap { $0 } + on.keys.sorted { $0.rawValue < $1.rawValue }.compactMap { on[$0] }
}

/// The recognizer of a gesture with every parameter resolved (settings already applied).
public enum RecognizerSpec: Sendable, Equatable {
    case tap(taps: Int, touches: Int, maxMovement: Double, maxDuration: Double, maxInterval: Double)
    case longPress(minimumDuration: Double, allowableMovement: Double, touches: Int, taps: Int)
    case pan(minimumTouches: Int, maximumTouches: Int, minimumDistance: Double)
    case swipe(directions: [Direction], touches: Int, minimumDistance: Double, minimumVelocity: Double, maximumAngle: Double, maximumDuration: Double)
    case pinch(touches: Int, threshold: Double, direction: PinchDirection)
    case rotation(touches: Int, threshold: Double)
    case edgePan(edges: [String], zoneWidth: Double, minimumDistance: Double)
    case stroke(templates: [StrokeTemplateSpec], minimumScore: Double, minimumLength: Double)

    var isPinch: Bool {
        if case .pinch = self { return true }
        return false
    }

    public var isContinuous: Bool {
        switch self {
        case .tap, .swipe, .stroke: return false
        default: return true
        }
    }

    /// Builds the engine's recognizer.
    public func makeRecognizer(name: String) -> GestureRecognizer {
        switch self {
        case .tap(let taps, let touches, let mm, let md, let mi):
            return TapGestureRecognizer(name: name, taps: taps, touches: touches, maxMovement: mm, maxDuration: md, maxInterval: mi)
        case .longPress(let d, let m, let touches, let taps):
            return LongPressGestureRecognizer(name: name, minimumDuration: d, allowableMovement: m, touches: touches, taps: taps)
        case .pan(let minT, let maxT, let dist):
            return PanGestureRecognizer(name: name, minimumTouches: minT, maximumTouches: maxT, minimumDistance: dist)
        case .swipe(let dirs, let touches, let dist, let vel, let angle, let dur):
            var set: DirectionSet = []
            for d in dirs { set.insert(DirectionSet(d)) }
            return SwipeGestureRecognizer(name: name, directions: set, touches: touches, minimumDistance: dist, minimumVelocity: vel, maximumAngle: angle, maximumDuration: dur)
        case .pinch(let touches, let threshold, let direction):
            return PinchGestureRecognizer(name: name, touches: touches, threshold: threshold, direction: direction)
        case .rotation(let touches, let threshold):
            return RotationGestureRecognizer(name: name, touches: touches, threshold: threshold)
        case .edgePan(let edges, let zone, let dist):
            var set: EdgeSet = []
            for e in edges {
                switch e {
                case "left": set.insert(.left)
                case "right": set.insert(.right)
                case "top": set.insert(.top)
                default: set.insert(.bottom)
                }
            }
            return EdgePanGestureRecognizer(name: name, edges: set, zoneWidth: zone, minimumDistance: dist)
        case .stroke(let templates, let score, let length):
            return StrokeGestureRecognizer(name: name, templates: templates.map(\.template), minimumScore: score, minimumLength: length)
        }
    }
}

/// `repeat: { every, action, reverse }` for continuous gestures.
public struct RepeatSpec: Sendable {
    public var every: Double
    public var action: ActionSpec
    public var reverse: ActionSpec?
}

/// A region of a window: a child view with its own gestures, or a control.
public struct RegionSpec: Sendable {
    public var name: String
    public var frame: FrameSpec
    public var control: ControlSpec?
    public var gestures: [GestureSpec]
    public var action: ActionSpec?
    public var location: SourceLocation
}

/// A length from a parent's edge: pixels, or a percentage of the parent's size.
public enum Length: Sendable, Equatable {
    case pixels(Double)
    case percent(Double)

    func resolve(_ size: Double) -> Double {
        switch self {
        case .pixels(let p): return p
        case .percent(let p): return size * p / 100
        }
    }
}

/// `frame:` — two of left/right/width and two of top/bottom/height.
public struct FrameSpec: Sendable, Equatable {
    public var left, right, width, top, bottom, height: Length?

    /// The frame in screen coordinates inside `parent`.
    public func resolve(in parent: Rect) -> Rect {
        func axis(_ a: Length?, _ b: Length?, _ size: Length?, origin: Double, extent: Double) -> (Double, Double) {
            let lead = a?.resolve(extent), trail = b?.resolve(extent), len = size?.resolve(extent)
            if let lead, let len { return (origin + lead, len) }
            if let trail, let len { return (origin + extent - trail - len, len) }
            let l = lead ?? 0, t = trail ?? 0
            return (origin + l, max(0, extent - l - t))
        }
        let (x, w) = axis(left, right, width, origin: parent.x, extent: parent.width)
        let (y, h) = axis(top, bottom, height, origin: parent.y, extent: parent.height)
        return Rect(x: x, y: y, width: w, height: h)
    }
}

public struct ControlSpec: Sendable, Equatable {
    public var kind: ControlKind
    public var axis: Axis
    public var minimum: Double
    public var maximum: Double
    public var step: Double
    public var initial: Double
    public var thumbLength: Double

    public func makeControl(tapMovement: Double) -> Control {
        var c = Control(kind: kind, axis: axis, minimum: minimum, maximum: maximum, step: step, value: initial, thumbLength: thumbLength, tapMovement: tapMovement)
        if kind == .button { c.value = 0 }
        return c
    }
}

/// XI 2.4 touchpad gesture bindings (`touchpad:`).
public struct TouchpadBinding: Sendable {
    public enum Kind: String, Sendable { case swipe, pinch }
    public var name: String
    public var kind: Kind
    public var fingers: Int
    /// Swipe only: the direction that fires `action` (nil = any).
    public var direction: Direction?
    public var action: ActionSpec?
    public var on: [GestureState: ActionSpec]
    public var `repeat`: RepeatSpec?
    public var location: SourceLocation

    /// Every action it may fire: `action`, `repeat`'s two, and `on:` by state name.
    public var actions: [ActionSpec] { allActions(action, on, self.repeat) }
}

public enum WindowOperation: String, Sendable, CaseIterable {
    case close, minimize, maximize, unmaximize
    case toggleMaximize = "toggle-maximize"
    case fullscreen
    case toggleFullscreen = "toggle-fullscreen"
    case raise
}

public enum DesktopOperation: Sendable, Equatable, CustomStringConvertible {
    case next, previous, show
    case number(Int)

    public var description: String {
        switch self {
        case .next: "next"
        case .previous: "previous"
        case .show: "show"
        case .number(let n): "\(n)"
        }
    }
}

/// Actions as data (config.md): described and logged here, performed by the X session.
public indirect enum ActionSpec: Sendable, CustomStringConvertible {
    case command([Template])
    case shell(Template)
    case keys(KeyCombo)
    case click(Int)
    case window(WindowOperation)
    case desktop(DesktopOperation)
    case log(Template)
    case sequence([ActionSpec])

    /// Whether performing it needs to know the window exactly: a window request, a shell
    /// (its `TACTUS_WINDOW_*` variables), or text naming `{window.…}`.
    public var needsWindow: Bool {
        switch self {
        case .window, .shell: return true
        case .command(let argv): return argv.contains { $0.description.contains("{window.") }
        case .log(let t): return t.description.contains("{window.")
        case .sequence(let list): return list.contains { $0.needsWindow }
        case .keys, .click, .desktop: return false
        }
    }

    public var description: String {
        switch self {
        case .command(let argv): return "command " + argv.map(\.description).joined(separator: " ")
        case .shell(let script): return "shell \(script)"
        case .keys(let k): return "keys \(k)"
        case .click(let b): return "click \(b)"
        case .window(let op): return "window \(op.rawValue)"
        case .desktop(let op): return "desktop \(op)"
        case .log(let t): return "log \(t)"
        case .sequence(let list): return list.map(\.description).joined(separator: "; ")
        }
    }
}
