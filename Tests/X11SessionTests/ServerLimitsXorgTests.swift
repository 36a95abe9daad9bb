import Foundation
import TestSupport
import Testing
@testable import X11TestSupport

/// The X server's own faults that Tactus works around, shown without Tactus
/// (`Tools/XorgTouchRepro`, `make xorg-touch-repro`): plain Xlib clients on Xorg 21.1 with the
/// dummy video and inputtest input drivers. When a test here fails, the server changed: the
/// work-around it names may be dropped (docs/deciding-under-x-ownership.md, "Known limits of the X server").
@Suite(.serialized) struct ServerLimitsXorgTests {
    /// Runs the reproducer's `scenario` and returns its output.
    func reproduce(_ scenario: String) throws -> [String] {
        let tool = BuiltProducts.executable("xorg-touch-repro")
        let child = try Child([tool, scenario], environment: ["PATH=/usr/bin:/bin", "REPRO_ROUNDS=2"], capture: true, captureErrors: true)
        #expect(child.output!.waitUntilFinished(timeout: 120), "the reproducer ended")
        _ = child.waitForExit(timeout: 10)
        return child.output!.lines
    }

    /// A rejection sent while a window manager's synchronous click-to-focus grab holds the
    /// pointer frozen freezes it for good (work-around: TouchOwnership waits for the pointer to
    /// be free before rejecting the touch that drives it); accepted instead, nothing freezes.
    @Test func aRejectionWhileAWindowManagersGrabHoldsThePointerFreezesIt() throws {
        let queued = try reproduce("queued")
        #expect(queued.contains { $0.contains("touch C, sent afterwards: did NOT reach the owner") }, "\(queued.suffix(15))")
        let accepted = try reproduce("accepted")
        #expect(accepted.contains { $0.contains("touch C, sent afterwards: reached the owner") }, "\(accepted.suffix(15))")
    }

    /// Under xfwm4, taps back to back (two in one server millisecond), rejected as the daemon
    /// rejects them (in the order they began, each once the pointer is free), strand a
    /// pointer-emulating touch: xfwm4's late ungrab, stamped with the last press's time, ends
    /// the grab the next replay activated in that millisecond; button 1 stays down and no press
    /// reaches a window again. Asking the window manager a round trip before such a rejection
    /// (as the daemon does) strands none.
    @Test func tapsInOneMillisecondUnderXfwm4StrandATouchUnlessTheManagerIsAskedFirst() throws {
        let stranded = try reproduce("stranded-burst")
        let summary = try #require(stranded.first { $0.hasPrefix("stranded-burst: button 1 stranded in") }, "\(stranded.suffix(10))")
        #expect(!summary.hasPrefix("stranded-burst: button 1 stranded in 0 of"), "\(stranded.suffix(10))")
        let asked = try reproduce("stranded-burst-roundtrip")
        #expect(asked.contains("stranded-burst-roundtrip: button 1 stranded in 0 of 2 rounds"), "\(asked.suffix(10))")
    }

    /// An owner whose connection closes with two touches undecided over a window manager's
    /// click-to-focus grab crashes the server (work-around: the daemon's signal handler accepts
    /// them and makes a round trip first); accepted with a round trip, it does not.
    @Test func anOwnerDyingWithTwoTouchesUndecidedCrashesTheServer() throws {
        let killed = try reproduce("killed")
        #expect(killed.contains("killed: the server died in 2 of 2 rounds"), "\(killed.suffix(15))")
        let accepted = try reproduce("killed-accepted")
        #expect(accepted.contains("killed-accepted: the server died in 0 of 2 rounds"), "\(accepted.suffix(15))")
    }
}
