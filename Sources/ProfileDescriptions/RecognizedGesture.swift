#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import GestureProfiles
import GestureTraces

/// One gesture a person performed while the settings window listened to the daemon's monitor
/// (`tactus monitor`'s JSON lines, MonitorLines and the event log of trace.md): the touches
/// (or the touchpad gesture, or the pointer drag) as the daemon saw them, and the gestures of
/// the running profile it recognized. ``drafts(in:action:)`` turns it into gestures to add.
public struct RecognizedGesture: Sendable {
    /// One finger (or the pointer) from down to up.
    public struct Track: Sendable {
        public var id: String
        /// Milliseconds of the daemon's clock, and where.
        public var times: [Double] = []
        public var points: [Point] = []
        public var cancelled = false
        public var ended = false

        var start: Double { times.first ?? 0 }
        var end: Double { times.last ?? 0 }
    }

    /// A touchpad gesture the driver reported.
    public struct TouchpadMotion: Sendable {
        public var kind: TouchpadBinding.Kind
        public var fingers: Int
        /// Sums of the updates' movement.
        public var dx = 0.0, dy = 0.0
        /// The last update's scale and angle (degrees) since the begin.
        public var scale = 1.0, angle = 0.0
        public var cancelled = false
    }

    /// Touches and pointer drags, in the order they began.
    public var tracks: [Track] = []
    public var touchpad: TouchpadMotion?
    /// The gestures (and touchpad bindings) of the running profile that were recognized or
    /// began, in order, each once.
    public var recognized: [String] = []
    /// The actions they fired, as the monitor wrote them (`desktop next`).
    public var actions: [(gesture: String, action: String)] = []
    /// The window class and view the first touch landed on.
    public var windowClass: String?
    public var view: String?
    /// The monitors' area, when the stream declared monitors (an edge is told by it).
    public var screen: Rect?

    /// Reads the lines a monitor streamed while the gesture was performed (lines of other
    /// kinds, and lines that are not JSON, are passed over). Nil when they hold no gesture.
    public init?(monitorLines lines: [String]) {
        var open: [String: Int] = [:]
        var monitors: [Rect] = []
        for line in lines {
            guard case .object(let o)? = try? JSONValue.parse(Substring(line)) else { continue }
            func s(_ k: String) -> String? { if case .string(let v)? = o[k] { return v }; return nil }
            func n(_ k: String) -> Double? { if case .number(let v)? = o[k] { return v }; return nil }
            func id(_ k: String) -> String? {
                switch o[k] {
                case .number(let v)?: return formatNumber(v)
                case .string(let v)?: return v
                default: return nil
                }
            }
            let t = n("t") ?? 0
            switch s("kind") ?? "" {
            case "touch" where s("verdict") == nil, "pointer":
                let pointer = s("kind") == "pointer"
                guard let x = n("x"), let y = n("y") else { continue }
                let key = pointer ? "pointer" : (id("id") ?? "?")
                let phase = s("phase") ?? ""
                let began = phase == "began" || phase == "down"
                if began || open[key] == nil {
                    guard began || phase == "moved" || phase == "motion" else { continue }
                    if pointer, !began { continue }  // pointer motion with no button down
                    open[key] = tracks.count
                    tracks.append(Track(id: key))
                    if windowClass == nil, let c = s("class") { windowClass = c }
                    if view == nil, let v = s("view") { view = v }
                }
                let i = open[key]!
                tracks[i].times.append(t)
                tracks[i].points.append(Point(x: x, y: y))
                if phase == "ended" || phase == "cancelled" || phase == "up" {
                    tracks[i].ended = true
                    tracks[i].cancelled = phase == "cancelled"
                    open[key] = nil
                }
            case "touchpad" where s("verdict") == nil:
                guard let kind = s("gesture").flatMap(TouchpadBinding.Kind.init(rawValue:)) else { continue }
                let fingers = Int(n("fingers") ?? 0)
                switch s("phase") ?? "" {
                case "begin":
                    touchpad = TouchpadMotion(kind: kind, fingers: fingers)
                case "update":
                    if touchpad == nil { touchpad = TouchpadMotion(kind: kind, fingers: fingers) }
                    touchpad!.dx += n("dx") ?? 0
                    touchpad!.dy += n("dy") ?? 0
                    if let v = n("scale") { touchpad!.scale = v }
                    if let v = n("angle") { touchpad!.angle = v }
                case "end":
                    if o["cancelled"] == .bool(true) { touchpad?.cancelled = true }
                default: break
                }
            case "state":
                guard let g = s("gesture"), let to = s("to"), to == "recognized" || to == "began" else { continue }
                if !recognized.contains(g) { recognized.append(g) }
            case "action":
                guard let g = s("gesture") else { continue }
                actions.append((g, s("action") ?? ""))
                // A touchpad binding says it fired only here.
                if !recognized.contains(g) { recognized.append(g) }
            case "monitor":
                guard o["removed"] != .bool(true), case .array(let f)? = o["frame"], f.count == 4 else { continue }
                let v = f.compactMap { if case .number(let d) = $0 { return d }; return nil }
                if v.count == 4 { monitors.append(Rect(x: v[0], y: v[1], width: v[2], height: v[3])) }
            default:
                continue
            }
        }
        tracks.removeAll { $0.points.isEmpty }
        if let first = monitors.first {
            screen = monitors.dropFirst().reduce(first) { a, b in
                let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
                return Rect(x: x0, y: y0, width: max(a.x + a.width, b.x + b.width) - x0, height: max(a.y + a.height, b.y + b.height) - y0)
            }
        }
        if tracks.isEmpty && touchpad == nil && recognized.isEmpty { return nil }
    }

