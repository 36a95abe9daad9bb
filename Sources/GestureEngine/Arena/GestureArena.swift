/// One touch's place in the arena: the members it was offered to (deepest view first,
/// declaration order within a view) and its verdict once given.
final class ArenaEntry<Member: GestureArenaMember> {
    let id: TouchID
    /// When the touch went down: how long the application waits is measured from here.
    let beganAt: Instant
    /// Members that receive the touch (ignoring it takes a member out).
    var members: [Member] = []
    var verdict: TouchVerdict?
    /// When it was offered, some member would have claimed it (for the release reason).
    var wasWanted = false
    /// How many members it was offered to.
    var offeredCount = 0

    init(id: TouchID, beganAt: Instant) {
        self.id = id
        self.beganAt = beganAt
    }

    /// Whether a member that would claim the touch may still take it.
    var isWanted: Bool {
        for m in members where m.state == .possible && m.cancelsTouchesInView { return true }
        return false
    }
}

/// The environment of an arena (the engine; a recorder in the arena's tests). The arena holds
/// no reference to it: each call that may decide something is given the delegate, so what a
/// decision implies is carried out at once, in order, without a stored back-pointer.
protocol ArenaDelegate: AnyObject {
    associatedtype Member: GestureArenaMember
    /// The arena moved `member` from one state to another.
    func arena(didMove member: Member, from: GestureState, to: GestureState)
    /// `member` began or recognized with `cancelsTouchesInView`: its touches are claimed.
    func arena(claimTouchesOf member: Member)
    /// The member's action for this state is due.
    func arena(fire member: Member, _ state: GestureState)
    func arena(report error: EngineError)
    /// §5 step 3: whether the views under the member's touches let it begin (controls, §7).
    func arena(viewsAllowBegin member: Member) -> Bool
}

/// Arbitration (semantics.md §3–§5) with one owner: the arena keeps each touch's entry, the
/// members contending in the current sequences, their held transitions and the marks of its
/// graph walks. Members only report what they see (``request(_:_:delegate:)``) and obey the
/// state the arena sets; what follows from a decision (claims, actions, log lines) goes to the
/// ``ArenaDelegate`` given with the call. Flutter's `arena.dart` is the model.
final class GestureArena<Member: GestureArenaMember> {
    /// Members with a sequence under way (they received a touch since their last reset).
    private(set) var contenders: [Member] = []
    /// Per contender (by its `arenaSlot`): its entries, its held transition, a walk mark.
    private var entriesOf: [[ArenaEntry<Member>]] = []
    private var heldTransitionOf: [GestureState?] = []
    private var markOf: [Int] = []
    private var resolveMarkOf: [Int] = []
    private var generation = 0
    /// Contenders with a held transition, in the order they were held.
    private(set) var held: [Member] = []
    /// Members stopped or cancelled whose waiters have not been looked at yet.
    private var resolvedQueue: [Member] = []
    private var isResolving = false

    init() {
        contenders.reserveCapacity(32)
        held.reserveCapacity(16)
    }

    // MARK: Entries and contenders

    /// Offers the touch of `entry` to `member`, which contends from now on.
    func join(_ member: Member, _ entry: ArenaEntry<Member>) {
        if member.arenaSlot < 0 {
            member.arenaSlot = contenders.count
            contenders.append(member)
            entriesOf.append([])
            heldTransitionOf.append(nil)
            markOf.append(0)
            resolveMarkOf.append(0)
        }
        entry.members.append(member)
        entriesOf[member.arenaSlot].append(entry)
    }

    /// The member sees no more of that touch (semantics.md §2.4).
    func ignore(_ member: Member, _ entry: ArenaEntry<Member>) {
        if let i = entry.members.firstIndex(where: { $0 === member }) { entry.members.remove(at: i) }
        guard member.arenaSlot >= 0 else { return }
        entriesOf[member.arenaSlot].removeAll { $0 === entry }
    }

