import CX11
import GestureEngine

/// The feedback overlay through Xlib: an override-redirect window over the whole screen whose
/// input shape is empty (XFixes) and whose bounding shape (SHAPE) is exactly what it draws;
/// its background is the drawing's colour, so the server paints it (no Expose to answer).
extension XlibServer: OverlayWindows {
    public func makeOverlay() -> OverlaySurface? {
        var event: Int32 = 0, error: Int32 = 0
        guard XShapeQueryExtension(display, &event, &error) != 0, XFixesQueryExtension(display, &event, &error) != 0 else { return nil }
        // Input shapes are SHAPE 1.1, set through XFixes 2.
        var major: Int32 = 2, minor: Int32 = 0
        guard XFixesQueryVersion(display, &major, &minor) != 0, major >= 2 else { return nil }
        return XlibOverlay(server: self)
    }

    /// Whether a compositing manager runs on the default screen (it owns `_NET_WM_CM_Sn`).
    public var compositorRuns: Bool {
        XGetSelectionOwner(display, Atom(atom("_NET_WM_CM_S\(XDefaultScreen(display))"))) != 0
    }
}

/// One overlay window. Built again, at the start of a showing, when the screen's size or the
/// presence of a compositor changed since it was built.
final class XlibOverlay: OverlaySurface {
    /// The feedback colour (a clear blue, seen on light and dark backgrounds alike).
    static let red = 0x35, green = 0x84, blue = 0xE4
    /// Its strongest opacity where the window is translucent.
    static let alpha = 0.7

    private unowned let server: XlibServer
    private var window: Window = 0
    private var colormap: Colormap = 0
    /// Depth-1 pixmap the shapes are drawn into, then set as the window's bounding shape.
    private var mask: Pixmap = 0
    private var maskGC: GC?
    private var size = (width: 0.0, height: 0.0)
    private var translucent = false
    private var mapped = false
    private var opacity = 1.0

    init(server: XlibServer) {
        self.server = server
        build()
    }

    /// The window's id (tests find it by its WM_CLASS, `tactus-feedback`).
    var id: XWindowID { XWindowID(window) }

    func show(_ shapes: [OverlayShape], opacity: Double) {
        let d = server.display
        if !mapped, server.compositorRuns != translucent || server.screenSize() != size {
            destroy()
            build()
        }
        guard let gc = maskGC else { return }
        XSetForeground(d, gc, 0)
        XFillRectangle(d, mask, gc, 0, 0, UInt32(size.width), UInt32(size.height))
        XSetForeground(d, gc, 1)
        for shape in shapes { draw(shape, gc) }
        XShapeCombineMask(d, window, ShapeBounding, 0, 0, mask, ShapeSet)
        if translucent, opacity != self.opacity {
            self.opacity = opacity
            XSetWindowBackground(d, window, backgroundPixel())
            XClearWindow(d, window)
        }
        if mapped {
            XRaiseWindow(d, window)
        } else {
            XMapRaised(d, window)
            mapped = true
        }
    }

    func hide() {
        guard mapped else { return }
        XUnmapWindow(server.display, window)
        mapped = false
    }

    func close() { destroy() }

    // MARK: Building

    private func build() {
        let d = server.display
        let screen = XDefaultScreen(d)
        size = server.screenSize()
        translucent = server.compositorRuns
        opacity = 1
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.border_pixel = 0
        var valueMask = UInt(CWOverrideRedirect | CWBorderPixel | CWBackPixel)
        var visualInfo = XVisualInfo()
        let width = UInt32(max(1, size.width)), height = UInt32(max(1, size.height))
        if translucent, XMatchVisualInfo(d, screen, 32, TrueColor, &visualInfo) != 0 {
            colormap = XCreateColormap(d, Window(server.root), visualInfo.visual, AllocNone)
            attributes.colormap = colormap
            attributes.background_pixel = backgroundPixel()
            valueMask |= UInt(CWColormap)
            window = XCreateWindow(d, Window(server.root), 0, 0, width, height, 0, 32, UInt32(InputOutput), visualInfo.visual, valueMask, &attributes)
        } else {
            translucent = false
            attributes.background_pixel = backgroundPixel()
            window = XCreateWindow(d, Window(server.root), 0, 0, width, height, 0, 0 /* CopyFromParent */, UInt32(InputOutput), nil, valueMask, &attributes)
        }
        // Never an input target: clicks and touches go through to the windows below.
        let empty = XFixesCreateRegion(d, nil, 0)
        XFixesSetWindowShapeRegion(d, window, ShapeInput, 0, 0, empty)
        XFixesDestroyRegion(d, empty)
        name()
        mask = XCreatePixmap(d, window, width, height, 1)
        maskGC = XCreateGC(d, mask, 0, nil)
        if let gc = maskGC { XSetLineAttributes(d, gc, 1, LineSolid, CapButt, JoinMiter) }
        mapped = false
    }

