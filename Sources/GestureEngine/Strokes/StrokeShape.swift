#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two measures of a path that tell a drawn shape from a drag, independent of its size,
/// position and orientation. Every drawing of the $1 data set turns through more than 80°
/// and is more than a tenth as wide as it is long; a straight or gently curved drag, a
/// scroll or a flick turns less, and an up-and-down drag is a line.
public struct StrokeShape: Sendable, Equatable {
    /// How far the direction of travel swings (degrees): the range of the directions of
    /// chords spanning ``StrokeDefaults/turnChord`` of the path, followed without wrapping.
    /// A straight line ≈ 0, an arc its angle, a circle ≈ 300, a star ≈ 560.
    public let turn: Double
    /// Width across the main axis over length along it (0…1): a line ≈ 0, a circle ≈ 1.
    public let width: Double

    /// - Parameter raw: the path as drawn, in any units.
    public init(_ raw: [Point]) {
        let defaults = StrokeDefaults.standard
        let points = UnistrokeMatcher.resample(raw, defaults.resampleCount)
        guard points.count == defaults.resampleCount else {
            turn = 0
            width = 0
            return
        }
        turn = Self.turn(points, chord: max(1, Int((Double(points.count) * defaults.turnChord).rounded())))
        width = Self.width(points)
    }

    /// A drag, not a shape: it turns less than ``StrokeDefaults/dragMaximumTurn`` or is
    /// narrower than ``StrokeDefaults/dragMaximumWidth``.
    public var isDrag: Bool {
        turn < StrokeDefaults.standard.dragMaximumTurn || width < StrokeDefaults.standard.dragMaximumWidth
    }

    static func turn(_ points: [Point], chord: Int) -> Double {
        var low = 0.0, high = 0.0, heading = 0.0
        var previous: Double?
        var i = 0
        while i + chord < points.count {
            let angle = atan2(points[i + chord].y - points[i].y, points[i + chord].x - points[i].x)
            if let p = previous {
                var step = angle - p
                if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
                heading += step
                low = min(low, heading)
                high = max(high, heading)
            }
            previous = angle
            i += 2  // every other point: the chords overlap enough to follow any turn
        }
        return (high - low) * 180 / .pi
    }

    /// Extent across the principal axis over extent along it.
    static func width(_ points: [Point]) -> Double {
        let c = UnistrokeMatcher.centroid(points)
        var xx = 0.0, xy = 0.0, yy = 0.0
        for p in points {
            let x = p.x - c.x, y = p.y - c.y
            xx += x * x
            xy += x * y
            yy += y * y
        }
        let axis = 0.5 * atan2(2 * xy, xx - yy)
        let (ca, sa) = (cos(axis), sin(axis))
        var minAlong = Double.infinity, maxAlong = -Double.infinity, minAcross = Double.infinity, maxAcross = -Double.infinity
        for p in points {
            let x = p.x - c.x, y = p.y - c.y
            let along = x * ca + y * sa, across = -x * sa + y * ca
            minAlong = min(minAlong, along)
            maxAlong = max(maxAlong, along)
            minAcross = min(minAcross, across)
            maxAcross = max(maxAcross, across)
        }
        let length = maxAlong - minAlong
        return length > 0 ? min(1, (maxAcross - minAcross) / length) : 0
    }
}
