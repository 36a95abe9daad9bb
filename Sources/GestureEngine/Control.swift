/// The kinds of control of config.md, each with a built-in default gesture (semantics.md §7).
public enum ControlKind: String, CaseIterable, Hashable, Sendable {
    case button, `switch`, stepper, segmented, page, slider
}

/// A view's control behaviour: its value, its default gesture, and the precedence that
/// default gesture takes over recognizers attached to ancestors.
public struct Control: Hashable, Sendable {
    public var kind: ControlKind
    public var axis: Axis
    public var minimum: Double
    public var maximum: Double
    public var step: Double
    public var value: Double
    /// Slider only: the stretch of the track, centred on the value, that can be grabbed.
    public var thumbLength: Double
    /// How far a touch may move and still be a tap (stepper, segmented, page, switch).
    public var tapMovement: Double

    /// - Parameters: `segments`/`pages` are `maximum + 1`; a switch is 0 (off) / 1 (on).
    public init(
        kind: ControlKind, axis: Axis = .horizontal, minimum: Double = 0, maximum: Double = 100,
        step: Double = 1, value: Double? = nil, thumbLength: Double = 40, tapMovement: Double = 10
    ) {
        self.kind = kind
        self.axis = axis
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.step = step > 0 ? step : 1
        self.thumbLength = thumbLength
        self.tapMovement = tapMovement
        self.value = 0
        self.value = clampAndRound(value ?? minimum)
    }

    public static func button() -> Control { Control(kind: .button, maximum: 0) }
    public static func toggle(on: Bool = false, axis: Axis = .horizontal) -> Control {
        Control(kind: .switch, axis: axis, minimum: 0, maximum: 1, value: on ? 1 : 0)
    }
    public static func stepper(minimum: Double, maximum: Double, step: Double = 1, value: Double? = nil, axis: Axis = .horizontal) -> Control {
        Control(kind: .stepper, axis: axis, minimum: minimum, maximum: maximum, step: step, value: value)
    }
    public static func segmented(_ segments: Int, selected: Int = 0, axis: Axis = .horizontal) -> Control {
        Control(kind: .segmented, axis: axis, minimum: 0, maximum: Double(max(1, segments) - 1), value: Double(selected))
    }
    public static func page(_ pages: Int, current: Int = 0, axis: Axis = .horizontal) -> Control {
        Control(kind: .page, axis: axis, minimum: 0, maximum: Double(max(1, pages) - 1), value: Double(current))
    }
    public static func slider(minimum: Double = 0, maximum: Double = 100, step: Double = 1, value: Double? = nil, axis: Axis = .horizontal, thumbLength: Double = 40) -> Control {
        Control(kind: .slider, axis: axis, minimum: minimum, maximum: maximum, step: step, value: value, thumbLength: thumbLength)
    }

    func clampAndRound(_ v: Double) -> Double {
        guard v.isFinite else { return value }
        let stepped = minimum + ((v - minimum) / step).rounded() * step
        return min(maximum, max(minimum, stepped))
    }

    // MARK: Geometry

    /// Position along the axis, 0 at the start (left / bottom) and 1 at the end, of `p` in `frame`.
    func fraction(of p: Point, in frame: Rect) -> Double {
        let f: Double
        switch axis {
        case .horizontal: f = frame.width > 0 ? (p.x - frame.minX) / frame.width : 0
        case .vertical: f = frame.height > 0 ? (frame.maxY - p.y) / frame.height : 0
        }
        return min(1, max(0, f))
    }

    /// The part of the frame a drag must start in: the slider's thumb, the switch's knob half.
    public func thumbRect(in frame: Rect) -> Rect {
        switch kind {
        case .slider:
            let range = maximum - minimum
            let f = range > 0 ? (value - minimum) / range : 0
            switch axis {
            case .horizontal:
                let c = frame.minX + f * frame.width
                return Rect(x: c - thumbLength / 2, y: frame.minY, width: thumbLength, height: frame.height)
            case .vertical:
                let c = frame.maxY - f * frame.height
                return Rect(x: frame.minX, y: c - thumbLength / 2, width: frame.width, height: thumbLength)
            }
        case .switch:
            let on = value >= 1
            switch axis {
            case .horizontal:
                return Rect(x: on ? frame.midX : frame.minX, y: frame.minY, width: frame.width / 2, height: frame.height)
            case .vertical:
                return Rect(x: frame.minX, y: on ? frame.minY : frame.midY, width: frame.width, height: frame.height / 2)
            }
        default:
            return frame
        }
    }

