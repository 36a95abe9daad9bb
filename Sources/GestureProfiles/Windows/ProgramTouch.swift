/// What a window's program does with the touches the X server would give it
/// (semantics.md §12): a property of its windows, found out from the server
/// (`tactus windows` shows it) or set for a window class by a profile's `touch:`.
public enum ProgramTouch: String, Sendable, Equatable, CaseIterable {
    /// It takes touches itself (a client selected XI 2.2 touch events on its windows): the
    /// touches are left to it exactly as §10–§11 say.
    case own
    /// It selects no touch events: the server makes button 1 of the first finger and drops
    /// the rest (xterm, Tk, GTK 2, Java, Motif, Wine, Firefox without XInput 2), so the
    /// touchscreen conventions of `match: { touch: mouse }` profiles apply there.
    case mouse
}

/// Where a window's ``ProgramTouch`` comes from, for `tactus windows` and the log.
public enum ProgramTouchSource: String, Sendable, Equatable {
    /// The server said: a client selected touch events on the window or a window below it
    /// (`own`; the toolkit named when it makes a mouse of them in most widgets), or none did
    /// (`mouse`).
    case server
    /// The window's profile says so (`touch:`), whatever the server says.
    case profile
    /// Not known (the window was not asked yet, or the server could not tell): counted as
    /// `own`, so Tactus changes nothing there.
    case unknown
}

/// A window's ``ProgramTouch`` and where it comes from.
public struct ProgramTouchVerdict: Sendable, Equatable, CustomStringConvertible {
    public var touch: ProgramTouch
    public var source: ProgramTouchSource
    /// The toolkit of a program that selects touch events but makes a mouse of them in most
    /// widgets (`Qt widgets`), named for the person reading.
    public var toolkit: String?

    public init(_ touch: ProgramTouch, _ source: ProgramTouchSource, toolkit: String? = nil) {
        self.touch = touch
        self.source = source
        self.toolkit = toolkit
    }

    /// As `tactus windows` shows it: `own`, `own (Qt widgets)`, `mouse`, `mouse (profile)`,
    /// `own (not known)`.
    public var description: String {
        switch source {
        case .server: toolkit.map { "\(touch.rawValue) (\($0))" } ?? touch.rawValue
        case .profile: "\(touch.rawValue) (profile)"
        case .unknown: "\(touch.rawValue) (not known)"
        }
    }
}
