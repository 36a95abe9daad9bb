import FoundationEssentials
import SystemCalls
import YAMLTree

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
            root = try YAMLComposer.compose(text, within: ProfileLimits.yaml)
        } catch {
            sink.error(SourceLocation(line: error.mark.line, column: error.mark.column), message(of: error))
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

    private static func message(of error: YAMLError) -> String {
        switch error.problem {
        case .syntax(let problem):
            return "YAML syntax: \(error.context.map { "\($0.text), " } ?? "")\(problem)"
        case .duplicateKeys(let duplicates):
            return "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in a mapping"
        case .unreadable(let problem):
            return "cannot read the file: \(problem)"
        case .tooLarge(let problem):
            return "the file \(problem): a profile file holds at most \(ProfileLimits.fileBytes) bytes, \(ProfileLimits.yamlNodes) nodes and \(ProfileLimits.yamlDepth) levels (tactus.yaml(5), LIMITS)"
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

    /// nil as well for a file longer than `ProfileLimits.fileBytes` (or endless, as a
    /// device is): no more than that is read.
    public func contents(of path: String) -> String? {
        guard let data = FileDescriptor.contents(ofFile: path, limit: ProfileLimits.fileBytes + 1), data.count <= ProfileLimits.fileBytes else { return nil }
        return String(validating: data, as: UTF8.self)
    }
}
