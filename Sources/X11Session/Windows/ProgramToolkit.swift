import SystemCalls

/// What a window's program is built with, where the X server cannot tell what it does with
/// touches. Qt 5 and 6 select XI 2.2 touch events on every window they create (their xcb
/// plugin's `xi2SelectDeviceEvents`, for XIAllMasterDevices), yet QtWidgets hands every widget
/// that does not ask for touch (`WA_AcceptTouchEvents`: most of them) mouse events made from
/// the touch, so a one-finger drag in a Qt 5 list selects instead of scrolling; Qt Quick
/// handles touch itself. The window's properties do not tell the two apart; the libraries its
/// process has mapped do (`/proc/PID/maps`, readable for the user's own processes). What a
/// widgets program does with touches is still its own affair — a widget may ask for them
/// (Qt's fingerpaint paints with them) — so this only names the toolkit for `tactus windows`
/// and the log, and a profile's `touch: mouse` gives such a program the conventions.
enum ProgramToolkit: String, Sendable, Equatable {
    /// QtWidgets without Qt Quick: the program gets a mouse of the touches, except in the
    /// widgets that ask for touch.
    case qtWidgets = "Qt widgets"

    /// How much of a process's maps is read: a large program's (a browser's) run to a few
    /// hundred kilobytes; the libraries of a Qt program are among them.
    static let mapsLimit = 4 << 20

    /// The toolkit of the local process `pid` that makes a mouse of the touches it selects,
    /// nil when it is none of those (or cannot be read).
    static func of(pid: Int32) -> ProgramToolkit? {
        guard pid > 0, let bytes = FileDescriptor.contents(ofFile: "/proc/\(pid)/maps", limit: mapsLimit) else { return nil }
        return classify(maps: String(decoding: bytes, as: UTF8.self))
    }

    /// The toolkit a process's memory map shows: QtWidgets (5 or 6) mapped and no Qt Quick
    /// (a QQuickWidget or QML in a widgets program counts as Quick: it may take touches).
    static func classify(maps: String) -> ProgramToolkit? {
        let widgets = maps.contains("libQt5Widgets.so") || maps.contains("libQt6Widgets.so")
        let quick = maps.contains("libQt5Quick.so") || maps.contains("libQt6Quick.so")
        return widgets && !quick ? .qtWidgets : nil
    }
}
