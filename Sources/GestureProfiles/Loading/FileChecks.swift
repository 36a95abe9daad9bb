import GestureEngine
import YAMLTree

/// The checks that need more than one section: gesture names unique across the file,
/// relations naming known gestures, no `requireToFail` cycle, and touchpad swipe bindings
/// that take directions nothing binds.
extension ProfileParser {
    /// Gestures and touchpad bindings share one namespace (relations name either).
    func claimGestureName(_ name: String, at node: Node) {
        if let earlier = gestureNodes[name] {
            sink.error(node, "duplicate gesture name '\(name)' (first at line \(SourceLocation(earlier.mark).line)); gesture names are unique within the file")
        } else {
            gestureNodes[name] = node
        }
    }

    /// Counts a gesture or touchpad binding; false past `ProfileLimits.gestures` (reported
    /// once, at the first one too many: it and the rest are not read).
    func admitGesture(_ node: Node) -> Bool {
        gestureCount += 1
        if gestureCount == ProfileLimits.gestures + 1 {
            sink.error(node, "more than \(ProfileLimits.gestures) gestures and touchpad bindings in the file; the rest are not read (tactus.yaml(5), LIMITS)")
        }
        return gestureCount <= ProfileLimits.gestures
    }

    /// Every gesture a relation names exists, and `requireToFail` has no cycle (a
    /// configuration error: semantics.md §3).
    func checkReferences() {
        let known = Array(gestureNodes.keys)
        // Past the gesture limit, a name may be one of the gestures left unread.
        for r in references where gestureNodes[r.name] == nil && gestureCount <= ProfileLimits.gestures {
            sink.error(r.node, "unknown gesture '\(r.name)' in \(r.field) of '\(r.from)'\(suggestion(for: r.name, among: known))")
        }
        let edges = requirementEdges.filter { gestureNodes[$0.to] != nil }
        for cycle in RequirementCycles.find(edges.map { ($0.from, $0.to) }) {
            let names = cycle.map { edges[$0].from } + [edges[cycle[0]].from]
            sink.error(edges[cycle.last!].node, "requireToFail cycle: \(names.joined(separator: " -> ")); these gestures would wait for each other forever")
        }
    }

    /// The driver's swipe or pinch is claimed at its begin from the finger count only, so a
    /// binding for one direction takes that finger count's gestures in every direction. Warns
    /// where that takes gestures from the application that nothing here uses: per profile,
    /// kind and finger count, the directions bound neither by it nor by a `match: any` profile.
    func checkTouchpadClaims(_ profiles: [Profile]) {
        /// A binding's direction (nil: any), and every direction of its kind.
        func direction(_ b: TouchpadBinding) -> String? {
            b.kind == .swipe ? b.direction?.rawValue : (b.pinchDirection == .any ? nil : b.pinchDirection.rawValue)
        }
        let screenBindings = profiles.filter(\.appliesToScreen).flatMap(\.touchpad)
        for p in profiles {
            var seen: Set<String> = []
            for b in p.touchpad where direction(b) != nil && seen.insert("\(b.kind) \(b.fingers) \(b.modifiers.sorted())").inserted {
                // Gestures made with modifiers held go to the bindings naming them, others to
                // the rest: each set is checked on its own.
                let taking = (p.touchpad + (p.appliesToScreen ? [] : screenBindings)).filter { $0.kind == b.kind && $0.fingers == b.fingers && $0.modifiers == b.modifiers }
                // Diagonals and turns are told apart only where one is bound; then each is a
                // direction of its own to bind.
                let all: [String] = b.kind == .swipe
                    ? TouchpadSwipeDirection.allCases.filter { !$0.isDiagonal || taking.contains { $0.direction?.isDiagonal == true } }.map(\.rawValue)
                    : TouchpadPinchDirection.allCases.filter { $0 != .any && (!$0.isRotation || taking.contains { $0.pinchDirection.isRotation }) }.map(\.rawValue)
                var covered: Set<String> = []
                for other in taking {
                    if let d = direction(other) { covered.insert(d) } else { covered.formUnion(all) }
                }
                let missing = all.filter { !covered.contains($0) }
                guard !missing.isEmpty, let node = directionNodes[b.name] else { continue }
                let list = missing.count == 1 ? missing[0] : missing.dropLast().joined(separator: ", ") + " and " + missing.last!
                let (noun, plural) = b.kind == .swipe ? ("swipe", "swipes") : ("pinch", "pinches")
                sink.warning(node, "\(b.fingers)-finger \(plural) \(list) are bound to nothing\(p.appliesToScreen ? "" : " in '\(p.name)'"), yet this binding takes them from the application: the touchpad driver decides ownership when a \(noun) begins, from the finger count only (bind them too, or use another finger count)")
            }
        }
    }
}
