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

    /// The driver's swipe is claimed at its begin from the finger count only, so a binding
    /// for one direction takes that finger count's swipes in every direction. Warns where
    /// that takes swipes from the application that nothing here uses: per profile and
    /// finger count, the directions bound neither by it nor by a `match: any` profile.
    func checkTouchpadClaims(_ profiles: [Profile]) {
        let all: [Direction] = directionNames.map { Direction(rawValue: $0)! }
        func directions(_ bindings: [TouchpadBinding], fingers: Int) -> Set<Direction> {
            var covered: Set<Direction> = []
            for b in bindings where b.kind == .swipe && b.fingers == fingers {
                if let d = b.direction { covered.insert(d) } else { covered.formUnion(all) }
            }
            return covered
        }
        let screenBindings = profiles.filter(\.appliesToScreen).flatMap(\.touchpad)
        for p in profiles {
            var seen: Set<Int> = []
            for b in p.touchpad where b.kind == .swipe && b.direction != nil && seen.insert(b.fingers).inserted {
                let covered = directions(p.touchpad + (p.appliesToScreen ? [] : screenBindings), fingers: b.fingers)
                let missing = all.filter { !covered.contains($0) }
                guard !missing.isEmpty, let node = directionNodes[b.name] else { continue }
                let names = missing.map(\.rawValue)
                let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
                sink.warning(node, "\(b.fingers)-finger swipes \(list) are bound to nothing\(p.appliesToScreen ? "" : " in '\(p.name)'"), yet this binding takes them from the application: the touchpad driver decides ownership when a swipe begins, from the finger count only (bind them too, or use another finger count)")
            }
            // The same for pinches: a binding for pinching in takes the pinches out as well.
            var pinchSeen: Set<Int> = []
            for b in p.touchpad where b.kind == .pinch && b.pinchDirection != .any && pinchSeen.insert(b.fingers).inserted {
                let bindings = (p.touchpad + (p.appliesToScreen ? [] : screenBindings)).filter { $0.kind == .pinch && $0.fingers == b.fingers }
                let covered = Set(bindings.map(\.pinchDirection))
                guard !covered.contains(.any), let missing = [PinchDirection.in, .out].first(where: { !covered.contains($0) }),
                      let node = directionNodes[b.name] else { continue }
                sink.warning(node, "\(b.fingers)-finger pinches \(missing.rawValue) are bound to nothing\(p.appliesToScreen ? "" : " in '\(p.name)'"), yet this binding takes them from the application: the touchpad driver decides ownership when a pinch begins, from the finger count only (bind them too, or use another finger count)")
            }
        }
    }
}
