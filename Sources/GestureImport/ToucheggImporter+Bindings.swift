/// How a Touchégg gesture becomes Tactus bindings: its touchscreen part, and its touchpad
/// part (swipes one by one, pinches of one finger count together), with the previews
/// Touchégg's animations become. See ``ToucheggImporter``.
extension ToucheggImporter {
    mutating func importTouchscreen(_ g: Gesture, trigger: ImportedTrigger, into profile: inout ImportedProfile) {
        switch (map(g.action!, gesture: g, touchpad: false), trigger) {
        case (.once(let a, let remark), .swipe), (.once(let a, let remark), .pinch):
            profile.gestures.append(ImportedBinding(trigger, action: a, lines: [g.line], remark: remark, preview: previews(g)))
        case (.once(let a, let remark), _):
            profile.gestures.append(ImportedBinding(trigger, action: a, lines: [g.line], remark: remark))
        case (.repeated(let forward, let backward, let step, let began, let hold), .pinch(_, let direction)):
            // A pinch's progress is its scale: out grows it, in shrinks it.
            let r = direction == "out" ? ImportedRepeat(every: step, action: forward, reverse: backward) : ImportedRepeat(every: step, action: backward, reverse: forward)
            var b = ImportedBinding(trigger, repeating: r, onBegan: began, lines: [g.line])
            b.hold = hold
            profile.gestures.append(b)
        case (.scroll(let scroll), .pan):
            profile.gestures.append(ImportedBinding(trigger, scroll: scroll, lines: [g.line]))
        case (.scroll, _):
            profile.notes.append(ImportNote(g.summary, because: "Touchégg 1 scrolls with a drag any way (direction ALL)", lines: [g.line], bindings: 1))
        case (_, .pan):
            profile.notes.append(ImportNote(g.summary, because: "Tactus actions fire at a point of a gesture; they cannot move a window or a held button along with the fingers", lines: [g.line], bindings: 1))
        case (.repeated(let forward, let backward, let step, let began, let hold), .swipe(let touches, let direction)):
            // repeated-action.cpp: the action at each step of the swipe's percentage the way it
            // was recognized going, the decrease action at each step back. A pan bound to that
            // direction repeats along it; the step is Touchégg's share of its 100%.
            let every = max(1, (step * Self.touchscreenSwipeTravel(direction)).rounded())
            let r = ImportedRepeat(every: every, action: forward, reverse: backward)
            let axis = direction == "up" || direction == "down" ? "up or down" : "left or right"
            let remark = "every \(decimal(every)) px: Touchégg's \(decimal(step * 100))% of a touchscreen swipe \(axis) (on \(Int(Self.assumedScreen.width))x\(Int(Self.assumedScreen.height)))"
            var b = ImportedBinding(.pan(touches: touches, direction: direction), repeating: r, onBegan: began, lines: [g.line], remark: remark)
            b.hold = hold
            profile.gestures.append(b)
            caveat("A repeated action on a touchscreen swipe is a pan bound to that direction (pan: { direction }): its repeat: counts along the direction, the decrease action (reverse:) as the fingers come back. Its every: is Touchégg's step (10% of a swipe, or 100/times %) of what Touchégg counts as a whole touchscreen swipe, 2% of the screen's shorter side plus 16% of its height (up, down) or width (left, right): taken on a \(Int(Self.assumedScreen.width))x\(Int(Self.assumedScreen.height)) screen, 10% is \(decimal((0.1 * Self.touchscreenSwipeTravel("up")).rounded())) px up or down and \(decimal((0.1 * Self.touchscreenSwipeTravel("left")).rounded())) px left or right. Touchégg counts from 4% of the shorter side past where the fingers land and no further than 100%, and runs no decrease action past that start; Tactus counts from where they land, as far as they go either way: change every: to taste.")
        case (.repeated, .tap), (.repeated, .doubleTap):
            profile.notes.append(ImportNote("the touchscreen part of \(g.summary)", because: "a repeated action needs a gesture that progresses, and Touchégg never repeats on a tap either", lines: [g.line]))
        case (.repeated, .touchpadSwipe), (.repeated, .touchpadPinch):
            break  // not a touchscreen trigger
        case (.refused, _):
            break
        }
    }

    /// Whether `g` is imported with `preview: true`. Touchégg animates the window and desktop
    /// actions it is told to (`<animate>true</animate>`), on touchpads and touchscreens alike,
    /// and then runs them at the end of the gesture only past `action_execute_threshold`
    /// (animated-action.cpp); with `<animate>false</animate>` it runs them at the end whatever
    /// the progress. A Tactus preview does the first; the other Tactus bindings fire at the end.
    /// An action without `<animate>` is animated too (`bool animate = true` in
    /// animated-action.h; only the setting's presence changes it), so it previews as well.
    /// Touchégg 1 animated nothing.
    private mutating func previews(_ g: Gesture) -> Bool {
        guard !legacy else { return false }
        let animate = g.action!.settings["animate"]
        let preview = (animate?.value ?? "true") == "true" && Self.previewable.contains(g.action!.type)
        if preview, let line = animate?.line { previewedLines.insert(line) }
        return preview
    }

