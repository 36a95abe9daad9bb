import Dispatch
import GestureProfiles
import X11Session

/// The desktop's open windows, read from the X server (not from the daemon, which need not
/// run): the ones a person can add an application profile for.
enum OpenWindows {
    /// The managed windows of other programs, top of the stack first.
    static func list() -> [WindowInfo] {
        guard let server = try? XlibServer() else { return [] }
        return WindowTracker(server: server).clients().filter { $0.windowClass != "tactus-settings" && !$0.windowClass.isEmpty }
    }

    /// Lets the person click on a window (a crosshair until a button is pressed, Escape
    /// cancels), on a thread of its own so the window goes on drawing; `picked` is called on
    /// the main loop with the window's client, or nil and why not.
    static func pick(_ picked: @escaping @Sendable @MainActor (WindowInfo?, String?) -> Void) {
        DispatchQueue.global().async {
            guard let server = try? XlibServer() else {
                onMainLoop { picked(nil, "the X display cannot be opened") }
                return
            }
            switch server.pickPoint() {
            case .point(let point):
                let tracker = WindowTracker(server: server)
                let client = tracker.clientWindow(at: point)
                let window = tracker.clients().first { $0.id == client.map(UInt64.init) }
                onMainLoop { picked(window, window == nil ? "that is not an application's window" : nil) }
            case .cancelled:
                onMainLoop { picked(nil, nil) }
            case .unavailable(let why):
                onMainLoop { picked(nil, why) }
            }
        }
    }
}
