import GestureEngine

/// What the profile layer knows of an X window.
public struct WindowInfo: Sendable, Equatable {
    public var id: UInt64
    public var windowClass: String
    public var instance: String
    public var title: String
    /// `_NET_WM_WINDOW_TYPE` without the prefix, lower case: `normal`, `dialog`, …
    public var type: String
    public var frame: Rect
    public var focused: Bool
    /// Whether its program takes touches itself, as the server told (nil: not known).
    public var touch: ProgramTouch?
    /// The toolkit of a program that selects touch events but makes a mouse of them in most
    /// of its widgets (`Qt widgets`), nil otherwise: a hint that `touch: mouse` may suit it.
    public var toolkit: String?

    public init(id: UInt64, windowClass: String = "", instance: String = "", title: String = "", type: String = "normal", frame: Rect, focused: Bool = false,
                touch: ProgramTouch? = nil, toolkit: String? = nil) {
        self.id = id
        self.windowClass = windowClass
        self.instance = instance
        self.title = title
        self.type = type
        self.frame = frame
        self.focused = focused
        self.touch = touch
        self.toolkit = toolkit
    }
}

/// A window (re)declared: what changed. Fields left nil keep their earlier value (a new
/// window starts from empty strings, a zero frame, unfocused).
public struct WindowUpdate: Sendable, Equatable {
    public var id: UInt64
    public var windowClass: String?
    public var instance: String?
    public var title: String?
    public var type: String?
    public var frame: Rect?
    public var focused: Bool?
    public var touch: ProgramTouch?
    public var toolkit: String?
    /// Moves the window to the top of the stacking order.
    public var raise: Bool

    public init(id: UInt64, windowClass: String? = nil, instance: String? = nil, title: String? = nil, type: String? = nil,
                frame: Rect? = nil, focused: Bool? = nil, touch: ProgramTouch? = nil, toolkit: String? = nil, raise: Bool = false) {
        self.id = id
        self.windowClass = windowClass
        self.instance = instance
        self.title = title
        self.type = type
        self.frame = frame
        self.focused = focused
        self.touch = touch
        self.toolkit = toolkit
        self.raise = raise
    }

    /// Every property of `info` (a window seen whole).
    public init(_ info: WindowInfo) {
        self.init(id: info.id, windowClass: info.windowClass, instance: info.instance, title: info.title, type: info.type, frame: info.frame, focused: info.focused,
                  touch: info.touch, toolkit: info.toolkit)
    }

    /// Whether it only moves the window in the stacking order (or says nothing at all).
    public var isRaiseOnly: Bool {
        windowClass == nil && instance == nil && title == nil && type == nil && frame == nil && focused == nil && touch == nil && toolkit == nil
    }

    /// `info` with this update's fields applied.
    public func applied(to info: WindowInfo) -> WindowInfo {
        var out = info
        if let v = windowClass { out.windowClass = v }
        if let v = instance { out.instance = v }
        if let v = title { out.title = v }
        if let v = type { out.type = v }
        if let v = frame { out.frame = v }
        if let v = focused { out.focused = v }
        if let v = touch { out.touch = v }
        if let v = toolkit { out.toolkit = v }
        return out
    }
}