    mutating func importTouchpadSwipe(_ g: Gesture, trigger: ImportedTrigger, into profile: inout ImportedProfile) {
        switch map(g.action!, gesture: g, touchpad: true) {
        case .once(let a, let remark):
            profile.touchpad.append(ImportedBinding(trigger, action: a, lines: [g.line], remark: remark, preview: previews(g)))
        case .repeated(let forward, let backward, let step, let began, let hold):
            // The action repeats as the swipe goes its way, the decrease one as it comes back.
            // Touchégg measures a swipe's progress against the touchpad's size, which the
            // import does not know: a step is a share of `swipeTravel` instead, said above.
            // Held modifiers go down once the swipe's direction is known (Touchégg begins a
            // touchpad gesture then), in the window under the pointer.
            func withBegan(_ a: ImportedAction?) -> ImportedAction? {
                guard let a, let began else { return a }
                return .sequence([began, a])
            }
            let r = ImportedRepeat(every: (step * Self.swipeTravel).rounded(), action: withBegan(forward), reverse: withBegan(backward))
            var b = ImportedBinding(trigger, repeating: r, lines: [g.line])
            b.hold = hold
            profile.touchpad.append(b)
            caveat("A repeated action on a touchpad swipe fires every \(decimal(Self.swipeTravel / 10)) px of the driver's swipe motion for Touchégg's step of 10% of a swipe (Touchégg counts a swipe's 100% from the touchpad's size, about 45% of its width, which the import cannot know): change every: to taste.")
        case .refused, .scroll:
            break
        }
    }

    /// The touchpad pinches of one finger count: repeated actions (in one direction, or
    /// mirror images of each other) are one binding that repeats as the scale goes; a pinch
    /// in and out that do the same once are one binding; other once-only actions are a
    /// binding for each direction.
    mutating func importTouchpadPinches(_ entries: [(Gesture, Mapped)], fingers: Int, into profile: inout ImportedProfile) {
        var repeats: [(Gesture, ImportedRepeat, ImportedAction?, String?)] = []
        var once: [(Gesture, ImportedAction)] = []
        for (g, m) in entries {
            switch m {
            case .once(let a, _): once.append((g, a))
            case .repeated(let forward, let backward, let step, let began, let hold):
                let r = g.direction == "OUT" ? ImportedRepeat(every: step, action: forward, reverse: backward) : ImportedRepeat(every: step, action: backward, reverse: forward)
                repeats.append((g, r, began, hold))
            case .refused, .scroll: break
            }
        }
        if let (first, r, began, hold) = repeats.first {
            var merged = r
            var lines = [first.line]
            for (g, other, _, otherHold) in repeats.dropFirst() {
                // One binding holds one set of keys: pinches holding other keys stay apart.
                let compatible = other.every == r.every && (other.action == nil || merged.action == nil || other.action == merged.action)
                    && (other.reverse == nil || merged.reverse == nil || other.reverse == merged.reverse) && otherHold == hold
                guard compatible else {
                    let what = otherHold == hold ? "repeats other actions" : "holds other keys"
                    profile.notes.append(ImportNote("the touchpad part of \(g.summary)", because: "it \(what) than the pinch at line \(first.line), and Tactus has one touchpad pinch binding per finger count", lines: [g.line]))
                    continue
                }
                merged.action = merged.action ?? other.action
                merged.reverse = merged.reverse ?? other.reverse
                lines.append(g.line)
            }
            var b = ImportedBinding(.touchpadPinch(fingers: fingers, direction: nil), repeating: merged, onBegan: began, lines: lines)
            b.hold = hold
            profile.touchpad.append(b)
            // Once-only actions fire when a pinch that way ends, beside the repeat.
            for (g, a) in once {
                profile.touchpad.append(ImportedBinding(.touchpadPinch(fingers: fingers, direction: g.direction.lowercased()), action: a, lines: [g.line], preview: previewsPinch(g)))
            }
            return
        }
        let previewed = once.map { previewsPinch($0.0) }
        if once.count == 2, once[0].1 == once[1].1, previewed[0] == previewed[1] {
            profile.touchpad.append(ImportedBinding(.touchpadPinch(fingers: fingers, direction: nil), action: once[0].1, lines: once.map(\.0.line), preview: previewed[0]))
            return
        }
        // Different actions in and out (or one animated, the other not): a binding for each direction.
        for ((g, a), preview) in zip(once, previewed) {
            profile.touchpad.append(ImportedBinding(.touchpadPinch(fingers: fingers, direction: g.direction.lowercased()), action: a, lines: [g.line], preview: preview))
        }
    }

    /// ``previews(_:)`` for a touchpad pinch, noting that one was made.
    private mutating func previewsPinch(_ g: Gesture) -> Bool {
        let preview = previews(g)
        if preview { previewedTouchpadPinch = true }
        return preview
    }
}
