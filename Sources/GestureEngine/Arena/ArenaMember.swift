/// The built-in kinds of recognizer (semantics.md §8).
public enum GestureKind: String, Hashable, Sendable {
    case tap, longPress, pan, swipe, pinch, rotation, edgePan, stroke, custom
}

/// What the built-in policies need to know of a member: the tap class rule (§4) and a
/// control's precedence (§7) look at the kind and at how many taps and fingers it needs.
public struct GestureTraits: Hashable, Sendable {
    public var kind: GestureKind
    /// Fingers the gesture needs (the least, for gestures that take a range).
    public var touchesRequired: Int
    /// Taps the gesture needs (0 for everything but taps and taps-then-press).
    public var tapsRequired: Int

    public init(kind: GestureKind, touchesRequired: Int = 1, tapsRequired: Int = 0) {
        self.kind = kind
        self.touchesRequired = touchesRequired
        self.tapsRequired = tapsRequired
    }
}

/// A competitor in the ``GestureArena`` (Flutter's `GestureArenaMember`): it has a state that
/// only the arena changes, declared relations to other members (semantics.md §3, §4), and
/// traits for the built-in policies. Recognizers are members; the arena's own tests use bare
/// members with no touches at all.
open class GestureArenaMember {
    /// Unique within a profile file; used in logs and relations.
    public let name: String
    /// The current state, as set by the arena (semantics.md §1).
    public internal(set) var state: GestureState = .possible
    /// semantics.md §6 [true]: winning claims the member's touches (the view's copy is
    /// cancelled and the application never gets them); false leaves them to the application.
    public var cancelsTouchesInView = true
    /// A disabled member takes part in nothing; requirements on it count as met.
    public var isEnabled = true

    /// Recognizes simultaneously with every other member (an observer).
    public var recognizesSimultaneouslyWithAll = false
    /// Members that must fail before this one may leave `possible` (declared).
    public private(set) var failureRequirements: [GestureArenaMember] = []
    private var simultaneous: Set<ObjectIdentifier> = []
    private var mayNotPrevent: Set<ObjectIdentifier> = []
    private var mayNotBePreventedBy: Set<ObjectIdentifier> = []

    /// Index of the member's row in its arena's table while it contends (-1 otherwise): a
    /// handle, like Flutter's arena entry, so that reports need no lookup.
    var arenaSlot = -1

    public init(name: String) {
        self.name = name
    }

    /// Continuous members go through began/changed; discrete ones recognize at once.
    open var isContinuous: Bool { false }
    /// For the built-in policies (tap class rule, control precedence).
    open var traits: GestureTraits { GestureTraits(kind: .custom) }

    // MARK: Declaring relations

    /// This member stays `possible` until `other` fails (semantics.md §3).
    public func require(toFail other: GestureArenaMember) {
        if !failureRequirements.contains(where: { $0 === other }) { failureRequirements.append(other) }
    }

    /// Allows this member and `other` to recognize together (symmetric through the OR rule).
    public func recognizeSimultaneously(with other: GestureArenaMember) {
        simultaneous.insert(ObjectIdentifier(other))
    }

    /// One-way: this member may not stop `other` when it wins.
    public func doesNotPrevent(_ other: GestureArenaMember) {
        mayNotPrevent.insert(ObjectIdentifier(other))
    }

    /// One-way: `other` may not stop this member when it wins.
    public func isNotPrevented(by other: GestureArenaMember) {
        mayNotBePreventedBy.insert(ObjectIdentifier(other))
    }

    // MARK: Relations as the arena asks them (overridden to add delegate-style hooks)

    /// Whether this member asks (by declaration or hook) that `other` fail first.
    open func requiresFailure(of other: GestureArenaMember) -> Bool {
        failureRequirements.contains { $0 === other }
    }

    /// Whether this member says (by hook) that `other` must wait for its failure.
    open func isRequiredToFail(by other: GestureArenaMember) -> Bool { false }

    /// Whether this member allows running together with `other` (OR-ed with the other side).
    open func allowsSimultaneousRecognition(with other: GestureArenaMember) -> Bool {
        recognizesSimultaneouslyWithAll || simultaneous.contains(ObjectIdentifier(other))
    }

    /// Whether this member, winning, may stop `other`.
    open func canPrevent(_ other: GestureArenaMember) -> Bool {
        !mayNotPrevent.contains(ObjectIdentifier(other))
    }

    /// Whether `other`, winning, may stop this member.
    open func canBePrevented(by other: GestureArenaMember) -> Bool {
        !mayNotBePreventedBy.contains(ObjectIdentifier(other))
    }

    /// The member's own last word before it leaves `possible` (`gestureRecognizerShouldBegin`).
    open func shouldBegin() -> Bool { true }
}
