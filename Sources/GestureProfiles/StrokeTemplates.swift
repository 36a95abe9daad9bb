import GestureEngine

/// A stroke template as written in a profile: one drawing of a built-in shape or a user's own
/// path.
public struct StrokeTemplateSpec: Sendable, Equatable {
    public var name: String
    public var points: [Point]
    public var orientation: StrokeOrientation
    /// The shape's typical distance (matcher units), learned from the data set for a built-in
    /// shape; nil for a user's template (``StrokeDefaults/userDistanceScale``).
    public var distanceScale: Double?
    /// Degrees a path must turn to be taken for this shape (0: no requirement).
    public var minimumTurn = 0.0
    /// Width (0…1) a path must have to be taken for this shape (0: no requirement).
    public var minimumWidth = 0.0

    public init(name: String, points: [Point], orientation: StrokeOrientation, distanceScale: Double? = nil,
                minimumTurn: Double = 0, minimumWidth: Double = 0) {
        self.name = name
        self.points = points
        self.orientation = orientation
        self.distanceScale = distanceScale
        self.minimumTurn = minimumTurn
        self.minimumWidth = minimumWidth
    }

    /// The engine's normalized template.
    public var template: StrokeTemplate {
        StrokeTemplate(name: name, points: points, orientation: orientation,
                       distanceScale: distanceScale ?? StrokeDefaults.standard.userDistanceScale, minimumTurn: minimumTurn,
                       minimumWidth: minimumWidth)
    }
}

/// Named shapes with several drawings each and what the data set says about each shape.
public struct StrokeCatalog: Sendable {
    /// One drawing: the shape, where it comes from in the data set (`SUBJECT/SPEED/SHAPENN`),
    /// and its points.
    public struct Drawing: Sendable {
        public var shape: String
        public var source: String
        public var points: [Point]

        public init(shape: String, source: String, points: [Point]) {
            self.shape = shape
            self.source = source
            self.points = points
        }
    }

    /// What a shape accepts, learned from the drawings of ``trainingSubjects``.
    public struct Calibration: Sendable, Equatable {
        /// Typical distance (matcher units) from a drawing to its nearest template.
        public var distanceScale: Double
        /// Degrees a path must turn to be taken for the shape.
        public var minimumTurn: Double
        /// Width (0…1) a path must have to be taken for the shape.
        public var minimumWidth: Double

        public init(distanceScale: Double, minimumTurn: Double, minimumWidth: Double) {
            self.distanceScale = distanceScale
            self.minimumTurn = minimumTurn
            self.minimumWidth = minimumWidth
        }
    }

    /// Every drawing, grouped by shape, in the order they were chosen.
    public let drawings: [Drawing]
    public let calibration: [String: Calibration]
    /// The subjects whose drawings the templates were chosen among.
    public let trainingSubjects: [String]

    public init(drawings: [Drawing], calibration: [String: Calibration], trainingSubjects: [String]) {
        self.drawings = drawings
        self.calibration = calibration
        self.trainingSubjects = trainingSubjects
    }

    /// Reads the tables Tools/StrokeTemplates writes: `NAME SOURCE x,y x,y …` per drawing and
    /// `NAME DISTANCE_SCALE MINIMUM_TURN MINIMUM_WIDTH` per shape.
    public init(drawingTable: String, shapeTable: String, trainingSubjects: [String]) {
        var calibration: [String: Calibration] = [:]
        for line in shapeTable.split(separator: "\n") {
            let f = line.split(separator: " ")
            guard f.count == 4, let scale = Double(f[1]), let turn = Double(f[2]), let width = Double(f[3]) else { continue }
            calibration[String(f[0])] = Calibration(distanceScale: scale, minimumTurn: turn, minimumWidth: width)
        }
        let drawings = drawingTable.split(separator: "\n").compactMap { line -> Drawing? in
            let parts = line.split(separator: " ")
            guard parts.count > 2 else { return nil }
            let points = parts.dropFirst(2).compactMap { pair -> Point? in
                let xy = pair.split(separator: ",")
                guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else { return nil }
                return Point(x: x, y: y)
            }
            return Drawing(shape: String(parts[0]), source: String(parts[1]), points: points)
        }
        self.init(drawings: drawings, calibration: calibration, trainingSubjects: trainingSubjects)
    }

    public var names: [String] { Array(Set(drawings.map(\.shape))).sorted() }

    /// The templates of one shape (empty for an unknown name), `upright`, carrying the shape's
    /// calibration.
    public func templates(named name: String) -> [StrokeTemplateSpec] {
        let c = calibration[name]
        return drawings.filter { $0.shape == name }.map {
            StrokeTemplateSpec(name: name, points: $0.points, orientation: .upright, distanceScale: c?.distanceScale,
                               minimumTurn: c?.minimumTurn ?? 0, minimumWidth: c?.minimumWidth ?? 0)
        }
    }
}

/// The 16 shapes of the $1 data set, several drawings each, chosen by Tools/StrokeTemplates.
public enum BuiltInStrokes {
    /// The catalog Tactus ships.
    public static let shipped = StrokeCatalog(drawingTable: builtInStrokeTemplateTable, shapeTable: builtInStrokeShapeTable,
                                              trainingSubjects: builtInStrokeTrainingSubjects)

    /// The catalog a profile's built-in names resolve to: the shipped one, unless a task binds
    /// another (the leave-one-subject-out test binds each fold's, so its figures go through
    /// the profile loader exactly as the daemon's do).
    @TaskLocal public static var catalog = shipped

    public static var drawings: [StrokeCatalog.Drawing] { catalog.drawings }
    public static var trainingSubjects: [String] { catalog.trainingSubjects }
    public static var names: [String] { catalog.names }

    public static func templates(named name: String) -> [StrokeTemplateSpec] { catalog.templates(named: name) }
}

/// Reads a stroke file: one point per line, `x y` or `x,y`; `#` starts a comment.
public func parseStrokePoints(_ text: String) -> [Point]? {
    var points: [Point] = []
    for raw in text.split(separator: "\n") {
        let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" })
        if fields.isEmpty { continue }
        guard fields.count == 2, let x = Double(fields[0]), let y = Double(fields[1]), x.isFinite, y.isFinite else { return nil }
        points.append(Point(x: x, y: y))
    }
    return points
}
