import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import GestureTraces

/// Which window a screen gesture's window action acts on (`target: under-touch`): the one
/// under where the fingers landed, not where they lift — a person aims by putting the fingers
/// down on a window. Three fingers swiped up 300 px from the lower window end over the upper.
@Suite struct WindowTargetTests {
    static let windows = """
        {"t":0,"kind":"window","id":7,"class":"Lower","instance":"lower","title":"lower","type":"normal","frame":[100,450,800,500]}
        {"t":0,"kind":"window","id":8,"class":"Upper","instance":"upper","title":"upper","type":"normal","frame":[100,0,800,440]}

        """

    /// Fingers `xs` apart landing at `y` together, moving by `dy` in 20 frames 8 ms apart, lifted.
    static func swipe(_ xs: [Double], from y: Double, by dy: Double) -> [String] {
        var lines: [String] = []
        func frame(_ t: Double, _ phase: String, _ y: Double) {
            for (i, x) in xs.enumerated() { lines.append(#"{"t":\#(t),"kind":"touch","phase":"\#(phase)","id":\#(i + 1),"x":\#(x),"y":\#(y)}"#) }
        }
        frame(10, "began", y)
        for k in 1...20 { frame(10 + 8 * Double(k), "moved", y + dy * Double(k) / 20) }
        frame(10 + 8 * 21, "ended", y + dy)
        return lines
    }

    /// The window actions the built-in profile fires: `GESTURE ACTION on WINDOW`.
    static func actions(_ touches: [String]) throws -> [String] {
        let trace = try TraceReader.parse(windows + touches.joined(separator: "\n") + "\n", file: "t.jsonl", screen: (1920, 1080))
        var lines: [String] = []
        Replayer(configuration: try profile(defaultProfileYAML), screen: (1920, 1080), format: .json) { lines.append($0) }.run(trace)
        return lines.compactMap { line -> String? in
            guard case .object(let o)? = try? JSONValue.parse(Substring(line)), case .string("action")? = o["kind"],
                  case .string(let gesture)? = o["gesture"], case .string(let action)? = o["action"] else { return nil }
            let window: String = if case .number(let n)? = o["window"] { formatNumber(n) } else { "none" }
            return "\(gesture) \(action) on \(window)"
        }
    }

    @Test func aSwipeActsOnTheWindowItsFingersLandedOn() throws {
        // Up from the lower window into the upper: the lower one is maximized.
        #expect(try Self.actions(Self.swipe([300, 380, 460], from: 700, by: -350)) == ["maximize window toggle-maximize on 7"])
        // Down from the upper window into the lower: the upper one is minimized.
        #expect(try Self.actions(Self.swipe([300, 380, 460], from: 200, by: 350)) == ["minimize window minimize on 8"])
    }
}