    // MARK: Precedence (semantics.md §7)

    /// Whether this control's default gesture covers what `recognizer` is about to take
    /// (view policy, from the recognizer's traits: no recognizer knows about controls).
    func takesPrecedence(over recognizer: GestureRecognizer, beganOnThumb: Bool) -> Bool {
        guard recognizer.numberOfTouches <= 1 else { return false }
        let traits = recognizer.traits
        switch traits.kind {
        case .tap:
            // The single one-finger tap is the default gesture of every control but a slider.
            return kind != .slider && traits.tapsRequired == 1 && traits.touchesRequired == 1
        case .pan, .edgePan, .swipe:
            guard kind == .slider || (kind == .switch && traits.kind != .swipe) else { return false }
            guard beganOnThumb else { return false }
            let t = recognizer.translation
            return abs(axis.component(of: t)) >= abs(axis.crossComponent(of: t))
        default:
            return false
        }
    }
}

/// Follows the touches delivered to a control view and fires its default action.
struct ControlTracker {
    var touch: TouchID?
    var startedOnThumb = false
    /// Offset between the finger and the thumb centre when a slider drag started.
    var grabOffset = 0.0
    var dragged = false

    /// Feeds one delivered message; returns the new value when the control acts.
    /// (A button "acts" with its unchanged value.)
    mutating func handle(_ message: DeliveryMessage, touch t: Touch, beganOnThumb: Bool, control: inout Control, frame: Rect) -> Double? {
        switch message {
        case .began:
            guard touch == nil else { return nil }
            touch = t.id
            dragged = false
            startedOnThumb = beganOnThumb
            if control.kind == .slider, startedOnThumb {
                // Measured from where the touch went down (a delayed began arrives late).
                let thumb = control.thumbRect(in: frame)
                grabOffset = control.axis == .horizontal ? t.initialLocation.x - thumb.midX : t.initialLocation.y - thumb.midY
            }
            return nil
        case .moved:
            guard touch == t.id else { return nil }
            if t.translation.length > control.tapMovement { dragged = true }
            guard control.kind == .slider, startedOnThumb else { return nil }
            var p = t.location
            if control.axis == .horizontal { p.x -= grabOffset } else { p.y -= grabOffset }
            let v = control.clampAndRound(control.minimum + control.fraction(of: p, in: frame) * (control.maximum - control.minimum))
            guard v != control.value else { return nil }
            control.value = v
            return v
        case .cancelled:
            if touch == t.id { touch = nil }
            return nil
        case .ended:
            guard touch == t.id else { return nil }
            touch = nil
            guard frame.contains(t.location) || (control.kind == .switch && dragged && startedOnThumb) else { return nil }
            let f = control.fraction(of: t.location, in: frame)
            let old = control.value
            switch control.kind {
            case .button:
                return control.value
            case .slider:
                return nil
            case .switch:
                if dragged {
                    guard startedOnThumb else { return nil }
                    control.value = f >= 0.5 ? 1 : 0
                } else {
                    control.value = old >= 1 ? 0 : 1
                }
            case .stepper:
                guard !dragged else { return nil }
                control.value = control.clampAndRound(old + (f >= 0.5 ? control.step : -control.step))
            case .segmented:
                guard !dragged else { return nil }
                let n = control.maximum - control.minimum + 1
                control.value = control.clampAndRound(control.minimum + min(n - 1, (f * n).rounded(.down)))
            case .page:
                guard !dragged else { return nil }
                let n = control.maximum - control.minimum + 1
                let centre = (old - control.minimum + 0.5) / n
                control.value = control.clampAndRound(old + (f < centre ? -1 : 1))
            }
            return control.value != old ? control.value : nil
        }
    }
}
