import Testing
@testable import YAMLTree

/// The node trees the profile loader, the fusuma import and the libinput reader read: what
/// was written, where, and every way a text is refused.
@Suite struct ComposerTests {
    @Test func mappingsListsAndScalarsKeepTheirOrderStylesAndPositions() throws {
        let text = """
            version: 1
            profiles:
              - name: 'quoted'
                match: { class: "Fire fox" }
                note: |
                  two
                  lines
            """
        let root = try #require(try YAMLComposer.compose(text))
        let top = try #require(root.mapping)
        #expect(top.map { $0.key.string } == ["version", "profiles"])
        #expect(top["version"]?.int == 1)
        #expect(top["version"]?.mark == Mark(line: 1, column: 10))
        let profile = try #require(top["profiles"]?.sequence?.first?.mapping)
        #expect(profile.mark == Mark(line: 3, column: 5))
        #expect(profile["name"]?.scalar?.style == .singleQuoted)
        #expect(profile["name"]?.string == "quoted")
        let match = try #require(profile["match"]?.mapping)
        #expect(match.mark == Mark(line: 4, column: 12))
        #expect(match["class"]?.scalar?.style == .doubleQuoted)
        #expect(match["class"]?.string == "Fire fox")
        #expect(profile["note"]?.scalar?.style == .literal)
        #expect(profile["note"]?.string == "two\nlines")  // the text ends there: no final line break
        #expect(profile["absent"] == nil)
    }

    @Test func anEmptyValueIsAnEmptyPlainScalarAndAnEmptyTextNoDocument() throws {
        let root = try #require(try YAMLComposer.compose("a:\nb: ~\n"))
        #expect(root.mapping?["a"]?.scalar?.string == "")
        #expect(root.mapping?["a"]?.scalar?.style == .plain)
        #expect(root.mapping?["b"]?.string == "~")
        #expect(try YAMLComposer.compose("") == nil)
        #expect(try YAMLComposer.compose("# only a comment\n") == nil)
    }

    @Test func numbersAreReadFromPlainScalarsOnly() throws {
        let root = try #require(try YAMLComposer.compose("[12, -3, 0x1f, 2.5, '7', x]"))
        let items = try #require(root.sequence)
        #expect(items.map(\.int) == [12, -3, 31, nil, nil, nil])
        #expect(items.map(\.float) == [12, -3, 31, 2.5, nil, nil])
    }

    @Test func anAliasIsItsAnchorsNodeAndAnUndefinedOneIsAnError() throws {
        let root = try #require(try YAMLComposer.compose("base: &b { taps: 2 }\ncopy: *b\n"))
        #expect(root.mapping?["copy"]?.mapping?["taps"]?.int == 2)
        // The node is the anchored one: its position is where it was written (its anchor).
        #expect(root.mapping?["copy"]?.mark == Mark(line: 1, column: 7))
        #expect(throws: YAMLError.self) { try YAMLComposer.compose("a: *nowhere\n") }
        do {
            _ = try YAMLComposer.compose("a: 1\nb: *nowhere\n")
        } catch {
            #expect(error.problem == .syntax("found undefined alias"))
            #expect(error.mark == Mark(line: 2, column: 4))
        }
    }

