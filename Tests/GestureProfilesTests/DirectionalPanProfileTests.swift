import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// `pan: { direction: … }` in a profile (issue 26): how it is read, and what its `repeat:`
/// counts — the movement along the direction the pan began in, positive that way, `reverse`
/// as the fingers come back (past where they landed too).
@Suite struct DirectionalPanProfileTests {
    private let head = "version: 1\nprofiles:\n  - name: d\n    match: any\n    gestures:\n"

    /// Volume on three fingers: a pan up raises it, a pan down lowers it, a step per 20 px.
    private let volume = """
        version: 1
        profiles:
          - name: desktop
            match: any
            gestures:
              - { name: louder, pan: { touches: 3, direction: up }, repeat: { every: 20, action: { log: up }, reverse: { log: down } } }
              - { name: quieter, pan: { touches: 3, direction: down }, repeat: { every: 20, action: { log: down }, reverse: { log: up } } }
        """

    /// Three fingers land, move through `path` (the centroid's offsets from where they landed,
    /// a frame each 16 ms), and lift: the lines the gesture's actions sent.
    private func threeFingers(_ live: Live, at start: Double, _ path: [Vector]) -> [String] {
        let before = live.sink.lines.count
        let fingers: [(Int64, Double, Double)] = [(1, 800, 600), (2, 860, 590), (3, 920, 605)]
        for (i, f) in fingers.enumerated() { live.send(.began, f.0, f.1, f.2, at: start + 10 * Double(i)) }
        var t = start + 40
        func frame(_ phase: TouchPhase, _ d: Vector) {
            live.frame(phase, fingers.map { ($0.0, $0.1 + d.dx, $0.2 + d.dy) }, at: t)
            t += 16
        }
        for d in path { frame(.moved, d) }
        frame(.ended, path.last ?? .zero)
        return Array(live.sink.lines[before...])
    }

    @Test func theRepeatCountsAlongTheDirectionThePanBeganIn() throws {
        let live = try Live(volume)
        // Up 90 px: four steps up (at 20, 40, 60, 80); back down to 25 px below where the
        // fingers landed: five back (at 60, 40, 20, 0 and -20), all the louder pan's.
        let up = threeFingers(live, at: 0, [Vector(dx: 0, dy: -15), Vector(dx: 2, dy: -45), Vector(dx: 3, dy: -90), Vector(dx: 3, dy: -50), Vector(dx: 0, dy: 25)])
        #expect(up == Array(repeating: "louder changed: log up", count: 4) + Array(repeating: "louder changed: log down", count: 5))
        // Down 65 px: three steps of the quieter pan, counted positive downwards.
        let down = threeFingers(live, at: 1000, [Vector(dx: 0, dy: 12), Vector(dx: -2, dy: 40), Vector(dx: -2, dy: 65)])
        #expect(down == Array(repeating: "quieter changed: log down", count: 3))
        // Left, however far: neither pan begins, nothing fires.
        #expect(threeFingers(live, at: 2000, [Vector(dx: -15, dy: 4), Vector(dx: -80, dy: 20), Vector(dx: -200, dy: 40)]) == [])
    }

    /// Only the movement along the direction counts: a pan up that then wanders 200 px
    /// sideways fires for the 41 px it went up (two steps), nothing for the sideways stretch.
    @Test func sidewaysMovementAfterTheBeginCountsNothing() throws {
        let live = try Live(volume)
        let lines = threeFingers(live, at: 0, [Vector(dx: 1, dy: -12), Vector(dx: 2, dy: -30), Vector(dx: 90, dy: -35), Vector(dx: 200, dy: -41)])
        #expect(lines == ["louder changed: log up", "louder changed: log up"])
    }

