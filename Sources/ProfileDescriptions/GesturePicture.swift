#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import GestureProfiles

/// A point of a picture: the unit square, x to the right, y down (as cairo and SVG draw).
public struct PicturePoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    static func + (a: PicturePoint, b: PicturePoint) -> PicturePoint { PicturePoint(a.x + b.x, a.y + b.y) }
    static func - (a: PicturePoint, b: PicturePoint) -> PicturePoint { PicturePoint(a.x - b.x, a.y - b.y) }
    static func * (a: PicturePoint, k: Double) -> PicturePoint { PicturePoint(a.x * k, a.y * k) }
    var length: Double { (x * x + y * y).squareRoot() }
}

/// A small drawing of a gesture, made by the program: fingers as dots, their motion as
/// arrows, pinches as arrows in or out, a turn as an arc, a long press as rings, taps as
/// marks, an edge as a bar, a shape as its template's path, the touchpad as an outline.
/// A list of three kinds of primitive in the unit square, for cairo (`cairo_arc`,
/// `cairo_move_to`/`line_to`), and as SVG text. The same gesture always gives the same picture.
public struct GesturePicture: Sendable, Equatable {
    /// What a primitive shows: the GTK program picks a colour and a line width for each.
    public enum Role: String, Sendable, Equatable, CaseIterable {
        /// A fingertip (filled) or where one was (a ring).
        case finger
        /// Which way the fingers go: arrows, arcs, a drawn path.
        case motion
        /// Taps counted, a press held (rings), an edge.
        case mark
        /// The touchpad, a window around a control.
        case outline
    }

    public enum Primitive: Sendable, Equatable {
        /// A circle, filled or stroked.
        case circle(center: PicturePoint, radius: Double, filled: Bool, role: Role)
        /// Straight segments through the points (stroked), closed back to the first or not.
        case path([PicturePoint], closed: Bool, role: Role)
        /// An arc (stroked) from `start` to `end`, radians, clockwise on screen as the angle grows
        /// (cairo's `cairo_arc` exactly).
        case arc(center: PicturePoint, radius: Double, start: Double, end: Double, role: Role)
    }

    public var primitives: [Primitive]

    public init(primitives: [Primitive]) { self.primitives = primitives }

    /// The picture of a touchscreen gesture.
    public init(_ recognizer: RecognizerSpec) {
        var d = Drawing()
        d.draw(recognizer, in: .unit)
        primitives = d.primitives
    }

    /// The picture of a touchpad binding: its gesture inside a touchpad's outline.
    public init(_ binding: TouchpadBinding) {
        self.init(touchpad: binding.kind, fingers: binding.fingers, direction: binding.direction, pinch: binding.pinchDirection)
    }

    /// The picture of a touchpad gesture.
    public init(touchpad kind: TouchpadBinding.Kind, fingers: Int, direction: TouchpadSwipeDirection?, pinch: TouchpadPinchDirection) {
        var d = Drawing()
        let pad = Box(x: 0.06, y: 0.18, width: 0.88, height: 0.64)
        d.rectangle(pad, role: .outline)
        let inner = Box(x: 0.14, y: 0.2, width: 0.72, height: 0.6)
        switch kind {
        case .swipe:
            if let dir = direction {
                d.slide(fingers: fingers, along: PicturePoint(dir.unit.dx, dir.unit.dy), in: inner)
            } else {
                d.fingersAndArrows(fingers: fingers, directions: [.left, .right, .up, .down], in: inner)
            }
        case .pinch:
            switch pinch {
            case .any: d.pinch(fingers: fingers, .any, in: inner)
            case .in: d.pinch(fingers: fingers, .in, in: inner)
            case .out: d.pinch(fingers: fingers, .out, in: inner)
            case .clockwise: d.turn(fingers: fingers, clockwise: true, in: inner)
            case .counterclockwise: d.turn(fingers: fingers, clockwise: false, in: inner)
            }
        }
        primitives = d.primitives
    }

