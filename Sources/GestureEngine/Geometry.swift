/// A point in screen coordinates (pixels, origin at the top-left corner, y grows downwards).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x.compactDescription), \(y.compactDescription))" }

    public static func + (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy) }
    public static func - (lhs: Point, rhs: Point) -> Vector { Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y) }

    /// Euclidean distance to another point.
    public func distance(to other: Point) -> Double { (self - other).length }
}

/// A displacement or a velocity.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = Vector(dx: 0, dy: 0)

    public var length: Double { (dx * dx + dy * dy).squareRoot() }
    /// Angle of the vector in radians, measured from the positive x axis towards positive y.
    public var angle: Double { atan2Approx(dy, dx) }

    public var description: String { "(\(dx.compactDescription), \(dy.compactDescription))" }

    public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy) }
    public static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy) }
    public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs) }
    public static func / (lhs: Vector, rhs: Double) -> Vector { Vector(dx: lhs.dx / rhs, dy: lhs.dy / rhs) }
}

/// An axis-aligned rectangle in screen coordinates.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Half-open containment: the right and bottom edges belong to the neighbour.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public var description: String {
        "[\(x.compactDescription), \(y.compactDescription), \(width.compactDescription), \(height.compactDescription)]"
    }
}

/// A direction of movement on the screen.
public enum Direction: String, CaseIterable, Hashable, Sendable {
    case right, left, up, down

    /// Unit vector of the direction in screen coordinates (y grows downwards).
    public var unit: Vector {
        switch self {
        case .right: Vector(dx: 1, dy: 0)
        case .left: Vector(dx: -1, dy: 0)
        case .up: Vector(dx: 0, dy: -1)
        case .down: Vector(dx: 0, dy: 1)
        }
    }

    public var axis: Axis { self == .left || self == .right ? .horizontal : .vertical }
}

/// A set of directions, stored as bits so that recognizers copy it for free.
public struct DirectionSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let right = DirectionSet(rawValue: 1 << 0)
    public static let left = DirectionSet(rawValue: 1 << 1)
    public static let up = DirectionSet(rawValue: 1 << 2)
    public static let down = DirectionSet(rawValue: 1 << 3)

    public init(_ direction: Direction) {
        switch direction {
        case .right: self = .right
        case .left: self = .left
        case .up: self = .up
        case .down: self = .down
        }
    }

    public func contains(_ direction: Direction) -> Bool { contains(DirectionSet(direction)) }

    /// The direction of the set closest to the way `v` goes, and how far off it `v` is, in
    /// degrees (0 straight along it, 90 across it); nil for an empty set. Swipes and
    /// directional pans tell a movement's direction by it; ties go to the first in
    /// ``Direction/allCases`` order.
    public func closest(to v: Vector) -> (direction: Direction, degrees: Double)? {
        var best: (direction: Direction, degrees: Double)?
        for dir in Direction.allCases where contains(dir) {
            let u = dir.unit
            let dot = v.dx * u.dx + v.dy * u.dy
            let cross = abs(v.dx * u.dy - v.dy * u.dx)
            let degrees = atan2Approx(cross, dot) * 180 / Double.pi
            if degrees < (best?.degrees ?? .infinity) { best = (dir, degrees) }
        }
        return best
    }
}

/// The axis of a control or of a movement.
public enum Axis: String, Hashable, Sendable {
    case horizontal, vertical

    /// The component of `v` along this axis.
    public func component(of v: Vector) -> Double { self == .horizontal ? v.dx : v.dy }
    /// The component of `v` across this axis.
    public func crossComponent(of v: Vector) -> Double { self == .horizontal ? v.dy : v.dx }
}

/// Screen or window edges, for edge pans.
public struct EdgeSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let left = EdgeSet(rawValue: 1 << 0)
    public static let right = EdgeSet(rawValue: 1 << 1)
    public static let top = EdgeSet(rawValue: 1 << 2)
    public static let bottom = EdgeSet(rawValue: 1 << 3)
    public static let all: EdgeSet = [.left, .right, .top, .bottom]
}

extension Double {
    /// `12` for whole numbers, `12.5` otherwise: what people expect in logs.
    var compactDescription: String {
        if self.isFinite, self == self.rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}

// The engine avoids Foundation; these are the few transcendental functions it needs.
// They are accurate to well below a pixel / a hundredth of a degree over the ranges used.

/// atan2 without Foundation (Glibc would do, but the engine stays platform-free).
@inline(__always)
func atan2Approx(_ y: Double, _ x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    let ax = abs(x), ay = abs(y)
    let swap = ay > ax
    let t = swap ? ax / ay : ay / ax  // in [0, 1]
    // atan on [0,1] via argument reduction to [0, tan(pi/12)] and a Taylor series.
    var r = arctanUnit(t)
    if swap { r = Double.pi / 2 - r }
    if x < 0 { r = Double.pi - r }
    return y < 0 ? -r : r
}

@inline(__always)
private func arctanUnit(_ t: Double) -> Double {
    // atan(t) = pi/6 + atan((t - 1/sqrt3) / (1 + t/sqrt3)) for t > 2 - sqrt3.
    let sqrt3 = 1.7320508075688772
    if t > 0.2679491924311227 {
        let u = (t * sqrt3 - 1) / (sqrt3 + t)
        return Double.pi / 6 + arctanSeries(u)
    }
    return arctanSeries(t)
}

@inline(__always)
private func arctanSeries(_ u: Double) -> Double {
    // |u| <= 0.268: twelve terms give ~1e-15.
    let u2 = u * u
    var term = u
    var sum = u
    var n = 3.0
    for _ in 0..<12 {
        term *= -u2
        sum += term / n
        n += 2
    }
    return sum
}

/// Smallest signed difference between two angles, in (-pi, pi].
@inline(__always)
func angleDifference(_ a: Double, _ b: Double) -> Double {
    var d = a - b
    let twoPi = 2 * Double.pi
    d = d - twoPi * (d / twoPi).rounded(.down)
    if d > Double.pi { d -= twoPi }
    return d
}
