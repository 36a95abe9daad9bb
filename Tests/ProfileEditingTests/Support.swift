import Foundation
import GestureProfiles
import Testing
@testable import ProfileEditing

/// The lines two texts do not share: what one removed and the other added, between the
/// longest common run of lines at the start and at the end. Every other line is equal byte for byte.
func lineChanges(_ a: String, _ b: String) -> (removed: [String], added: [String]) {
    let x = a.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let y = b.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var p = 0
    while p < min(x.count, y.count), x[p] == y[p] { p += 1 }
    var s = 0
    while s < min(x.count, y.count) - p, x[x.count - 1 - s] == y[y.count - 1 - s] { s += 1 }
    return (Array(x[p..<(x.count - s)]), Array(y[p..<(y.count - s)]))
}

/// What the loader made of a file, without where it was written: names, recognizers,
/// actions, settings, all of it (`dump`), the lines and columns left out.
func loaded(_ file: ProfileFile?) -> String {
    guard var file else { return "<no file>" }
    file.path = ""
    var out = ""
    dump(file.settings, to: &out)
    dump(file.profiles, to: &out)
    return out.split(separator: "\n").filter { line in
        let t = line.drop { $0 == " " || $0 == "-" || $0 == "▿" || $0 == "|" }
        return !t.hasPrefix("line:") && !t.hasPrefix("column:")
    }.joined(separator: "\n")
}

/// Loads `text` (fails the test on an error).
func load(_ text: String, path: String = "/nonexistent/config.yaml") -> ProfileLoader.Result {
    ProfileLoader.load(yaml: text, path: path)
}

/// The text an edit makes of `text`, which must load.
func edited(_ text: String, _ edit: ProfileEdit, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
    let document = ProfileDocument(text: text, path: "/nonexistent/config.yaml")
    do {
        let new = try document.applying(edit)
        let result = load(new)
        #expect(result.errors.isEmpty, "\(result.errors)", sourceLocation: sourceLocation)
        return new
    } catch {
        Issue.record("\(edit): \(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The folder of the repository (for packaging/examples and the docs).
let repositoryRoot: String = {
    let file = #filePath
    return String(file[..<file.range(of: "/Tests/")!.lowerBound])
}()
