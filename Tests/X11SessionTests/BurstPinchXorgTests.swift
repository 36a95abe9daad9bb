import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// A pinch whose fingers spread from the first frame after landing (issue 32, point 4): any
/// owner that decides after a frame of motion hands it back as a burst, because the server
/// replays one touch's whole history after another (dix/touch.c `TouchEventHistoryReplay`),
/// and GTK's zoom takes its starting span when the second TouchBegin comes, from where the
/// first finger has got to by then (docs/deciding-under-x-ownership.md, "Handing back"). Three
/// runs on one Xorg, gtk3-demo's Gestures demo restarted for each: the program alone; under a
/// bare touch owner (no Tactus) that rejects each touch on its first update, the least any
/// rule that needs motion holds; under the daemon with the built-in profile. The bare owner
/// shows the change is the server's replay, and the daemon must do no worse than it.
extension CompareXorgTests {
    @Test func aPinchSpreadingAtOnceReachesGtkAsUnderAnyOwnerThatWaitsForAFrameOfMotion() throws {
        let bench = try CompareBench()
        let alone = try Self.gtkZoom(bench, restingFirst: 0, shot: "burst-alone")
        let owner = try BareTouchOwner(display: bench.x.display, rule: .rejectOnUpdate(1))
        let underOwner = try Self.gtkZoom(bench, restingFirst: 0, shot: "burst-bare-owner")
        owner.stop()
        #expect(owner.answers.rejected == 2, "the bare owner rejected \(owner.answers)")
        try bench.startDaemon(asUsersRunIt: true)
        let underTactus = try Self.gtkZoom(bench, restingFirst: 0, shot: "burst-tactus")

        let reference = try #require(alone.scale, "alone: \(alone.detail)")
        let replayed = try #require(underOwner.scale, "under the bare owner: \(underOwner.detail)")
        let tactus = try #require(underTactus.scale, "under the daemon: \(underTactus.detail)")
        let figures = String(format: "alone %.3f, bare owner %.3f (%@), Tactus %.3f (%@)", reference, replayed, percent(replayed, of: reference), tactus, percent(tactus, of: reference))
        print("FIGURE burst pinch GtkGestureZoom 100 → 160 px spreading at once: \(figures)")
        #expect(abs(reference - 1.6) < 0.02, "alone the scale is 160/100: \(figures)")
        // One frame of 6 px a finger held: GTK starts from a span of 106, not 100.
        #expect(replayed < reference - 0.03, "the server's replay of a frame of motion changes the zoom without Tactus: \(figures)")
        #expect(tactus >= replayed - 0.01 * replayed, "Tactus holds the pinch no longer than one frame of motion: \(figures)")
    }
}
