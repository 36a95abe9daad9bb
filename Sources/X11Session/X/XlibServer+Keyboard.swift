import CX11

/// What `keys` actions need of the keyboard's state, as XKB's state events give it.
struct TrackedKeyboardState {
    var group = 0
    var baseGroup = 0
    var baseModifiers: UInt32 = 0
    var latched: UInt32 = 0
    var locked: UInt32 = 0
}

/// The keyboard map and state: XKB's view of the layout in use (levels and the modifiers
/// that reach them), the keys down, latched and locked modifiers, spare keycodes bound to
/// keysyms the map lacks.
extension XlibServer {
    public func keycode(forKeysym keysym: UInt) -> UInt8? {
        let k = XKeysymToKeycode(display, KeySym(keysym))
        return k == 0 ? nil : k
    }

    /// Asks for XKB's map change events (a new keyboard, setxkbmap, a keycode rebound) and
    /// state changes (group, held, latched and locked modifiers), after reading the state once:
    /// `keys` actions then know both without a round trip.
    func watchKeyboard() {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        guard XkbQueryExtension(display, &opcode, &event, &error, &major, &minor) != 0 else { return }
        var state = XkbStateRec()
        if XkbGetState(display, UInt32(XkbUseCoreKbd), &state) == Success {
            trackedKeyboardState = TrackedKeyboardState(group: Int(state.group), baseGroup: Int(state.base_group), baseModifiers: UInt32(state.base_mods),
                                                        latched: UInt32(state.latched_mods), locked: UInt32(state.locked_mods))
        }
        xkbEventBase = event
        let changes = UInt32(XkbNewKeyboardNotifyMask | XkbMapNotifyMask | XkbStateNotifyMask)
        XkbSelectEvents(display, UInt32(XkbUseCoreKbd), changes, changes)
        // Of the state, only what keys depend on (the modifiers and the group, each as in
        // effect, held, latched and locked): not every pointer button or key press.
        let details = UInt(XkbModifierStateMask | XkbModifierBaseMask | XkbModifierLatchMask | XkbModifierLockMask
                           | XkbGroupStateMask | XkbGroupBaseMask | XkbGroupLatchMask | XkbGroupLockMask)
        XkbSelectEventDetails(display, UInt32(XkbUseCoreKbd), UInt32(XkbStateNotify), details, details)
    }

    /// An XKB event read (by the loop, or found queued): a state change is kept, a map change
    /// counted.
    func noteKeyboardEvent(_ event: UnsafeMutablePointer<XEvent>) {
        event.withMemoryRebound(to: XkbAnyEvent.self, capacity: 1) { any in
            guard any.pointee.xkb_type == XkbStateNotify else {
                keyboardMapGeneration += 1
                return
            }
            any.withMemoryRebound(to: XkbStateNotifyEvent.self, capacity: 1) { s in
                let e = s.pointee
                trackedKeyboardState = TrackedKeyboardState(group: Int(e.group), baseGroup: Int(e.base_group), baseModifiers: UInt32(e.base_mods),
                                                            latched: UInt32(e.latched_mods), locked: UInt32(e.locked_mods))
            }
        }
    }

    /// Takes in the XKB events already received but not yet read by the loop (they are newer
    /// than what it read), without taking them out of the queue: it reads them as usual.
    /// `reading`: what the connection has received since is read first (a system call).
    private func catchUpWithQueuedKeyboardEvents(reading: Bool) {
        guard xkbEventBase >= 0, XEventsQueued(display, reading ? QueuedAfterReading : QueuedAlready) > 0 else { return }
        final class Scan {
            let server: XlibServer
            init(_ server: XlibServer) { self.server = server }
        }
        let scan = Scan(self)
        var event = XEvent()
        withExtendedLifetime(scan) {
            _ = XCheckIfEvent(display, &event, { _, event, argument in
                guard let event, let argument else { return 0 }
                let scan = Unmanaged<Scan>.fromOpaque(UnsafeRawPointer(argument)).takeUnretainedValue()
                if cx11_event_type(event) == scan.server.xkbEventBase { scan.server.noteKeyboardEvent(event) }
                return 0  // never taken
            }, UnsafeMutableRawPointer(Unmanaged.passUnretained(scan).toOpaque()).assumingMemoryBound(to: CChar.self))
        }
    }

    /// From XKB's state events, no round trip; the keys down are asked for (a round trip) only
    /// when a key sets a modifier or a group (something is held).
    public func keyboardState() -> KeyboardState {
        guard xkbEventBase >= 0 else { return KeyboardState(keysDown: keycodesDown(), group: 0, latched: [], locked: []) }
        catchUpWithQueuedKeyboardEvents(reading: true)
        let s = trackedKeyboardState
        let held = s.baseModifiers != 0 || s.baseGroup != 0
        return KeyboardState(keysDown: held ? keycodesDown() : [], group: s.group,
                             latched: ModifierMask(rawValue: s.latched), locked: ModifierMask(rawValue: s.locked))
    }

    /// Read once per map change and group: the map is some 20 KB, read in a round trip, and
    /// every `keys` action asks for it (a pan repeating keys, many times a second).
    public func keyboardLayout(group: Int) -> KeyboardLayout? {
        catchUpWithQueuedKeyboardEvents(reading: false)
        if let cached = cachedLayout, cached.generation == keyboardMapGeneration, cached.group == group { return cached.layout }
        guard let layout = readKeyboardLayout(group: group) else { return nil }
        cachedLayout = (keyboardMapGeneration, group, layout)
        return layout
    }

