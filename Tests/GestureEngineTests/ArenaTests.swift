import Testing
@testable import GestureEngine

/// The arena alone (Flutter's arena tests are the model): bare members that see no touches,
/// a delegate that writes down what each decision implies, and whole traces as expectations.
@Suite struct ArenaTests {
    final class Member: GestureArenaMember {
        let continuous: Bool
        let memberTraits: GestureTraits
        init(_ name: String, continuous: Bool = false, traits: GestureTraits = GestureTraits(kind: .custom)) {
            self.continuous = continuous
            memberTraits = traits
            super.init(name: name)
        }
        override var isContinuous: Bool { continuous }
        override var traits: GestureTraits { memberTraits }
    }

    final class Recorder: ArenaDelegate {
        var lines: [String] = []
        /// Members the views under their touches refuse (a control's precedence).
        var vetoed: Set<String> = []

        func arena(didMove member: Member, from: GestureState, to: GestureState) {
            lines.append("\(member.name) \(from.name(continuous: member.isContinuous))->\(to.name(continuous: member.isContinuous))")
        }
        func arena(claimTouchesOf member: Member) { lines.append("claim \(member.name)") }
        func arena(fire member: Member, _ state: GestureState) { lines.append("fire \(member.name) \(state.name(continuous: member.isContinuous))") }
        func arena(report error: EngineError) { lines.append("error \(error)") }
        func arena(viewsAllowBegin member: Member) -> Bool { !vetoed.contains(member.name) }
    }

    let arena = GestureArena<Member>()
    let recorder = Recorder()

    /// One touch offered to `members`, in order.
    @discardableResult
    func touch(_ id: Int64, _ members: [Member]) -> ArenaEntry<Member> {
        let entry = ArenaEntry<Member>(id: TouchID(id), beganAt: .zero)
        for m in members { arena.join(m, entry) }
        return entry
    }

    func report(_ m: Member, _ s: GestureState) { arena.request(m, s, delegate: recorder) }

    @Test func aHeldTransitionGoesOnWhenTheRequiredMemberFails() {
        let single = Member("single"), double = Member("double")
        single.require(toFail: double)
        let entry = touch(1, [single, double])
        report(single, .recognized)
        #expect(recorder.lines == [])
        #expect(arena.isHeld(single))
        #expect(entry.isWanted)
        report(double, .failed)
        #expect(recorder.lines == ["double possible->failed", "single possible->recognized", "claim single", "fire single recognized"])
        #expect(!arena.isHeld(single))
        #expect(!entry.isWanted)
    }

    @Test func theWaiterFailsWhenTheRequiredMemberWins() {
        let pan = Member("pan", continuous: true), swipe = Member("swipe")
        pan.require(toFail: swipe)
        touch(1, [swipe, pan])
        report(pan, .began)
        report(swipe, .recognized)
        #expect(recorder.lines == ["swipe possible->recognized", "pan possible->failed", "claim swipe", "fire swipe recognized"])
    }

    @Test func theFirstToLeavePossibleStopsTheOthersOnItsTouchesButNotElsewhere() {
        let a = Member("a", continuous: true), b = Member("b", continuous: true), elsewhere = Member("elsewhere", continuous: true)
        touch(1, [a, b])
        touch(2, [elsewhere])
        report(a, .began)
        report(b, .began)  // too late: a owns the touch
        #expect(recorder.lines == ["a possible->began", "b possible->failed", "claim a", "fire a began"])
        #expect(elsewhere.state == .possible)
    }

