import GestureEngine

/// Where a touchscreen's touches land: what its "Coordinate Transformation Matrix" makes of
/// the device's whole surface, named by the monitor it covers.
public enum TouchscreenPlacement: Equatable, Sendable, CustomStringConvertible {
    /// The whole screen, across several monitors: a touch lands on the monitor under the
    /// corresponding point of the whole screen, not on the panel touched (the classic
    /// "touches land on the wrong screen").
    case allMonitors
    /// Exactly one monitor's area.
    case monitor(String)
    /// The whole screen, which is one monitor (or the server has no XRandR): nothing to map.
    case wholeScreen
    /// An area that is no monitor's (set by hand, or a monitor that moved).
    case area(Rect)

    /// Pixels of slack when comparing areas (the matrix is stored in single precision).
    static let tolerance = 1.0

    public init(matrix: [Double], monitors: [XMonitor], screen: (width: Double, height: Double)) {
        let area = Self.area(of: matrix, screen: screen)
        let whole = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        let spansScreen = Self.same(area, whole)
        if spansScreen {
            self = monitors.contains { !Self.same($0.frame, whole) } ? .allMonitors : .wholeScreen
        } else if let m = monitors.filter({ Self.same($0.frame, area) }).min(by: { $0.width * $0.height < $1.width * $1.height }) {
            self = .monitor(m.name)
        } else {
            self = .area(area)
        }
    }

    public var description: String {
        switch self {
        case .allMonitors: "all monitors"
        case .monitor(let name): name
        case .wholeScreen: "the whole screen"
        case .area(let r): "\(Int(r.width))x\(Int(r.height))+\(Int(r.x))+\(Int(r.y)) (no monitor)"
        }
    }

    /// The matrix that maps a device's surface onto `monitor`: the monitor's share of the
    /// screen, as `xinput map-to-output` computes it for an unrotated output.
    public static func matrix(onto monitor: XMonitor, screen: (width: Double, height: Double)) -> [Double] {
        [monitor.width / screen.width, 0, monitor.x / screen.width,
         0, monitor.height / screen.height, monitor.y / screen.height,
         0, 0, 1]
    }

    /// Whether two matrices are the same, up to the property's single precision.
    public static func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-5 }
    }

    /// The bounding box, in screen pixels, of the device's unit square through the matrix.
    static func area(of m: [Double], screen: (width: Double, height: Double)) -> Rect {
        guard m.count == 9 else { return Rect(x: 0, y: 0, width: screen.width, height: screen.height) }
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { (x, y) -> (Double, Double) in
            let w = m[6] * x + m[7] * y + m[8]
            let d = w != 0 && w.isFinite ? w : 1
            return ((m[0] * x + m[1] * y + m[2]) / d * screen.width, (m[3] * x + m[4] * y + m[5]) / d * screen.height)
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    private static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }
}
