import Testing
@testable import GestureEngine
@testable import GestureProfiles

/// A profile made live through a ``GestureSession`` on a 1920 x 1080 screen and `clock`: driven
/// the way the daemon drives it, input events in, actions out. A mistake in the profile fails
/// the test with its diagnostics.
func liveSession(_ yaml: String, clock: ManualClock) throws -> GestureSession {
    let r = ProfileLoader.load(yaml: yaml, path: "t.yaml")
    let file = try #require(r.file, "\(r.diagnostics)")
    return GestureSession(configuration: file, screen: Rect(x: 0, y: 0, width: 1920, height: 1080), clock: clock)
}

extension ProfileRuntime.PendingAction {
    /// `NAME PHASE N%`: how the preview tests write an action waiting on the fingers.
    var progressLine: String { "\(gesture) \(preview.phase) \(Int((preview.progress * 100).rounded()))%" }
}
