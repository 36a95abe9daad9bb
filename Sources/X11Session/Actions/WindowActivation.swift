/// The EWMH "source indication" of a pager or taskbar: window managers obey its requests as
/// the user's own (an application's, source 1, they may refuse).
let pagerSourceIndication = 2

/// `_NET_ACTIVE_WINDOW` as a pager sends it: the one request that raises, focuses and
/// de-iconifies a window on openbox, fluxbox, xfwm4 and marco alike.
extension WindowManagerRequests {
    /// Asks the window manager to activate `window` (raise it, focus it, de-iconify it).
    /// `time` must be a fresh server timestamp (``ServerClock/freshTimestamp()``): xfwm4 takes
    /// a request with timestamp 0 as an application's, and marco refuses one older than the
    /// user's last input (it only marks the window as demanding attention).
    func requestActivation(of window: XWindowID, time: XTime) {
        sendRootMessage(about: window, type: "_NET_ACTIVE_WINDOW", data: [pagerSourceIndication, Int(time), 0])
    }
}

extension ServerClock {
    /// The server's time now, never 0 (CurrentTime, which window managers take as "no time").
    func freshTimestamp() -> XTime { max(1, serverTime()) }
}
