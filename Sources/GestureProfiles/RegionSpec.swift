import GestureEngine

/// A region of a window: a child view with its own gestures, or a control.
public struct RegionSpec: Sendable {
    public var name: String
    public var frame: FrameSpec
    public var control: ControlSpec?
    public var gestures: [GestureSpec]
    public var action: ActionSpec?
    public var location: SourceLocation
}

/// A length from a parent's edge: pixels, or a percentage of the parent's size.
public enum Length: Sendable, Equatable {
    case pixels(Double)
    case percent(Double)

    func resolve(_ size: Double) -> Double {
        switch self {
        case .pixels(let p): return p
        case .percent(let p): return size * p / 100
        }
    }
}

/// `frame:` — two of left/right/width and two of top/bottom/height.
public struct FrameSpec: Sendable, Equatable {
    public var left, right, width, top, bottom, height: Length?

    /// The frame in screen coordinates inside `parent`.
    public func resolve(in parent: Rect) -> Rect {
        func axis(_ a: Length?, _ b: Length?, _ size: Length?, origin: Double, extent: Double) -> (Double, Double) {
            let lead = a?.resolve(extent), trail = b?.resolve(extent), len = size?.resolve(extent)
            if let lead, let len { return (origin + lead, len) }
            if let trail, let len { return (origin + extent - trail - len, len) }
            let l = lead ?? 0, t = trail ?? 0
            return (origin + l, max(0, extent - l - t))
        }
        let (x, w) = axis(left, right, width, origin: parent.x, extent: parent.width)
        let (y, h) = axis(top, bottom, height, origin: parent.y, extent: parent.height)
        return Rect(x: x, y: y, width: w, height: h)
    }
}

public struct ControlSpec: Sendable, Equatable {
    public var kind: ControlKind
    public var axis: Axis
    public var minimum: Double
    public var maximum: Double
    public var step: Double
    public var initial: Double
    public var thumbLength: Double

    public func makeControl(tapMovement: Double) -> Control {
        var c = Control(kind: kind, axis: axis, minimum: minimum, maximum: maximum, step: step, value: initial, thumbLength: thumbLength, tapMovement: tapMovement)
        if kind == .button { c.value = 0 }
        return c
    }
}