    /// Gestures a person can add for what was performed, the likeliest first:
    /// what the running profile recognized (its recognizer, or its touchpad binding's
    /// gesture), then what the touches themselves show (fingers, direction, taps; for a
    /// drawn shape the built-in template it is nearest, and a new template recorded from the
    /// drawing). Each has a name not yet in `file`, and `action` if given.
    public func drafts(in file: ProfileFile? = nil, action: ActionSpec? = nil) -> [GestureDraft] {
        let c = file?.settings.gestures ?? .standard
        var out: [GestureDraft] = []
        // What the running profile recognized.
        for name in recognized {
            if let g = file?.allGestures.first(where: { $0.name == name }) {
                out.append(GestureDraft(recognizer: narrowed(g.recognizer), sameAs: name))
            } else if let b = file?.profiles.flatMap(\.touchpad).first(where: { $0.name == name }) {
                out.append(GestureDraft(touchpad: .init(kind: b.kind, fingers: b.fingers, direction: b.direction, pinchDirection: b.pinchDirection), sameAs: name))
            }
        }
        // What the input shows.
        if let tp = touchpad, tracks.isEmpty {
            out.append(GestureDraft(touchpad: Self.touchpadGesture(tp, c)))
        } else {
            out += inferred(c, file: file)
        }
        // Each offer once, named, with the action.
        var unique: [GestureDraft] = []
        for var d in out where !unique.contains(where: { $0.sameGesture(as: d) }) {
            d.action = action
            unique.append(d)
        }
        var taken = Set(file.map { f in f.allGestures.map(\.name) + f.profiles.flatMap { $0.touchpad.map(\.name) + $0.regions.map(\.name) } } ?? [])
        for i in unique.indices {
            let base = unique[i].suggestedName
            var name = base, k = 2
            while taken.contains(name) { name = "\(base)-\(k)"; k += 1 }
            taken.insert(name)
            unique[i].name = name
        }
        return unique
    }

    /// A stroke of several shapes as the one the drawing is nearest (the template it matched);
    /// any other recognizer as it is.
    func narrowed(_ r: RecognizerSpec) -> RecognizerSpec {
        guard case .stroke(let templates, let score, let length) = r, Set(templates.map(\.name)).count > 1,
              tracks.count == 1, let m = UnistrokeMatcher.nearest(tracks[0].points, templates: templates.map(\.template)) else { return r }
        let name = templates[m.index].name
        return .stroke(templates: templates.filter { $0.name == name }, minimumScore: score, minimumLength: length)
    }

