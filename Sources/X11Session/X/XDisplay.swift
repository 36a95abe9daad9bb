import CX11
import SystemCalls

/// The connection to the X server: the one holder of Xlib's `Display` pointer. Xlib is not
/// thread-safe, so only the thread that opened the connection may use it; debug builds check
/// that on every call (as swift-nio's event loops check that they run on their own thread).
final class XDisplay {
    private let pointer: OpaquePointer
    /// The thread that opened the connection.
    private let owner = ThreadIdentity.current

    /// Opens `name` (nil: `$DISPLAY`); nil when the server refuses or is not there.
    init?(name: String?) {
        guard let d = XOpenDisplay(name) else { return nil }
        pointer = d
    }

    deinit { XCloseDisplay(pointer) }

    /// The `Display *` for one Xlib call, on the owning thread only.
    var handle: OpaquePointer {
        assert(owner.isCurrent, "the X display is used from a thread that did not open it")
        return pointer
    }
}
