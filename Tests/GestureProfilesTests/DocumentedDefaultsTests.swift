import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// The format's reference (docs/profiles.md) lists each recognizer's parameters with their
/// defaults in brackets, for a reader who writes a gesture. Those defaults live in the engine
/// (``GestureConfiguration`` and each recognizer's `Parameters`); this reads the table and
/// checks every bracket against what a gesture that leaves the parameter out gets.
@Suite struct DocumentedDefaultsTests {
    /// `kind` → parameter → what the made recognizer has, as the table writes it.
    static var readers: [String: [String: (GestureRecognizer) -> String]] { [
        "tap": ["taps": { number(($0 as! TapGestureRecognizer).numberOfTapsRequired) }, "touches": { number(($0 as! TapGestureRecognizer).numberOfTouchesRequired) },
                "maxMovement": { number(($0 as! TapGestureRecognizer).maxMovement) }, "maxDuration": { number(($0 as! TapGestureRecognizer).maxDuration) },
                "maxInterval": { number(($0 as! TapGestureRecognizer).maxInterval) }],
        "longPress": ["minimumDuration": { number(($0 as! LongPressGestureRecognizer).minimumDuration) },
                      "allowableMovement": { number(($0 as! LongPressGestureRecognizer).allowableMovement) },
                      "touches": { number(($0 as! LongPressGestureRecognizer).numberOfTouchesRequired) }, "taps": { number(($0 as! LongPressGestureRecognizer).numberOfTapsRequired) }],
        "pan": ["minimumTouches": { number(($0 as! PanGestureRecognizer).minimumNumberOfTouches) }, "maximumTouches": { number(($0 as! PanGestureRecognizer).maximumNumberOfTouches) },
                "minimumDistance": { number(($0 as! PanGestureRecognizer).minimumDistance) }, "direction": { directions(($0 as! PanGestureRecognizer).directions) },
                "maximumAngle": { number(($0 as! PanGestureRecognizer).maximumAngle) }],
        "swipe": ["direction": { directions(($0 as! SwipeGestureRecognizer).directions) }, "touches": { number(($0 as! SwipeGestureRecognizer).numberOfTouchesRequired) },
                  "minimumDistance": { number(($0 as! SwipeGestureRecognizer).minimumDistance) }, "minimumVelocity": { number(($0 as! SwipeGestureRecognizer).minimumVelocity) },
                  "maximumAngle": { number(($0 as! SwipeGestureRecognizer).maximumAngle) }, "maximumDuration": { number(($0 as! SwipeGestureRecognizer).maximumDuration) }],
        "pinch": ["touches": { number(($0 as! PinchGestureRecognizer).numberOfTouchesRequired) }, "threshold": { number(($0 as! PinchGestureRecognizer).threshold) },
                  "direction": { ($0 as! PinchGestureRecognizer).direction.rawValue }],
        "rotation": ["touches": { number(($0 as! RotationGestureRecognizer).numberOfTouchesRequired) }, "threshold": { number(($0 as! RotationGestureRecognizer).threshold) }],
        "edgePan": ["edges": { ($0 as! EdgePanGestureRecognizer).edges == .left ? "left" : "\(($0 as! EdgePanGestureRecognizer).edges)" },
                    "zoneWidth": { number(($0 as! EdgePanGestureRecognizer).zoneWidth) }, "minimumDistance": { number(($0 as! EdgePanGestureRecognizer).minimumDistance) }],
        "stroke": ["minScore": { number(($0 as! StrokeGestureRecognizer).minimumScore) }, "minimumLength": { number(($0 as! StrokeGestureRecognizer).minimumLength) }],
    ] }

    static func number(_ v: Int) -> String { String(v) }
    static func number(_ v: Double) -> String { formatNumber(v) }
    static func directions(_ set: DirectionSet) -> String {
        set.isEmpty ? "any" : Direction.allCases.filter { set.contains($0) }.map(\.rawValue).joined(separator: ", ")
    }

    @Test func everyDefaultTheReferenceGivesIsTheEngines() throws {
        let page = try String(contentsOf: ConfigurationValueTests.repositoryRoot.appendingPathComponent("docs/profiles.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") && $0.contains("[") }
        var checked = 0
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let kind = cells[0].split(separator: "`").first.map(String.init), let read = Self.readers[kind] else { continue }
            // `name` … [default]: a parameter's name, then the first bracket after it.
            let text = cells[1]
            var parameters: [(String, String)] = []
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "`") {
                let afterOpen = rest.index(after: open)
                guard let close = rest[afterOpen...].firstIndex(of: "`") else { break }
                let name = String(rest[afterOpen..<close])
                rest = rest[rest.index(after: close)...]
                let nextName = rest.firstIndex(of: "`") ?? rest.endIndex
                if let b = rest[..<nextName].firstIndex(of: "["), let e = rest[b...].firstIndex(of: "]") {
                    parameters.append((name, String(rest[rest.index(after: b)..<e])))
                }
            }
            let template = kind == "stroke" ? " { templates: [circle] }" : " {}"
            let yaml = "version: 1\nprofiles:\n  - name: p\n    match: any\n    gestures:\n      - name: g\n        \(kind):\(template)\n"
            let file = try #require(ProfileLoader.load(yaml: yaml, path: "t.yaml").file, "\(kind): \(yaml)")
            let spec = try #require(file.allGestures.first)
            let recognizer = spec.recognizer.makeRecognizer(name: "g", configuration: file.settings.gestures)
            for (name, documented) in parameters {
                let get = try #require(read[name], "docs/profiles.md gives \(kind) \(name) [\(documented)]: no reader for it here")
                #expect(get(recognizer) == documented, "docs/profiles.md: \(kind) \(name) [\(documented)], the engine's \(get(recognizer))")
                checked += 1
            }
        }
        #expect(checked >= 30, "read \(checked) defaults from docs/profiles.md's table")
    }
}
