import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// Qt 5 under the built-in default profile: one-finger strokes paint the same pixels.
extension CompareXorgTests {
    static let fingerpaint = "/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/touch/fingerpaint/fingerpaint"

    /// Qt 5's fingerpaint example (qtbase5-examples) stamps a 50 px disc at every touch point
    /// it receives; six one-finger strokes (10 moves of 6 px, 4,4 px on the diagonals, 16 ms
    /// apart by the test's clock, 100 ms between strokes) paint the same pixels with the daemon
    /// as without, compared pixel by pixel in screenshots of its window taken once the painting
    /// settles. Qt's xcb backend drops every XI_TouchUpdate of a touch while a later one is
    /// already queued, so a touch history replayed at once loses points (a waist near a
    /// stroke's start, a pixel deep where it crosses the pixel grid): the screenshots show it
    /// with the real program and no help from it. They are kept in .build/screenshots/.
    @Test func qtFingerpaintStrokesPaintTheSamePixelsAsWithoutTheDaemon() throws {
        let bench = try CompareBench()
        func run(daemon: Bool) throws -> (shot: Pixels, frame: Rect) {
            if daemon { try bench.startDaemon() }
            let paint = try bench.start([Self.fingerpaint])
            defer { bench.stop(paint) }
            let window = try #require(bench.client { $0.title == "Finger Paint" }, "fingerpaint's window did not appear")
            let frame = window.frame
            let white = Screenshot.Color(red: 255, green: 255, blue: 255)
            // The canvas is up: drawn white where the strokes go, and settled.
            let blank = try bench.stableScreenshot(of: frame, name: "paint") { $0.color($0.width / 2, $0.height / 2) == white }
            try #require(blank.settled, "fingerpaint's canvas did not come up white")
            // Six strokes, in six directions, from points at different fractions of a pixel:
            // where a lost point shows depends on where the discs fall on the pixel grid.
            let c = Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
            let strokes: [(start: Point, step: Vector)] = [
                (Point(x: c.x - 300, y: c.y - 150), Vector(dx: 6, dy: 0)),
                (Point(x: c.x + 300.25, y: c.y - 50.25), Vector(dx: -6, dy: 0)),
                (Point(x: c.x - 250.5, y: c.y + 20.5), Vector(dx: 0, dy: 6)),
                (Point(x: c.x + 250.75, y: c.y + 180.75), Vector(dx: 0, dy: -6)),
                (Point(x: c.x - 100.25, y: c.y + 60.5), Vector(dx: 4, dy: 4)),
                (Point(x: c.x + 100.5, y: c.y + 200.25), Vector(dx: -4, dy: -4)),
            ]
            try bench.paced { pace in
                for stroke in strokes {
                    try bench.pacedStroke(&pace, from: stroke.start, by: stroke.step, moves: 10, interval: 16)
                    pace.wait(100)
                }
            }
            try bench.touch.sync()
            let painted = try bench.stableScreenshot(of: frame, name: "paint") { $0 != blank.pixels }
            bench.keep(painted.shot, frame, as: "compare-qt-fingerpaint-\(daemon ? "with" : "without")")
            try #require(painted.settled, "\(daemon ? "with" : "without") the daemon the strokes painted nothing that settled")
            return (painted.pixels, frame)
        }
        let without = try run(daemon: false)
        let with = try run(daemon: true)
        try #require(without.frame == with.frame, "fingerpaint's window was \(without.frame) without the daemon, \(with.frame) with it")
        let difference = with.shot.differences(from: without.shot)
        #expect(difference.count == 0,
                "fingerpaint: \(difference.count) pixels differ with the daemon from without it, within x y w h \(difference.box.map { "\($0.0) \($0.1) \($0.2) \($0.3)" } ?? "-") of the window (screenshots in .build/screenshots/compare-qt-fingerpaint-*.png)")
    }
}
