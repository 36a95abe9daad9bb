import CX11
import GestureEngine
import SystemCalls

/// Picking a window by clicking on it, as xprop and xwininfo do: the pointer (and the
/// keyboard, for Escape) grabbed on the root with a crosshair, until a button is pressed.
extension XlibServer {
    public enum PickedPoint: Equatable, Sendable {
        /// Where the button was pressed, in root coordinates.
        case point(Point)
        /// Escape, or no click within the time given.
        case cancelled
        /// The pointer could not be grabbed (another program holds it: a menu, a drag).
        case unavailable(String)
    }

    /// Waits up to `milliseconds` for a button press anywhere on the screen; nothing reaches
    /// the windows meanwhile (the grab takes the press), and both grabs are let go before it
    /// returns.
    public func pickPoint(within milliseconds: Int32 = 60_000) -> PickedPoint {
        let d = display
        let crosshair: UInt32 = 34 // XC_crosshair (X11/cursorfont.h)
        let cursor = XCreateFontCursor(d, crosshair)
        defer { XFreeCursor(d, cursor) }
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask)
        let grabbed = XGrabPointer(d, Window(root), 0, mask, GrabModeAsync, GrabModeAsync, Window(root), cursor, UInt(CurrentTime))
        guard grabbed == GrabSuccess else {
            return .unavailable(grabbed == AlreadyGrabbed ? "another program holds the pointer" : "the pointer could not be grabbed (\(grabbed))")
        }
        let keyboard = XGrabKeyboard(d, Window(root), 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) == GrabSuccess
        defer {
            XUngrabPointer(d, UInt(CurrentTime))
            if keyboard { XUngrabKeyboard(d, UInt(CurrentTime)) }
            XFlush(d)
        }
        XFlush(d)
        let escape = XKeysymToKeycode(d, 0xff1b) // XK_Escape
        let deadline = MonotonicClock.nanoseconds() + Int64(milliseconds) * 1_000_000
        while true {
            while XPending(d) > 0 {
                var event = XEvent()
                XNextEvent(d, &event)
                switch event.type {
                case ButtonPress:
                    return .point(Point(x: Double(event.xbutton.x_root), y: Double(event.xbutton.y_root)))
                case KeyPress where event.xkey.keycode == UInt32(escape):
                    return .cancelled
                default:
                    continue
                }
            }
            let left = (deadline - MonotonicClock.nanoseconds()) / 1_000_000
            guard left > 0 else { return .cancelled }
            var fds = [PollDescriptor(FileDescriptor(rawValue: connectionNumber), .readable)]
            _ = poll(&fds, timeout: Int32(min(left, 1_000)))
        }
    }
}
