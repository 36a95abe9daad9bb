import GestureEngine
import YAMLTree

/// A touchpad binding's keys: its name, one kind (`swipe` or `pinch`), its actions, when its
/// `action` fires (`fire`, `preview`), and the keys it holds (`hold`).
enum TouchpadKey: String, SectionKey { case name, swipe, pinch, modifiers, action, on, `repeat`, fire, preview, hold }

/// The keys of a binding's `swipe:` or `pinch:`; a swipe's direction is left, right, up,
/// down or a diagonal (up-left, …), a pinch's in, out, clockwise, counterclockwise or any.
enum TouchpadKindKey: String, SectionKey { case fingers, direction }

extension ProfileParser {
    func parseTouchpad(_ node: Node) -> TouchpadBinding? {
        guard admitGesture(node) else { return nil }
        guard let entries = reader.entries(node, "a touchpad binding", TouchpadKey.self) else { return nil }
        let byKey = firstEntries(entries)
        var name = "touchpad\(SourceLocation(node.mark).line)"
        if let n = byKey[.name], let s = reader.string(n.value, "binding name") {
            claimGestureName(s, at: n.value)
            name = s
        } else if byKey[.name] == nil {
            sink.error(node, "a touchpad binding needs a 'name'")
        }
        let kinds = entries.filter { $0.key == .swipe || $0.key == .pinch }
        guard kinds.count == 1 else {
            if kinds.isEmpty { sink.error(node, "touchpad binding '\(name)' needs 'swipe' or 'pinch'") } else { sink.error(kinds[1].keyNode, "touchpad binding '\(name)' has both 'swipe' and 'pinch'") }
            return nil
        }
        let kind = TouchpadBinding.Kind(rawValue: kinds[0].key.rawValue)!
        var fingers = kind == .swipe ? ProfileDefaults.touchpadSwipeFingers : ProfileDefaults.touchpadPinchFingers
        var direction: TouchpadSwipeDirection?
        var pinchDirection = TouchpadPinchDirection.any
        for (key, _, v) in reader.entries(kinds[0].value, "touchpad \(kind.rawValue)", among: [TouchpadKindKey.fingers, .direction]) ?? [] {
            switch key {
            case .fingers:
                fingers = reader.integer(v, key.rawValue, range: kind == .swipe ? 3...5 : 2...5) ?? fingers
            case .direction where kind == .pinch:
                if let c = reader.choice(v, "pinch direction", TouchpadPinchDirection.allCases.map(\.rawValue)) {
                    pinchDirection = TouchpadPinchDirection(rawValue: c)!
                    directionNodes[name] = v
                }
            case .direction:
                if let c = reader.choice(v, key.rawValue, TouchpadSwipeDirection.allCases.map(\.rawValue)) {
                    direction = TouchpadSwipeDirection(rawValue: c)
                    directionNodes[name] = v
                }
            }
        }
        var binding = TouchpadBinding(name: name, kind: kind, fingers: fingers, direction: direction, pinchDirection: pinchDirection,
                                      action: nil, on: [:], repeat: nil, location: SourceLocation(node.mark))
        if let m = byKey[.modifiers] {
            for item in reader.list(m.value) {
                if let name = reader.choice(item, "modifier", ["ctrl", "alt", "shift", "super"]) { binding.modifiers.insert(name) }
            }
        }
        binding.action = byKey[.action].flatMap { parseAction($0.value) }
        if let on = byKey[.on] { binding.on = parseOn(on.value, continuous: true, gesture: name) }
        if let r = byKey[.repeat] { binding.repeat = parseRepeat(r.value) }
        parseTiming(byKey, into: &binding)
        if let h = byKey[.hold] { binding.hold = parseHold(h.value) }
        return binding
    }

    /// `fire:` and `preview:` of a touchpad binding, checked as a gesture's are; a rotation
    /// has no progress to follow, so it can only fire at its end or at recognition.
    private func parseTiming(_ byKey: [TouchpadKey: Entry<TouchpadKey>], into binding: inout TouchpadBinding) {
        let name = binding.name
        let rotation = binding.kind == .pinch && binding.pinchDirection.isRotation
        if let f = byKey[.fire] {
            binding.fire = reader.choice(f.value, "fire", FireTiming.ofTravel.map(\.rawValue)).flatMap(FireTiming.init)
            if rotation, binding.fire == .atLift {
                sink.error(f.value, "touchpad binding '\(name)' is a rotation (\(binding.pinchDirection.rawValue)), which has no travel or spread to decide at the lift: 'fire: at-lift' is for swipes and pinches in, out or any")
            }
        }
        if let p = byKey[.preview] {
            binding.preview = reader.bool(p.value, "preview") ?? false
            if binding.preview, rotation {
                sink.error(p.keyNode, "touchpad binding '\(name)' is a rotation (\(binding.pinchDirection.rawValue)), which has no travel or spread to preview: 'preview' is for swipes and pinches in, out or any")
            }
        }
        if binding.preview {
            if binding.fire == .atRecognition, let f = byKey[.fire] {
                sink.error(f.value, "touchpad binding '\(name)' has a preview, so its action waits for the lift: 'fire: at-recognition' would perform it before the preview is shown (use 'fire: at-lift', or no preview)")
            }
            binding.fire = .atLift
            if let action = binding.action, !action.isPreviewable, let p = byKey[.preview] {
                sink.warning(p.keyNode, "touchpad binding '\(name)': a preview draws window and desktop actions only, and its action has none: nothing is shown while it waits for the lift (write 'fire: at-lift' instead)")
            }
        }
        if binding.firesAtLift, binding.action == nil, let key = byKey[.preview] ?? byKey[.fire] {
            sink.error(key.keyNode, "touchpad binding '\(name)' fires at the lift but has no 'action' to fire")
        }
    }
}
