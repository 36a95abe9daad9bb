import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// `scroll:`: the wheel steps a drag makes (engine-free arithmetic), how the file says it, and
/// a two-finger drag on a window turned into steps at the fingers' location.
@Suite struct ScrollTests {
    private func steps(_ spec: ScrollSpec, _ path: [(Double, Double)]) -> [[ScrollDirection]] {
        var s = ScrollSteps(spec, wheelNotch: 40)
        return path.map { s.advance(to: Vector(dx: $0.0, dy: $0.1)) }
    }

    @Test func naturalScrollingMovesTheContentWithTheFingers() {
        // A drag down brings what is above into view (wheel up, button 4), a drag up what is below.
        #expect(steps(ScrollSpec(), [(0, 39), (0, 40), (0, 125)]) == [[], [.up], [.up, .up]])
        #expect(steps(ScrollSpec(), [(0, -81)]) == [[.down, .down]])
    }

    @Test func goingBackTakesTheStepsBack() {
        // Down 120 (3 steps), back up to 30 (the steps at 120, 80 and 40 undone: 2 back).
        #expect(steps(ScrollSpec(), [(0, 120), (0, 30), (0, -45)]) == [[.up, .up, .up], [.down, .down], [.down, .down]])
    }

    @Test func notNaturalTurnsTheWheelTheOtherWay() {
        var spec = ScrollSpec()
        spec.natural = false
        #expect(steps(spec, [(0, 80), (-40, 80)]) == [[.down, .down], [.left]])
    }

    @Test func horizontalMovementStepsLeftAndRight() {
        #expect(steps(ScrollSpec(), [(85, 0), (-41, 0)]) == [[.left, .left], [.right, .right, .right]])
        // Both axes in one event: vertical first.
        #expect(steps(ScrollSpec(), [(45, 45)]) == [[.up, .left]])
    }

    @Test func anAxisCanBeLeftOut() {
        var vertical = ScrollSpec()
        vertical.axis = .vertical
        #expect(steps(vertical, [(200, 41)]) == [[.up]])
        var horizontal = ScrollSpec()
        horizontal.axis = .horizontal
        horizontal.every = 10
        #expect(steps(horizontal, [(-25, 300)]) == [[.right, .right]])
    }

    // MARK: The file

    private let head = "version: 1\nprofiles:\n  - name: reader\n    match: { class: Reader }\n    gestures:\n"

    @Test func theGestureKeyTakesItsDefaultsAndItsOptions() throws {
        let r = ProfileLoader.load(yaml: head + "      - name: s\n        pan: { touches: 2 }\n        scroll: {}\n"
            + "      - name: t\n        edgePan: {}\n        scroll: { every: 25, natural: false, axis: horizontal }\n", path: "t.yaml")
        let file = try #require(r.file, "\(r.diagnostics)")
        #expect(file.allGestures[0].scroll == ScrollSpec())
        #expect(file.allGestures[0].scroll?.every == nil, "a step per wheel notch of the window under the fingers")
        var expected = ScrollSpec()
        expected.every = 25
        expected.natural = false
        expected.axis = .horizontal
        #expect(file.allGestures[1].scroll == expected)
    }

    @Test func mistakesAreErrorsAtTheirPlace() {
        let errors = { (yaml: String) in ProfileLoader.load(yaml: yaml, path: "t.yaml").errors.map(\.description) }
        #expect(errors(head + "      - name: s\n        tap: {}\n        scroll: {}\n") == [
            "t.yaml:8:9: 'scroll' needs a continuous gesture (pan, edgePan, longPress, pinch, rotation); 's' is discrete (use the action '{ scroll: down }' for a single step)",
        ])
        #expect(errors(head + "      - name: s\n        pan: {}\n        scroll: { axis: diagonal }\n").first?.hasSuffix("8:25: unknown scroll axis 'diagonal'; expected one of: vertical, horizontal, both") == true)
        #expect(errors(head + "      - name: s\n        pan: {}\n        scroll: { every: 0 }\n").count == 1)
        #expect(errors(head + "      - name: s\n        swipe: {}\n        action: { scroll: sideways }\n").first?.hasSuffix("8:27: unknown scroll direction 'sideways'; expected one of: up, down, left, right") == true)
    }

    // MARK: Live

    @Test func aTwoFingerDragOnTheWindowStepsAtTheFingers() throws {
        let live = try Live(head + "      - name: two-finger-scroll\n        pan: { touches: 2 }\n        scroll: { every: 40 }\n")
        live.runtime.updateWindow(WindowInfo(id: 5, windowClass: "Reader", instance: "reader", title: "doc", frame: Rect(x: 100, y: 100, width: 600, height: 600)))
        // Two fingers 100 px apart drag up 130 px (their middle from 350,500 to 350,370), then back down 70.
        live.send(.began, 1, 300, 500, at: 0)
        live.send(.began, 2, 400, 500, at: 5)
        for (i, y) in [490.0, 460, 420, 400, 370, 440].enumerated() {
            let t = Double(20 * (i + 1))
            live.send(.moved, 1, 300, y, at: t)
            live.send(.moved, 2, 400, y, at: t + 1)
        }
        live.send(.ended, 1, 300, 440, at: 200)
        live.send(.ended, 2, 400, 440, at: 201)
        let scrolls = live.sink.requests.compactMap { r -> String? in
            guard case .scroll(let d, let p) = r.action else { return nil }
            return "\(d) \(Int(p.x)),\(Int(p.y))"
        }
        // The pan begins 25 px up (one finger 40 up, the other not yet moved): the first step
        // down at once (the page follows the fingers up); two more by 130 px up (at 65 and
        // 105 px); back down to 60 px up takes one back (past 65, where it came).
        #expect(scrolls.map { $0.split(separator: " ")[0] } == ["down", "down", "down", "up"], "\(live.sink.lines)")
        #expect(scrolls.allSatisfy { $0.hasPrefix("down 350,") || $0.hasPrefix("up 350,") }, "at the fingers' middle: \(scrolls)")
        #expect(live.sink.requests.allSatisfy { $0.gesture == "two-finger-scroll" })
    }

    @Test func theActionIsOneStepAtTheGestureLocation() throws {
        let live = try Live("version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - name: hold\n        longPress: {}\n"
            + "        repeat: { every: 30, action: { scroll: up }, reverse: { scroll: down } }\n")
        live.send(.began, 1, 200, 200, at: 0)
        live.wait(until: 550)
        live.send(.moved, 1, 200, 202, at: 600)
        live.send(.moved, 1, 200, 265, at: 700)
        live.send(.moved, 1, 200, 225, at: 800)
        live.send(.ended, 1, 200, 225, at: 900)
        #expect(live.sink.requests.map(\.action.description) == ["scroll up at 200,265", "scroll up at 200,265", "scroll down at 200,225"], "\(live.sink.lines)")
    }
}
