import GestureEngine

/// The client window in each top-level window (a window manager's frame), learned as the
/// session reads its clients, so that the window a touch landed on — the server names its
/// top-level window in the touch event (the event's child of the root) — is known without a
/// round trip. A touch begins on the path that decides what programs get: asking the server
/// there made every hand-back wait behind whatever the server was busy with (a pinch spreading
/// at once reached GTK two to five frames late while a client read screenshots).
struct FrameClients {
    private var known: [XWindowID: LandingWindow] = [:]
    /// Bounds what a desktop of many windows, or a hostile churn of frames, can make it hold.
    static let limit = 4096

    /// The answer for a top-level window, if known.
    func landing(in topLevel: XWindowID) -> LandingWindow? { known[topLevel] }

    /// A client was read in `topLevel`: it is the window a touch there lands on. Top-level
    /// windows found to hold no client are asked again (the new client may be in one).
    mutating func clientRead(_ client: XWindowID, in topLevel: XWindowID) {
        known = known.filter { $0.value != .desktop }
        remember(.window(UInt64(client)), for: topLevel)
    }

    /// A client is gone: the frame that held it holds nothing the session knows.
    mutating func clientGone(_ client: XWindowID) {
        known = known.filter { $0.value != .window(UInt64(client)) }
    }

    /// What the server said of a top-level window the session had read no client in.
    mutating func remember(_ answer: LandingWindow, for topLevel: XWindowID) {
        if known.count >= Self.limit { known = [:] }
        known[topLevel] = answer
    }
}
