import GestureProfiles
import SystemCalls

/// Key presses through XTest against the live keyboard map: each keysym on the key and
/// level the current layout has it, with that level's modifiers. A keysym the map lacks gets a
/// spare keycode: bound ahead for the keys a configuration names (``prepare(_:)``), or for
/// the time of a press.
public final class KeyInjector {
    public typealias Server = InputInjection & KeyboardMap

    private let server: Server
    var log: (String) -> Void = { _ in }
    /// What was decided for each combination: keys, levels, modifiers (the daemon's debug
    /// log; the message is made only when it is written).
    var debug: (() -> String) -> Void = { _ in }
    /// Spare keycodes bound to keysyms the map lacks. Clients read the new map only when they
    /// handle the key event, so a binding is kept a while (and reused) rather than undone at
    /// once — the same reason xdotool delays its revert.
    private var temporaryBindings: [(keysym: UInt, keycode: UInt8, lastUsed: UInt64)] = []
    /// Spare keycodes bound ahead, when a configuration is loaded, for the keysyms its `keys`
    /// actions need and the map lacks: applications see the new map long before the first
    /// press (a client that reads the map only at a key event may otherwise still hold the
    /// old one for a just-bound key).
    private var preparedBindings: [(keysym: UInt, keycode: UInt8)] = []
    /// How long a spare binding outlives its last use (ms).
    public var temporaryBindingLifetime: UInt64 = 2_000
    /// The keys `hold:` holds down, by hold: the keycodes each pressed, in order. A keycode
    /// two holds share goes up with the last of them.
    private var holds: [(id: Int, keycodes: [UInt8], combo: KeyCombo)] = []
    /// Monotonic milliseconds (injected so tests can drive it).
    public var milliseconds: () -> UInt64 = { UInt64(MonotonicClock.nanoseconds() / 1_000_000) }

    init(server: Server) { self.server = server }

    /// Presses the keys in order and releases them in reverse, as the current layout types
    /// them: a keysym on a key's second, third or fourth level gets that level's modifiers
    /// (Shift, AltGr…) pressed just before it and released just after, unless a key of the
    /// combination already holds them (`ctrl+plus` on a US layout: Control, Shift, `=`).
    /// Modifiers the user holds are released for the combination and pressed again after
    /// it; latched ones are cleared for it and latched again after, and a locked one that
    /// would change a key's level (Caps Lock for a letter, Num Lock for the keypad) is
    /// unlocked for it and locked again. A keysym the layout lacks gets a spare keycode for
    /// the time of the press. Every key pressed is released, whatever happens.
    ///
    /// Keys a hold keeps down (``hold(_:id:)``) are the gesture's, not the user's: they stay
    /// down through the combination, neither released for it nor pressed again by it.
    public func press(_ combo: KeyCombo) {
        releaseBindings(olderThan: temporaryBindingLifetime)
        let state = server.keyboardState()
        let layout = server.keyboardLayout(group: state.group)
        guard let plan = plan(combo, layout: layout) else { return }
        let ours = heldKeycodes
        let held = (layout?.heldModifierKeys(among: state.keysDown) ?? []).filter { !ours.contains($0) }
        let locks = state.locked.intersection(ModifierMask(plan.keys.map { layout?.levelModifiers[$0] ?? [] }))
        let latches = state.latched
        var pressed: [UInt8] = []
        defer {
            for k in pressed.reversed() { server.fakeKey(k, pressed: false) }
            for k in held { server.fakeKey(k, pressed: true) }
            if !locks.isEmpty { server.lockModifiers(locks, to: locks) }
            if !latches.isEmpty { server.latchModifiers(latches, to: latches) }
            server.flush()
        }
        // The user's modifiers set aside for the combination (put back by the defer above).
        for k in held { server.fakeKey(k, pressed: false) }
        if !locks.isEmpty { server.lockModifiers(locks, to: []) }
        if !latches.isEmpty { server.latchModifiers(latches, to: []) }
        for k in plan.keys where !pressed.contains(k) && !ours.contains(k) {
            server.fakeKey(k, pressed: true)
            pressed.append(k)
        }
        debug { "keys \(combo): \(plan.decisions.joined(separator: ", ")); pressed \(pressed.map(String.init).joined(separator: " "))"
              + (ours.isEmpty ? "" : "; keys \(ours.sorted().map(String.init).joined(separator: " ")) held by a gesture stay down")
              + (held.isEmpty ? "" : "; held modifier keys \(held.map(String.init).joined(separator: " ")) released for it")
              + (locks.isEmpty ? "" : "; locked 0x\(String(locks.rawValue, radix: 16)) unlocked for it")
              + (latches.isEmpty ? "" : "; latched 0x\(String(latches.rawValue, radix: 16)) cleared for it") }
    }

