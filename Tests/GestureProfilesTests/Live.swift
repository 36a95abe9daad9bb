import Testing
import TestSupport
@testable import GestureEngine
@testable import GestureProfiles

// The ways the profiles' tests make a profile live: on the shared engine harness (``Live``),
// or through a session as the daemon drives it (``liveSession(_:clock:)``).

/// Every action the runtime asked for; as lines, `GESTURE STATE: ACTION @WINDOW`.
final class RecordingSink: ActionSink {
    var requests: [ActionRequest] = []
    func perform(_ request: ActionRequest) { requests.append(request) }
    var lines: [String] { requests.map { "\($0.gesture) \($0.state): \($0.action)" + ($0.window.map { " @\($0.id)" } ?? "") } }
}

/// A profile file made live on the shared ``EngineHarness`` (taps held 40 ms, drags in 8 moves).
final class Live: EngineHarness {
    let runtime: ProfileRuntime
    let sink = RecordingSink()

    struct BadProfile: Error { var diagnostics: [Diagnostic] }

    convenience init(_ yaml: String) throws {
        let r = ProfileLoader.load(yaml: yaml, path: "t.yaml")
        guard let file = r.file else { throw BadProfile(diagnostics: r.diagnostics) }
        self.init(file)
    }

    /// A profile already loaded.
    init(_ file: ProfileFile) {
        let (engine, clock) = EngineHarness.bareScreen()
        runtime = ProfileRuntime(configuration: file, engine: engine)
        super.init(engine: engine, clock: clock, tapHolding: 40, dragSteps: 8)
        runtime.sink = sink
    }
}

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