    /// The member's sequence is over: it leaves every entry and the table. The table keeps
    /// the order members joined in (resets are logged in that order).
    func leave(_ member: Member) {
        let slot = member.arenaSlot
        guard slot >= 0 else { return }
        for e in entriesOf[slot] {
            if let i = e.members.firstIndex(where: { $0 === member }) { e.members.remove(at: i) }
        }
        if heldTransitionOf[slot] != nil { held.removeAll { $0 === member } }
        contenders.remove(at: slot)
        entriesOf.remove(at: slot)
        heldTransitionOf.remove(at: slot)
        markOf.remove(at: slot)
        resolveMarkOf.remove(at: slot)
        for i in slot..<contenders.count { contenders[i].arenaSlot = i }
        member.arenaSlot = -1
    }

    /// The entries of the touches a contender receives.
    func entries(of member: Member) -> [ArenaEntry<Member>] {
        member.arenaSlot >= 0 ? entriesOf[member.arenaSlot] : []
    }

    /// Whether the member wants to leave `possible` and waits for a requirement (§3).
    func isHeld(_ member: Member) -> Bool {
        member.arenaSlot >= 0 && heldTransitionOf[member.arenaSlot] != nil
    }

    /// Gives the entry its verdict unless it has one; true when this call gave it.
    func decide(_ entry: ArenaEntry<Member>, _ verdict: TouchVerdict) -> Bool {
        guard entry.verdict == nil else { return false }
        entry.verdict = verdict
        return true
    }

    // MARK: Reports

    /// A member reports what it sees: `.began`, `.changed`, `.ended` (= recognized),
    /// `.cancelled` or `.failed`. What follows goes to `delegate`.
    func request<D: ArenaDelegate>(_ m: Member, _ wanted: GestureState, delegate: D) where D.Member == Member {
        let from = m.state
        guard !from.isTerminal else { return }  // finished for this sequence: nothing more counts
        if from == .possible {
            switch wanted {
            case .possible:
                return
            case .failed:
                stop(m, delegate: delegate)
            case .began where m.isContinuous, .ended where !m.isContinuous:
                attempt(m, wanted, delegate: delegate)
                resolvePending(delegate: delegate)
            default:
                delegate.arena(report: .illegalTransition(gesture: m.name, from: from, to: wanted))
            }
            return
        }
        guard GestureState.isLegalTransition(from: from, to: wanted, continuous: m.isContinuous) else {
            delegate.arena(report: .illegalTransition(gesture: m.name, from: from, to: wanted))
            return
        }
        commit(m, wanted, delegate)
        delegate.arena(fire: m, wanted)
        if wanted == .cancelled {
            resolvedQueue.append(m)
            resolvePending(delegate: delegate)
        }
    }

    /// Stops `m` from outside: failed if possible, cancelled if in progress.
    func stop<D: ArenaDelegate>(_ m: Member, delegate: D) where D.Member == Member {
        halt(m, delegate)
        resolvePending(delegate: delegate)
    }

    private func halt<D: ArenaDelegate>(_ m: Member, _ delegate: D) where D.Member == Member {
        switch m.state {
        case .possible:
            unhold(m)
            commit(m, .failed, delegate)
            resolvedQueue.append(m)
        case .began, .changed:
            commit(m, .cancelled, delegate)
            delegate.arena(fire: m, .cancelled)
            resolvedQueue.append(m)
        default:
            break
        }
    }

    private func commit<D: ArenaDelegate>(_ m: Member, _ to: GestureState, _ delegate: D) where D.Member == Member {
        let from = m.state
        m.state = to
        delegate.arena(didMove: m, from: from, to: to)
    }

    // MARK: Leaving possible (semantics.md §5)

