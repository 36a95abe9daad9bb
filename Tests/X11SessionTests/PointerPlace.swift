import Foundation
@testable import GestureEngine
@testable import X11TestSupport

/// The pointer as the tests of the pointer rule (``PointerReturn``) place and read it, on a
/// real server.
enum PointerPlace {
    /// Where the server's pointer is (root coordinates, whole pixels).
    static func of(_ x: XvfbSession) -> Point? { x.server.pointerPosition().map { Point(x: $0.x.rounded(), y: $0.y.rounded()) } }

    /// Within 2 px (the inputtest device's units round to the screen's pixels).
    static func near(_ a: Point?, _ b: Point?) -> Bool {
        guard let a, let b else { return false }
        return abs(a.x - b.x) <= 2 && abs(a.y - b.y) <= 2
    }

    static func text(_ p: Point?) -> String { p.map { "\(Int($0.x)),\(Int($0.y))" } ?? "nowhere" }

    /// Puts the pointer at `place` with the mouse (XTest, from 5 px beside it, so there is
    /// motion to see) and, with a daemon, waits until it has read it there.
    static func put(_ x: XvfbSession, at place: Point, readBy daemon: Child?) throws {
        let from = daemon?.output?.count ?? 0
        x.server.fakeMotion(to: Point(x: place.x + 5, y: place.y))
        x.server.fakeMotion(to: place)
        x.server.sync()
        if let daemon, daemon.output!.wait(timeout: 10, { _ in daemon.output!.lines(from: from).contains { $0.contains("the pointer rests at \(Int(place.x)),\(Int(place.y))") } }) == nil {
            throw FixtureError(description: "the daemon never read the pointer at \(place): \(daemon.output!.lines.suffix(6))")
        }
    }

    /// Waits until the daemon, from its output line `from` on, has settled a hand: it said
    /// where the pointer goes or why it stays.
    static func settled(_ daemon: Child, from: Int) {
        _ = daemon.output!.wait(timeout: 5) { _ in daemon.output!.lines(from: from).contains { $0.contains("the pointer goes back") || $0.contains("the pointer stays") } }
    }
}
