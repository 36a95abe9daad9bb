import CX11

/// Core modifier state bits (the `state` of X events, and the modifiers of a passive grab).
public struct ModifierMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = ModifierMask(rawValue: UInt32(ShiftMask))
    public static let capsLock = ModifierMask(rawValue: UInt32(LockMask))
    public static let control = ModifierMask(rawValue: UInt32(ControlMask))
    /// Alt on most keyboard maps.
    public static let mod1 = ModifierMask(rawValue: UInt32(Mod1Mask))
    /// Num Lock on most keyboard maps.
    public static let mod2 = ModifierMask(rawValue: UInt32(Mod2Mask))
    public static let mod3 = ModifierMask(rawValue: UInt32(Mod3Mask))
    /// Super (the Windows key) on most keyboard maps.
    public static let mod4 = ModifierMask(rawValue: UInt32(Mod4Mask))
    /// AltGr on most keyboard maps.
    public static let mod5 = ModifierMask(rawValue: UInt32(Mod5Mask))

    /// The modifier a profile names (`ctrl`, `alt`, `super`, …), nil when unknown.
    public init?(name: String) {
        switch name.lowercased() {
        case "shift": self = .shift
        case "ctrl", "control": self = .control
        case "alt", "mod1": self = .mod1
        case "super", "mod4", "meta", "win": self = .mod4
        case "mod3": self = .mod3
        case "mod5", "altgr": self = .mod5
        default: return nil
        }
    }

    /// The combinations a passive grab for `names` takes: exactly those modifiers, with and
    /// without Caps Lock and Num Lock (so that neither ever disables it).
    public static func grabCombinations(of names: [String]) -> [ModifierMask] {
        let mask = ModifierMask(names.compactMap { ModifierMask(name: $0) })
        return [mask, mask.union(.capsLock), mask.union(.mod2), mask.union([.capsLock, .mod2])]
    }
}
