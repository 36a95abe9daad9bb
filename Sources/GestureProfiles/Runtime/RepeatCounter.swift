import GestureEngine

/// Progress of a `repeat:`, counted in whole steps from where the gesture began (so that
/// ten steps of 0.1 land exactly on 1.0, which summing 0.1 ten times does not).
struct RepeatCounter {
    var origin: Double
    var every: Double
    var index = 0
    /// For movement: the axis progress is measured along (the first dominant one).
    var axis: Axis?

    /// Where progress starts: a pinch at scale 1, rotation and movement at 0 (the slop
    /// counts as progress).
    static func origin(pinch: Bool) -> Double { pinch ? 1 : 0 }

    /// Movement along `axis`, chosen (when nil) as the dominant axis of `v`.
    static func movement(_ v: Vector, axis: inout Axis?) -> Double {
        if axis == nil {
            // Nothing moved yet (a long press begins where the finger rests): no axis to choose.
            guard v.dx != 0 || v.dy != 0 else { return 0 }
            axis = abs(v.dx) >= abs(v.dy) ? .horizontal : .vertical
        }
        return axis!.component(of: v)
    }

    /// Movement along `direction`: positive the way it goes, negative back.
    static func movement(_ v: Vector, along direction: Direction) -> Double {
        let u = direction.unit
        return v.dx * u.dx + v.dy * u.dy
    }

    /// Where progress makes the next firing going forward (or, `forward` false, back).
    func nextFiring(forward: Bool) -> Double {
        origin + Double(forward ? index + 1 : index - 1) * every
    }

    /// How many forward (positive) or reverse (negative) firings reaching `p` makes.
    mutating func advance(to p: Double) -> Int {
        let target = (p - origin) / every
        let epsilon = 1e-9
        var fired = 0
        while Double(index + 1) <= target + epsilon && fired < 1000 { index += 1; fired += 1 }
        while Double(index - 1) >= target - epsilon && fired > -1000 { index -= 1; fired -= 1 }
        return fired
    }
}

extension RepeatSpec {
    /// The actions `n` steps fire: `action` n times, or (n negative) `reverse` -n times.
    func firings(_ n: Int) -> [ActionSpec] {
        if n >= 0 { return Array(repeating: action, count: n) }
        return reverse.map { Array(repeating: $0, count: -n) } ?? []
    }
}
