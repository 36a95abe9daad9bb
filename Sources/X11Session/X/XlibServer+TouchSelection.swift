import CX11

/// Whether a window's program takes touches itself, asked of the server: under XI 2.2 only one
/// client may select touch events (TouchBegin, TouchUpdate and TouchEnd together) on a window
/// for a given device id, and the server answers BadAccess to a second one (xorg-server
/// Xi/xiselectev.c, `check_for_touch_selection_conflicts`). A conflict is only against the same
/// id — XIAllDevices against XIAllDevices, XIAllMasterDevices against XIAllMasterDevices,
/// device N against device N — so every id a toolkit may use is tried: the two wildcards, each
/// master pointer and each device with a touch class.
extension XlibServer {
    /// How many windows of a client's tree are tried at most, breadth first. Each costs a round
    /// trip with the server grabbed, during which no other client is served (the program, the
    /// window manager, a compositor): 64 round trips of 50–100 µs keep the grab to a few
    /// milliseconds. Toolkits select touch on the top-level window or a window just below it
    /// (GTK 3, Qt, Chromium: the client window itself; Firefox: a child of it), which breadth
    /// first reaches at once; what lies deeper in a larger tree is a widget toolkit's native
    /// windows (Tk, Motif, Xaw: one per widget), and those toolkits select no touch events.
    static let touchProbeWindowLimit = 64

    /// With the server grabbed (no program can select or deselect meanwhile, and none ever
    /// gets a BadAccess because of the probe), each window of `window`'s tree is asked, breadth
    /// first: one XISelectEvents with a touch mask for every id, then at once the same ids with
    /// empty masks (the probe leaves no selection behind: a refused request sets nothing, an
    /// accepted one is undone), then XQueryTree — whose round trip also brings the first
    /// request's error, so a window costs one round trip and the whole probe one more, for the
    /// devices. A BadAccess means another client holds a touch selection there: true. Windows
    /// that vanish (impossible under the grab, survived anyway) count as not selecting; nil
    /// when `window` itself is gone, or another error leaves the answer unknown.
    ///
    /// This client must hold no XI 2 selection of its own on the windows asked: the empty
    /// masks would clear it, and a touch selection of its own would never conflict. Tactus
    /// selects XI 2 events on the root window only (`selectRootInput`), which is refused here.
    public func touchSelectedByAnotherClient(in window: XWindowID) -> Bool? {
        guard xiOpcode >= 0, window != 0, window != root else { return nil }
        XGrabServer(display)
        defer {
            XUngrabServer(display)
            XFlush(display)
        }
        // XIQueryDevice's round trip also brings the errors of requests made before the probe:
        // they are not the probe's.
        let ids = touchSelectionDeviceIDs()
        _ = cx11_take_last_error()
        var queue = [Window(window)]
        var next = 0
        while next < queue.count, next < Self.touchProbeWindowLimit {
            let w = queue[next]
            next += 1
            selectTouchEvents(on: w, for: ids, selected: true)
            selectTouchEvents(on: w, for: ids, selected: false)
            let children = childWindows(of: w)
            let error = cx11_take_last_error()
            guard let children else {
                if next == 1 { return nil }
                continue
            }
            if error == BadAccess { return true }
            if error != 0 { return nil }
            queue += children
        }
        return false
    }

    /// The device ids a touch selection may be made for, wildcards first.
    private func touchSelectionDeviceIDs() -> [Int32] {
        let devices = devices().filter { $0.use == .masterPointer || ($0.touchMode != nil && $0.use != .masterKeyboard) }
        return [XIAllDevices, XIAllMasterDevices] + devices.map(\.id)
    }

    /// One XISelectEvents on `window` with a mask for each of `ids`: TouchBegin, TouchUpdate and
    /// TouchEnd (`selected`), or an empty one, which clears this client's mask for that id
    /// without creating a selection where it had none.
    private func selectTouchEvents(on window: Window, for ids: [Int32], selected: Bool) {
        var bytes = [UInt8](repeating: 0, count: Int(cx11_xi_mask_len(XI_LASTEVENT)))
        if selected {
            for e in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] { cx11_xi_set_mask(&bytes, e) }
        }
        bytes.withUnsafeMutableBufferPointer { buffer in
            var masks = ids.map { XIEventMask(deviceid: $0, mask_len: selected ? Int32(buffer.count) : 0, mask: buffer.baseAddress) }
            _ = XISelectEvents(display, window, &masks, Int32(masks.count))
        }
    }

    /// `window`'s children, bottom first; nil when it is gone (the error is left for the caller).
    private func childWindows(of window: Window) -> [Window]? {
        var rootReturn: Window = 0, parent: Window = 0
        var list: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &rootReturn, &parent, &list, &count) != 0 else { return nil }
        guard let list else { return [] }
        defer { XFree(list) }
        return Array(UnsafeBufferPointer(start: list, count: Int(count)))
    }
}
