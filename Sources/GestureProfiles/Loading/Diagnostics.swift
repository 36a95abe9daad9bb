import YAMLTree

/// A position in a profile file (1-based, columns in Unicode scalars as libyaml counts them).
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(_ mark: Mark?) {
        line = mark?.line ?? 1
        column = mark?.column ?? 1
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// One problem found in a profile file, printed as `FILE:LINE:COLUMN: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable { case error, warning }

    public var file: String
    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public var description: String {
        let prefix = "\(file):\(location.line):\(location.column): "
        return severity == .error ? prefix + message : prefix + "warning: " + message
    }
}

/// Collects diagnostics while a file is read; reading goes on after an error so that every
/// problem is reported at once, up to `maximumCount`: a file of thousands of mistakes gets
/// the first ones, and the messages of the rest (did-you-means included) are never built.
final class DiagnosticSink {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    private var count = 0
    private(set) var hasErrors = false

    static let maximumCount = 100

    init(file: String) { self.file = file }

    func error(_ node: Node?, _ message: @autoclosure () -> String) {
        error(SourceLocation(node?.mark), message())
    }

    func error(_ location: SourceLocation, _ message: @autoclosure () -> String) {
        hasErrors = true
        add(location, .error, message)
    }

    func warning(_ node: Node?, _ message: @autoclosure () -> String) {
        add(SourceLocation(node?.mark), .warning, message)
    }

    private func add(_ location: SourceLocation, _ severity: Diagnostic.Severity, _ message: () -> String) {
        count += 1
        if count <= Self.maximumCount {
            diagnostics.append(Diagnostic(file: file, location: location, severity: severity, message: message()))
        } else if count == Self.maximumCount + 1 {
            diagnostics.append(Diagnostic(file: file, location: location, severity: .error,
                                          message: "more than \(Self.maximumCount) problems; the rest are not shown"))
        }
    }

    /// Sorted by position, errors and warnings together, as a compiler prints them.
    var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}

/// "did you mean 'x'?" for a misspelt name, when one candidate is close enough: at most three
/// edits, fewer for short names. A candidate whose length differs by more is not compared.
func suggestion(for word: String, among candidates: [String]) -> String {
    let lower = Array(word.lowercased())
    var best: (name: String, distance: Int)?
    for c in candidates {
        let candidate = Array(c.lowercased())
        // Close, and sharing something: 'v' is one edit from 't' but nothing like it.
        let allowed = min(max(1, min(3, c.count / 3)), min(lower.count, candidate.count) - 1, (best?.distance ?? .max) - 1)
        guard allowed >= 0, let d = editDistance(lower, candidate, atMost: allowed) else { continue }
        best = (c, d)
    }
    return best.map { " (did you mean '\($0.name)'?)" } ?? ""
}

/// Edit distance where swapping two neighbours counts as one edit (optimal string
/// alignment: the typos people make, 'Lfet' for 'Left'), or nil when it is more than `limit`.
/// Only the band of `limit` cells either side of the diagonal is worked out, so the cost is
/// the length times the limit, whatever the lengths.
func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let outside = limit + 1
    var before = [Int](repeating: outside, count: b.count + 1)
    var previous = (0...b.count).map { $0 <= limit ? $0 : outside }
    var current = [Int](repeating: outside, count: b.count + 1)
    for i in 1...a.count {
        let low = max(1, i - limit), high = min(b.count, i + limit)
        current[low - 1] = low == 1 && i <= limit ? i : outside
        var rowBest = current[low - 1]
        for j in low...high {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
            current[j] = min(d, outside)
            rowBest = min(rowBest, current[j])
        }
        if high < b.count { current[high + 1] = outside }
        guard rowBest <= limit else { return nil }
        // The next row reads this one's band, the cell before it and the cell after it (set
        // above), and the band of the row before: no stale cell is read.
        (before, previous, current) = (previous, current, before)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
}
