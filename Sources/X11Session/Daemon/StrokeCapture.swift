import FoundationEssentials
import GestureEngine
import GestureProfiles

/// `record --stroke NAME FILE`: the first touch (or button-1 drag) from down to up, written as
/// a stroke template file ("x y" lines).
final class StrokeCapture {
    let name: String
    let path: String
    private var touch: TouchID?
    private var points: [Point] = []
    private var finished = false

    /// How the capture ended.
    enum Outcome {
        /// Written: the number of points.
        case written(Int)
        /// Fewer than two distinct points: nothing written.
        case tooShort
        case cannotWrite(Error)
    }

    init(name: String, path: String) {
        self.name = name
        self.path = path
    }

    /// Follows an input event; the outcome when it finishes the stroke (nil before and after).
    func follow(_ event: InputEvent) -> Outcome? {
        guard !finished else { return nil }
        switch event {
        case .touches(let frame):
            for e in frame {
                if touch == nil, e.phase == .began { touch = e.id }
                guard touch == e.id else { continue }
                points.append(e.location)
                return e.phase.isFinal ? finish() : nil
            }
            return nil
        case .pointer(let phase, let button, let p, _):
            if touch == nil, phase == .down, button == 1 { touch = .pointer(1) }
            guard touch == .pointer(1) else { return nil }
            points.append(p)
            return phase == .up ? finish() : nil
        default:
            return nil
        }
    }

    private func finish() -> Outcome {
        finished = true
        var distinct: [Point] = []
        for p in points where distinct.last != p { distinct.append(p) }
        guard distinct.count >= 2 else { return .tooShort }
        var text = "# stroke \(name) recorded by tactus: \(distinct.count) points, x y per line\n"
        for p in distinct { text += "\(formatNumber(p.x)) \(formatNumber(p.y))\n" }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return .written(distinct.count)
        } catch {
            return .cannotWrite(error)
        }
    }
}
