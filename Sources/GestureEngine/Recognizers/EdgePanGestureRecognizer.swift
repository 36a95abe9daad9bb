/// Continuous: a pan that must start within `zoneWidth` of an edge of its view (the monitor
/// where the touch starts for a screen gesture, the window for a window gesture) and move
/// away from that edge. A touch that starts elsewhere fails it at once, so it costs other
/// touches nothing.
public final class EdgePanGestureRecognizer: PanGestureRecognizer {
    public var edges: EdgeSet
    public var zoneWidth: Double
    private var startEdge: EdgeSet = []

    /// Parameters left nil take the configuration's values.
    public init(name: String, edges: EdgeSet = .left, zoneWidth: Double? = nil, minimumDistance: Double? = nil,
                configuration c: GestureConfiguration = .standard) {
        self.edges = edges
        self.zoneWidth = zoneWidth ?? c.edgePan.zoneWidth
        super.init(name: name, minimumTouches: 1, maximumTouches: 1, minimumDistance: minimumDistance ?? c.pan.minimumDistance, configuration: c)
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