    /// A directional pan that goes left counts positive leftwards (a plain pan counts
    /// positive rightwards, along the screen's axis). Left 70 px: two steps (at 30 and 60);
    /// back to 25: one back (under 30).
    @Test func aPanLeftCountsLeftwardsAsForward() throws {
        let live = try Live(head + """
                  - { name: back, pan: { touches: 3, direction: left }, repeat: { every: 30, action: { log: forward }, reverse: { log: backward } } }
                  - { name: plain, pan: { touches: 2 }, repeat: { every: 30, action: { log: forward }, reverse: { log: backward } } }
            """)
        #expect(threeFingers(live, at: 0, [Vector(dx: -12, dy: 0), Vector(dx: -70, dy: 3), Vector(dx: -25, dy: 3)])
            == ["back changed: log forward", "back changed: log forward", "back changed: log backward"])
        // The plain two-finger pan, the same way: backward first (leftwards is negative for it).
        live.send(.began, 1, 300, 300, at: 1000)
        live.send(.began, 2, 360, 300, at: 1010)
        for (i, x) in [-12.0, -70, -25].enumerated() {
            let t = 1040 + 16 * Double(i)
            live.frame(.moved, [(1, 300 + x, 300), (2, 360 + x, 300)], at: t)
        }
        #expect(live.sink.lines.suffix(3) == ["plain changed: log backward", "plain changed: log backward", "plain changed: log forward"])
    }

    @Test func theParserReadsDirectionsAndTheAngle() throws {
        /// The pan the file's first gesture makes, under the file's settings: what it asks
        /// for, each value it leaves out filled in.
        func pan(_ yaml: String) -> String? {
            guard let file = ProfileLoader.load(yaml: yaml, path: "t.yaml").file, let spec = file.allGestures.first else { return nil }
            guard let p = spec.recognizer.makeRecognizer(name: spec.name, configuration: file.settings.gestures) as? PanGestureRecognizer else { return nil }
            let directions = Direction.allCases.filter { p.directions.contains($0) }.map(\.rawValue)
            return "\(p.minimumNumberOfTouches)-\(p.maximumNumberOfTouches) fingers, \(p.minimumDistance) px, \(directions) within \(p.maximumAngle)°"
        }
        #expect(pan(head + "      - { name: p, pan: { touches: 3, direction: up } }\n") == "3-3 fingers, 10.0 px, [\"up\"] within 45.0°")
        #expect(pan(head + "      - { name: p, pan: { directions: [left, right], maximumAngle: 30 } }\n") == "1-10 fingers, 10.0 px, [\"right\", \"left\"] within 30.0°")
        // settings.pan sets the angle for every pan; a plain pan has no directions.
        #expect(pan("version: 1\nsettings: { pan: { maximumAngle: 20 } }\nprofiles:\n  - name: d\n    match: any\n    gestures:\n      - { name: p, pan: { direction: down } }\n")
            == "1-10 fingers, 10.0 px, [\"down\"] within 20.0°")
        #expect(pan(head + "      - { name: p, pan: {} }\n") == "1-10 fingers, 10.0 px, [] within 45.0°")
        // The runtime builds the engine's recognizer with them.
        let live = try Live(head + "      - { name: p, pan: { touches: 3, direction: [up, down], maximumAngle: 40 } }\n")
        let pan = try #require(live.engine.root.gestureRecognizers.first as? PanGestureRecognizer)
        #expect(pan.directions == [.up, .down] && pan.maximumAngle == 40 && pan.minimumNumberOfTouches == 3)
    }

    @Test func badDirectionsAndAnglesAreClearErrors() {
        func diagnostics(_ gesture: String) -> [String] {
            ProfileLoader.load(yaml: head + gesture, path: "t.yaml").diagnostics.map(\.description)
        }
        #expect(diagnostics("      - { name: p, pan: { direction: upp } }\n") == [
            "t.yaml:6:38: unknown direction 'upp' (did you mean 'up'?); expected one of: left, right, up, down",
        ])
        #expect(diagnostics("      - { name: p, pan: { direction: [up, sideways] } }\n") == [
            "t.yaml:6:43: unknown direction 'sideways'; expected one of: left, right, up, down",
        ])
        #expect(diagnostics("      - { name: p, pan: { direction: [] } }\n") == [
            "t.yaml:6:38: a pan's direction must name at least one of: left, right, up, down (leave it out for a pan that goes any way)",
        ])
        #expect(diagnostics("      - { name: p, pan: { direction: up-left } }\n") == [
            "t.yaml:6:38: unknown direction 'up-left'; expected one of: left, right, up, down",
        ])
        #expect(diagnostics("      - { name: p, pan: { direction: up, maximumAngle: 120 } }\n") == [
            "t.yaml:6:56: maximumAngle must be between 0 and 90, not 120",
        ])
        #expect(diagnostics("      - { name: p, pan: { maximumAngle: 30 } }\n") == [
            "t.yaml:6:25: warning: pan maximumAngle applies only to a pan with a direction; this one goes any way",
        ])
    }
}
