import GestureEngine

/// A gesture's preview on the overlay (`preview: true`): its action's movement drawn as far
/// as the fingers have taken it. Window actions draw the window's outline on its way from
/// where the window is to where the action puts it (whole at progress 1: exactly where it
/// goes); desktop actions draw the arrow sliding in from the screen's edge with the fingers,
/// to the middle at progress 1.
public struct FeedbackPreview: Equatable, Sendable {
    public var kind: FeedbackAnimation.Kind
    /// 0…1, the ``GestureProfiles/ActionPreview`` progress.
    public var progress: Double
    /// Lifting now fires the action: drawn at full strength; short of it, fainter (under a
    /// compositor).
    public var pastCommit: Bool
    /// The way the fingers travel (a swipe's direction; nil for a pinch): the arrow slides in
    /// along it.
    public var travel: Direction?

    public init(_ kind: FeedbackAnimation.Kind, progress: Double, pastCommit: Bool, travel: Direction?) {
        self.kind = kind
        self.progress = progress
        self.pastCommit = pastCommit
        self.travel = travel
    }

    /// Opacity short of the commit point (under a compositor; opaque otherwise).
    static let faint = 0.5

    /// Its opacity: full once lifting would fire the action.
    public var opacity: Double { pastCommit ? 1 : Self.faint }

    /// What it draws now, in root coordinates.
    public var shapes: [OverlayShape] {
        let p = min(1, max(0, progress))
        switch kind {
        case .outline(let a, let b):
            let r = Rect(x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p,
                         width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
            return [.outline(r, width: FeedbackAnimation.outlineWidth)]
        case .arrow(let direction, let area):
            let length = min(area.width, area.height) / 4
            guard let travel else {
                // No way to slide: it grows in the middle.
                guard p > 0 else { return [] }
                return [.polygon(FeedbackAnimation.arrow(pointing: direction, at: Point(x: area.midX, y: area.midY), length: length * p))]
            }
            // It starts just outside the edge the fingers move away from and follows them to the middle.
            let u = travel.unit
            let offEdge = Point(x: area.midX - u.dx * (area.width / 2 + length / 2), y: area.midY - u.dy * (area.height / 2 + length / 2))
            let centre = Point(x: offEdge.x + (area.midX - offEdge.x) * p, y: offEdge.y + (area.midY - offEdge.y) * p)
            return [.polygon(FeedbackAnimation.arrow(pointing: direction, at: centre, length: length))]
        }
    }
}
