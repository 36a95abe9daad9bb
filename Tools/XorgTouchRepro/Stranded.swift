import CX11
import Foundation
import GestureEngine
@testable import X11TestSupport
import TestSupport

// `stranded` and its variants: real xfwm4, taps back to back.

/// `stranded`: real xfwm4 (compositor off) manages two windows; the owner rejects every touch
/// as it begins; taps come back to back (as the soak's full pace injects them), on the two
/// windows and on the root. xfwm4 grabs button 1 synchronously on unfocused clients and, late,
/// ends a grab with XUngrabPointer stamped with an earlier press's time: when two replayed
/// presses share a server millisecond, that ungrab ends the newer grab without resolving its
/// touch, whose end the server skipped while the pointer was frozen (dix/touch.c
/// TouchEmitTouchEnd on a frozen device; TouchRemovePointerGrab is an empty FIXME). The touch
/// stays the oldest pointer-emulating one for good: button 1 down to XQueryPointer, and slow
/// taps afterwards reach no window (Xi/exevents.c TouchPuntToNextOwner parks them behind it).
/// `stranded-spaced`: the same taps 2 ms apart, never in one millisecond.
func runStranded(_ name: String, rounds: Int) throws {
    say("== \(name)")
    var stuck = 0
    let spaced = name == "stranded-spaced"
    let waits = name != "stranded" && name != "stranded-spaced"
    let roundTrip = name.hasSuffix("-roundtrip")
    // stranded-burst*: the owner answers only every 6 taps, once they ended, oldest first
    // (as a busy daemon does).
    let burst = name.hasPrefix("stranded-burst")
    for round in 1...rounds {
        let x = try XvfbSession(backend: .xorg, windowManager: .xfwm4(compositor: false))
        defer { x.tearDown() }
        let touchscreen = try InputTestDevice(path: x.deviceSockets["touch"]!)
        let left = try x.openWindow(class: "Left", title: "left", geometry: "560x380+20+40", buttonState: true)
        let right = try x.openWindow(class: "Right", title: "right", geometry: "560x380+640+40", buttonState: true)
        let owner = Owner(x.display)
        var random = SeededRandom(seed: UInt64(round))
        var id: UInt32 = 0
        func buttonOne() -> Bool {
            var r: Window = 0, c: Window = 0, rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, mask: UInt32 = 0
            XQueryPointer(owner.display, owner.root, &r, &c, &rx, &ry, &wx, &wy, &mask)
            return mask & UInt32(Button1Mask) != 0
        }
        var lastRejected: Time?
        var roundTrips = 0, unanswered = 0
        /// Every touch the owner has seen begin is rejected. `stranded-waited`: as the daemon
        /// answers (each pointer-emulating rejection waits for the pointer to be free, 5 s at
        /// most); `stranded-roundtrip`: that, and a round trip through the window manager
        /// before one that began in the millisecond of the last one rejected.
        func rejectSeen() {
            while !owner.order.isEmpty {
                let t = owner.order.removeFirst()
                guard let touch = owner.touches[t] else { continue }
                if waits && touch.emulating {
                    let until = monotonic() + 5
                    while owner.pointerHeld() && monotonic() < until { usleep(1_000); owner.pump() }
                    if roundTrip, let last = lastRejected, touch.began <= last {
                        roundTrips += 1
                        if !owner.windowManagerRoundTrip() { unanswered += 1 }
                        while owner.pointerHeld() && monotonic() < until { usleep(1_000); owner.pump() }
                    }
                    lastRejected = touch.began
                }
                owner.reject(t)
                owner.touches[t] = nil
            }
        }
        var strandedAt: Int?
        for k in 1...400 {
            id &+= 1
            let p = Point(x: Double([Int.random(in: 40...580, using: &random), Int.random(in: 660...1200, using: &random)].randomElement(using: &random)!),
                          y: Double([Int.random(in: 80...400, using: &random), Int.random(in: 460...780, using: &random)].randomElement(using: &random)!))
            try touchscreen.touch(.begin, id: id, at: p)
            if !burst || k % 6 == 0 {
                owner.pump()
                rejectSeen()
            }
            try touchscreen.touch(.end, id: id, at: p)
            if spaced { usleep(2_000) }
            if k % 25 == 0 {
                usleep(400_000)
                owner.pump()
                rejectSeen()
                usleep(100_000)
                if buttonOne() { strandedAt = k; break }
            }
        }
        guard let at = strandedAt else {
            say("round \(round): 400 taps, button 1 up after each 25\(roundTrip ? " (\(roundTrips) round trips, \(unanswered) unanswered)" : "")")
            continue
        }
        // Slow taps on the windows: does a press reach them still?
        let before = left.output.lines.count + right.output.lines.count
        for p in [Point(x: 300, y: 200), Point(x: 900, y: 200), Point(x: 300, y: 200)] {
            id &+= 1
            try touchscreen.touch(.begin, id: id, at: p)
            usleep(50_000)
            owner.pump()
            rejectSeen()
            try touchscreen.touch(.end, id: id, at: p)
            usleep(300_000)
        }
        let presses = (left.output.lines + right.output.lines).filter { $0.hasPrefix("button-press") }.count
        let reached = left.output.lines.count + right.output.lines.count > before
        stuck += 1
        say("round \(round): button 1 held with no finger down after \(at) taps; 3 slow taps afterwards: \(reached ? "reached a window" : "reached no window") (\(presses) presses in all)")
    }
    say("\(name): button 1 stranded in \(stuck) of \(rounds) rounds")
}
