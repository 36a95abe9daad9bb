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
/// problem is reported at once.
final class DiagnosticSink {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) { self.file = file }

    func error(_ node: Node?, _ message: String) {
        error(SourceLocation(node?.mark), message)
    }

    func error(_ location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(file: file, location: location, severity: .error, message: message))
    }

    func warning(_ node: Node?, _ message: String) {
        diagnostics.append(Diagnostic(file: file, location: SourceLocation(node?.mark), severity: .warning, message: message))
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Sorted by position, errors and warnings together, as a compiler prints them.
    var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}

/// "did you mean 'x'?" for a misspelt name, when one candidate is close enough.
func suggestion(for word: String, among candidates: [String]) -> String {
    var best: (String, Int)?
    let lower = word.lowercased()
    for c in candidates {
        let d = editDistance(lower, c.lowercased())
        // Close, and sharing something: 'v' is one edit from 't' but nothing like it.
        if d <= max(1, min(3, c.count / 3)), d < min(lower.count, c.count), best == nil || d < best!.1 { best = (c, d) }
    }
    return best.map { " (did you mean '\($0.0)'?)" } ?? ""
}

/// Edit distance where swapping two neighbours counts as one edit (optimal string
/// alignment): the typos people make ('Lfet' for 'Left').
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}
