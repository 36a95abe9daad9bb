import Foundation
import GestureImport
import GestureProfiles
import Testing

/// How much of a person's configuration comes across: twelve configurations written here in
/// the ways people write them (Touchégg 1 and 2, libinput-gestures, fusuma 3 with its
/// plugins, anchors and hooks; none a copy of a shipped default or of someone's dotfiles).
/// Each must import into a profile Tactus loads, every binding must be accounted for
/// (imported, or named in a note that leaves it out), and at most one in twenty may be left
/// out. Their translations are checked binding by binding in the format suites; this one
/// counts.
@Suite struct ImportCoverageTests {
    static let folder = fixtures.appendingPathComponent("realistic")

    /// The bindings of a source file, counted from its text without the importer: Touchégg's
    /// `<gesture>` elements, libinput-gestures' `gesture` lines, fusuma's mappings with an
    /// action (`command:`, `sendkey:`, `workspace:`, `window:`), each written once.
    static func sourceBindings(_ text: String, name: String) -> Int {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
        if name.hasPrefix("touchegg") { return lines.filter { $0.hasPrefix("<gesture ") }.count }
        if name.hasPrefix("libinput") { return lines.filter { $0.hasPrefix("gesture ") }.count }
        return lines.filter { line in ["command:", "sendkey:", "workspace:", "window:"].contains { line.hasPrefix($0) } }.count
    }

    @Test func realisticConfigurationsImportNearlyWholeAndLeaveOutOnlyWhatXCannotGive() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(names.count == 12)
        var total = 0, leftOut: [String] = []
        // Touchégg applies its gestures to touchpads and touchscreens alike: the parts of a
        // gesture left out for one kind of device (the other carrying it).
        var touchscreenGestures = 0, partsLeftOut: [String] = []
        var table: [String] = []
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            let result = try GestureImporter.importFile(bytes, path: name)
            let text = GestureImporter.profileText(result, sourceName: name)
            let loaded = ProfileLoader.load(yaml: text, path: name)
            #expect(loaded.errors.isEmpty, "\(name): \(loaded.errors.map(\.description))")
            let source = Self.sourceBindings(String(decoding: bytes, as: UTF8.self), name: name)
            let imported = result.importedSourceBindings, missing = result.leftOutSourceBindings
            #expect(imported + missing == source, "\(name): \(imported) imported and \(missing) left out of \(source)\n\(text)")
            total += source
            leftOut += result.allNotes.filter { $0.bindings > 0 }.map { "\(name): \($0.subject) because \($0.reason)" }
            table.append("\(name): \(imported) of \(source)")
            if name.hasPrefix("touchegg") {
                touchscreenGestures += Set(result.profiles.flatMap { $0.gestures.flatMap(\.lines) }).count
                partsLeftOut += result.allNotes.filter { $0.subject.hasPrefix("the touchscreen part") || $0.subject.hasPrefix("the touchpad part") }
                    .map { "\(name): \($0.subject) because \($0.reason)" }
            }
        }
        print("import coverage:\n" + table.joined(separator: "\n") + "\nleft out \(leftOut.count) of \(total):\n" + leftOut.joined(separator: "\n")
            + "\nTouchégg gestures carried on the touchscreen: \(touchscreenGestures); parts left out: \(partsLeftOut.count)\n" + partsLeftOut.joined(separator: "\n"))
        #expect(leftOut.count * 20 <= total, "left out \(leftOut.count) of \(total): \(leftOut)")
        // What is left out: holds (X has no hold events) and Touchégg 1's RESIZE_WINDOW, an
        // action that follows the fingers, which Tactus's actions cannot.
        #expect(leftOut.allSatisfy { $0.contains("X has no hold events") || $0.contains("RESIZE_WINDOW") }, "\(leftOut)")
        // The parts left out: a two-finger scroll on the touchpad, which libinput does itself,
        // and a Touchégg 1 rotation one way, which a Tactus touchscreen rotation cannot tell
        // (repeating swipes come across as directional pans).
        #expect(partsLeftOut.count == 2 && partsLeftOut.allSatisfy { $0.contains("scrolls with two fingers itself") || $0.contains("rotation takes both ways") },
                "\(partsLeftOut)")
    }
}
