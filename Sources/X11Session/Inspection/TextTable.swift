/// Columns padded to their widest cell; the last column is not padded.
final class TextTable {
    private let headings: [String]
    private var rows: [[String]] = []

    init(_ headings: [String]) { self.headings = headings }

    func add(_ row: [String]) { rows.append(row.map { String($0.map { $0 == "\n" ? " " : $0 }) }) }

    func render() -> String {
        let all = [headings] + rows
        var widths = [Int](repeating: 0, count: headings.count)
        for r in all { for (i, c) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], c.count) } }
        var out = ""
        for r in all {
            var line = ""
            for (i, c) in r.enumerated() {
                line += i == r.count - 1 ? c : c + String(repeating: " ", count: widths[i] - c.count + 2)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}
