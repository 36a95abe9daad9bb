import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// The files a profile names are read through the loader's reader: a table here, so that no
/// test touches the disk.
@Suite struct ProfileFileReaderTests {
    /// Files by path; records every path asked for.
    final class Files: ProfileFileReader {
        var contents: [String: String]
        var asked: [String] = []
        init(_ contents: [String: String]) { self.contents = contents }
        func contents(of path: String) -> String? {
            asked.append(path)
            return contents[path]
        }
    }

    static let yaml = """
        version: 1
        profiles:
          - name: d
            match: any
            gestures:
              - name: shapes
                stroke: { templates: [{ name: zed, file: strokes/z.txt }, { name: abs, file: /shared/abs.txt }] }

        """

    @Test func strokeFilesAreReadRelativeToTheProfileFile() throws {
        let files = Files([
            "/home/u/.config/tactus/strokes/z.txt": "# a Z\n0 0\n100 0\n0 100\n100 100\n",
            "/shared/abs.txt": "0,0\n50,50\n",
        ])
        let r = ProfileLoader.load(yaml: Self.yaml, path: "/home/u/.config/tactus/config.yaml", files: files)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        #expect(files.asked == ["/home/u/.config/tactus/strokes/z.txt", "/shared/abs.txt"])
        guard case .stroke(let templates, _, _)? = r.file?.allGestures.first?.recognizer else {
            Issue.record("not a stroke")
            return
        }
        #expect(templates.map(\.name) == ["zed", "abs"])
        #expect(templates[0].points == [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)])
        #expect(templates[1].points == [Point(x: 0, y: 0), Point(x: 50, y: 50)])
    }

    @Test func aMissingOrMalformedStrokeFileIsAnErrorAtItsName() {
        let files = Files(["/p/strokes/z.txt": "0 0\nnot a point\n"])
        let r = ProfileLoader.load(yaml: Self.yaml, path: "/p/config.yaml", files: files)
        #expect(r.file == nil)
        #expect(r.errors.map(\.description) == [
            "/p/config.yaml:7:50: '/p/strokes/z.txt' is not a stroke file (one 'x y' point per line)",
            "/p/config.yaml:7:86: cannot read the stroke file '/shared/abs.txt'",
        ])
    }
}
