import GestureEngine

/// A string condition on a window property: case-insensitive exact, or `/pattern/` (a
/// ``PatternProgram``: linear-time, on the first 1,024 characters).
public struct StringMatcher: Sendable, CustomStringConvertible {
    public let pattern: String
    let program: PatternProgram?

    /// `exact` compares case-insensitively; otherwise `pattern` is a regular expression.
    init(exact: String) {
        pattern = exact
        program = nil
    }

    init(regex pattern: String) throws(PatternError) {
        self.pattern = pattern
        program = try PatternProgram(pattern)
    }

    public func matches(_ s: String) -> Bool {
        if let program { return program.matches(s) }
        return s.lowercased() == pattern.lowercased()
    }

    public var description: String { program == nil ? pattern : "/\(pattern)/" }
}

/// `match:` — `any` (the screen view), `monitor:` alone (the screen view, for touches that
/// start on that monitor), `touch:` alone (the screen view, for touches that start on a
/// window whose program handles touch that way), or window conditions that must all hold.
public enum WindowMatch: Sendable {
    case any
    case monitor(StringMatcher)
    /// A layer over every window whose program does this with touches (``ProgramTouch``),
    /// whatever other profile the window matches: the window's own gestures come first.
    case programs(touch: ProgramTouch)
    /// `monitor`: the monitor the window is on (the one it overlaps most).
    case window(class: StringMatcher?, instance: StringMatcher?, title: StringMatcher?, type: String?, monitor: StringMatcher?)

    /// Whether a window matches, `monitor` being the one it is on.
    public func matches(_ w: WindowInfo, on monitor: Monitor? = nil) -> Bool {
        switch self {
        case .any: return true
        case .monitor, .programs: return false
        case .window(let cls, let instance, let title, let type, let onMonitor):
            if let cls, !cls.matches(w.windowClass) { return false }
            if let instance, !instance.matches(w.instance) { return false }
            if let title, !title.matches(w.title) { return false }
            if let type, type.lowercased() != w.type.lowercased() { return false }
            if let onMonitor, !(monitor?.isNamed(by: onMonitor) ?? false) { return false }
            return true
        }
    }

    /// Whether every window `later` matches is matched by this one, as far as can be told
    /// without windows: this one a class condition alone, `later` one exact class that it
    /// matches, with or without more conditions. (A profile after such a one never applies:
    /// first match wins.)
    func takesEveryWindow(of later: WindowMatch) -> Bool {
        guard case .window(let cls?, nil, nil, nil, nil) = self,
              case .window(let laterClass?, _, _, _, _) = later, laterClass.program == nil else { return false }
        return cls.matches(laterClass.pattern)
    }

    /// Whether the profile's gestures are on the screen view (`any`, a monitor alone, or a
    /// kind of program).
    public var isScreen: Bool {
        switch self {
        case .any, .monitor, .programs: true
        case .window: false
        }
    }

    /// The monitor a screen profile is limited to (nil: the whole screen, or a window profile).
    public var screenMonitor: StringMatcher? {
        if case .monitor(let m) = self { return m }
        return nil
    }

    /// The kind of program a screen profile is limited to (nil: every window, or a window profile).
    public var programTouch: ProgramTouch? {
        if case .programs(let t) = self { return t }
        return nil
    }
}
