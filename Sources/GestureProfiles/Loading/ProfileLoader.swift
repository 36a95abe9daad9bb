import Yams

/// Reads and validates a profile file. Every problem is reported (not only the first), and a
/// file with an error yields no configuration at all: never a half-applied one.
public enum ProfileLoader {
    public struct Result: Sendable {
        /// nil when there is at least one error.
        public var file: ProfileFile?
        /// Errors and warnings, in file order.
        public var diagnostics: [Diagnostic]

        public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
        public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    }

    /// Loads YAML text; `path` names it in diagnostics, and the files it names (stroke
    /// templates) are read through `files`, relative to `path`'s folder.
    public static func load(yaml text: String, path: String, files: any ProfileFileReader = FileSystemReader()) -> Result {
        let sink = DiagnosticSink(file: path)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            sink.error(location(of: error), message(of: error))
            return Result(file: nil, diagnostics: sink.sorted)
        } catch {
            sink.error(SourceLocation(line: 1, column: 1), "cannot read the file as YAML: \(error)")
            return Result(file: nil, diagnostics: sink.sorted)
        }
        guard let root else {
            sink.error(SourceLocation(line: 1, column: 1), "the file is empty: a profile file needs at least 'version: 1' and 'profiles:'")
            return Result(file: nil, diagnostics: sink.sorted)
        }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let parser = ProfileParser(sink: sink, files: files, directory: directory)
        let file = parser.parseFile(root, path: path)
        return Result(file: sink.hasErrors ? nil : file, diagnostics: sink.sorted)
    }

    private static func location(of error: YamlError) -> SourceLocation {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return SourceLocation(line: mark.line, column: mark.column)
        case .duplicatedKeysInMapping(_, let context):
            return SourceLocation(line: context.mark.line, column: context.mark.column)
        case .reader(_, let offset, _, let yaml):
            guard let offset else { return SourceLocation(line: 1, column: 1) }
            let prefix = yaml.utf8.prefix(offset)
            let line = prefix.filter { $0 == 10 }.count + 1
            let column = prefix.count - (prefix.lastIndex(of: 10).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0) + 1
            return SourceLocation(line: line, column: column)
        default:
            return SourceLocation(line: 1, column: 1)
        }
    }

    private static func message(of error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _), .composer(let context, let problem, _, _):
            let c = context.map { "\($0.text), " } ?? ""
            return "YAML syntax: \(c)\(problem)"
        case .duplicatedKeysInMapping(let duplicates, _):
            return "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in a mapping"
        case .reader(let problem, _, _, _):
            return "cannot read the file: \(problem)"
        default:
            return "YAML: \(error)"
        }
    }
}

/// Where the loader reads the files a profile names (stroke templates): the file system, or
/// a test's own table.
public protocol ProfileFileReader {
    /// The text of the file at `path` (absolute, or relative to the working directory), nil
    /// when it cannot be read as UTF-8 text.
    func contents(of path: String) -> String?
}

/// Reads from the file system.
public struct FileSystemReader: ProfileFileReader {
    public init() {}

    public func contents(of path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }
}
