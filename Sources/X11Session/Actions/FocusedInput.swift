import GestureProfiles
import SystemCalls

/// Keys and clicks reach the window whose gesture fired them.
///
/// A touch a gesture claims never reaches the window manager, so touching a window does not
/// focus it, and XTest keys go to the focused window. So when a `keys` or `click` action has
/// a window and the input focus is not in it, the window is activated first (EWMH
/// `_NET_ACTIVE_WINDOW` with source indication 2, a pager's request, which window managers
/// honour) and the action waits here — never in a sleep: the event loop goes on — until the
/// window reports `FocusIn`, for at most ``bound`` milliseconds. Later keys and clicks queue
/// behind it, so that their order holds. When the bound passes, what waits is dropped and
/// said so: nothing is typed into a window the gesture was not on. Actions with no window
/// (a screen gesture with `target: focused`, or no window manager) go to the focus as it is.
final class FocusedInput {
    typealias Server = FocusControl & WindowManagerRequests

    /// How long a window may take to take the focus.
    static let bound: UInt64 = 1_000

    private struct Waiting {
        var request: ActionRequest
        var window: XWindowID
    }

    private let server: Server
    /// Performs an action now (the injection itself).
    private let deliver: (ActionRequest) -> Void
    /// What happened, for the log and the monitor: the subject, then the message.
    var report: (_ subject: String, _ message: String, _ problem: Bool) -> Void = { _, _, _ in }
    /// Monotonic milliseconds (injected so tests can drive it).
    var milliseconds: () -> UInt64 = { UInt64(MonotonicClock.nanoseconds() / 1_000_000) }

    private var queue: [Waiting] = []
    /// The window asked to take the focus: since when, and until when.
    private var awaited: (window: XWindowID, since: UInt64, deadline: UInt64)?

    init(server: Server, deliver: @escaping (ActionRequest) -> Void) {
        self.server = server
        self.deliver = deliver
    }

    /// Whether actions wait for a window to take the focus.
    var isWaiting: Bool { awaited != nil }

    /// When the loop must wake to give up waiting (monotonic ms), nil when nothing waits.
    var deadline: UInt64? { awaited?.deadline }

    /// A `keys` or `click` action, or a hold's keys going down: performed now when its window
    /// has the focus (or it has none), else queued behind an activation. Keys typed under a
    /// hold, and a hold's release, follow the hold instead (``follow(_:)``).
    func submit(_ request: ActionRequest) {
        switch request.action {
        case .releaseKeys: return follow(request)
        case .keys where request.hold != nil: return follow(request)
        default: break
        }
        guard let info = request.window else {
            if queue.isEmpty { deliver(request) } else { queue.append(Waiting(request: request, window: 0)) }
            return
        }
        let window = XWindowID(info.id)
        if queue.isEmpty, server.focusIsWithin(window) { return deliver(request) }
        queue.append(Waiting(request: request, window: window))
        if awaited == nil { activate(window) }
    }

    /// Keys typed under a hold, and the hold's release: they go where the hold's keys went
    /// down, wherever the focus is by then — a window switcher moves it while Alt is held, and
    /// asking for the gesture's window again would undo the switch. Behind what waits, else now.
    private func follow(_ request: ActionRequest) {
        if queue.isEmpty { deliver(request) } else { queue.append(Waiting(request: request, window: 0)) }
    }

    /// A window got the input focus: the actions waiting for it are performed, up to the
    /// first that waits for another window (which is activated in turn).
    func focused(_ window: XWindowID) {
        guard let waiting = awaited, waiting.window == window else { return }
        awaited = nil
        let waited = milliseconds() - waiting.since
        var delivered = 0
        while let next = queue.first, next.window == window || next.window == 0 {
            queue.removeFirst()
            deliver(next.request)
            delivered += 1
        }
        report(hex(window), "took the focus after \(waited) ms: \(delivered) key or click action\(delivered == 1 ? "" : "s") delivered", false)
        if let next = queue.first { activate(next.window) }
    }

    /// The loop woke at or after ``deadline``: a window that did not take the focus in time
    /// gets nothing, and neither does any other window (the queue is emptied).
    func expire() {
        guard let waiting = awaited, milliseconds() >= waiting.deadline else { return }
        awaited = nil
        // Held keys that went down come up all the same: a release is never dropped.
        let releases = queue.filter { if case .releaseKeys = $0.request.action { return true } else { return false } }
        let dropped = queue.filter { if case .releaseKeys = $0.request.action { return false } else { return true } }.map { $0.request.action.description }
        queue = []
        report(hex(waiting.window), "did not take the focus within \(Self.bound) ms: not typed: \(dropped.joined(separator: ", "))", true)
        for r in releases { deliver(r.request) }
    }

    private func activate(_ window: XWindowID) {
        // The focus may already be there (the request raced a focus change): nothing to wait for.
        if server.focusIsWithin(window) {
            while let next = queue.first, next.window == window || next.window == 0 {
                queue.removeFirst()
                deliver(next.request)
            }
            if let next = queue.first { activate(next.window) }
            return
        }
        let now = milliseconds()
        awaited = (window, now, now + Self.bound)
        server.sendRootMessage(about: window, type: "_NET_ACTIVE_WINDOW", data: [2, 0, 0])
        server.flush()
        report(hex(window), "not focused: asked the window manager to activate it; keys and clicks wait for it", false)
    }

    private func hex(_ window: XWindowID) -> String { "window 0x" + String(window, radix: 16) }
}
