import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// A screen gesture's window action acts on the window the display server had under the
/// fingers as they landed, carried with each touch (``LandingWindow``), read by the input
/// source as it decoded them — not asked for while the gestures settle. Two windows: the upper
/// (8) from y 0 to 440, the lower (7) from 470 down; between them, 440 to 470, the lower
/// window's title bar, which the tracked client geometry does not cover.
@Suite struct LandingWindowTests {
    static let yaml = """
        version: 1
        profiles:
          - name: desktop
            match: any
            gestures:
              - name: maximize
                swipe: { direction: up, touches: 3 }
                action: { window: toggle-maximize }
        """

    func live() throws -> Live {
        let live = try Live(Self.yaml)
        live.runtime.updateWindow(WindowInfo(id: 8, windowClass: "Upper", title: "upper", frame: Rect(x: 100, y: 0, width: 800, height: 440)))
        live.runtime.updateWindow(WindowInfo(id: 7, windowClass: "Lower", title: "lower", frame: Rect(x: 100, y: 470, width: 800, height: 500)))
        return live
    }

    /// Three fingers landing at `xs` on `y` (each on the window the server named), swiped up
    /// 300 px in 10 frames 10 ms apart, lifted.
    func swipeUp(_ live: Live, xs: [Double], y: Double, landedOn: [LandingWindow?]) -> [String] {
        let ids = xs.indices.map { TouchID(Int64($0 + 1)) }
        live.frame(xs.indices.map { TouchPoint(id: ids[$0], phase: .began, location: Point(x: xs[$0], y: y), landedOn: landedOn[$0]) }, at: 0)
        for k in 1...10 {
            live.frame(xs.indices.map { TouchPoint(id: ids[$0], phase: .moved, location: Point(x: xs[$0], y: y - 30 * Double(k))) }, at: 10 * Double(k))
        }
        live.frame(xs.indices.map { TouchPoint(id: ids[$0], phase: .ended, location: Point(x: xs[$0], y: y - 300)) }, at: 110)
        return live.sink.lines
    }

    @Test func aSwipeFromATitleBarActsOnItsWindowAsTheServerSaid() throws {
        // Tracked geometry alone finds no window at y 455: the source does not say.
        #expect(try swipeUp(live(), xs: [300, 380, 460], y: 455, landedOn: [nil, nil, nil]) == ["maximize recognized: window toggle-maximize"])
        // The server's word, decorations counting as their window: the lower one.
        let w: LandingWindow = .window(7)
        #expect(try swipeUp(live(), xs: [300, 380, 460], y: 455, landedOn: [w, w, w]) == ["maximize recognized: window toggle-maximize @7"])
    }

    @Test func fingersStraddlingTwoWindowsActOnTheOneMostOfThemLandedOn() throws {
        // Their middle is over the upper window, two of the three landed on the lower one.
        let lines = try swipeUp(live(), xs: [300, 380, 460], y: 430, landedOn: [.window(8), .window(7), .window(7)])
        #expect(lines == ["maximize recognized: window toggle-maximize @7"])
        // One each on three windows: the first finger's.
        let spread = try swipeUp(live(), xs: [300, 380, 460], y: 430, landedOn: [.window(8), .window(7), .window(9)])
        #expect(spread == ["maximize recognized: window toggle-maximize @8"])
    }

    @Test func fingersOnAPopupOverAWindowActOnNoWindow() throws {
        // The server has no client there (an unmanaged popup, a panel): the window the tracked
        // geometry puts under it is not touched.
        let lines = try swipeUp(live(), xs: [300, 380, 460], y: 300, landedOn: [.desktop, .desktop, .desktop])
        #expect(lines == ["maximize recognized: window toggle-maximize"])
    }

    @Test func onlyActionsThatActOnAWindowAskTheServerAtEachLanding() throws {
        #expect(try Live(Self.yaml).runtime.needsExactWindows)
        let keysOnly = Self.yaml.replacing("{ window: toggle-maximize }", with: "{ keys: super+Up }")
        #expect(try !Live(keysOnly).runtime.needsExactWindows)
    }
}
