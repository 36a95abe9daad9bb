import FoundationEssentials
import GestureEngine
import GestureTraces

#if canImport(Glibc)
import Glibc
#endif

/// One-finger movements that are not shapes: what a stroke gesture sharing a window with pans
/// and applications must never take for a stroke. Used by the rejection test and by
/// Tools/StrokeTemplates for the trade-off between accuracy and false strokes.
public enum DragSet {
    /// One movement, in screen pixels, one point per 8 ms.
    public struct Drag: Sendable {
        public var name: String
        public var points: [Point]
    }

    /// Straight drags at every 5° of direction (60, 200 and 600 px long), gently curved ones
    /// (arcs turning 20°, 40° and 60° either way, 300 px), S-curves of small amplitude (3, 5
    /// and 8% of the 400 px length either side), there-and-back drags along one line, and
    /// scroll-like flicks (120 px, accelerating, with and without a small hook at the lift),
    /// each with a finger's jitter (±1 px).
    public static func synthetic(seed: UInt64 = 2007) -> [Drag] {
        var noise = Jitter(seed: seed)
        var out: [Drag] = []
        func add(_ name: String, _ points: [Point]) {
            out.append(Drag(name: name, points: points.map { Point(x: 960 + $0.x + noise.next(), y: 540 + $0.y + noise.next()) }))
        }
        for degrees in stride(from: 0, to: 360, by: 5) {
            let a = Double(degrees) * .pi / 180
            for length in [60.0, 200, 600] { add("line \(degrees)° \(Int(length)) px", line(a, length)) }
            for turn in [20.0, 40, 60] {
                for sign in [1.0, -1] { add("arc \(degrees)° turning \(Int(sign * turn))°", arc(a, 300, turn: sign * turn * .pi / 180)) }
            }
            for amplitude in [0.03, 0.05, 0.08] { add("S-curve \(degrees)° amplitude \(amplitude)", sCurve(a, 400, amplitude: amplitude)) }
            add("there and back \(degrees)°", thereAndBack(a, 400))
            add("flick \(degrees)°", flick(a, 120, hook: 0))
            add("flick \(degrees)° with a hook", flick(a, 120, hook: 0.07))
        }
        return out
    }

    /// The one-finger touches of the recordings in `evemu/` whose `labels.tsv` row says one
    /// finger and a drag, taps, a tap, a double tap or mixed motion, scaled onto the screen
    /// as `tactus replay` scales them.
    public static func recorded(evemu directory: URL, screen: (width: Double, height: Double) = (1920, 1080)) throws -> [Drag] {
        let labels = try String(contentsOf: directory.appendingPathComponent("labels.tsv"), encoding: .utf8)
        var out: [Drag] = []
        for row in labels.split(separator: "\n") where !row.hasPrefix("#") {
            let f = row.split(separator: "\t").map(String.init)
            guard f.count == 3, f[0] == "1", ["drag", "mixed", "taps", "tap", "double-tap"].contains(f[1]) else { continue }
            let trace = try TraceReader.read(path: directory.appendingPathComponent(f[2]).path, screen: screen)
            var paths: [(id: String, points: [Point])] = []
            var open: [String: Int] = [:]
            for line in trace {
                guard case .touches(let frame) = line.event else { continue }
                for t in frame {
                    let phase = t.phase, p = t.location
                    let key = "\(t.id)"
                    if phase == .began || open[key] == nil { open[key] = paths.count; paths.append((key, [])) }
                    paths[open[key]!].points.append(p)
                    if phase == .ended || phase == .cancelled { open[key] = nil }
                }
            }
            for (i, path) in paths.enumerated() { out.append(Drag(name: "\(f[2]) touch \(i + 1)", points: path.points)) }
        }
        return out
    }

    static func line(_ angle: Double, _ length: Double) -> [Point] {
        let n = max(8, Int(length / 8))
        return (0..<n).map { i in
            let t = Double(i) / Double(n - 1) * length
            return Point(x: t * cos(angle), y: t * sin(angle))
        }
    }

    /// A circular arc `length` long whose direction turns by `turn` radians, centred on `angle`.
    static func arc(_ angle: Double, _ length: Double, turn: Double) -> [Point] {
        let n = max(8, Int(length / 8))
        var p = Point(x: 0, y: 0)
        var out = [p]
        for i in 1..<n {
            let heading = angle + turn * (Double(i) / Double(n - 1) - 0.5)
            p = Point(x: p.x + cos(heading) * length / Double(n - 1), y: p.y + sin(heading) * length / Double(n - 1))
            out.append(p)
        }
        return out
    }

    /// One period of a sine, `amplitude` × `length` either side of the line.
    static func sCurve(_ angle: Double, _ length: Double, amplitude: Double) -> [Point] {
        let n = max(8, Int(length / 8))
        return (0..<n).map { i in
            let t = Double(i) / Double(n - 1)
            let x = t * length, y = amplitude * length * sin(2 * .pi * t)
            return Point(x: x * cos(angle) - y * sin(angle), y: x * sin(angle) + y * cos(angle))
        }
    }

    /// Out along a line and back, a few pixels to one side.
    static func thereAndBack(_ angle: Double, _ length: Double) -> [Point] {
        let out = line(angle, length)
        let side = Vector(dx: -sin(angle), dy: cos(angle)) * (0.03 * length)
        return out + out.reversed().map { $0 + side }
    }

    /// Short and accelerating, as a scroll flick is; `hook` (a share of the length) bends the
    /// last sample aside as the finger lifts.
    static func flick(_ angle: Double, _ length: Double, hook: Double) -> [Point] {
        var out = (0..<8).map { i in
            let t = pow(Double(i) / 7, 2) * length
            return Point(x: t * cos(angle), y: t * sin(angle))
        }
        if hook > 0 { out.append(out[7] + Vector(dx: cos(angle + 2), dy: sin(angle + 2)) * (hook * length)) }
        return out
    }

    /// A small deterministic generator (SplitMix64) for the jitter, ±1 px.
    struct Jitter {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53) * 2 - 1
        }
    }
}
