import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// One configuration value for every threshold (issue 14): the engine's recognizers, the
/// loader's `settings:`, `tactus check --print-default` and tactus.yaml(5) all read
/// `GestureConfiguration`, so none of them can disagree.
@Suite struct ConfigurationValueTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `settings:` block of the built-in profile with its threshold comments uncommented.
    static var uncommentedDefault: String {
        defaultProfileYAML.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("  # "), line.contains(":"), let hash = line.dropFirst(4).range(of: "  #") else { return String(line) }
            let entry = line.dropFirst(4)[..<hash.lowerBound]
            return entry.first?.isLetter == true ? "  " + entry : String(line)
        }.joined(separator: "\n")
    }

    @Test func thePrintedDefaultListsEveryThresholdWithTheEnginesValue() throws {
        let text = Self.uncommentedDefault
        #expect(text != defaultProfileYAML)
        let r = ProfileLoader.load(yaml: text, path: "default.yaml")
        #expect(r.errors.map(\.description) == [])
        #expect(r.file?.settings.gestures == GestureConfiguration.standard)
        for entry in SettingsCatalog.entries {
            #expect(text.contains(entry.path.split(separator: ".").last! + ": "), "\(entry.path) is printed")
        }
    }

    @Test func everySettingLandsInItsFieldOfTheConfiguration() throws {
        // A distinct value for each number (inside every range), set through the file.
        var expected = GestureConfiguration.standard
        var groups: [String: [String]] = [:], top: [String] = []
        for (i, entry) in SettingsCatalog.entries.enumerated() {
            let value = min(entry.threshold.range.upperBound, max(entry.threshold.range.lowerBound, 1 + Double(i) / 8))
            expected[keyPath: entry.threshold.setting] = value
            let parts = entry.path.split(separator: ".").map(String.init)
            if parts.count == 1 { top.append("  \(parts[0]): \(value)") } else { groups[parts[0], default: []].append("\(parts[1]): \(value)") }
        }
        let yaml = "version: 1\nsettings:\n" + top.joined(separator: "\n") + "\n"
            + groups.map { "  \($0.key): { \($0.value.joined(separator: ", ")) }" }.joined(separator: "\n")
            + "\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: p, pinch: {} }\n"
        let r = ProfileLoader.load(yaml: yaml, path: "all.yaml")
        #expect(r.errors.map(\.description) == [])
        #expect(r.file?.settings.gestures == expected)
        // And the recognizers the runtime builds see them.
        let live = Live(try #require(r.file))
        let engine = live.engine
        let pinch = try #require(engine.root.gestureRecognizers.first as? PinchGestureRecognizer)
        #expect(pinch.touchSlop == expected.touchSlop && pinch.arrivalTolerance == expected.fingerArrivalWindow)
        #expect(pinch.fingerMotionThreshold == expected.transform.fingerMotionThreshold && pinch.dominance == expected.transform.dominance)
        #expect(pinch.threshold == expected.transform.pinchThreshold)
        #expect(engine.tapCountInterval == expected.multiTap.interval && engine.tapCountDistance == expected.multiTap.distance)
    }

    @Test func everyNumberOfTheConfigurationCanBeSet() {
        // Every Double in GestureConfiguration, by path, found by reflection: each must be in
        // the catalog (so the loader reads it, the default prints it, the man page lists it).
        func paths(_ value: Any, _ prefix: String) -> [String] {
            Mirror(reflecting: value).children.flatMap { child -> [String] in
                guard let label = child.label else { return [] }
                let path = prefix.isEmpty ? label : "\(prefix).\(label)"
                return child.value is Double ? [path] : paths(child.value, path)
            }
        }
        let settable = Set(SettingsCatalog.entries.map { entry -> String in
            // The catalog names some sections after their recognizer (pinch.threshold is
            // transform.pinchThreshold in the configuration): compare by the value's key path.
            var probe = GestureConfiguration.standard
            probe[keyPath: entry.threshold.setting] = -12345
            return paths(probe, "").first { path in
                let v = path.split(separator: ".").reduce(probe as Any) { any, part in Mirror(reflecting: any).children.first { $0.label == String(part) }!.value }
                return (v as? Double) == -12345
            }!
        })
        // Stroke matching's tuning is chosen on the $1 data set (StrokeDefaults, docs/stroke-accuracy.md's
        // accuracy section), not a setting; strokes take `minScore` and `minimumLength` per
        // gesture.
        let numbers = Set(paths(GestureConfiguration.standard, "").filter { !$0.hasPrefix("stroke.") })
        #expect(numbers == settable)
    }

    @Test func theManPageDefaultsAreTheEngines() throws {
        let page = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("packaging/man/tactus.yaml.5"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: ".SH DEFAULTS").dropFirst().first)
        let table = try #require(section.components(separatedBy: ".nf\n").dropFirst().first?.components(separatedBy: "\n.fi").first)
        #expect(table.split(separator: "\n").map(String.init) == SettingsCatalog.manPageDefaults(),
                "tactus.yaml(5) DEFAULTS should read:\n\(SettingsCatalog.manPageDefaults().joined(separator: "\n"))")
    }
}
