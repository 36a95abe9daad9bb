import GestureEngine

/// Which way a touchpad swipe went: along an axis, or (only where a binding of that finger
/// count names one) along a diagonal, as libinput-gestures tells them: a swipe more than
/// 22.5° off its main axis is diagonal when a diagonal is bound.
public enum TouchpadSwipeDirection: String, CaseIterable, Sendable {
    case left, right, up, down
    case upLeft = "up-left", upRight = "up-right", downLeft = "down-left", downRight = "down-right"

    public var isDiagonal: Bool { Direction(rawValue: rawValue) == nil }

    /// The unit vector it points along (screen coordinates, y down).
    public var unit: Vector {
        let h = 0.5.squareRoot()
        switch self {
        case .left: return Vector(dx: -1, dy: 0)
        case .right: return Vector(dx: 1, dy: 0)
        case .up: return Vector(dx: 0, dy: -1)
        case .down: return Vector(dx: 0, dy: 1)
        case .upLeft: return Vector(dx: -h, dy: -h)
        case .upRight: return Vector(dx: h, dy: -h)
        case .downLeft: return Vector(dx: -h, dy: h)
        case .downRight: return Vector(dx: h, dy: h)
        }
    }

    /// The direction the other way along the same line.
    public var opposite: TouchpadSwipeDirection {
        switch self {
        case .left: .right
        case .right: .left
        case .up: .down
        case .down: .up
        case .upLeft: .downRight
        case .downRight: .upLeft
        case .upRight: .downLeft
        case .downLeft: .upRight
        }
    }

    /// The direction of a movement: its main axis, or with `diagonals` a diagonal when the
    /// smaller component is more than tan 22.5° of the larger (libinput-gestures'
    /// OBLIQUE_RATIO), so that the eight directions share the circle equally.
    public static func of(_ d: Vector, diagonals: Bool) -> TouchpadSwipeDirection {
        let ax = abs(d.dx), ay = abs(d.dy)
        let obliqueRatio = 0.41421356237309503  // tan 22.5°
        if ax > ay {
            let h: TouchpadSwipeDirection = d.dx < 0 ? .left : .right
            guard diagonals, ay / ax > obliqueRatio else { return h }
            return d.dy < 0 ? (h == .left ? .upLeft : .upRight) : (h == .left ? .downLeft : .downRight)
        }
        let v: TouchpadSwipeDirection = d.dy < 0 ? .up : .down
        guard diagonals, ay > 0, ax / ay > obliqueRatio else { return v }
        return d.dx < 0 ? (v == .up ? .upLeft : .downLeft) : (v == .up ? .upRight : .downRight)
    }
}

/// Which way a touchpad pinch went when it ended: the fingers closed (`in`) or opened
/// (`out`), or turned (`clockwise`, `counterclockwise`: XI 2.4 pinch events carry the angle).
public enum TouchpadPinchDirection: String, CaseIterable, Sendable {
    case any, `in`, out, clockwise, counterclockwise

    public var isRotation: Bool { self == .clockwise || self == .counterclockwise }
}

/// The way a touchpad gesture goes so far: a swipe's direction once it has gone
/// `touchpad.swipeMinimumDistance`, a pinch's once it has closed or opened by
/// `touchpad.pinchMinimumScaleChange` (or turned past `touchpad.rotationMinimumAngle`, where a
/// rotation is bound). The binding for that way is the one whose action the gesture would fire
/// if it ended now.
public enum TouchpadWay: Equatable, Sendable, CustomStringConvertible {
    case swipe(TouchpadSwipeDirection)
    case pinch(TouchpadPinchDirection)

    public var description: String {
        switch self {
        case .swipe(let d): "swipe \(d.rawValue)"
        case .pinch(let d): "pinch \(d.rawValue)"
        }
    }
}
