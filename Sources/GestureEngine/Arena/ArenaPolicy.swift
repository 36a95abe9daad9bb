/// The arena's rules about how members relate (semantics.md §3, §4): who waits for whom, who
/// stops whom. Members only declare; these functions decide, so the built-in class rule lives
/// here and not in any recognizer.
enum ArenaPolicy {
    /// A requires B to fail when A declares it (or A's hook says so), or B's hook says A
    /// must wait for it: the OR of both sides (§3).
    static func requires(_ a: GestureArenaMember, _ b: GestureArenaMember) -> Bool {
        a.requiresFailure(of: b) || b.isRequiredToFail(by: a) || swipeClassRuleHolds(a, for: b)
    }

    /// Built-in class rule (semantics.md §10): a swipe waits for a swipe of more fingers on
    /// the same touches to fail, so that a three-finger swipe does not fire while the fourth
    /// finger of a four-finger one may still land.
    static func swipeClassRuleHolds(_ a: GestureArenaMember, for b: GestureArenaMember) -> Bool {
        let at = a.traits, bt = b.traits
        return at.kind == .swipe && bt.kind == .swipe && bt.touchesRequired > at.touchesRequired
    }

    /// Whether `w`, winning, stops `l` (§4): not when either side allows simultaneity, not
    /// when a one-way relation forbids it, and never a tap stopping a tap that needs more taps.
    static func prevents(_ w: GestureArenaMember, _ l: GestureArenaMember) -> Bool {
        if w.allowsSimultaneousRecognition(with: l) || l.allowsSimultaneousRecognition(with: w) { return false }
        if tapClassRuleSpares(l, from: w) { return false }
        return w.canPrevent(l) && l.canBePrevented(by: w)
    }

    /// Built-in class rule (§4): a tap never prevents a tap that needs more taps, so a single
    /// tap and a double tap both fire on a double tap unless a requirement says otherwise.
    static func tapClassRuleSpares(_ l: GestureArenaMember, from w: GestureArenaMember) -> Bool {
        let wt = w.traits, lt = l.traits
        return wt.kind == .tap && lt.kind == .tap && lt.tapsRequired > wt.tapsRequired
    }
}

/// Checks declared failure requirements for a cycle (semantics.md §3: a configuration error).
public enum FailureRequirements {
    /// A cycle among the declared requirements of `members` (and those they name), as the
    /// names along it with the first repeated at the end, or nil. Iterative and linear in the
    /// number of requirements: a chain of any length cannot overflow the stack.
    public static func cycle(among members: [GestureArenaMember]) -> [String]? {
        var color: [ObjectIdentifier: Int] = [:]  // 1 = on the path, 2 = done
        for root in members where color[ObjectIdentifier(root)] == nil {
            // The DFS path, each with the index of the next requirement to look at.
            var path: [(member: GestureArenaMember, next: Int)] = [(root, 0)]
            color[ObjectIdentifier(root)] = 1
            while let (m, i) = path.last {
                guard i < m.failureRequirements.count else {
                    color[ObjectIdentifier(m)] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let b = m.failureRequirements[i]
                switch color[ObjectIdentifier(b)] {
                case 1:
                    let start = path.firstIndex { $0.member === b }!
                    return path[start...].map(\.member.name) + [b.name]
                case nil:
                    color[ObjectIdentifier(b)] = 1
                    path.append((b, 0))
                default:
                    break
                }
            }
        }
        return nil
    }
}