    @Test func oneInProgressStopsALaterOneUnlessTheyMayRunTogether() {
        let pinch = Member("pinch", continuous: true), rotation = Member("rotation", continuous: true)
        rotation.recognizeSimultaneously(with: pinch)
        touch(1, [pinch, rotation])
        report(pinch, .began)
        report(rotation, .began)
        report(pinch, .changed)
        #expect(recorder.lines == [
            "pinch possible->began", "claim pinch", "fire pinch began",
            "rotation possible->began", "claim rotation", "fire rotation began",
            "pinch began->changed", "fire pinch changed",
        ])
    }

    @Test func aOneWayRelationLetsOneSideStopTheOtherOnly() {
        let rotation = Member("rotation", continuous: true), pinch = Member("pinch", continuous: true)
        pinch.doesNotPrevent(rotation)
        touch(1, [pinch, rotation])
        report(pinch, .began)
        report(rotation, .began)
        #expect(recorder.lines == [
            "pinch possible->began", "claim pinch", "fire pinch began",
            "rotation possible->began", "pinch began->cancelled", "fire pinch cancelled", "claim rotation", "fire rotation began",
        ])
    }

    @Test func aTapNeverStopsATapThatNeedsMoreTapsByTheArenasOwnRule() {
        let single = Member("single", traits: GestureTraits(kind: .tap, tapsRequired: 1))
        let double = Member("double", traits: GestureTraits(kind: .tap, tapsRequired: 2))
        let press = Member("press", traits: GestureTraits(kind: .longPress))
        touch(1, [single, double, press])
        report(single, .recognized)
        #expect(recorder.lines == ["single possible->recognized", "press possible->failed", "claim single", "fire single recognized"])
        #expect(double.state == .possible)
    }

    @Test func theViewsUnderTheTouchesMayRefuseABeginAndItFails() {
        let pan = Member("pan", continuous: true)
        recorder.vetoed = ["pan"]
        touch(1, [pan])
        report(pan, .began)
        #expect(recorder.lines == ["pan possible->failed"])
    }

    @Test func aCycleThroughHooksIsReportedAndBrokenByFailingTheLaterMember() {
        final class Hooked: GestureArenaMember {
            var waitsFor: GestureArenaMember?
            override func requiresFailure(of other: GestureArenaMember) -> Bool { other === waitsFor }
        }
        let arena = GestureArena<Hooked>()
        final class Log: ArenaDelegate {
            var lines: [String] = []
            func arena(didMove member: Hooked, from: GestureState, to: GestureState) { lines.append("\(member.name) \(from)->\(to)") }
            func arena(claimTouchesOf member: Hooked) {}
            func arena(fire member: Hooked, _ state: GestureState) {}
            func arena(report error: EngineError) { lines.append("error \(error)") }
            func arena(viewsAllowBegin member: Hooked) -> Bool { true }
        }
        let a = Hooked(name: "a"), b = Hooked(name: "b")
        a.waitsFor = b
        b.waitsFor = a
        let entry = ArenaEntry<Hooked>(id: TouchID(1), beganAt: .zero)
        arena.join(a, entry)
        arena.join(b, entry)
        let log = Log()
        arena.request(a, .recognized, delegate: log)
        arena.request(b, .recognized, delegate: log)
        #expect(log.lines == ["error b and a wait for each other to fail; b fails", "b possible->failed", "a possible->ended"])
    }

    @Test func aLongChainOfRequirementsResolvesWithoutRecursion() {
        // Each member, on a touch of its own, requires the next to fail; all but the last want
        // to recognize and are held; then the last fails. Resolution walks the chain from the
        // end: m(n-2) recognizes, which stops m(n-3) (it required m(n-2) to fail), which lets
        // m(n-4) recognize, and so on, in a work list rather than nested calls.
        let count = 1_000
        let members = (0..<count).map { Member("m\($0)") }
        for i in 0..<count - 1 { members[i].require(toFail: members[i + 1]) }
        for (i, m) in members.enumerated() { touch(Int64(i + 1), [m]) }
        for m in members.dropLast() { report(m, .recognized) }
        #expect(arena.held.count == count - 1)
        report(members[count - 1], .failed)
        #expect(members[count - 2].state == .ended)
        #expect(members[count - 3].state == .failed)
        #expect(members[0].state == .ended)
        #expect(members.indices.allSatisfy { members[$0].state == ($0 == count - 1 || (count - 2 - $0) % 2 == 1 ? .failed : .ended) })
        #expect(arena.held.isEmpty)
    }

    @Test func illegalReportsAreRefusedAndSaid() {
        let tap = Member("tap")
        touch(1, [tap])
        report(tap, .began)  // a discrete member never begins
        #expect(recorder.lines == ["error illegal transition of tap: possible -> began"])
        #expect(tap.state == .possible)
    }

    @Test func aTouchIsWantedWhileAMemberThatWouldClaimItMayStillTakeIt() {
        let observer = Member("observer"), tap = Member("tap")
        observer.cancelsTouchesInView = false
        let entry = touch(1, [observer, tap])
        #expect(entry.isWanted)
        report(tap, .failed)
        #expect(!entry.isWanted)  // only a member that leaves touches to the application remains
        #expect(arena.decide(entry, .released))
        #expect(!arena.decide(entry, .claimed))  // exactly one verdict
        #expect(entry.verdict == .released)
    }

    @Test func leavingKeepsTheOrderMembersJoinedIn() {
        let a = Member("a"), b = Member("b"), c = Member("c")
        touch(1, [a, b, c])
        arena.leave(b)
        #expect(arena.contenders.map(\.name) == ["a", "c"])
        #expect(c.arenaSlot == 1 && b.arenaSlot == -1)
    }
}
