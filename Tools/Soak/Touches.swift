import CX11
import Foundation
import GestureEngine
import SystemCalls
import TestSupport
import X11Session
@testable import X11TestSupport

// The touches the soak sends: taps, drags and pinches on the inputtest touchscreen, paced.

// MARK: Touches

typealias Frame = (x: Double, y: Double, w: Double, h: Double)

/// A touch the soak sent (index: its id, which is also the daemon's: both count from 1 in the
/// order touches begin).
struct SentTouch {
    enum Kind: String { case tap, drag, pinch, park }
    var kind: Kind
    /// The window it was sent to (its serial), or nil: the screen area.
    var window: Int?
    /// The first touch down: the server emulates the pointer with it.
    var emulatesPointer: Bool
    var lastEvent: Double
    var lastPhase: InputTestDevice.TouchPhase
    var lastPoint: Point
}


@MainActor func point(in frame: Frame) -> Point {
    Point(x: frame.x + Double.random(in: 10...(frame.w - 10), using: &random), y: frame.y + Double.random(in: 10...(frame.h - 10), using: &random))
}

/// The child of root holding `window` (its frame, with a window manager).
@MainActor func frameOf(_ window: Window) -> Window {
    var w = window
    while true {
        var rootReturn: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
        guard XQueryTree(display, w, &rootReturn, &parent, &children, &count) != 0 else { return 0 }
        if let children { XFree(children) }
        if parent == root || parent == 0 { return w }
        w = parent
    }
}

@MainActor func touch(_ phase: InputTestDevice.TouchPhase, _ id: UInt32, _ p: Point) {
    watchdog()
    var now = monotonic()
    if pace == .finger, now < lastTouchEvent + fingerInterval {
        repeat {
            usleep(UInt32(max(50, (lastTouchEvent + fingerInterval - now) * 1e6)))
            now = monotonic()
        } while now < lastTouchEvent + fingerInterval
    }
    smallestGap = min(smallestGap, now - lastTouchEvent)
    lastTouchEvent = now
    if phase == .begin {
        precondition(Int(id) == sent.count, "touch ids count from 1")
        sent.append(SentTouch(kind: kind, window: target, emulatesPointer: down.isEmpty, lastEvent: now, lastPhase: phase, lastPoint: p))
        down.insert(id)
        if debugSoak, target != nil {
            var x: Int32 = 0, y: Int32 = 0, under: Window = 0
            XTranslateCoordinates(display, root, root, Int32(p.x), Int32(p.y), &x, &y, &under)
            let owner = open.first { frameOf($0.window) == under }.map { "window \($0.serial)" } ?? (under == frameOf(currentWindow) ? "window \(target!)" : "0x\(String(under, radix: 16))")
            print("  touch \(id) (\(kind)) for window \(target!) lands on \(owner)")
        }
    } else {
        sent[Int(id)].lastEvent = now
        sent[Int(id)].lastPhase = phase
        sent[Int(id)].lastPoint = p
        if phase == .end { down.remove(id) }
    }
    do { try touchscreen.touch(phase, id: id, at: p) } catch { fail("touch \(id) \(phase): \(error)") }
    touchEvents += 1
}

/// About 100 touch events, inside `frame`: taps, drags and pinches.
@MainActor func touches(in frame: Frame) {
    kind = .tap
    for _ in 0..<5 {
        touchID &+= 1
        let p = point(in: frame)
        touch(.begin, touchID, p)
        touch(.end, touchID, p)
    }
    kind = .drag
    for _ in 0..<5 {
        touchID &+= 1
        let start = point(in: frame), end = point(in: frame)
        touch(.begin, touchID, start)
        for i in 1...8 {
            let f = Double(i) / 8
            touch(.update, touchID, Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
        }
        touch(.end, touchID, end)
    }
    kind = .pinch
    for _ in 0..<2 {
        let a = touchID &+ 1, b = touchID &+ 2
        touchID &+= 2
        let center = point(in: (frame.x + 60, frame.y + 60, frame.w - 120, frame.h - 120))
        let spread = Double.random(in: 0.5...1.5, using: &random)
        touch(.begin, a, Point(x: center.x - 30, y: center.y))
        touch(.begin, b, Point(x: center.x + 30, y: center.y))
        for i in 1...8 {
            let d = 30 * (1 + (spread - 1) * Double(i) / 8)
            touch(.update, a, Point(x: center.x - d, y: center.y))
            touch(.update, b, Point(x: center.x + d, y: center.y))
        }
        touch(.end, a, Point(x: center.x - 30 * spread, y: center.y))
        touch(.end, b, Point(x: center.x + 30 * spread, y: center.y))
    }
}
