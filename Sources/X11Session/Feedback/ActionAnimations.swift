import GestureEngine
import GestureProfiles

/// What an action shows on the overlay, from what the daemon knows without asking the server
/// anything the action itself changes: the whole movement (``kind(for:_:)``), which a
/// preview follows with the fingers before the action, and what is still worth showing once
/// the action is done (``afterAction(_:_:)``).
public enum ActionAnimations {
    /// What is known of the action's window and place.
    public struct Context: Equatable, Sendable {
        /// The action's window, as tracked when it fired (nil: no window).
        public var windowFrame: Rect?
        /// Whether that window was maximized or fullscreen then.
        public var windowMaximized = false
        /// The monitor the action happens on (the window's, or the gesture's).
        public var monitor: Rect
        /// The desktop a switch starts from.
        public var currentDesktop: Int?

        public init(windowFrame: Rect?, windowMaximized: Bool = false, monitor: Rect, currentDesktop: Int? = nil) {
            self.windowFrame = windowFrame
            self.windowMaximized = windowMaximized
            self.monitor = monitor
            self.currentDesktop = currentDesktop
        }
    }

    /// What shows once `action` has been performed: a desktop switch's arrow (the desktop
    /// changed under the fingers; the arrow says which way). A window's outline never plays
    /// after the fact: the window has already moved, and an outline growing over a window
    /// that is already maximized shows the person something that is not happening. Window
    /// outlines are previews, drawn before the action (gestures with `preview:`).
    public static func afterAction(_ action: ResolvedAction, _ context: Context) -> FeedbackAnimation.Kind? {
        guard case .desktop = action else { return nil }
        return kind(for: action, context)
    }

    /// The movement of `action`, from where things are to where they go; nil for actions that
    /// have none (keys, commands, clicks…).
    public static func kind(for action: ResolvedAction, _ context: Context) -> FeedbackAnimation.Kind? {
        switch action {
        case .window(let op, _):
            guard let frame = context.windowFrame else { return nil }
            let grow = FeedbackAnimation.Kind.outline(from: frame, to: context.monitor)
            let shrink = FeedbackAnimation.Kind.outline(from: frame, to: frame.scaled(by: 0.7))
            switch op {
            case .maximize, .fullscreen: return grow
            case .toggleMaximize, .toggleFullscreen: return context.windowMaximized ? shrink : grow
            case .unmaximize: return shrink
            case .minimize:
                // Down to the bottom of the monitor, where a task bar usually is.
                let m = context.monitor
                return .outline(from: frame, to: Rect(x: frame.midX - 40, y: m.y + m.height - 12, width: 80, height: 12))
            case .close: return .outline(from: frame, to: frame.scaled(by: 0.1))
            case .raise: return .outline(from: frame.insetBy(-16), to: frame)
            case .tileLeft, .tileRight:
                let m = context.monitor, half = (m.width / 2).rounded(.down)
                return .outline(from: frame, to: Rect(x: op == .tileLeft ? m.x : m.x + half, y: m.y, width: op == .tileLeft ? half : m.width - half, height: m.height))
            }
        case .desktop(let op):
            switch op {
            case .next: return .arrow(.right, in: context.monitor)
            case .previous: return .arrow(.left, in: context.monitor)
            case .show: return .arrow(.down, in: context.monitor)
            case .number(let n):
                guard let current = context.currentDesktop, n != current else { return nil }
                return .arrow(n > current ? .right : .left, in: context.monitor)
            case .move(let m):
                let (columns, rows) = m.step
                return .arrow(columns > 0 ? .right : columns < 0 ? .left : rows > 0 ? .down : .up, in: context.monitor)
            }
        case .command, .shell, .keys, .click, .scroll, .log, .holdKeys, .releaseKeys, .pointerButton, .pointerMotion:
            return nil
        }
    }
}

extension Rect {
    /// The rectangle scaled about its centre.
    func scaled(by f: Double) -> Rect {
        Rect(x: midX - width * f / 2, y: midY - height * f / 2, width: width * f, height: height * f)
    }

    /// The rectangle grown (negative `d`) or shrunk by `d` on every side.
    func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }
}