    private func attempt<D: ArenaDelegate>(_ m: Member, _ wanted: GestureState, delegate: D) where D.Member == Member {
        // (1) Failure requirements: hold while one is unresolved; fail if one won.
        switch requirementStatus(of: m) {
        case .wonByRequired:
            halt(m, delegate)
            return
        case .waiting(let b):
            if waitsTransitively(from: b, to: m) {
                delegate.arena(report: .requirementCycle(gesture: m.name, waitingOn: b.name))
                halt(m, delegate)
                return
            }
            if heldTransitionOf[m.arenaSlot] == nil { held.append(m) }
            heldTransitionOf[m.arenaSlot] = wanted
            return
        case .clear:
            unhold(m)
        }
        // (2) The member's own shouldBegin; (3) the views under its touches (controls, §7).
        guard m.shouldBegin(), delegate.arena(viewsAllowBegin: m) else {
            halt(m, delegate)
            return
        }
        let entries = entriesOf[m.arenaSlot]
        // (4) The winner is whoever left possible first: one already in progress on these
        // touches stops this one, unless they may run together.
        for e in entries {
            for x in e.members where x !== m && x.state.isInProgress && ArenaPolicy.prevents(x, m) {
                halt(m, delegate)
                return
            }
        }
        // Commit, then exclusion, then the members that required this one to fail, then the
        // claim on the touches, then the action.
        commit(m, wanted, delegate)
        for e in entries {
            for l in e.members where l !== m && !l.state.isTerminal && ArenaPolicy.prevents(m, l) {
                halt(l, delegate)
            }
        }
        for a in contenders where a !== m && a.state == .possible && ArenaPolicy.requires(a, m) {
            halt(a, delegate)
        }
        if m.cancelsTouchesInView { delegate.arena(claimTouchesOf: m) }
        delegate.arena(fire: m, wanted)
    }

    private enum RequirementStatus {
        case clear
        case waiting(Member)
        case wonByRequired
    }

    private func requirementStatus(of m: Member) -> RequirementStatus {
        var waitingOn: Member?
        for b in contenders where b !== m && b.isEnabled && ArenaPolicy.requires(m, b) {
            switch b.state {
            case .began, .changed, .ended: return .wonByRequired
            case .possible: if waitingOn == nil { waitingOn = b }
            default: break
            }
        }
        if let b = waitingOn { return .waiting(b) }
        return .clear
    }

    /// Whether `b` is (directly or through other held members) waiting for `target`. An
    /// explicit stack: a chain of any length is walked without recursion.
    private func waitsTransitively(from b: Member, to target: Member) -> Bool {
        generation &+= 1
        var stack = [b]
        while let x = stack.popLast() {
            if x === target { return true }
            guard x.arenaSlot >= 0, heldTransitionOf[x.arenaSlot] != nil, markOf[x.arenaSlot] != generation else { continue }
            markOf[x.arenaSlot] = generation
            for c in contenders where c.state == .possible && ArenaPolicy.requires(x, c) { stack.append(c) }
        }
        return false
    }

    private func unhold(_ m: Member) {
        guard m.arenaSlot >= 0, heldTransitionOf[m.arenaSlot] != nil else { return }
        heldTransitionOf[m.arenaSlot] = nil
        if let i = held.firstIndex(where: { $0 === m }) { held.remove(at: i) }
    }

    /// Members that failed or were cancelled (our rule): transitions held waiting on them go
    /// on. A work list rather than recursion, so a chain of requirements of any length
    /// resolves in bounded stack; each member's waiters are looked at once per failure.
    private func resolvePending<D: ArenaDelegate>(delegate: D) where D.Member == Member {
        guard !isResolving else { return }
        isResolving = true
        defer { isResolving = false }
        while !resolvedQueue.isEmpty {
            let b = resolvedQueue.removeFirst()
            generation &+= 1
            let mark = generation
            var i = 0
            while i < held.count {
                let a = held[i]
                if resolveMarkOf[a.arenaSlot] != mark, a.state == .possible,
                   let wanted = heldTransitionOf[a.arenaSlot], ArenaPolicy.requires(a, b) {
                    resolveMarkOf[a.arenaSlot] = mark
                    attempt(a, wanted, delegate: delegate)  // may change `held`: look again from the start
                    i = 0
                    continue
                }
                i += 1
            }
        }
    }
}
