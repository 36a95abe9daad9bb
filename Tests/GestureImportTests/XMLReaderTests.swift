@testable import GestureImport
import Testing

/// The small XML reader: what it reads, and every malformed document refused with its line.
@Suite struct XMLReaderTests {
    @Test func readsElementsAttributesTextEntitiesCDATAAndLines() throws {
        let root = try XMLReader.parse("""
            <?xml version="1.0"?>
            <!-- a comment -->
            <touchégg a='1' b="x &amp; &lt;y&gt; &#233;&#x41;">
              <one/>
              <two k="v">text &quot;here&quot;<![CDATA[ <raw> & ]]></two>
            </touchégg>
            <!-- trailing -->
            """)
        #expect(root.name == "touchégg")
        #expect(root.line == 3)
        #expect(root.attributes.map { "\($0.name)=\($0.value)@\($0.line)" } == ["a=1@3", "b=x & <y> éA@3"])
        #expect(root.elements.map(\.name) == ["one", "two"])
        #expect(root.elements.map(\.line) == [4, 5])
        #expect(root.elements[1].text == #"text "here" <raw> &"#)
        #expect(root.elements[1].attribute("k")?.value == "v")
    }

    @Test func malformedDocumentsAreRefusedWithTheirLine() {
        let cases: [(String, Int, String)] = [
            ("<a>\n<b>\n</a>", 3, "</a> closes <b> (line 2)"),
            ("<a>\n<b>\n", 3, "<b> (line 2) is never closed"),
            ("<a>\n<!DOCTYPE a>\n</a>", 2, "declarations (<!…>) such as DOCTYPE are not read"),
            ("<a\n b=c/>", 2, "the value of b must be in quotes"),
            ("<a b='1' b='2'/>", 1, "b is given twice in <a>"),
            ("<a b='<'/>", 1, "'<' inside the value of b (write &lt;)"),
            ("</a>", 1, "a closing tag before any element"),
            ("<a>\n<!-- never closed\n</a>", 2, "a comment (<!--) is never closed"),
            ("<a>\n<![CDATA[ open", 2, "a CDATA section is never closed"),
            ("<a b='1'c='2'/>", 1, "a space is needed before an attribute of <a>"),
            ("", 1, "the file has no XML element"),
            ("<1a/>", 1, "a name was expected for an element"),
        ]
        for (text, line, message) in cases {
            #expect(throws: ImportFailure(line: line, message: message), "\(text)") { try XMLReader.parse(text) }
        }
    }

    @Test func nestingAndElementCountAreBounded() {
        let deep = String(repeating: "<a>\n", count: 100_000)
        #expect(throws: ImportFailure(line: ImportLimits.xmlDepth + 1, message: "elements nested deeper than \(ImportLimits.xmlDepth) levels")) { try XMLReader.parse(deep) }
        let many = "<r>" + String(repeating: "<g/>", count: ImportLimits.xmlElements + 10) + "</r>"
        #expect(throws: ImportFailure(line: 1, message: "more than \(ImportLimits.xmlElements) elements")) { try XMLReader.parse(many) }
    }

    /// What pugixml (Touchégg 2's reader; checked with libpugixml 1.13) accepts: a DOCTYPE
    /// before the root, passed over without expanding what it declares, a '&' that starts no
    /// reference and an unknown entity kept as written, `&#0;` dropped.
    @Test func whatPugixmlAcceptsIsRead() throws {
        let root = try XMLReader.parse("<!DOCTYPE a [<!ENTITY x \"yyy\">]>\n<a>notify-send AT&T && &x; &amp;&#0;</a>")
        #expect(root.name == "a")
        #expect(root.text == "notify-send AT&T && &x; &")
        #expect(throws: ImportFailure(line: 1, message: "a DOCTYPE is never closed")) { try XMLReader.parse("<!DOCTYPE a [ <a/>") }
    }
}
