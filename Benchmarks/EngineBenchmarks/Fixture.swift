import GestureEngine

/// 5 nested views (screen → window → 3 nested regions), 4 recognizers on each: 20 recognizers
/// that all receive every moved event of one finger.
///
/// - `allInProgress`: 20 pans, all allowed to run together, so every moved event drives all
///   20 through `changed` and runs 20 actions (the worst case).
/// - otherwise: one pan in progress (the winner, one action per event) while the 19 others —
///   pans, long presses, taps and swipes with thresholds out of reach — keep tracking the
///   finger in `possible` (a busy desktop profile).
final class EngineFixture {
    let clock = ManualClock()
    let engine: GestureEngine
    private var t = 0.0
    private var x = 500.0
    var actionCount = 0

    init(allInProgress: Bool, observer: GestureObserver? = nil) {
        engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1920, height: 1080), clock: clock)
        var views = [engine.root]
        for depth in 1...4 {
            let v = View(name: "v\(depth)", frame: Rect(x: Double(depth) * 10, y: Double(depth) * 10, width: 1800, height: 1000))
            views.last!.addSubview(v)
            views.append(v)
        }
        let far = 1e9
        var n = 0
        for view in views.reversed() {
            for k in 0..<4 {
                let r: GestureRecognizer
                if allInProgress || n == 0 {
                    r = PanGestureRecognizer(name: "pan\(n)")
                } else {
                    switch k {
                    case 0: r = PanGestureRecognizer(name: "pan\(n)", minimumDistance: far)
                    case 1: r = LongPressGestureRecognizer(name: "press\(n)", minimumDuration: far, allowableMovement: far)
                    case 2:
                        let tap = TapGestureRecognizer(name: "tap\(n)", maxMovement: far, maxDuration: far)
                        r = tap
                    default: r = SwipeGestureRecognizer(name: "swipe\(n)", directions: .left, minimumDistance: far, maximumDuration: far)
                    }
                }
                r.recognizesSimultaneouslyWithAll = true
                r.addAction { [unowned self] _ in self.actionCount &+= 1 }
                view.addGestureRecognizer(r)
                n += 1
            }
        }
        if let observer { engine.addObserver(observer) }
        engine.process(TouchFrame(TouchPoint(id: TouchID(1), phase: .began, location: Point(x: x, y: 500)), at: .zero))
        for _ in 0..<4 { moveOnce() }  // past the slop: the pans are in progress
    }

    @inline(__always)
    func moveOnce() {
        t += 0.004
        x += 1
        if x > 1500 { x = 500 }
        engine.process(TouchFrame(TouchPoint(id: TouchID(1), phase: .moved, location: Point(x: x, y: 500)), at: Instant(seconds: t)))
    }
}

/// An observer that only counts (what the daemon's log costs before formatting).
final class CountingObserver: GestureObserver {
    var count = 0
    func observe(_ observation: Observation) { count &+= 1 }
}
