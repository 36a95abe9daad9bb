#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the fingers of a transform gesture (pinch, rotation) moved since the last one landed,
/// split the way libinput tells a two-finger scroll from a pinch: what they did together (the
/// common translation) and what they did relative to each other — apart or together along the
/// line between them (span), or across it (turn). Two fingers scrolling also change span and
/// angle a little: a pinch or a rotation needs fingers moving against each other by more than
/// they move together, and a translation that dominates first rules both out (semantics.md
/// §10).
public struct FingerMotion: Sendable {
    /// px. The mean displacement of the fingers.
    public internal(set) var translation = Vector.zero
    /// px. The relative motion along the lines from the centre to the fingers: for two fingers,
    /// how much their distance grew (negative: closed).
    public internal(set) var spanChange = 0.0
    /// px. The relative motion across those lines: for two fingers, how far one passed the
    /// other sideways (positive: clockwise on screen).
    public internal(set) var turn = 0.0
    /// Fingers, and how many of them moved past the motion threshold (the others rest).
    public internal(set) var count = 0
    public internal(set) var movedCount = 0
    /// Every finger that moved goes the same way as every other (pairwise within 90°): a
    /// scroll or a swipe.
    public internal(set) var movingTogether = true
    /// Every finger that moved goes away from the centre, or every one towards it.
    public internal(set) var radialAgrees = true
    /// Every finger that moved turns the same way around the centre.
    public internal(set) var tangentialAgrees = true

    /// - Parameters:
    ///   - start: where each finger was when the last one landed.
    ///   - current: where each finger is now, in the same order.
    ///   - motionThreshold: px a finger moves before its direction counts.
    init(start: UnsafeBufferPointer<Point>, current: UnsafeBufferPointer<Point>, motionThreshold: Double) {
        let n = min(start.count, current.count)
        count = n
        guard n >= 2 else { return }
        var c0 = Vector.zero, t = Vector.zero
        for i in 0..<n {
            c0 = c0 + Vector(dx: start[i].x, dy: start[i].y)
            t = t + (current[i] - start[i])
        }
        c0 = c0 / Double(n)
        translation = t / Double(n)
        var radialSum = 0.0, tangentialSum = 0.0
        var radialSign = 0.0, tangentialSign = 0.0
        var firstMoved: Vector?
        for i in 0..<n {
            let d = current[i] - start[i]
            let fromCentre = Vector(dx: start[i].x - c0.dx, dy: start[i].y - c0.dy)
            let r = fromCentre.length
            guard r > 0 else { continue }
            let u = fromCentre / r, w = Vector(dx: -u.dy, dy: u.dx)
            let e = d - translation
            radialSum += e.dx * u.dx + e.dy * u.dy
            tangentialSum += e.dx * w.dx + e.dy * w.dy
            guard d.length >= motionThreshold else { continue }
            movedCount += 1
            if let f = firstMoved, f.dx * d.dx + f.dy * d.dy <= 0 { movingTogether = false }
            if firstMoved == nil { firstMoved = d }
            let radial = d.dx * u.dx + d.dy * u.dy, tangential = d.dx * w.dx + d.dy * w.dy
            if radialSign == 0 { radialSign = radial.sign == .minus ? -1 : 1 } else if radial * radialSign < 0 { radialAgrees = false }
            if tangentialSign == 0 { tangentialSign = tangential.sign == .minus ? -1 : 1 } else if tangential * tangentialSign < 0 { tangentialAgrees = false }
        }
        spanChange = 2 * radialSum / Double(n)
        turn = 2 * tangentialSum / Double(n)
    }

    public var allMoved: Bool { count > 0 && movedCount == count }

    /// The fingers move together more than against each other: a scroll or a swipe, not a
    /// transform. Either every finger moved and all go the same way (libinput's test), or
    /// the common translation passed the slop while `dominance` times larger than any
    /// relative motion.
    public func isTranslation(slop: Double, dominance: Double) -> Bool {
        if allMoved && movingTogether { return true }
        let t = translation.length
        return t > slop && t >= dominance * max(abs(spanChange), abs(turn))
    }

    /// A pinch: the span changed by more than `threshold`, every finger that moved goes apart
    /// (or together) alike, and the change exceeds the common translation. A finger that rests
    /// (an anchored pinch, thumb still) asks for twice the change: one finger moving alone is
    /// also how a scroll starts. (Against a rotation there is no such test: when both are
    /// possible the first past its threshold wins, or both run, as the arena decides.)
    public func isPinch(threshold: Double) -> Bool {
        let s = abs(spanChange)
        guard movedCount > 0, radialAgrees, s > threshold, s >= translation.length else { return false }
        return allMoved || s >= 2 * threshold
    }

    /// A rotation: every finger moved and turns the same way around the centre, and the turn
    /// exceeds the common translation. (A finger resting while another circles it is also how
    /// a lagging two-finger scroll starts: not taken.)
    public func isRotation() -> Bool {
        allMoved && tangentialAgrees && abs(turn) >= translation.length
    }
}
