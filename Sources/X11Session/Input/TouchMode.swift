/// Who decides touchscreen touches: the mode of ``TouchOwnership``, changed only by the
/// transitions drawn here.
///
///            start(observeOnly: true), or every grab refused
///     none ─────────────────────────────────────────────────────▶ observer
///       │
///       │ start: the touch grab on root taken
///       ├───────────────────────────────────────────────────────▶ owner ◀──┐
///       │                                                                  │ the window manager's client
///       │ start: refused on root, taken on the top-level windows           │ went away, and the root's
///       └───────────────────────────────────────────────────────▶ afterWindowManager ┘ grab was ours then
///
/// A window manager started after that finds the root's grab taken, as when Tactus starts
/// first: Tactus stays the owner. Stopping drops the grabs and leaves the mode as it was.
public enum TouchMode: String, Sendable {
    /// The passive touch grab is ours: touches are decided (accepted or rejected).
    case owner
    /// Another client (a window manager: muffin, mutter) holds the passive touch grab on the
    /// root window and sees every touch first; ours are on the top-level windows below it,
    /// which the server makes the next listeners: each touch it lets go of is decided as the
    /// owner decides it (``TouchOwnership`` + TopLevels).
    case afterWindowManager = "owner after the window manager"
    /// No grab could be had (another client holds the root's, and the top-level windows'
    /// were refused): raw events, no claims.
    case observer
    /// No touch input at all (XI < 2.2).
    case none

    /// Touches are decided (accepted or rejected), not only observed.
    public var decides: Bool { self == .owner || self == .afterWindowManager }

    /// What `start` makes of the grabs it could take.
    static func started(observeOnly: Bool, rootGrabbed: () -> Bool, topLevelsGrabbed: () -> Bool) -> TouchMode {
        if observeOnly { return .observer }
        if rootGrabbed() { return .owner }
        return topLevelsGrabbed() ? .afterWindowManager : .observer
    }

    /// The client that held the root's grab (the window manager) may be gone: `rootGrabbed`
    /// tries the grab. Nil: no change.
    func windowManagerLeft(rootGrabbed: () -> Bool) -> TouchMode? {
        guard self == .afterWindowManager, rootGrabbed() else { return nil }
        return .owner
    }
}