    /// The picture of a region's control (or button): the window, the region in it, a finger
    /// on it (a slider's with an arrow along its axis).
    public init(region: RegionSpec) {
        var d = Drawing()
        let window = Box(x: 0.08, y: 0.12, width: 0.84, height: 0.76)
        d.rectangle(window, role: .outline)
        // The frame in a window of a common size, then into the drawing.
        let r = region.frame.resolve(in: Rect(x: 0, y: 0, width: 800, height: 600))
        let box = Box(x: window.x + window.width * max(0, min(1, r.x / 800)), y: window.y + window.height * max(0, min(1, r.y / 600)),
                      width: window.width * max(0.04, min(1, r.width / 800)), height: window.height * max(0.04, min(1, r.height / 600)))
        d.rectangle(box, role: .mark)
        let centre = box.center
        d.finger(centre)
        if let c = region.control, c.kind == .slider || c.kind == .switch {
            let along = c.axis == .horizontal ? PicturePoint(1, 0) : PicturePoint(0, -1)
            let reach = min(0.25, (c.axis == .horizontal ? box.width : box.height) / 2 + 0.06)
            d.arrow(from: centre + along * 0.07, to: centre + along * reach)
        }
        primitives = d.primitives
    }

    /// The picture as SVG text (`size` pixels square; a viewBox of 0…100): fingers blue, motion
    /// dark, marks red, outlines grey. Numbers to three decimals, in a fixed order.
    public func svg(size: Int = 64) -> String {
        func n(_ v: Double) -> String { formatNumber(v * 100) }
        func colour(_ r: Role) -> String {
            switch r {
            case .finger: "#3465a4"
            case .motion: "#2e3436"
            case .mark: "#cc0000"
            case .outline: "#888a85"
            }
        }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size)\" height=\"\(size)\" viewBox=\"0 0 100 100\">\n"
        for p in primitives {
            switch p {
            case .circle(let c, let r, let filled, let role):
                let paint = filled ? "fill=\"\(colour(role))\" stroke=\"none\"" : "fill=\"none\" stroke=\"\(colour(role))\" stroke-width=\"3\""
                out += "  <circle cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(r))\" \(paint)/>\n"
            case .path(let points, let closed, let role):
                guard let first = points.first else { continue }
                var d = "M\(n(first.x)) \(n(first.y))"
                for q in points.dropFirst() { d += " L\(n(q.x)) \(n(q.y))" }
                if closed { d += " Z" }
                out += "  <path d=\"\(d)\" fill=\"none\" stroke=\"\(colour(role))\" stroke-width=\"3.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
            case .arc(let c, let r, let start, let end, let role):
                let a = PicturePoint(c.x + r * cos(start), c.y + r * sin(start))
                let b = PicturePoint(c.x + r * cos(end), c.y + r * sin(end))
                let large = abs(end - start) > Double.pi ? 1 : 0
                let sweep = end > start ? 1 : 0
                out += "  <path d=\"M\(n(a.x)) \(n(a.y)) A\(n(r)) \(n(r)) 0 \(large) \(sweep) \(n(b.x)) \(n(b.y))\" fill=\"none\" stroke=\"\(colour(role))\" stroke-width=\"3.5\" stroke-linecap=\"round\"/>\n"
            }
        }
        return out + "</svg>\n"
    }
}

/// A rectangle of the drawing.
struct Box {
    var x, y, width, height: Double
    static let unit = Box(x: 0, y: 0, width: 1, height: 1)
    var center: PicturePoint { PicturePoint(x + width / 2, y + height / 2) }
    /// A point given in 0…1 of the box.
    func at(_ u: Double, _ v: Double) -> PicturePoint { PicturePoint(x + width * u, y + height * v) }
    var scale: Double { min(width, height) }
}

/// Builds a picture's primitives.
struct Drawing {
    var primitives: [GesturePicture.Primitive] = []
    let fingerRadius = 0.055

    mutating func finger(_ p: PicturePoint, radius: Double? = nil) {
        primitives.append(.circle(center: p, radius: radius ?? fingerRadius, filled: true, role: .finger))
    }

    mutating func rectangle(_ b: Box, role: GesturePicture.Role) {
        primitives.append(.path([b.at(0, 0), b.at(1, 0), b.at(1, 1), b.at(0, 1)], closed: true, role: role))
    }

    /// A line with a head at `to`.
    mutating func arrow(from: PicturePoint, to: PicturePoint, role: GesturePicture.Role = .motion) {
        primitives.append(.path([from, to], closed: false, role: role))
        head(at: to, pointing: to - from, role: role)
    }

    /// An arrow's head: two strokes 25° either side of the way back.
    mutating func head(at p: PicturePoint, pointing v: PicturePoint, role: GesturePicture.Role = .motion) {
        let len = v.length
        guard len > 0 else { return }
        let back = v * (-1 / len)
        let c = cos(25 * Double.pi / 180), s = sin(25 * Double.pi / 180), k = 0.08
        let left = PicturePoint(back.x * c - back.y * s, back.x * s + back.y * c) * k
        let right = PicturePoint(back.x * c + back.y * s, -back.x * s + back.y * c) * k
        primitives.append(.path([p + left, p, p + right], closed: false, role: role))
    }

