import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// The touchpad gestures the importers bring over, through a real Xorg (dummy video, an
/// `inputtest` touchpad sending XI 2.4 gesture events) to the running daemon: a diagonal
/// swipe, a rotation (the pinch events' angle), a swipe that repeats as it goes, and a
/// binding for swipes made with Super held (the events' modifier state).
@Suite(.serialized) struct TouchpadGesturesXorgTests {
    static let config = DaemonConfiguration.desktop(touchpad: """
        - { name: tp-up, swipe: { fingers: 3, direction: up }, action: { log: "swipe up" } }
        - { name: tp-up-right, swipe: { fingers: 3, direction: up-right }, action: { log: "swipe up-right" } }
        - { name: tp-snap, swipe: { fingers: 3, direction: up }, modifiers: [super], action: { log: "snap up" } }
        - { name: tp-volume, swipe: { fingers: 4, direction: up }, repeat: { every: 40, action: { log: "louder" }, reverse: { log: "quieter" } } }
        - { name: tp-turn, pinch: { fingers: 2, direction: clockwise }, action: { log: "turned clockwise" } }
        - { name: tp-zoom, pinch: { fingers: 2, direction: out }, action: { log: "zoomed" } }
        """)

    @Test func diagonalsRotationsRepeatsAndModifiersReachTheirBindings() throws {
        let x = try XvfbSession(backend: .xorg)
        let pad = try InputTestDevice(path: x.deviceSockets["touchpad"]!)
        let daemon = try x.startDaemon(config: Self.config)
        func actions(_ gesture: String) -> [String] {
            daemon.output!.lines.filter { $0.contains("\"kind\":\"action\",\"gesture\":\"\(gesture)\"") }
        }
        func swipe(_ fingers: UInt16, dx: Double, dy: Double, steps: Int = 10) throws {
            try pad.swipe(.begin, fingers: fingers)
            for _ in 0..<steps { try pad.swipe(.update, fingers: fingers, dx: dx, dy: dy) }
            try pad.swipe(.end, fingers: fingers)
        }
        // 31° off vertical: up-right (a diagonal is bound); 10° off: up.
        try swipe(3, dx: 6, dy: -10)
        #expect(daemon.output!.wait { _ in actions("tp-up-right").count == 1 } != nil, "\(daemon.output!.lines.suffix(20))")
        try swipe(3, dx: 1.8, dy: -10)
        #expect(daemon.output!.wait { _ in actions("tp-up").count == 1 } != nil, "\(daemon.output!.lines.suffix(20))")
        // 130 px up, then 50 back: three steps up and one back.
        try pad.swipe(.begin, fingers: 4)
        for _ in 0..<13 { try pad.swipe(.update, fingers: 4, dx: 0, dy: -10) }
        for _ in 0..<5 { try pad.swipe(.update, fingers: 4, dx: 0, dy: 10) }
        try pad.swipe(.end, fingers: 4)
        #expect(daemon.output!.wait { _ in actions("tp-volume").count == 4 } != nil, "\(daemon.output!.lines.suffix(20))")
        #expect(actions("tp-volume").map { $0.contains("louder") } == [true, true, true, false])
        // A pinch that turns 30° clockwise while it barely scales: a rotation.
        try pad.pinch(.begin, fingers: 2, scale: 1)
        for i in 1...6 { try pad.pinch(.update, fingers: 2, scale: 1 + Double(i) * 0.005, angle: 5) }
        try pad.pinch(.end, fingers: 2, scale: 1.03)
        #expect(daemon.output!.wait { _ in actions("tp-turn").count == 1 } != nil, "\(daemon.output!.lines.suffix(20))")
        #expect(actions("tp-zoom").isEmpty)
        // Super held (through XTest, the same master keyboard): the binding naming it.
        let superKey = try #require(x.server.keycode(forKeysym: UInt(Keysyms.byName["Super_L"]!)))
        x.server.fakeKey(superKey, pressed: true)
        x.server.sync()
        try swipe(3, dx: 0, dy: -10)
        x.server.fakeKey(superKey, pressed: false)
        x.server.sync()
        #expect(daemon.output!.wait { _ in actions("tp-snap").count == 1 } != nil, "\(daemon.output!.lines.suffix(20))")
        #expect(actions("tp-up").count == 1)
    }
}
