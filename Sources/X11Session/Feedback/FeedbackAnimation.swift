import GestureEngine

/// An action's animation on the overlay: what it draws at each moment of its `duration`.
public struct FeedbackAnimation: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A window's outline moving from one rectangle to another: growing to maximized,
        /// shrinking away when minimized or closed.
        case outline(from: Rect, to: Rect)
        /// An arrow in the middle of `area` (the monitor) pointing `direction`: a desktop switch.
        case arrow(Direction, in: Rect)
    }

    public var kind: Kind
    public var start: Instant
    public var duration: Double

    public init(_ kind: Kind, start: Instant, duration: Double) {
        self.kind = kind
        self.start = start
        self.duration = duration
    }

    /// The outline's width, in pixels.
    static let outlineWidth = 6.0

    public var end: Instant { start + duration }

    /// How far along it is at `t`, 0…1.
    func progress(at t: Instant) -> Double { duration > 0 ? min(1, max(0, (t - start) / duration)) : 1 }

    /// The shapes at `t`, and their opacity (full for the first half, then fading: under a
    /// compositor the animation dims away rather than vanishing).
    public func frame(at t: Instant) -> (shapes: [OverlayShape], opacity: Double) {
        let p = progress(at: t)
        let opacity = 1 - 0.7 * max(0, (p - 0.5) / 0.5)
        // Fast at first, settling at the end, as a window manager's own animations do.
        let eased = 1 - (1 - p) * (1 - p) * (1 - p)
        switch kind {
        case .outline(let a, let b):
            let r = Rect(x: a.x + (b.x - a.x) * eased, y: a.y + (b.y - a.y) * eased,
                         width: a.width + (b.width - a.width) * eased, height: a.height + (b.height - a.height) * eased)
            return ([.outline(r, width: Self.outlineWidth)], opacity)
        case .arrow(let direction, let area):
            let length = min(area.width, area.height) / 4
            // It moves an eighth of its length the way it points.
            let shift = length / 8 * eased
            let centre = Point(x: area.midX + direction.unit.dx * shift, y: area.midY + direction.unit.dy * shift)
            return ([.polygon(Self.arrow(pointing: direction, at: centre, length: length))], opacity)
        }
    }

    /// A block arrow `length` long centred on `centre`: a shaft, then a head a third of it.
    static func arrow(pointing direction: Direction, at centre: Point, length l: Double) -> [Point] {
        let shaft = l * 0.14, head = l * 0.32, headLength = l * 0.4
        // Pointing right, about the origin.
        let right: [(Double, Double)] = [(-l / 2, -shaft), (l / 2 - headLength, -shaft), (l / 2 - headLength, -head), (l / 2, 0),
                                         (l / 2 - headLength, head), (l / 2 - headLength, shaft), (-l / 2, shaft)]
        return right.map { x, y in
            let (dx, dy): (Double, Double)
            switch direction {
            case .right: (dx, dy) = (x, y)
            case .left: (dx, dy) = (-x, y)
            case .up: (dx, dy) = (y, -x)
            case .down: (dx, dy) = (-y, x)
            }
            return Point(x: centre.x + dx, y: centre.y + dy)
        }
    }
}