    // MARK: Holds

    /// The keycodes the holds keep down.
    var heldKeycodes: Set<UInt8> { Set(holds.flatMap(\.keycodes)) }

    /// Whether hold `id`'s keys are down.
    public func isHolding(_ id: Int) -> Bool { holds.contains { $0.id == id } }

    /// The holds whose keys are down, oldest first.
    public var heldCombos: [KeyCombo] { holds.map(\.combo) }

    /// Presses `combo`'s keys (each with its level's modifiers, as ``press(_:)`` places them)
    /// and keeps them down until ``release(hold:)`` of the same `id`. Keys another hold keeps
    /// down are not pressed again; a key the user holds already is left to the user (neither
    /// pressed nor, later, released). Nothing is pressed when a name cannot be typed (said in
    /// the log).
    public func hold(_ combo: KeyCombo, id: Int) {
        guard !isHolding(id) else { return }
        releaseBindings(olderThan: temporaryBindingLifetime)
        let state = server.keyboardState()
        let layout = server.keyboardLayout(group: state.group)
        guard let plan = plan(combo, layout: layout) else { return }
        let ours = heldKeycodes
        let usersOwn = Set(state.keysDown).subtracting(ours)
        var keycodes: [UInt8] = []
        for k in plan.keys where !keycodes.contains(k) && !usersOwn.contains(k) {
            if !ours.contains(k) { server.fakeKey(k, pressed: true) }
            keycodes.append(k)
        }
        holds.append((id, keycodes, combo))
        server.flush()
        debug { "hold \(combo): \(plan.decisions.joined(separator: ", ")); keycodes \(keycodes.map(String.init).joined(separator: " ")) held down" }
    }

    /// Releases hold `id`'s keys, the last pressed first (those another hold keeps down stay).
    /// The keycodes pressed are released, whatever the layout has become meanwhile.
    public func release(hold id: Int) {
        guard let i = holds.firstIndex(where: { $0.id == id }) else { return }
        let released = holds.remove(at: i)
        let stillHeld = heldKeycodes
        for k in released.keycodes.reversed() where !stillHeld.contains(k) { server.fakeKey(k, pressed: false) }
        server.flush()
        debug { "release \(released.combo): keycodes \(released.keycodes.reversed().map(String.init).joined(separator: " ")) up" }
    }

    /// Releases every hold, the newest first (the daemon stopping). Returns what was held.
    @discardableResult
    public func releaseAllHolds() -> [KeyCombo] {
        let combos = holds.map(\.combo)
        while let last = holds.last { release(hold: last.id) }
        return combos
    }

