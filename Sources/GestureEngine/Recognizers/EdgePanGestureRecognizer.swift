/// Continuous: a pan that must start within `zoneWidth` of an edge of its view (the monitor
/// where the touch starts for a screen gesture, the window for a window gesture) and move
/// away from that edge. A touch that starts elsewhere fails it at once, so it costs other
/// touches nothing.
public final class EdgePanGestureRecognizer: PanGestureRecognizer {
    public var edges: EdgeSet
    public var zoneWidth: Double
    private var startEdge: EdgeSet = []

    /// What an edge pan asks for: its edges, and the thresholds it sets itself (nil: the
    /// configuration's: ``GestureConfiguration/EdgePan`` for the zone, a pan's distance).
    public struct Parameters: Sendable, Equatable {
        public var edges: EdgeSet = .left
        public var zoneWidth: Double?
        public var minimumDistance: Double?

        public init(edges: EdgeSet = .left, zoneWidth: Double? = nil, minimumDistance: Double? = nil) {
            self.edges = edges
            self.zoneWidth = zoneWidth
            self.minimumDistance = minimumDistance
        }
    }

    /// Parameters left nil take the configuration's values.
    public convenience init(name: String, edges: EdgeSet = .left, zoneWidth: Double? = nil, minimumDistance: Double? = nil,
                            configuration c: GestureConfiguration = .standard) {
        self.init(name: name, Parameters(edges: edges, zoneWidth: zoneWidth, minimumDistance: minimumDistance), configuration: c)
    }

    public init(name: String, _ p: Parameters, configuration c: GestureConfiguration = .standard) {
        edges = p.edges
        zoneWidth = p.zoneWidth ?? c.edgePan.zoneWidth
        // One finger, and a pan's distance unless it says its own.
        super.init(name: name, PanGestureRecognizer.Parameters(minimumTouches: 1, maximumTouches: 1, minimumDistance: p.minimumDistance), configuration: c)
    }

    public override var kind: GestureKind { .edgePan }

    public override func touchBegan(_ touch: Touch) {
        if touches.count == 1 {
            startEdge = edgesNear(touch.location)
            if startEdge.isEmpty { return report(.failed) }
        }
        super.touchBegan(touch)
    }

    private func edgesNear(_ p: Point) -> EdgeSet {
        guard let f = view?.edgeFrame(at: p) else { return [] }
        var e: EdgeSet = []
        if edges.contains(.left), p.x - f.minX < zoneWidth { e.insert(.left) }
        if edges.contains(.right), f.maxX - p.x <= zoneWidth { e.insert(.right) }
        if edges.contains(.top), p.y - f.minY < zoneWidth { e.insert(.top) }
        if edges.contains(.bottom), f.maxY - p.y <= zoneWidth { e.insert(.bottom) }
        return e
    }

    /// Away from the edge it started at, within 45° of the inward direction.
    public override func mayBegin(with t: Vector) -> Bool {
        (startEdge.contains(.left) && t.dx > abs(t.dy))
            || (startEdge.contains(.right) && -t.dx > abs(t.dy))
            || (startEdge.contains(.top) && t.dy > abs(t.dx))
            || (startEdge.contains(.bottom) && -t.dy > abs(t.dx))
    }

    public override func reset() {
        startEdge = []
        super.reset()
    }
}