    static func touchpadGesture(_ tp: TouchpadMotion, _ c: GestureConfiguration) -> GestureDraft.TouchpadGesture {
        switch tp.kind {
        case .swipe:
            let v = Vector(dx: tp.dx, dy: tp.dy)
            let moved = (tp.dx * tp.dx + tp.dy * tp.dy).squareRoot() >= c.touchpad.swipeMinimumDistance
            return .init(kind: .swipe, fingers: tp.fingers, direction: moved ? TouchpadSwipeDirection.of(v, diagonals: false) : nil, pinchDirection: .any)
        case .pinch:
            let spread = abs(tp.scale - 1)
            let way: TouchpadPinchDirection
            if abs(tp.angle) >= c.touchpad.rotationMinimumAngle && spread < c.touchpad.pinchMinimumScaleChange {
                way = tp.angle > 0 ? .clockwise : .counterclockwise
            } else if spread >= c.touchpad.pinchMinimumScaleChange {
                way = tp.scale < 1 ? .in : .out
            } else {
                way = .any
            }
            return .init(kind: .pinch, fingers: tp.fingers, direction: nil, pinchDirection: way)
        }
    }

    /// Touches in groups that were down together (a double tap is two groups).
    var bursts: [[Track]] {
        var out: [[Track]] = []
        for t in tracks.sorted(by: { $0.start < $1.start }) {
            if var last = out.last, t.start <= (last.map(\.end).max() ?? 0) {
                last.append(t)
                out[out.count - 1] = last
            } else {
                out.append([t])
            }
        }
        return out
    }

