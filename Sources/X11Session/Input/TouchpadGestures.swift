import GestureEngine
import GestureProfiles
import Logging

/// XI 2.4 touchpad gestures (the driver's swipes and pinches): with the gesture grab, each
/// one is claimed at its begin when a binding takes it, else replayed to the application;
/// a claimed gesture's updates and end go to the bindings.
final class TouchpadGestures {
    typealias Server = InputGrabs

    private let server: Server
    private let feed: InputFeed
    private let timeline: ServerTimeline
    private let surroundings: TouchSurroundings
    private let logger: Logger
    private(set) var grabbed = false
    /// The gesture under way that the bindings follow, with the angle it turned so far.
    private var claimed: (kind: XGestureEvent.Kind, fingers: Int, angle: Double)?

    init(server: Server, feed: InputFeed, timeline: ServerTimeline, surroundings: TouchSurroundings, logger: Logger) {
        self.surroundings = surroundings
        self.server = server
        self.feed = feed
        self.timeline = timeline
        self.logger = logger
    }

    /// Takes the gesture grab (XI 2.4 only).
    func start(version: XInputVersion) {
        guard version.hasGestures else { return }
        grabbed = server.grabGestures()
        if !grabbed { logger.warning("touchpad gesture grab refused: touchpad bindings are off") }
    }

    func handle(_ e: XGestureEvent) {
        let t = timeline.instant(e.time)
        let kind: TouchpadBinding.Kind = e.kind == .swipe ? .swipe : .pinch
        switch e.phase {
        case .begin:
            // The window under the pointer decides: tell the session where it is.
            feed(.pointer(phase: .motion, button: nil, location: e.root), at: t)
            var begin = TouchpadEvent(gesture: kind, phase: .begin, fingers: e.fingers)
            begin.modifiers = Self.modifierNames(ModifierMask(rawValue: e.modifiers))
            begin.landedOn = surroundings.landingWindow(at: e.root, topLevel: nil)
            let outcome = feed(.touchpad(begin), at: t)
            let isClaimed = outcome == .touchpadBegan(claimed: true)
            if grabbed { server.allowEvents(device: e.device, replay: !isClaimed) }
            claimed = isClaimed || !grabbed ? (e.kind, e.fingers, 0) : nil
            logger.debug("touchpad \(e.fingers)-finger \(kind.rawValue): \(isClaimed ? "claimed by a binding" : "replayed to the application")")
        case .update:
            guard var c = claimed, c.kind == e.kind else { return }
            c.angle += e.deltaAngle
            claimed = c
            var u = TouchpadEvent(gesture: kind, phase: .update, fingers: e.fingers)
            u.dx = e.dx
            u.dy = e.dy
            u.scale = e.scale
            u.angle = c.angle
            feed(.touchpad(u), at: t)
        case .end:
            guard let c = claimed, c.kind == e.kind else { return }
            var u = TouchpadEvent(gesture: kind, phase: .end, fingers: e.fingers)
            u.cancelled = e.cancelled
            feed(.touchpad(u), at: t)
            claimed = nil
        }
    }

    /// The modifiers a touchpad binding can name that `mask` holds (Caps Lock, Num Lock and
    /// AltGr are not among them).
    static func modifierNames(_ mask: ModifierMask) -> Set<String> {
        var names: Set<String> = []
        if mask.contains(.shift) { names.insert("shift") }
        if mask.contains(.control) { names.insert("ctrl") }
        if mask.contains(.mod1) { names.insert("alt") }
        if mask.contains(.mod4) { names.insert("super") }
        return names
    }

    /// Drops the grab.
    func stop() {
        if grabbed { server.ungrabGestures() }
    }
}
