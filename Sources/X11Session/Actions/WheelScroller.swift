import GestureEngine
import GestureProfiles

/// `scroll:` steps for applications that do not handle touch: a wheel click through XTest
/// (X's wheel buttons: 4 up, 5 down, 6 left, 7 right) with the pointer over the gesture's
/// location, since X sends wheel events to the window under the pointer, focused or not.
/// The pointer goes back where it was: to the person, scrolling does not move it. While a
/// finger holds the pointer it is not moved at all (see ``scroll(_:at:pointerHeldByTouch:)``).
public final class WheelScroller {
    public typealias Server = InputInjection & InputDevices

    private let server: Server

    init(server: Server) { self.server = server }

    /// X's button number for a wheel step.
    public static func button(for direction: ScrollDirection) -> UInt32 {
        switch direction {
        case .up: 4
        case .down: 5
        case .left: 6
        case .right: 7
        }
    }

    /// One wheel step at `point` (root coordinates). `pointerHeldByTouch`: a finger on the
    /// touchscreen holds the pointer (the server counts it as button 1, and has put the pointer
    /// under it): the step goes where the pointer is, which moving would make a button-1 drag
    /// for the program under it (Tk's text selects on `<B1-Motion>`).
    public func scroll(_ direction: ScrollDirection, at point: Point, pointerHeldByTouch: Bool = false) {
        let target = Point(x: point.x.rounded(), y: point.y.rounded())
        let before = server.pointerPosition()
        let moves = !pointerHeldByTouch && before.map { Point(x: $0.x.rounded(), y: $0.y.rounded()) } != target
        if moves { server.fakeMotion(to: target) }
        let button = Self.button(for: direction)
        server.fakeButton(button, pressed: true)
        server.fakeButton(button, pressed: false)
        if moves, let before { server.fakeMotion(to: before) }
        server.flush()
    }
}