    /// WM_CLASS and a name (for `xwininfo` and tests), no wish for the keyboard focus, and the
    /// type of a piece of the desktop (`_NET_WM_WINDOW_TYPE_DOCK`). muffin and mutter make a
    /// window of their own of every override-redirect window mapped, for their compositor, and
    /// a new window that is not a dock or desktop (nor transient for one) ends their
    /// show-desktop mode: `_meta_window_shared_new` → `maybe_leave_show_desktop_mode`
    /// (src/core/window.c), which minimizes every window the mode hid. Without the type, the
    /// overlay mapped for a second four-finger swipe's preview minimized the windows that
    /// swipe was to bring back. The dock type is how those window managers tell a part of the
    /// desktop from a program's window; on an override-redirect window it changes nothing
    /// else there (it is in none of their stacking layers, takes no focus, has no struts), and
    /// window managers that leave such windows alone (openbox, fluxbox, xfwm4, marco, i3) do
    /// not read it.
    private func name() {
        let d = server.display
        XStoreName(d, window, "tactus feedback")
        var hint = XClassHint()
        "tactus-feedback".withCString { instance in "Tactus".withCString { cls in
            hint.res_name = UnsafeMutablePointer(mutating: instance)
            hint.res_class = UnsafeMutablePointer(mutating: cls)
            XSetClassHint(d, window, &hint)
        } }
        var dock = Atom(server.atom("_NET_WM_WINDOW_TYPE_DOCK"))
        _ = withUnsafeBytes(of: &dock) { bytes in
            XChangeProperty(d, window, Atom(server.atom("_NET_WM_WINDOW_TYPE")), Atom(XA_ATOM), 32, PropModeReplace,
                            bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        if let hints = XAllocWMHints() {
            hints.pointee.flags = InputHint
            hints.pointee.input = 0
            XSetWMHints(d, window, hints)
            XFree(hints)
        }
    }

    private func destroy() {
        let d = server.display
        if let gc = maskGC { XFreeGC(d, gc) }
        maskGC = nil
        if mask != 0 { XFreePixmap(d, mask) }
        if window != 0 { XDestroyWindow(d, window) }
        if colormap != 0 { XFreeColormap(d, colormap) }
        mask = 0
        window = 0
        colormap = 0
        mapped = false
    }

    /// The colour as a pixel: premultiplied ARGB at the current opacity where translucent,
    /// else allocated in the default colormap.
    private func backgroundPixel() -> UInt {
        if translucent {
            let a = Self.alpha * min(1, max(0, opacity))
            let channel = { (c: Int) in UInt((Double(c) * a).rounded()) }
            return UInt((a * 255).rounded()) << 24 | channel(Self.red) << 16 | channel(Self.green) << 8 | channel(Self.blue)
        }
        let d = server.display
        var color = XColor()
        color.red = UInt16(Self.red * 257)
        color.green = UInt16(Self.green * 257)
        color.blue = UInt16(Self.blue * 257)
        color.flags = CChar(DoRed | DoGreen | DoBlue)
        guard XAllocColor(d, XDefaultColormap(d, XDefaultScreen(d)), &color) != 0 else { return XWhitePixel(d, XDefaultScreen(d)) }
        return color.pixel
    }

    // MARK: Drawing (into the mask)

    private func draw(_ shape: OverlayShape, _ gc: GC) {
        let d = server.display
        switch shape {
        case .disc(let c, let r):
            XFillArc(d, mask, gc, Int32((c.x - r).rounded()), Int32((c.y - r).rounded()), UInt32(2 * r), UInt32(2 * r), 0, 360 * 64)
        case .ring(let c, let r, let width):
            // A wide line is centred on its path: the path runs half the width inside the radius.
            let path = r - width / 2
            XSetLineAttributes(d, gc, UInt32(width), LineSolid, CapButt, JoinMiter)
            XDrawArc(d, mask, gc, Int32((c.x - path).rounded()), Int32((c.y - path).rounded()), UInt32(2 * path), UInt32(2 * path), 0, 360 * 64)
            XSetLineAttributes(d, gc, 1, LineSolid, CapButt, JoinMiter)
        case .outline(let rect, let width):
            let x = Int32(rect.x.rounded()), y = Int32(rect.y.rounded())
            let w = UInt32(max(0, rect.width.rounded())), h = UInt32(max(0, rect.height.rounded())), t = UInt32(max(1, width.rounded()))
            XFillRectangle(d, mask, gc, x, y, w, min(t, h))
            XFillRectangle(d, mask, gc, x, y + Int32(h) - Int32(min(t, h)), w, min(t, h))
            XFillRectangle(d, mask, gc, x, y, min(t, w), h)
            XFillRectangle(d, mask, gc, x + Int32(w) - Int32(min(t, w)), y, min(t, w), h)
        case .polygon(let points):
            var xPoints = points.map { XPoint(x: Int16(clamping: Int($0.x.rounded())), y: Int16(clamping: Int($0.y.rounded()))) }
            XFillPolygon(d, mask, gc, &xPoints, Int32(xPoints.count), Complex, CoordModeOrigin)
        }
    }
}