    /// The keycodes to press for `combo`, in order (each level's modifier keys before its
    /// key), and what was decided for each name; nil (said in the log) when a name cannot be
    /// typed. Binds spare keycodes for keysyms the layout lacks.
    private func plan(_ combo: KeyCombo, layout: KeyboardLayout?) -> (keys: [UInt8], decisions: [String])? {
        var keys: [UInt8] = []
        var decisions: [String] = []
        var holding: ModifierMask = []
        func add(_ keycode: UInt8) {
            keys.append(keycode)
            holding.formUnion(layout?.modifiers(of: keycode) ?? [])
        }
        for name in combo.keys {
            guard let keysym = Keysyms.byName[name].map({ UInt($0) }) else {
                log("unknown key \(name)")
                return nil
            }
            if let layout, let placement = layout.placement(of: keysym) {
                for modifier in placement.modifiers.subtracting(holding).bits {
                    guard let key = layout.key(setting: modifier) else {
                        log("no key sets the modifier 0x\(String(modifier.rawValue, radix: 16)) that \(name) needs (level \(placement.level + 1) of keycode \(placement.keycode))")
                        return nil
                    }
                    add(key)
                }
                add(placement.keycode)
                keepBinding(of: placement.keycode)
                decisions.append("\(name): keycode \(placement.keycode) level \(placement.level + 1)"
                                 + (placement.modifiers.isEmpty ? "" : " with modifiers 0x\(String(placement.modifiers.rawValue, radix: 16))"))
                continue
            }
            // Without XKB (no layout): the core map's keycode, no levels.
            var code = layout == nil ? server.keycode(forKeysym: keysym) : nil
            if code == nil, let spare = server.bindSpareKeycode(toKeysym: keysym) {
                temporaryBindings.append((keysym, spare, milliseconds()))
                code = spare
            }
            guard let code else {
                log("no keycode for \(name), and none spare to bind it to")
                return nil
            }
            add(code)
            keepBinding(of: code)
            decisions.append("\(name): spare keycode \(code)")
        }
        return (keys, decisions)
    }

    /// A temporary binding just used lives on (``temporaryBindingLifetime``).
    private func keepBinding(of keycode: UInt8) {
        if let i = temporaryBindings.firstIndex(where: { $0.keycode == keycode }) { temporaryBindings[i].lastUsed = milliseconds() }
    }

    /// Binds spare keycodes now for the keysyms in `names` the keyboard map lacks, and undoes
    /// the bindings an earlier configuration made that these no longer need. Returns the
    /// names bound.
    @discardableResult
    public func prepare(_ names: [String]) -> [String] {
        let wanted = Set(names.compactMap { Keysyms.byName[$0].map { UInt($0) } })
        preparedBindings.removeAll { binding in
            guard !wanted.contains(binding.keysym) else { return false }
            server.unbindKeycode(binding.keycode, from: binding.keysym)
            return true
        }
        var bound: [String] = []
        // The layout in use now; without XKB, every group and level of the core map.
        let layout = server.keyboardLayout(group: server.keyboardState().group)
        let lacks: (UInt) -> Bool = { keysym in layout.map { $0.placement(of: keysym) == nil } ?? (self.server.keycode(forKeysym: keysym) == nil) }
        for name in names {
            guard let keysym = Keysyms.byName[name].map({ UInt($0) }), lacks(keysym),
                  let code = server.bindSpareKeycode(toKeysym: keysym) else { continue }
            preparedBindings.append((keysym, code))
            bound.append(name)
        }
        server.flush()
        return bound
    }

    /// Undoes spare keycode bindings unused for `age` ms (0: all of them, the prepared ones
    /// too; on shutdown).
    public func releaseBindings(olderThan age: UInt64 = 0) {
        let now = milliseconds()
        let held = heldKeycodes
        temporaryBindings.removeAll { binding in
            // A key held down keeps its keysym until it comes up.
            guard age == 0 || (now - binding.lastUsed >= age && !held.contains(binding.keycode)) else { return false }
            server.unbindKeycode(binding.keycode, from: binding.keysym)
            return true
        }
        if age == 0 {
            for binding in preparedBindings { server.unbindKeycode(binding.keycode, from: binding.keysym) }
            preparedBindings = []
        }
        server.flush()
    }
}