    private func readKeyboardLayout(group: Int) -> KeyboardLayout? {
        let parts = UInt32(XkbKeyTypesMask | XkbKeySymsMask | XkbModifierMapMask)
        guard let description = XkbGetMap(display, parts, UInt32(XkbUseCoreKbd)) else { return nil }
        defer { XkbFreeKeyboard(description, 0, 1) }
        guard let map = description.pointee.map, let types = map.pointee.types, let syms = map.pointee.syms,
              let symMaps = map.pointee.key_sym_map else { return nil }
        var levels: [UInt8: [KeyboardLayout.Level]] = [:]
        var modifierKeys: [UInt8: ModifierMask] = [:]
        var levelModifiers: [UInt8: ModifierMask] = [:]
        for code in Int(description.pointee.min_key_code)...Int(description.pointee.max_key_code) {
            if let modmap = map.pointee.modmap, modmap[code] != 0 { modifierKeys[UInt8(code)] = ModifierMask(rawValue: UInt32(modmap[code])) }
            let symMap = symMaps[code]
            let groups = Int(symMap.group_info & 0x0f)
            guard groups > 0 else { continue }
            let keyGroup = Self.groupInRange(group, groups: groups, info: symMap.group_info)
            let typeIndex = withUnsafeBytes(of: symMap.kt_index) { Int($0[keyGroup]) }
            let type = types[typeIndex]
            let width = Int(symMap.width)
            var keyLevels: [KeyboardLayout.Level] = []
            for level in 0..<min(Int(type.num_levels), width) {
                let keysym = UInt(syms[Int(symMap.offset) + keyGroup * width + level])
                // XKB's rule: a combination the type does not list selects the first level;
                // xkbcomp drops the entries that name it.
                var choices: [ModifierMask] = level == 0 ? [[]] : []
                for e in 0..<Int(type.map_count) {
                    let entry = type.map[e]
                    guard entry.active != 0, Int(entry.level) == level else { continue }
                    choices.append(ModifierMask(rawValue: UInt32(entry.mods.mask)))
                }
                keyLevels.append(KeyboardLayout.Level(keysym: keysym, modifierChoices: choices))
            }
            levels[UInt8(code)] = keyLevels
            if type.mods.mask != 0 { levelModifiers[UInt8(code)] = ModifierMask(rawValue: UInt32(type.mods.mask)) }
        }
        return KeyboardLayout(levels: levels, modifierKeys: modifierKeys, levelModifiers: levelModifiers)
    }

    /// The group a key with `groups` groups uses when the keyboard is in `group`: XKB wraps
    /// an out-of-range group by default, or clamps it, or redirects it (the key's group info).
    static func groupInRange(_ group: Int, groups: Int, info: UInt8) -> Int {
        guard group >= groups else { return max(0, group) }
        switch Int32(info) & 0xc0 {
        case XkbClampIntoRange: return groups - 1
        case XkbRedirectIntoRange:
            let target = Int((info & 0x30) >> 4)
            return target < groups ? target : 0
        default: return group % groups
        }
    }

    public func latchModifiers(_ affect: ModifierMask, to values: ModifierMask) {
        XkbLatchModifiers(display, UInt32(XkbUseCoreKbd), affect.rawValue, values.rawValue)
    }

    public func lockModifiers(_ affect: ModifierMask, to values: ModifierMask) {
        XkbLockModifiers(display, UInt32(XkbUseCoreKbd), affect.rawValue, values.rawValue)
    }

    public func bindSpareKeycode(toKeysym keysym: UInt) -> UInt8? {
        var minCode: Int32 = 0, maxCode: Int32 = 0
        XDisplayKeycodes(display, &minCode, &maxCode)
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(display, KeyCode(minCode), maxCode - minCode + 1, &perCode) else { return nil }
        defer { XFree(map) }
        // The highest keycode with no keysym at all is the least likely to matter.
        for code in stride(from: maxCode, through: minCode, by: -1) {
            let row = Int(code - minCode) * Int(perCode)
            if (0..<Int(perCode)).allSatisfy({ map[row + $0] == 0 }) {
                var syms: [KeySym] = [KeySym(keysym), KeySym(keysym)]
                XChangeKeyboardMapping(display, code, 2, &syms, 1)
                XSync(display, 0)
                return UInt8(code)
            }
        }
        return nil
    }

    public func unbindKeycode(_ keycode: UInt8, from keysym: UInt) {
        var perCode: Int32 = 0
        guard let current = XGetKeyboardMapping(display, KeyCode(keycode), 1, &perCode) else { return }
        let stillOurs = perCode > 0 && current[0] == KeySym(keysym)
        XFree(current)
        guard stillOurs else { return }
        var syms: [KeySym] = [0, 0]
        XChangeKeyboardMapping(display, Int32(keycode), 2, &syms, 1)
        XFlush(display)
    }

    /// Keycodes the server believes are down (shutdown checks and tests: no key stays pressed).
    public func keycodesDown() -> [UInt8] {
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(display, &keys)
        var down: [UInt8] = []
        for (i, byte) in keys.enumerated() {
            for bit in 0..<8 where UInt8(bitPattern: byte) & (1 << bit) != 0 { down.append(UInt8(i * 8 + bit)) }
        }
        return down
    }
}
