import GestureProfiles

/// The keyboard map as one group (the layout in use) gives it: what each key types at each
/// of its levels, the modifiers that reach each level, and the modifiers each key sets.
/// Read from the server (XKB) for each key combination, so a layout changed meanwhile
/// (setxkbmap, a layout switch) counts at once.
public struct KeyboardLayout: Sendable, Equatable {
    /// One level of one key: `A` is the second level of the `a` key, reached with Shift.
    public struct Level: Sendable, Equatable {
        public var keysym: UInt
        /// The modifier combinations that select this level, as the key's XKB type maps
        /// them (the first level: no modifier). Empty when none does (a level reached only
        /// through a virtual modifier that no real one is bound to).
        public var modifierChoices: [ModifierMask]

        public init(keysym: UInt, modifierChoices: [ModifierMask]) {
            self.keysym = keysym
            self.modifierChoices = modifierChoices
        }
    }

    /// Each keycode's levels, the first level first.
    public var levels: [UInt8: [Level]] { didSet { placements = Self.placements(in: levels) } }
    /// Every keysym's placement, found once per layout read (a `keys` action looks up a few
    /// keysyms; a layout holds a thousand).
    private var placements: [UInt: Placement]
    /// The real modifiers each key sets when pressed (the modifier map); keys absent set none.
    public var modifierKeys: [UInt8: ModifierMask]
    /// The modifiers that choose each key's level (its XKB type's): Shift and Caps Lock for a
    /// letter, Shift and Num Lock for a keypad key, none for a one-level key. Keys absent:
    /// none.
    public var levelModifiers: [UInt8: ModifierMask]

    public init(levels: [UInt8: [Level]], modifierKeys: [UInt8: ModifierMask], levelModifiers: [UInt8: ModifierMask] = [:]) {
        self.levels = levels
        self.modifierKeys = modifierKeys
        self.levelModifiers = levelModifiers
        placements = Self.placements(in: levels)
    }

    /// Where a keysym is: the key to press and the modifiers to hold with it.
    public struct Placement: Sendable, Equatable {
        public var keycode: UInt8
        /// 0 for the first level.
        public var level: Int
        public var modifiers: ModifierMask
    }

    /// The key and modifiers that type `keysym`: the lowest level that has it (a plain key
    /// before a shifted one), then the lowest keycode. Nil when the layout lacks it.
    public func placement(of keysym: UInt) -> Placement? {
        guard var placement = placements[keysym] else { return nil }
        // A modifier key sets its modifier at any level: `meta` (Meta_L, the second level of
        // Alt_L's key on pc layouts) is that key alone, not Shift+Alt.
        if placement.level > 0, modifierKeys[placement.keycode] != nil, Self.plainModifierKeysyms.contains(keysym) { placement.modifiers = [] }
        return placement
    }

    private static func placements(in levels: [UInt8: [Level]]) -> [UInt: Placement] {
        var best: [UInt: Placement] = [:]
        for (keycode, keyLevels) in levels {
            for (level, entry) in keyLevels.enumerated() where entry.keysym != 0 {
                guard let modifiers = simplest(entry.modifierChoices) else { continue }
                if let b = best[entry.keysym], (b.level, b.keycode) <= (level, keycode) { continue }
                best[entry.keysym] = Placement(keycode: keycode, level: level, modifiers: modifiers)
            }
        }
        return best
    }

    /// Of the combinations that select a level, one that holds no lock (Caps Lock and Num
    /// Lock toggle when pressed: a key type may list Lock beside Shift for a letter's
    /// capital), with the fewest modifiers.
    static func simplest(_ choices: [ModifierMask]) -> ModifierMask? {
        let locks: ModifierMask = [.capsLock, .mod2]
        return choices.filter { $0.isDisjoint(with: locks) }.min { $0.rawValue.nonzeroBitCount < $1.rawValue.nonzeroBitCount }
    }

    /// A key that sets `modifier` (one modifier bit) when held: a plain modifier key (Shift,
    /// Control, Alt, Super, AltGr as ISO_Level3_Shift…), the lowest keycode. Keys the
    /// modifier map lists that do something else when pressed — Mode_switch switches the
    /// group, Caps Lock toggles — are never chosen.
    public func key(setting modifier: ModifierMask) -> UInt8? {
        modifierKeys.filter { keycode, mask in
            mask.contains(modifier) && levels[keycode]?.first.map { Self.plainModifierKeysyms.contains($0.keysym) } == true
        }.keys.min()
    }

    /// Modifier keys held down that the keys Tactus sends must not see: every key down that
    /// the modifier map lists, but locks (releasing and pressing again a held Caps Lock would
    /// toggle it).
    public func heldModifierKeys(among keysDown: [UInt8]) -> [UInt8] {
        keysDown.filter { keycode in
            guard modifierKeys[keycode] != nil else { return false }
            return levels[keycode]?.first.map { !Self.lockKeysyms.contains($0.keysym) } ?? true
        }
    }

    /// The modifiers `keycode` sets (none for a key that is not a modifier).
    public func modifiers(of keycode: UInt8) -> ModifierMask { modifierKeys[keycode] ?? [] }

    private static func keysyms(_ names: [String]) -> Set<UInt> { Set(names.compactMap { Keysyms.byName[$0].map { UInt($0) } }) }

    static let plainModifierKeysyms = keysyms([
        "Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Meta_L", "Meta_R",
        "Super_L", "Super_R", "Hyper_L", "Hyper_R", "ISO_Level3_Shift", "ISO_Level5_Shift",
    ])

    static let lockKeysyms = keysyms([
        "Caps_Lock", "Shift_Lock", "Num_Lock", "Scroll_Lock", "ISO_Level3_Lock", "ISO_Level5_Lock", "ISO_Group_Lock",
    ])
}

/// The keyboard's state, as the keys Tactus sends would meet it.
public struct KeyboardState: Sendable, Equatable {
    /// Keycodes down (on any keyboard, XTest's included).
    public var keysDown: [UInt8]
    /// The group (layout) in effect, 0 for the first.
    public var group: Int
    public var latched: ModifierMask
    public var locked: ModifierMask

    public init(keysDown: [UInt8], group: Int, latched: ModifierMask, locked: ModifierMask) {
        self.keysDown = keysDown
        self.group = group
        self.latched = latched
        self.locked = locked
    }
}

extension ModifierMask {
    /// Each modifier bit of the mask on its own, Shift first.
    public var bits: [ModifierMask] {
        (0..<8).map { ModifierMask(rawValue: 1 << $0) }.filter { contains($0) }
    }
}
