import Foundation
import GestureEngine
import GestureImport
import GestureProfiles
import Testing

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fixture(_ name: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
}

/// A fixture imported, written, and loaded back with the real profile loader.
struct Imported {
    var result: ImportResult
    var text: String
    var file: ProfileFile
    var warnings: [Diagnostic]

    /// `PROFILE NAME: TRIGGER -> ACTIONS @ SOURCE LINES`, from the loaded profile file and
    /// the `# from` comment above each binding.
    var bindings: [String] {
        let sources = sourceLines
        var out: [String] = []
        for p in file.profiles {
            for b in p.touchpad {
                let trigger = b.kind == .swipe ? "touchpad swipe \(b.fingers) \(b.direction?.rawValue ?? "any")" : "touchpad pinch \(b.fingers)\(b.pinchDirection == .any ? "" : " \(b.pinchDirection.rawValue)")"
                let held = b.modifiers.isEmpty ? "" : " with " + b.modifiers.sorted().joined(separator: "+")
                out.append("\(p.name) \(b.name): \(trigger)\(held) -> \(actions(b.action, b.on, b.repeat, hold: b.hold))\(b.preview ? " [preview]" : "") @ \(sources[b.name] ?? "?")")
            }
            for g in p.gestures {
                let requires = g.requireToFail.isEmpty ? "" : " (after \(g.requireToFail.joined(separator: ", ")) fail)"
                out.append("\(p.name) \(g.name): \(recognizer(g.recognizer))\(requires) -> \(actions(g.action, g.on, g.repeat, hold: g.hold))\(g.preview ? " [preview]" : "") @ \(sources[g.name] ?? "?")")
            }
        }
        return out
    }

    /// The comment lines at the top of the file, joined (they wrap at 96 characters).
    var header: String {
        text.split(separator: "\n").prefix { $0.hasPrefix("#") }.map { String($0.dropFirst(2)) }.joined(separator: " ")
    }

    /// The `# not imported:` lines, without the prefix.
    var notes: [String] {
        text.split(separator: "\n").compactMap { line in
            let t = line.drop(while: { $0 == " " })
            return t.hasPrefix("# not imported: ") ? String(t.dropFirst("# not imported: ".count)) : nil
        }
    }

    /// Binding name → the line list of the `# from FILE:LINES` comment above it.
    private var sourceLines: [String: String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String: String] = [:]
        for (i, line) in lines.enumerated() where i > 0 {
            guard let nameAt = line.range(of: "- name: ") else { continue }
            let name = String(line[nameAt.upperBound...]).replacingOccurrences(of: "\"", with: "")
            let comment = lines[i - 1].trimmingCharacters(in: .whitespaces)
            guard comment.hasPrefix("# from "), let colon = comment.firstIndex(of: ":") else { continue }
            let rest = comment[comment.index(after: colon)...]
            out[name] = String(rest.prefix(while: { $0.isNumber || $0 == "," || $0 == " " })).trimmingCharacters(in: .whitespaces)
        }
        return out
    }
}

/// The directions of a set, comma-separated, in ``Direction/allCases`` order.
func names(_ set: DirectionSet) -> String { Direction.allCases.filter { set.contains($0) }.map(\.rawValue).joined(separator: ",") }

func recognizer(_ r: RecognizerSpec) -> String {
    switch r {
    case .swipe(let p): return "swipe \(p.touches) \(names(p.directions))"
    case .pinch(let p): return "pinch \(p.touches) \(p.direction.rawValue)"
    case .tap(let p): return "tap \(p.touches)" + (p.taps == 1 ? "" : " x\(p.taps)")
    case .pan(let p):
        let maximum = p.maximumTouches ?? GestureConfiguration.standard.pan.maximumTouches
        return "pan \(p.minimumTouches)" + (maximum == p.minimumTouches ? "" : "-\(maximum)") + (p.directions.isEmpty ? "" : " " + names(p.directions))
    default: return "\(r)"
    }
}

/// `hold KEYS | began: … | ACTION | repeat EVERY: ACTION / REVERSE`: what a binding does.
func actions(_ action: ActionSpec?, _ on: [GestureState: ActionSpec], _ r: RepeatSpec?, hold: HoldSpec? = nil) -> String {
    var parts: [String] = []
    if let hold { parts.append("hold \(hold.keys)") }
    if let began = on[.began] { parts.append("began: \(began)") }
    if let action { parts.append("\(action)") }
    if let r { parts.append("repeat \(r.every): \(r.action)" + (r.reverse.map { " / \($0)" } ?? "")) }
    return parts.joined(separator: " | ")
}

/// Imports `name` from the fixtures, checks that the written profile loads without error,
/// and returns all three forms.
func importFixture(_ name: String, environment: [String: String] = [:], options: ImportOptions = ImportOptions()) throws -> Imported {
    let bytes = Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    let result = try GestureImporter.importFile(bytes, path: "/home/ana/.config/\(name)", environment: environment, options: options)
    let text = GestureImporter.profileText(result, sourceName: name)
    let loaded = ProfileLoader.load(yaml: text, path: "imported.yaml")
    #expect(loaded.errors.isEmpty, "the import of \(name) does not load: \(loaded.errors.map(\.description))\n\(text)")
    let file = try #require(loaded.file)
    return Imported(result: result, text: text, file: file, warnings: loaded.warnings)
}

/// The 1-based line of the `occurrence`-th line of `text` containing `marker`.
func line(of marker: String, in text: String, occurrence: Int = 1) -> Int {
    var seen = 0
    for (i, l) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where l.contains(marker) {
        seen += 1
        if seen == occurrence { return i + 1 }
    }
    Issue.record("no line \(occurrence) with '\(marker)'")
    return -1
}

/// Imports raw text and returns the error it must produce.
func importError(_ text: String, path: String = "conf", environment: [String: String] = [:]) -> ImportError? {
    importError(bytes: Array(text.utf8), path: path)
}

func importError(bytes: [UInt8], path: String = "conf") -> ImportError? {
    do {
        _ = try GestureImporter.importFile(bytes, path: path)
        return nil
    } catch {
        return error
    }
}

/// What an imported profile's runtime asks the X session for, a line each:
/// `GESTURE STATE: ACTION #HOLD` (the hold only for keys held or typed under a hold).
final class ActionLines: ActionSink {
    var lines: [String] = []
    func perform(_ request: ActionRequest) {
        lines.append("\(request.gesture) \(request.state): \(request.action)" + (request.hold.map { " #\($0)" } ?? ""))
    }
}

/// A fixture's lines found by what they hold: `at(marker)` is the number of the line holding
/// `marker`, `at(marker, n)` of its `n`th such line, as the import's notes cite them.
struct FixtureLines {
    let text: String

    init(_ name: String) throws { text = try fixture(name) }

    func callAsFunction(_ marker: String, _ occurrence: Int = 1) -> Int { line(of: marker, in: text, occurrence: occurrence) }
}
