import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// A daemon runs for weeks: what a reload replaces and what a closed window leaves must be
/// freed (issue 15: each reload kept the old configuration, about 25 KB; each closed window
/// that matched a profile about 4.5 KB). Weak references to the old views and recognizers
/// must all be nil once they are gone.
@Suite struct LifetimeTests {
    /// Gestures of every kind the runtime wires up: relations (hooks), a stroke, a control
    /// region with an action, a plain region, a window profile with its own regions.
    static let yaml = """
        version: 1
        profiles:
          - name: screen
            match: any
            regions:
              - { name: volume, frame: { left: 0, top: 0, width: 100, height: 300 }, control: slider, action: { log: "v {value}" } }
              - { name: corner, frame: { right: 0, top: 0, width: 50, height: 50 }, action: { log: corner } }
            gestures:
              - { name: double, tap: { taps: 2 }, action: { log: double } }
              - { name: single, tap: {}, requireToFail: [double], action: { log: single } }
              - { name: shape, stroke: { templates: [circle, star] }, simultaneousWith: [single], action: { log: "{template}" } }
              - { name: press, longPress: {}, preventsNot: [double], notPreventedBy: [single], on: { began: { log: press } } }
          - name: editor
            match: { class: Editor }
            regions:
              - { name: margin, frame: { left: 0, top: 0, width: 40, height: 100% }, action: { log: margin } }
            gestures:
              - { name: swipe, swipe: { direction: left }, requireToFail: [double], action: { keys: ctrl+z } }
              - { name: zoom, pinch: {}, repeat: { every: 0.1, action: { keys: ctrl+plus } } }

        """

    /// Weak references to every view and recognizer of the engine's tree.
    final class Census {
        struct Weak { weak var object: AnyObject? }
        var objects: [Weak] = []
        init(_ root: View, skipping kept: Set<ObjectIdentifier> = []) {
            var stack = [root]
            while let view = stack.popLast() {
                if !kept.contains(ObjectIdentifier(view)) { objects.append(Weak(object: view)) }
                objects += view.gestureRecognizers.map { Weak(object: $0) }
                stack += view.subviews
            }
        }
        var alive: Int { objects.filter { $0.object != nil }.count }
    }

    private func exercise(_ live: Live, at ms: Double) {
        live.tap(1, 500, 500, at: ms)
        live.drag(2, from: Point(x: 50, y: 250), to: Point(x: 50, y: 50), start: ms + 600, duration: 200)
        live.send(.began, 3, 900, 500, at: ms + 900)
        live.send(.began, 4, 1000, 500, at: ms + 910)
        live.send(.moved, 3, 880, 500, at: ms + 950)
        live.send(.ended, 3, 880, 500, at: ms + 1000)
        live.send(.ended, 4, 1000, 500, at: ms + 1000)
        live.engine.advance(to: Instant(milliseconds: ms + 2000))
    }

    private func openEditor(_ live: Live, _ id: UInt64) {
        live.runtime.updateWindow(WindowInfo(id: id, windowClass: "Editor", instance: "editor", title: "notes", frame: Rect(x: 800, y: 200, width: 600, height: 500)))
    }

    @Test func aReloadFreesTheConfigurationItReplaces() throws {
        let live = try Live(Self.yaml)
        openEditor(live, 9)
        exercise(live, at: 0)
        let first = Census(live.engine.root, skipping: [ObjectIdentifier(live.engine.root)])
        #expect(first.objects.count == 10)
        let file = try #require(ProfileLoader.load(yaml: Self.yaml, path: "t.yaml").file)
        for i in 1...20 {
            live.runtime.apply(file)
            exercise(live, at: Double(i) * 10_000)
        }
        #expect(first.alive == 0, "\(first.alive) of \(first.objects.count) views and recognizers outlived 20 reloads")
        #expect(live.sink.requests.contains { $0.gesture == "single" }, "the gestures still fire after the reloads")
    }

    @Test func aClosedWindowLeavesNothingBehind() throws {
        let live = try Live(Self.yaml)
        var censuses: [Census] = []
        for id in UInt64(100)..<120 {
            let before = Set(live.engine.root.subviews.map(ObjectIdentifier.init))
            openEditor(live, id)
            exercise(live, at: Double(id) * 10_000)
            let window = try #require(live.engine.root.subviews.first { !before.contains(ObjectIdentifier($0)) })
            censuses.append(Census(window))
            live.runtime.closeWindow(id)
        }
        #expect(censuses.allSatisfy { $0.objects.count > 3 })
        #expect(censuses.map(\.alive) == Array(repeating: 0, count: 20))
    }
}
