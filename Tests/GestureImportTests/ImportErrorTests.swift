@testable import GestureImport
import Testing

/// Bad input: `FILE:LINE: message`, never a crash; the format is told from the content.
@Suite struct ImportErrorTests {
    @Test func theFormatIsToldFromTheContentNotTheName() throws {
        let touchegg = try fixture("touchegg-custom.conf"), lig = try fixture("libinput-gestures-custom.conf"), fusuma = try fixture("fusuma-appmatcher.yml")
        for (text, format) in [(touchegg, SourceFormat.touchegg), (lig, .libinputGestures), (fusuma, .fusuma)] {
            let result = try GestureImporter.importFile(Array(text.utf8), path: "config.yml")
            #expect(result.format == format)
        }
        #expect(try GestureImporter.importFile(Array("\u{FEFF}<!-- comment -->\n\n<touchegg/>".utf8), path: "x").format == .touchegg)
        #expect(try GestureImporter.importFile(Array("gesture: swipe up 3 xdotool key a\n".utf8), path: "x").format == .libinputGestures)
        #expect(try GestureImporter.importFile(Array("---\nswipe: {}\n".utf8), path: "x").format == .fusuma)
        // Windows line ends: the comment line ends at \r\n, not at the end of the file.
        let crlf = try GestureImporter.importFile(Array("# mine\r\ngesture swipe up 3 xdotool key a\r\n".utf8), path: "x")
        #expect(crlf.profiles.first?.touchpad.map(\.lines) == [[2]])
    }

    @Test func malformedFilesNameTheirFileAndLine() {
        let cases: [(String, String)] = [
            ("<touchégg>\n  <application name=\"All\">\n    <gesture type=\"SWIPE\" fingers=\"3\">\n  </application>\n</touchégg>\n", "touchegg.conf:4: </application> closes <gesture> (line 3)"),
            ("<touchégg>\n  <settings>\n", "touchegg.conf:3: <settings> (line 2) is never closed"),
            ("<gestures>\n</gestures>\n", "touchegg.conf:1: the root element is <gestures>, not <touchégg>: not a Touchégg configuration"),
            ("# settings\nanimation_delay = 150\n", "touchegg.conf:2: cannot tell the format: expected a Touchégg touchegg.conf (XML), a libinput-gestures.conf (gesture … lines) or a fusuma config.yml (swipe:, pinch:, …)"),
            ("# nothing here\n\n   \n# at all\n", "touchegg.conf:1: the file has nothing to import (only blank lines and comments)"),
            ("", "touchegg.conf:1: the file has nothing to import (only blank lines and comments)"),
            ("version: 1\nprofiles: []\n", "touchegg.conf:1: this is a Tactus profile file already: check it with 'tactus check'"),
            ("gesture swipe up 3 '' --flag\n", "touchegg.conf:1: the command cannot be split into words: the program name is empty"),
        ]
        for (text, expected) in cases {
            #expect(importError(text, path: "touchegg.conf")?.description == expected, "\(text)")
        }
        #expect(importError(bytes: Array("gesture swipe up 3 xdotool key a\n".utf8) + [0xFF, 0xFE] + Array("\n".utf8))?.description == "conf:2: the file is not UTF-8 text")
        #expect(importError(bytes: Array("swipe:\n  3:\n".utf8) + [0] + Array("\n".utf8))?.description == "conf:3: the file holds a NUL byte: not a text file")
    }

    @Test func hostileSizesStopWithAnErrorInsteadOfGrowing() {
        // Too large to be a configuration at all.
        let huge = [UInt8](repeating: UInt8(ascii: "#"), count: ImportLimits.fileSize + 1)
        #expect(importError(bytes: huge)?.description == "conf:1: the file is larger than 1024 KiB: not a gesture configuration")
        // A line of 100,000 characters.
        let long = "gesture swipe up 3 xdotool key " + String(repeating: "a", count: 100_000) + "\n"
        #expect(importError(long)?.description == "conf:1: the line is longer than \(ImportLimits.lineLength) characters")
        // Thousands of gestures.
        let many = (0..<6_000).map { "gesture swipe up 3 xdotool key a\($0)" }.joined(separator: "\n")
        #expect(importError(many)?.description == "conf:5001: more than \(ImportLimits.entries) gestures")
        let manyXML = "<touchegg><application name=\"All\">" + String(repeating: "<gesture type=\"SWIPE\" fingers=\"3\" direction=\"UP\"><action type=\"CLOSE_WINDOW\"/></gesture>", count: 6_000) + "</application></touchegg>"
        #expect(importError(manyXML)?.description == "conf:1: more than \(ImportLimits.entries) gestures")
        let manyElements = "<touchegg>" + String(repeating: "<x/>", count: ImportLimits.xmlElements + 1) + "</touchegg>"
        #expect(importError(manyElements)?.description == "conf:1: more than \(ImportLimits.xmlElements) elements")
        let manyNotes = "<touchegg>\n" + String(repeating: "<x/>\n", count: 6_000) + "</touchegg>"
        #expect(importError(manyNotes)?.description == "conf:1: more than \(ImportLimits.entries) gestures and notes: not a gesture configuration")
        // Deep nesting.
        #expect(importError("<touchegg>" + String(repeating: "<a>", count: 50_000))?.description == "conf:1: elements nested deeper than \(ImportLimits.xmlDepth) levels")
        let deepYAML = "swipe: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n"
        let nestedYAML = "swipe: " + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "\n"
        for yaml in [deepYAML, nestedYAML] {
            #expect(importError(yaml)?.description == "conf:1: the YAML nests lists and mappings deeper than \(ImportLimits.yamlDepth) levels: not a fusuma configuration")
        }
    }

    /// A "billion laughs": nine levels of aliases, each ten times the one before (10^9 nodes
    /// expanded). It is refused where the expansion passes the budget, before it is composed
    /// it, whether it hides under a key the import never reads or is itself a mapping key
    /// (compared with the other keys through its whole expansion).
    @Test func aYAMLAliasBombIsRefusedBeforeItExpands() {
        var laughs = "  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            laughs += "  a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let overflowLine = 2 + 4  // a4 (10^5 nodes expanded) is the first past 50,000
        let message = "the YAML has more than \(ImportLimits.yamlNodes) nodes, its aliases expanded: not a fusuma configuration"
        #expect(importError("swipe: {}\nplugin:\n" + laughs)?.description == "conf:\(overflowLine + 1): \(message)")
        #expect(importError("swipe: {}\nplugin:\n" + laughs + "? *a9\n: 1\n")?.description == "conf:\(overflowLine + 1): \(message)")
    }

    /// Aliases that share a few settings are fine: each use is imported where it is.
    @Test func smallAliasesAreFollowed() throws {
        let yaml = "swipe:\n  3:\n    left: &back\n      sendkey: LEFTALT+LEFT\n    right: *back\n  4: &four\n    up:\n      workspace: next\n"
        let result = try GestureImporter.importFile(Array(yaml.utf8), path: "config.yml")
        #expect(result.profiles.first?.touchpad.map(\.trigger) == [.touchpadSwipe(fingers: 3, direction: "left"), .touchpadSwipe(fingers: 3, direction: "right"), .touchpadSwipe(fingers: 4, direction: "up")])
        #expect(result.profiles.first?.touchpad.map(\.action) == [.keys("Alt_L+Left"), .keys("Alt_L+Left"), .desktop("next")])
    }
}
