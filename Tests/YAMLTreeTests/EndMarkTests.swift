import Testing
@testable import YAMLTree

/// Where nodes end, and which collections are written in flow style: what an editor needs to
/// replace one value and nothing else.
@Suite struct EndMarkTests {
    @Test func scalarsAndFlowCollectionsEndJustPastTheirText() throws {
        let text = """
            a: plain value   # comment
            b: "quoted"
            c: { x: 1, y: [2, 3] }
            d:
              - é: ü
            """
        let root = try #require(try YAMLComposer.compose(text)?.mapping)
        #expect(root["a"]?.end == Mark(line: 1, column: 15))
        #expect(root["b"]?.end == Mark(line: 2, column: 12))
        let c = try #require(root["c"]?.mapping)
        #expect(c.isFlow)
        #expect(c.end == Mark(line: 3, column: 23))
        #expect(c["y"]?.sequence?.isFlow == true)
        #expect(c["y"]?.end == Mark(line: 3, column: 21))
        let d = try #require(root["d"]?.sequence)
        #expect(!d.isFlow)
        #expect(d.items[0].mapping?["é"]?.end == Mark(line: 5, column: 9))  // columns in Unicode scalars
        #expect(root.isFlow == false)
    }
}
