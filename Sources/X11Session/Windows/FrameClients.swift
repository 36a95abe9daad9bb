import GestureEngine

/// The client window in each top-level window (a window manager's frame), learned as the
/// session reads its clients, so that the window a touch landed on — the server names its
/// top-level window in the touch event (the event's child of the root) — is known without a
/// round trip. A touch begins on the path that decides what programs get: asking the server
/// there made every hand-back wait behind whatever the server was busy with (a pinch spreading
/// at once reached GTK two to five frames late while a client read screenshots).
///
/// Each update costs a constant, whatever the number of windows: the session reads thousands
/// of windows at start-up, each one a `clientRead`.
struct FrameClients {
    /// Top-level window → the client in it, and back.
    private var clients: [XWindowID: UInt64] = [:]
    private var frames: [UInt64: XWindowID] = [:]
    /// Top-level windows the server said hold no client.
    private var clientless: Set<XWindowID> = []
    /// Bounds what a desktop of many windows, or a hostile churn of frames, can make it hold.
    static let limit = 4096

    /// The answer for a top-level window, if known.
    func landing(in topLevel: XWindowID) -> LandingWindow? {
        if let client = clients[topLevel] { return .window(client) }
        return clientless.contains(topLevel) ? .desktop : nil
    }

    /// A client was read in `topLevel`: it is the window a touch there lands on. Top-level
    /// windows found to hold no client are asked again (the new client may be in one).
    mutating func clientRead(_ client: XWindowID, in topLevel: XWindowID) {
        clientless.removeAll(keepingCapacity: true)
        clientGone(client)
        if let old = clients[topLevel] { frames[old] = nil }
        if clients.count >= Self.limit { clients = [:]; frames = [:] }
        clients[topLevel] = UInt64(client)
        frames[UInt64(client)] = topLevel
    }

    /// A client is gone: the frame that held it holds nothing the session knows.
    mutating func clientGone(_ client: XWindowID) {
        guard let topLevel = frames.removeValue(forKey: UInt64(client)) else { return }
        clients[topLevel] = nil
    }

    /// What the server said of a top-level window the session had read no client in.
    mutating func remember(_ answer: LandingWindow, for topLevel: XWindowID) {
        switch answer {
        case .window(let client): clientRead(XWindowID(client), in: topLevel)
        case .desktop:
            if clientless.count >= Self.limit { clientless.removeAll() }
            clientless.insert(topLevel)
        }
    }
}
