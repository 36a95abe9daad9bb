import GestureImport
import GestureProfiles
import Testing
import TestSupport

/// Seeded mutants of every fixture (lines deleted, duplicated, swapped, cut, re-indented;
/// fragments of each format inserted): each one is either refused with an error inside the
/// file, or imported into a profile file that loads without error. Nothing crashes.
@Suite struct ImportMutationTests {
    static let names = [
        "touchegg-default-like.conf", "touchegg-custom.conf", "touchegg-unsupported.conf",
        "libinput-gestures-default-like.conf", "libinput-gestures-custom.conf", "libinput-gestures-unsupported.conf",
        "fusuma-default-like.yml", "fusuma-appmatcher.yml", "fusuma-unsupported.yml", "fusuma-old-appmatcher.yml",
    ]

    static let fragments = [
        "<gesture type=\"PINCH\" fingers=\"2\" direction=\"OUT\"><action type=\"SEND_KEYS\"><repeat>true</repeat><keys>plus</keys></action></gesture>",
        "<application name=\"{x},\\\"y\\\"\">", "</application>", "<action type=\"RUN_COMMAND\"><command>echo {a} \"$B\" | c</command></action>",
        "&amp;", "&bogus;", "<![CDATA[", "<!--", "-->", "<?pi?>",
        "gesture swipe up 3 sh -c 'echo {x} \"q\"'", "gesture pinch in xdotool key ctrl+{", "device", "timeout x",
        "gesture swipe left 4 _internal -w ws_left", "gesture hold on 3 '",
        "  3:", "    left:", "      command: \"a {b} && c\"", "      sendkey: LEFTCTRL+{", "---", "context: { application: [A, \"B{}\"] }",
        "pinch:", "  in:", "    threshold: 0.3", "&a", "*a", "? [x]", ": 1", "\t", "\u{85}", "\"", "'",
    ]

    @Test(arguments: names)
    func mutantsAreRefusedInsideTheFileOrImportIntoALoadableProfile(_ name: String) throws {
        let original = try fixture(name).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var random = SeededRandom(seed: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var imported = 0, refused = 0
        for _ in 0..<250 {
            var lines = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let i = Int.random(in: 0..<lines.count, using: &random)
                switch Int.random(in: 0..<7, using: &random) {
                case 0: lines.remove(at: i)
                case 1: lines.insert(lines[i], at: i)
                case 2: lines.swapAt(i, Int.random(in: 0..<lines.count, using: &random))
                case 3: lines[i] = String(lines[i].prefix(Int.random(in: 0...lines[i].count, using: &random)))
                case 4: lines[i] = String(repeating: " ", count: Int.random(in: 0...6, using: &random)) + lines[i].drop(while: { $0 == " " })
                default: lines.insert(Self.fragments.randomElement(using: &random)!, at: i)
                }
                if lines.isEmpty { lines = [""] }
            }
            let text = lines.joined(separator: "\n")
            do {
                let result = try GestureImporter.importFile(Array(text.utf8), path: name)
                let written = GestureImporter.profileText(result, sourceName: name)
                let loaded = ProfileLoader.load(yaml: written, path: "imported.yaml")
                #expect(loaded.errors.isEmpty, "mutant of \(name) imports into a profile with errors: \(loaded.errors)\n--- mutant\n\(text)\n--- written\n\(written)")
                imported += 1
            } catch {
                #expect(error.file == name)
                #expect((1...lines.count + 1).contains(error.line), "\(error) is outside the file")
                refused += 1
            }
        }
        // Both outcomes happen: the mutants exercise the importer, not only its errors.
        #expect(imported > 0)
        #expect(refused + imported == 250)
    }
}