    /// `n` fingertips in a row through `centre`, across `along` (the way they move).
    func row(_ n: Int, through centre: PicturePoint, across along: PicturePoint, spacing: Double = 0.15) -> [PicturePoint] {
        let perp = PicturePoint(-along.y, along.x)
        let len = perp.length
        let unit = len > 0 ? perp * (1 / len) : PicturePoint(0, 1)
        let count = max(1, min(n, 5))
        let step = count > 3 ? (spacing > 0.15 ? 0.16 : 0.12) : spacing
        return (0..<count).map { i in centre + unit * ((Double(i) - Double(count - 1) / 2) * step) }
    }

    /// Fingers behind, an arrow the way they slide.
    mutating func slide(fingers n: Int, along v: PicturePoint, in b: Box) {
        let len = v.length
        let u = len > 0 ? v * (1 / len) : PicturePoint(1, 0)
        let c = b.center
        let start = c - u * (0.22 * b.scale)
        for p in row(n, through: start, across: u) { finger(p) }
        arrow(from: start + u * 0.1, to: c + u * (0.3 * b.scale))
    }

    /// Fingers in the middle, an arrow each way they may go.
    mutating func fingersAndArrows(fingers n: Int, directions: [Direction], in b: Box) {
        let c = b.center
        for p in row(n, through: c, across: PicturePoint(1, 0), spacing: 0.12) { finger(p) }
        for d in directions {
            let u = PicturePoint(d.unit.dx, d.unit.dy)
            let reach = (d.axis == .horizontal ? Double(min(n, 5) > 1 ? 0.18 : 0.12) : 0.14)
            arrow(from: c + u * reach, to: c + u * (reach + 0.22 * b.scale))
        }
    }

    /// Fingers around the middle, arrows in (together), out (apart), or headed both ways.
    mutating func pinch(fingers n: Int, _ way: PinchDirection, in b: Box) {
        let c = b.center, count = max(2, min(n, 5))
        for i in 0..<count {
            // Two fingers on a diagonal (thumb and finger), more around a circle.
            let angle = (count == 2 ? -Double.pi / 4 : -Double.pi / 2) + 2 * Double.pi * Double(i) / Double(count)
            let u = PicturePoint(cos(angle), sin(angle))
            // Both ways: the fingers nearer, for room for a head at each end.
            let tip = c + u * ((way == .any ? 0.13 : 0.2) * b.scale)
            finger(tip)
            let near = tip + u * (fingerRadius + 0.03), far = c + u * (0.47 * b.scale)
            switch way {
            case .in: arrow(from: far, to: near)
            case .out: arrow(from: near, to: far)
            case .any:
                arrow(from: near, to: far)
                head(at: near, pointing: near - far)
            }
        }
    }

    /// Fingers on a circle, an arc with a head the way they turn.
    mutating func turn(fingers n: Int, clockwise: Bool, in b: Box) {
        let c = b.center, count = max(2, min(n, 5)), r = 0.18 * b.scale
        for i in 0..<count {
            let angle = -Double.pi / 4 + 2 * Double.pi * Double(i) / Double(count)
            finger(c + PicturePoint(cos(angle), sin(angle)) * r)
        }
        let arcRadius = r + 0.12
        let start = -Double.pi / 2 - 0.9, end = -Double.pi / 2 + 0.9
        let (from, to) = clockwise ? (start, end) : (end, start)
        primitives.append(.arc(center: c, radius: arcRadius, start: min(from, to), end: max(from, to), role: .motion))
        let tip = c + PicturePoint(cos(to), sin(to)) * arcRadius
        // The tangent at the head, the way the arc goes.
        let tangent = clockwise ? PicturePoint(-sin(to), cos(to)) : PicturePoint(sin(to), -cos(to))
        head(at: tip, pointing: tangent)
    }

    /// `count` short marks under the fingers: the taps.
    mutating func tapMarks(_ count: Int, below y: Double) {
        let n = max(1, min(count, 6)), step = 0.08
        for i in 0..<n {
            let x = 0.5 + (Double(i) - Double(n - 1) / 2) * step
            primitives.append(.path([PicturePoint(x, y), PicturePoint(x, y + 0.08)], closed: false, role: .mark))
        }
    }

