import GestureProfiles
import SystemCalls

/// Key presses through XTest against the live keyboard map. A keysym the map lacks gets a
/// spare keycode: bound ahead for the keys a configuration names (``prepare(_:)``), or for
/// the time of a press.
public final class KeyInjector {
    public typealias Server = InputInjection & KeyboardMap

    private let server: Server
    var log: (String) -> Void = { _ in }
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
    /// Monotonic milliseconds (injected so tests can drive it).
    public var milliseconds: () -> UInt64 = { UInt64(MonotonicClock.nanoseconds() / 1_000_000) }

    init(server: Server) { self.server = server }

    /// Presses the keys in order and releases them in reverse, modifiers last. A keysym that
    /// has no keycode in the current map gets a spare one for the time of the press. Every key
    /// pressed is released, whatever happens.
    public func press(_ combo: KeyCombo) {
        var pressed: [UInt8] = []
        defer {
            for k in pressed.reversed() { server.fakeKey(k, pressed: false) }
            server.flush()
        }
        releaseBindings(olderThan: temporaryBindingLifetime)
        for name in combo.keys {
            guard let keysym = Keysyms.byName[name] else { return log("unknown key \(name)") }
            var code = server.keycode(forKeysym: UInt(keysym))
            if code == nil, let spare = server.bindSpareKeycode(toKeysym: UInt(keysym)) {
                temporaryBindings.append((UInt(keysym), spare, milliseconds()))
                code = spare
            }
            if let i = temporaryBindings.firstIndex(where: { $0.keycode == code }) { temporaryBindings[i].lastUsed = milliseconds() }
            guard let code else { return log("no keycode for \(name), and none spare to bind it to") }
            server.fakeKey(code, pressed: true)
            pressed.append(code)
        }
    }

    /// Binds spare keycodes now for the keysyms in `names` the keyboard map lacks, and undoes
    /// the bindings an earlier configuration made that these no longer need. Returns the
    /// names bound.
    @discardableResult
    public func prepare(_ names: [String]) -> [String] {
        let wanted = Set(names.compactMap { Keysyms.byName[$0].map { UInt($0) } })
        preparedBindings.removeAll { binding in
            guard !wanted.contains(binding.keysym) else { return false }
            server.unbindKeycode(binding.keycode)
            return true
        }
        var bound: [String] = []
        for name in names {
            guard let keysym = Keysyms.byName[name].map({ UInt($0) }), server.keycode(forKeysym: keysym) == nil,
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
        temporaryBindings.removeAll { binding in
            guard age == 0 || now - binding.lastUsed >= age else { return false }
            server.unbindKeycode(binding.keycode)
            return true
        }
        if age == 0 {
            for binding in preparedBindings { server.unbindKeycode(binding.keycode) }
            preparedBindings = []
        }
        server.flush()
    }
}
