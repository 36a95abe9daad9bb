import GestureEngine

/// What the feedback overlay draws, in root coordinates: filled shapes, all in one colour.
public enum OverlayShape: Equatable, Sendable {
    case disc(center: Point, radius: Double)
    /// A circle's outline `width` wide, inside `radius`.
    case ring(center: Point, radius: Double, width: Double)
    /// A rectangle's outline `width` wide, inside the rectangle.
    case outline(Rect, width: Double)
    case polygon([Point])
}

/// The overlay window that on-screen feedback draws in. It never takes input (its input shape
/// is empty: clicks and touches reach the windows below), is never managed or focused
/// (override-redirect), and is unmapped whenever it shows nothing.
public protocol OverlaySurface: AnyObject {
    /// Shows exactly `shapes` (mapping the window and raising it above the others);
    /// `opacity` (0…1) counts where the window is translucent, under a compositor.
    func show(_ shapes: [OverlayShape], opacity: Double)
    /// Unmaps the window: nothing on screen, nothing for the server to do.
    func hide()
    /// Destroys the window.
    func close()
}

/// Makes the overlay window.
public protocol OverlayWindows: XConnection {
    /// A new overlay covering the screen, unmapped: with an ARGB visual (translucent) when a
    /// compositing manager runs, else opaque and shaped to what it draws. nil when the server
    /// lacks what it needs (the SHAPE and XFixes extensions).
    func makeOverlay() -> OverlaySurface?
}