    mutating func draw(_ r: RecognizerSpec, in b: Box) {
        switch r {
        case .tap(let p):
            let tips = row(p.touches, through: b.at(0.5, 0.42), across: PicturePoint(0, 1), spacing: p.touches > 3 ? 0.16 : 0.2)
            for t in tips {
                finger(t)
                primitives.append(.circle(center: t, radius: fingerRadius + 0.03, filled: false, role: .mark))
            }
            tapMarks(p.taps, below: 0.66)
        case .longPress(let p):
            let tips = row(p.touches, through: b.at(0.5, p.taps > 0 ? 0.42 : 0.5), across: PicturePoint(0, 1), spacing: p.touches > 3 ? 0.16 : 0.2)
            for t in tips {
                finger(t)
                // Rings: held. Two of them where there is room.
                primitives.append(.circle(center: t, radius: fingerRadius + 0.03, filled: false, role: .mark))
                if p.touches <= 2 { primitives.append(.circle(center: t, radius: fingerRadius + 0.065, filled: false, role: .mark)) }
            }
            if p.taps > 0 { tapMarks(p.taps, below: 0.7) }
        case .pan(let p):
            let n = p.minimumTouches
            let dirs = Words.directions(p.directions)
            if dirs.count == 1, let d = dirs.first {
                slide(fingers: n, along: PicturePoint(d.unit.dx, d.unit.dy), in: b)
            } else {
                fingersAndArrows(fingers: n, directions: dirs.isEmpty ? [.left, .right, .up, .down] : dirs, in: b)
            }
        case .swipe(let p):
            let dirs = Words.directions(p.directions)
            if dirs.count == 1, let d = dirs.first {
                slide(fingers: p.touches, along: PicturePoint(d.unit.dx, d.unit.dy), in: b)
            } else {
                fingersAndArrows(fingers: p.touches, directions: dirs.isEmpty ? [.right] : dirs, in: b)
            }
        case .pinch(let p):
            pinch(fingers: p.touches, p.direction, in: b)
        case .rotation(let p):
            turn(fingers: p.touches, clockwise: true, in: b)
        case .edgePan(let p):
            let edges = Words.edges(p.edges)
            for e in edges.isEmpty ? ["left"] : edges {
                let (bar, start, end): ([PicturePoint], PicturePoint, PicturePoint)
                switch e {
                case "left": (bar, start, end) = ([b.at(0.06, 0.2), b.at(0.06, 0.8)], b.at(0.18, 0.5), b.at(0.62, 0.5))
                case "right": (bar, start, end) = ([b.at(0.94, 0.2), b.at(0.94, 0.8)], b.at(0.82, 0.5), b.at(0.38, 0.5))
                case "top": (bar, start, end) = ([b.at(0.2, 0.06), b.at(0.8, 0.06)], b.at(0.5, 0.18), b.at(0.5, 0.62))
                default: (bar, start, end) = ([b.at(0.2, 0.94), b.at(0.8, 0.94)], b.at(0.5, 0.82), b.at(0.5, 0.38))
                }
                primitives.append(.path(bar, closed: false, role: .mark))
                finger(start)
                arrow(from: start + (end - start) * 0.2, to: end)
            }
        case .stroke(let templates, _, _):
            guard let t = templates.first, t.points.count >= 2 else { return }
            let points = Self.fit(t.points, into: Box(x: b.x + 0.12 * b.width, y: b.y + 0.12 * b.height, width: 0.76 * b.width, height: 0.76 * b.height))
            let path = Self.thin(points, to: 32)
            primitives.append(.path(path, closed: false, role: .motion))
            finger(path[0], radius: fingerRadius * 0.8)
            if path.count >= 2 { head(at: path[path.count - 1], pointing: path[path.count - 1] - path[max(0, path.count - 3)]) }
        }
    }

    /// Points scaled uniformly into a box, centred.
    static func fit(_ points: [Point], into b: Box) -> [PicturePoint] {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let span = max(maxX - minX, maxY - minY, 1e-9)
        let k = min(b.width, b.height) / span
        let offX = b.x + (b.width - (maxX - minX) * k) / 2, offY = b.y + (b.height - (maxY - minY) * k) / 2
        return points.map { PicturePoint(offX + ($0.x - minX) * k, offY + ($0.y - minY) * k) }
    }

    /// At most `n` of the points, evenly chosen, the first and last kept.
    static func thin(_ points: [PicturePoint], to n: Int) -> [PicturePoint] {
        guard points.count > n, n >= 2 else { return points }
        return (0..<n).map { points[Int((Double($0) * Double(points.count - 1) / Double(n - 1)).rounded())] }
    }
}
