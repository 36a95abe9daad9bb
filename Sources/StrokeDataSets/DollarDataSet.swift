import FoundationEssentials
import GestureEngine

/// One drawing of the $1 unistroke data set (Wobbrock, Wilson and Li, UIST 2007).
public struct DollarSample: Sendable {
    public var subject: String
    /// `slow`, `medium` or `fast`, as the subjects were asked to draw.
    public var speed: String
    public var shape: String
    public var number: Int
    public var points: [Point]
    /// When each point was drawn (ms, the log's `T`, from the first point).
    public var times: [Double]

    /// Where it lives in the data set: `SUBJECT/SPEED/SHAPENN`.
    public var source: String { "\(subject)/\(speed)/\(shape)\(number < 10 ? "0" : "")\(number)" }
}

/// Reads the data set's gesture logs: `SUBJECT/SPEED/SHAPENN.xml`, each a `<Gesture>` with
/// `<Point X=".." Y=".." T=".."/>` children.
public enum DollarDataSet {
    public static let speeds = ["slow", "medium", "fast"]

    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every sample under `root`, in subject, speed and file order.
    public static func load(root: URL) throws -> [DollarSample] {
        let fm = FileManager.default
        guard let subjects = try? fm.contentsOfDirectory(atPath: root.path) else {
            throw ReadError(description: "\(root.path): cannot read the $1 data set here (expected SUBJECT/SPEED/SHAPENN.xml)")
        }
        var out: [DollarSample] = []
        for subject in subjects.sorted() where !subject.hasPrefix(".") {
            for speed in speeds {
                let dir = root.appendingPathComponent("\(subject)/\(speed)")
                guard let files = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
                for file in files.sorted() where file.hasSuffix(".xml") {
                    let url = dir.appendingPathComponent(file)
                    let text = try String(contentsOf: url, encoding: .utf8)
                    let (points, times) = parsePoints(text)
                    let base = file.dropLast(4)
                    guard points.count >= 2, times.count == points.count, times.allSatisfy(\.isFinite), let number = Int(base.suffix(2)) else {
                        throw ReadError(description: "\(url.path): not a $1 gesture log (no points, a point without a time, or no number in the name)")
                    }
                    out.append(DollarSample(subject: subject, speed: speed, shape: String(base.dropLast(2)), number: number, points: points,
                                            times: times.map { $0 - times[0] }))
                }
            }
        }
        return out
    }

    /// The points and their times (`T`, ms; NaN where missing). One pass over the UTF-8
    /// bytes: the tests read all 2,880 logs, and string searches are slow in debug builds.
    static func parsePoints(_ text: String) -> (points: [Point], times: [Double]) {
        var points: [Point] = []
        var times: [Double] = []
        var text = text
        text.withUTF8 { b in
            let n = b.count
            var i = 0
            var inPoint = false
            var x: Double?, y: Double?, t: Double?
            while i < n {
                let c = b[i]
                if c == UInt8(ascii: "<") {
                    // "<Point " opens an element whose attributes are read until ">".
                    inPoint = i + 6 < n && b[i + 1] == UInt8(ascii: "P") && b[i + 2] == UInt8(ascii: "o") && b[i + 3] == UInt8(ascii: "i")
                        && b[i + 4] == UInt8(ascii: "n") && b[i + 5] == UInt8(ascii: "t") && b[i + 6] == UInt8(ascii: " ")
                    (x, y, t) = (nil, nil, nil)
                } else if inPoint && c == UInt8(ascii: ">") {
                    if let px = x, let py = y, px.isFinite, py.isFinite {
                        points.append(Point(x: px, y: py))
                        times.append(t ?? .nan)
                    }
                    inPoint = false
                } else if inPoint && c == UInt8(ascii: " ") && i + 3 < n && b[i + 2] == UInt8(ascii: "=") && b[i + 3] == UInt8(ascii: "\"") {
                    // ` X="…"`: a one-letter name after a space, so never the end of another name.
                    var end = i + 4
                    while end < n && b[end] != UInt8(ascii: "\"") { end += 1 }
                    let value = Double(String(decoding: UnsafeBufferPointer(rebasing: b[(i + 4)..<end]), as: UTF8.self))
                    switch b[i + 1] {
                    case UInt8(ascii: "X"): x = value
                    case UInt8(ascii: "Y"): y = value
                    case UInt8(ascii: "T"): t = value
                    default: break
                    }
                    i = end
                }
                i += 1
            }
        }
        return (points, times)
    }
}