    /// Nine levels of ten aliases each: 10^9 nodes expanded, composed in one pass over the
    /// text (shared, not copied).
    @Test func aliasesAreSharedSoABillionLaughsComposesAtTheCostOfItsText() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let root = try #require(try YAMLComposer.compose(text))
        #expect(root.mapping?["a9"]?.sequence?.count == 10)
        #expect(root.mapping?["a9"]?.sequence?.first?.sequence?.first?.sequence?.count == 10)
    }

    @Test func aRepeatedKeyIsAnErrorAtItsFirstOccurrence() {
        do {
            _ = try YAMLComposer.compose("version: 1\nprofiles: []\nversion: 2\n")
            Issue.record("a repeated key was accepted")
        } catch {
            #expect(error.problem == .duplicateKeys(["version"]))
            #expect(error.mark == Mark(line: 1, column: 1))
            #expect(error.description == "1:1: duplicate key 'version' in a mapping")
        }
    }

    @Test func aSyntaxErrorSaysWhereAndWhatTheParserWasReading() {
        do {
            _ = try YAMLComposer.compose("a: 1\nb: \"unclosed\n")
            Issue.record("an unclosed quote was accepted")
        } catch {
            #expect(error.problem == .syntax("found unexpected end of stream"))
            #expect(error.context?.text == "while scanning a quoted scalar")
            #expect(error.context?.mark == Mark(line: 2, column: 4))
        }
        do {
            _ = try YAMLComposer.compose("a: [1, 2\nb: 3\n")
            Issue.record("an unclosed list was accepted")
        } catch {
            #expect(error.mark.line == 2)
        }
    }

    @Test func aControlCharacterIsUnreadableAtItsPosition() {
        do {
            _ = try YAMLComposer.compose("a: 1\nbé: x\u{1}y\n")
            Issue.record("a control character was accepted")
        } catch {
            #expect(error.problem == .unreadable("control characters are not allowed"))
            #expect(error.mark == Mark(line: 2, column: 6))
        }
    }

    @Test func oneDocumentIsExpectedUnlessAllAreAskedFor() throws {
        let text = "a: 1\n---\nb: 2\n---\nc: [\n"
        do {
            _ = try YAMLComposer.compose(text)
            Issue.record("two documents were accepted as one")
        } catch {
            #expect(error.problem == .syntax("but found another document"))
            #expect(error.mark.line == 2)
        }
        let (documents, error) = YAMLComposer.composeAll(text)
        #expect(documents.map { $0.mapping?.first?.key.string } == ["a", "b"])
        #expect(error?.mark.line == 6)
    }

    /// Nesting is bounded: 1,000 levels compose, one more is an error where it begins.
    @Test func nestingDeeperThanTheBoundIsAnError() throws {
        let depth = YAMLComposer.maximumDepth
        var node = try #require(try YAMLComposer.compose(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
        var levels = 1
        while let inner = node.sequence?.first {
            node = inner
            levels += 1
        }
        #expect(levels == depth)
        do {
            _ = try YAMLComposer.compose(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
            Issue.record("100,000 levels were accepted")
        } catch {
            #expect(error.problem == .syntax("collections nested deeper than \(depth) levels"))
            #expect(error.mark == Mark(line: 1, column: depth + 1))
        }
    }

    /// With limits, the pass that composes also counts each alias at its expanded size, and
    /// stops where the text passes a limit: ten aliases of ten aliases of a ten-item list are
    /// 1,000 nodes to whoever walks them, though the text has 33.
    @Test func limitsCountAliasesExpandedAndStopWhereTheTextPassesThem() throws {
        let text = """
            a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
            b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
            c: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
            """
        let generous = YAMLLimits(bytes: 1_000, nodes: 2_000, depth: 8)
        let c = try #require(try YAMLComposer.compose(text, within: generous)?.mapping?.first { $0.key.string == "c" }?.value.sequence)
        #expect(c.count == 10 && c.allSatisfy { $0.sequence?.count == 10 }, "within the limits the tree is composed as without them")
        do {
            _ = try YAMLComposer.compose(text, within: YAMLLimits(bytes: 1_000, nodes: 500, depth: 8))
            Issue.record("1,000 expanded nodes passed a limit of 500")
        } catch {
            #expect(error.problem == .tooLarge("has more than 500 nodes, its aliases expanded"))
            #expect(error.mark.line == 3, "the third line's aliases pass the limit: \(error.mark)")
        }
        do {
            _ = try YAMLComposer.compose(text, within: YAMLLimits(bytes: 1_000, nodes: 2_000, depth: 2))
            Issue.record("three levels through aliases passed a limit of two")
        } catch {
            #expect(error.problem == .tooLarge("nests lists and mappings deeper than 2 levels, its aliases expanded"))
            #expect(error.mark == Mark(line: 2, column: 8))
        }
        let (documents, error) = YAMLComposer.composeAll("a: 1\n---\n" + text, within: YAMLLimits(bytes: 40, nodes: 2_000, depth: 8))
        #expect(documents.isEmpty, "a text past the limit is refused before any document")
        #expect(error?.problem == .tooLarge("is longer than 40 bytes"))
        #expect(error?.mark == Mark(line: 3, column: 32))
    }
}