    /// The recognizers the touches show.
    func inferred(_ c: GestureConfiguration, file: ProfileFile?) -> [GestureDraft] {
        let groups = bursts
        guard let first = groups.first else { return [] }
        let fingers = groups.map(\.count).max() ?? 1
        func still(_ g: [Track]) -> Bool { g.allSatisfy { Self.wander($0) <= max(c.tap.maxMovement, c.longPress.allowableMovement) } }
        func duration(_ g: [Track]) -> Double { ((g.map(\.end).max() ?? 0) - (g.map(\.start).min() ?? 0)) / 1000 }
        let allStill = groups.allSatisfy(still)
        if allStill {
            let last = groups[groups.count - 1]
            let touches = min(fingers, 10)
            if duration(last) > c.tap.maxDuration {
                return [GestureDraft(recognizer: .longPress(.init(touches: touches, taps: min(groups.count - 1, 5))))]
            }
            return [GestureDraft(recognizer: .tap(.init(taps: min(groups.count, 10), touches: touches)))]
        }
        // A movement: the group that moved.
        let moving = groups.first { !still($0) } ?? first
        if moving.count >= 2 { return [GestureDraft(recognizer: Self.multiFinger(moving, c))] }
        let track = moving[0]
        if let edge = edge(of: track, c) { return [GestureDraft(recognizer: .edgePan(.init(edges: edge)))] }
        let chord = track.points.last! - track.points.first!
        let length = zip(track.points, track.points.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0).length }
        if length >= c.stroke.minimumLength, length > 1.35 * max(chord.length, 1) {
            return strokes(track, c, file: file)
        }
        return [GestureDraft(recognizer: .swipe(.init(directions: DirectionSet(Self.direction(of: chord)), touches: moving.count)))]
    }

    /// How far a track went from where it began, at most.
    static func wander(_ t: Track) -> Double {
        guard let p0 = t.points.first else { return 0 }
        return t.points.map { ($0 - p0).length }.max() ?? 0
    }

    static func direction(of v: Vector) -> Direction {
        abs(v.dx) >= abs(v.dy) ? (v.dx < 0 ? .left : .right) : (v.dy < 0 ? .up : .down)
    }

    /// Several fingers that moved: a pinch (their spread changed most), a turn (their angle),
    /// or a swipe (their middle moved most).
    static func multiFinger(_ tracks: [Track], _ c: GestureConfiguration) -> RecognizerSpec {
        // From when the last finger landed to when the first lifted.
        let from = tracks.map(\.start).max() ?? 0, to = tracks.map(\.end).min() ?? 0
        func position(_ t: Track, at time: Double) -> Point {
            var p = t.points[0]
            for (i, ti) in t.times.enumerated() where ti <= time { p = t.points[i] }
            return p
        }
        let a = tracks.map { position($0, at: from) }, b = tracks.map { position($0, at: to) }
        func centroid(_ ps: [Point]) -> Point {
            Point(x: ps.map(\.x).reduce(0, +) / Double(ps.count), y: ps.map(\.y).reduce(0, +) / Double(ps.count))
        }
        let ca = centroid(a), cb = centroid(b)
        let spreadA = a.map { ($0 - ca).length }.reduce(0, +) / Double(a.count)
        let spreadB = b.map { ($0 - cb).length }.reduce(0, +) / Double(b.count)
        let translation = cb - ca
        let spread = spreadB - spreadA
        let angleA = atan2(a[1].y - a[0].y, a[1].x - a[0].x), angleB = atan2(b[1].y - b[0].y, b[1].x - b[0].x)
        var turn = (angleB - angleA) * 180 / Double.pi
        while turn > 180 { turn -= 360 }
        while turn < -180 { turn += 360 }
        let arc = abs(turn) * Double.pi / 180 * max(spreadA, spreadB)
        let n = tracks.count
        if abs(turn) >= c.transform.rotationThreshold, arc > abs(spread), arc > translation.length {
            return .rotation(.init(touches: n))
        }
        if abs(spread) >= c.transform.pinchThreshold, abs(spread) > translation.length / 2 {
            return .pinch(.init(touches: n, direction: spread < 0 ? .in : .out))
        }
        return .swipe(.init(directions: DirectionSet(direction(of: translation)), touches: n))
    }

    /// The edge a one-finger movement came in from, when the screen is known and it began
    /// in the edge's zone going inwards.
    func edge(of t: Track, _ c: GestureConfiguration) -> EdgeSet? {
        guard let s = screen, let p = t.points.first, let q = t.points.last else { return nil }
        let z = c.edgePan.zoneWidth, v = q - p
        if p.x - s.x < z, v.dx > abs(v.dy) { return .left }
        if s.x + s.width - p.x <= z, -v.dx > abs(v.dy) { return .right }
        if p.y - s.y < z, v.dy > abs(v.dx) { return .top }
        if s.y + s.height - p.y <= z, -v.dy > abs(v.dx) { return .bottom }
        return nil
    }

    /// A drawn shape: the built-in shape it is nearest (when it is taken for it), and the
    /// drawing itself as a new template.
    func strokes(_ t: Track, _ c: GestureConfiguration, file: ProfileFile?) -> [GestureDraft] {
        var out: [GestureDraft] = []
        let specs = BuiltInStrokes.names.flatMap { BuiltInStrokes.templates(named: $0) }
        if let m = UnistrokeMatcher.nearest(t.points, templates: specs.map(\.template)), m.rejection == nil, m.score >= c.stroke.minimumScore {
            let name = specs[m.index].name
            var d = GestureDraft(recognizer: .stroke(templates: BuiltInStrokes.templates(named: name), minimumScore: c.stroke.minimumScore,
                                                     minimumLength: c.stroke.minimumLength))
            d.templateScore = m.score
            out.append(d)
        }
        // The drawing, its points made whole pixels from its own corner, at most 64.
        let minX = t.points.map(\.x).min()!, minY = t.points.map(\.y).min()!
        let thinned = Drawing.thin(t.points.map { PicturePoint($0.x, $0.y) }, to: 64)
        let points = thinned.map { Point(x: ($0.x - minX).rounded(), y: ($0.y - minY).rounded()) }
        var own = GestureDraft(recognizer: .stroke(templates: [StrokeTemplateSpec(name: "my-shape", points: points, orientation: .upright)],
                                                   minimumScore: c.stroke.minimumScore, minimumLength: c.stroke.minimumLength))
        own.recordedShape = true
        out.append(own)
        return out
    }
}

extension Point {
    static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }
}

extension Vector {
    var length: Double { (dx * dx + dy * dy).squareRoot() }
}
