import Foundation
import GestureProfiles
import Testing

/// Profile files for the tests: the built-in one, the shipped examples, and small ones.
enum Profiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var builtIn: ProfileFile { load(defaultProfileYAML, path: "<built-in>") }

    /// packaging/examples/*.yaml by name.
    static var examples: [(name: String, file: ProfileFile)] {
        let dir = root.appendingPathComponent("packaging/examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.filter { $0.hasSuffix(".yaml") }.sorted() ?? []
        return names.map { name in
            let path = dir.appendingPathComponent(name).path
            return (name, load(try! String(contentsOfFile: path, encoding: .utf8), path: path))
        }
    }

    static func load(_ yaml: String, path: String = "test.yaml") -> ProfileFile {
        let r = ProfileLoader.load(yaml: yaml, path: path)
        guard let f = r.file else {
            Issue.record("\(path) does not load: \(r.errors.map { "\($0)" })")
            fatalError("\(path) does not load")
        }
        return f
    }

    /// A file of one `match: any` profile (or `match` as given) with these gestures, written
    /// as YAML list items (each line indented as under `gestures:`).
    static func yaml(match: String = "any", gestures: String, more: String = "") -> String {
        """
        version: 1
        profiles:
          - name: p
            match: \(match)
            gestures:
        \(gestures.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n"))
        \(more)
        """
    }
}
