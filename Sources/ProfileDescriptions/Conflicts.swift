import GestureEngine
import GestureProfiles

/// One thing a person is told before saving: a gesture that takes touches the program uses,
/// two gestures that cannot both fire, a key the layout cannot type.
public struct Conflict: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The gesture takes touches the windows' program handles itself (its scrolling,
        /// zooming, taps).
        case takesProgramTouches
        /// The gesture and `other` are the same movement in the same place: only one fires.
        case cannotBothFire(other: String, otherLocation: SourceLocation)
        /// A key of its action (a keysym name) that the keyboard layout has no key for.
        case keyNotInLayout(String)
    }

    public var kind: Kind
    /// The gesture (touchpad binding, region) it is about.
    public var gesture: String
    public var profile: String
    /// Where the gesture is in the file.
    public var location: SourceLocation
    /// In words a person understands.
    public var message: String
}

/// Finds what a settings window warns of before saving.
public enum Conflicts {
    /// Every conflict of `file`, in file order.
    ///
    /// - `programTouch`: what the programs of a window profile's windows do with touches, as
    ///   far as the caller knows (`tactus windows` of the windows open, or a guess); nil: not
    ///   known, nothing said. A profile's own `touch:` comes first.
    /// - `canType`: whether the keyboard layout has a key for a keysym name (`Control_L`, `w`,
    ///   `udiaeresis`).
    public static func find(in file: ProfileFile, programTouch: (Profile) -> ProgramTouchVerdict? = { _ in nil },
                            canType: (String) -> Bool = { _ in true }) -> [Conflict] {
        var found: [Conflict] = []
        for p in file.profiles { found += takenTouches(p, programTouch: programTouch) }
        found += sameGestures(file)
        found += sameBindings(file)
        found += missingKeys(file, canType: canType)
        return found.sorted { ($0.location, $0.gesture) < ($1.location, $1.gesture) }
    }

    // MARK: Touches the program uses

    /// What of a program's own touch handling a gesture takes, nil when nothing a program
    /// commonly does (three fingers and more, an edge, a drawn shape).
    static func programUse(_ r: RecognizerSpec) -> String? {
        switch r {
        case .pan(let p):
            switch p.minimumTouches {
            case 1: return "one-finger scrolling and dragging"
            case 2: return "two-finger scrolling"
            default: return nil
            }
        case .swipe(let p):
            switch p.touches {
            case 1: return "one-finger flicks (a flick scrolls it)"
            case 2: return "two-finger scrolling"
            default: return nil
            }
        case .pinch(let p): return p.touches == 2 ? "pinch-zoom" : nil
        case .rotation(let p): return p.touches == 2 ? "two-finger turning (maps, photos)" : nil
        case .tap(let p):
            switch (p.touches, p.taps) {
            case (1, 1): return "taps (a tap is its click)"
            case (1, _): return "double taps (zooming, selecting words)"
            case (2, _): return "two-finger taps"
            default: return nil
            }
        case .longPress(let p):
            switch p.touches {
            case 1: return "press-and-hold (selecting text, context menus)"
            case 2: return "two-finger presses"
            default: return nil
            }
        case .edgePan, .stroke:
            // An edge pan takes only touches that start in the edge's narrow zone; a shape only
            // a drag that draws it.
            return nil
        }
    }

    static func takenTouches(_ p: Profile, programTouch: (Profile) -> ProgramTouchVerdict?) -> [Conflict] {
        let whose: String
        switch p.match {
        case .any, .monitor:
            whose = "every program that handles touch itself (browsers, maps, document viewers)"
        case .programs(let t):
            guard t == .own else { return [] }
            whose = "the programs that handle touch themselves"
        case .window:
            let verdict = p.touch.map { ProgramTouchVerdict($0, .profile) } ?? programTouch(p)
            guard let verdict, verdict.touch == .own else { return [] }
            let name = MatchTitle(p.match, profile: p.name).title
            let why = verdict.source == .profile ? "its profile says it handles touch itself (touch: own)" : "it handles touch itself"
            whose = "\(name) (\(why))"
        }
        let gestures = p.gestures.map { ($0, nil as String?) } + p.regions.flatMap { r in r.gestures.map { ($0, r.name as String?) } }
        return gestures.compactMap { g, region in
            guard g.enabled, let use = programUse(g.recognizer) else { return nil }
            let place = region.map { " in \(Words.quoted($0))" } ?? ""
            return Conflict(kind: .takesProgramTouches, gesture: g.name, profile: p.name, location: g.location,
                            message: "\(Words.quoted(g.name)) (\(GestureWords.hand(g.recognizer).lowercasedFirst)\(place)) takes the \(use) of \(whose): once it is recognized, those touches are the gesture's, not the program's")
        }
    }

    // MARK: Gestures that cannot both fire

    /// The groups of gestures that see the same touches: the screen's (every `match: any`
    /// profile with each monitor's), each kind of program's layer, each window profile's
    /// window, each region.
    static func views(_ file: ProfileFile) -> [(profiles: [String], gestures: [GestureSpec])] {
        var out: [(profiles: [String], gestures: [GestureSpec])] = []
        let anyProfiles = file.profiles.filter { if case .any = $0.match { return true }; return false }
        var monitors: [String] = []
        for p in file.profiles {
            if case .monitor(let m) = p.match, !monitors.contains(m.pattern) { monitors.append(m.pattern) }
        }
        // The screen with no monitor profile, then each monitor's screen: any ∪ that monitor's.
        out.append((anyProfiles.map(\.name), anyProfiles.flatMap(\.gestures)))
        for m in monitors {
            let ps = file.profiles.filter { if case .monitor(let x) = $0.match { return x.pattern == m }; return false }
            out.append(((anyProfiles + ps).map(\.name), (anyProfiles + ps).flatMap(\.gestures)))
        }
        for p in file.profiles {
            switch p.match {
            case .any, .monitor: break
            case .programs, .window: out.append(([p.name], p.gestures))
            }
            for r in p.regions { out.append(([p.name], r.gestures)) }
        }
        // Regions of screen profiles (a monitor's) are their own views too; done above.
        return out
    }

    static func sameGestures(_ file: ProfileFile) -> [Conflict] {
        var found: [Conflict] = []
        var seen: Set<String> = []
        let profileOf = Dictionary(file.profiles.flatMap { p in (p.gestures + p.regions.flatMap(\.gestures)).map { ($0.name, p.name) } },
                                   uniquingKeysWith: { a, _ in a })
        for view in views(file) {
            let gs = view.gestures.filter(\.enabled)
            for i in gs.indices {
                for j in gs.indices where j > i {
                    let a = gs[i], b = gs[j]
                    guard overlap(a.recognizer, b.recognizer), !related(a, b) else { continue }
                    let key = a.name + "\u{0}" + b.name
                    guard seen.insert(key).inserted else { continue }
                    let hand = GestureWords.hand(a.recognizer).lowercasedFirst
                    found.append(Conflict(
                        kind: .cannotBothFire(other: a.name, otherLocation: a.location), gesture: b.name, profile: profileOf[b.name] ?? "",
                        location: b.location,
                        message: "\(Words.quoted(a.name)) and \(Words.quoted(b.name)) are both \(Words.quoted(hand)) in the same place: the same touches recognize both, and only one of them can fire. Give one of them requireToFail: [the other] to choose, or simultaneousWith to fire both"))
                }
            }
        }
        return found
    }

    /// Whether a relation of the file decides between the two.
    static func related(_ a: GestureSpec, _ b: GestureSpec) -> Bool {
        func names(_ r: GestureReferences, _ n: String) -> Bool {
            switch r {
            case .all: true
            case .names(let list): list.contains(n)
            }
        }
        return a.requireToFail.contains(b.name) || b.requireToFail.contains(a.name)
            || names(a.simultaneousWith, b.name) || names(b.simultaneousWith, a.name)
            || names(a.preventsNot, b.name) || names(b.preventsNot, a.name)
            || names(a.notPreventedBy, b.name) || names(b.notPreventedBy, a.name)
    }

    /// Whether the same touches can recognize both: the same recognizer, the same fingers,
    /// a way in common.
    static func overlap(_ a: RecognizerSpec, _ b: RecognizerSpec) -> Bool {
        func ways(_ d: DirectionSet) -> DirectionSet { d.isEmpty ? [.left, .right, .up, .down] : d }
        switch (a, b) {
        case (.tap(let x), .tap(let y)): return x.taps == y.taps && x.touches == y.touches
        case (.longPress(let x), .longPress(let y)): return x.touches == y.touches && x.taps == y.taps
        case (.pan(let x), .pan(let y)):
            let xMax = x.maximumTouches ?? 10, yMax = y.maximumTouches ?? 10
            return x.minimumTouches <= yMax && y.minimumTouches <= xMax && !ways(x.directions).intersection(ways(y.directions)).isEmpty
        case (.swipe(let x), .swipe(let y)): return x.touches == y.touches && !x.directions.intersection(y.directions).isEmpty
        case (.pinch(let x), .pinch(let y)): return x.touches == y.touches && (x.direction == .any || y.direction == .any || x.direction == y.direction)
        case (.rotation(let x), .rotation(let y)): return x.touches == y.touches
        case (.edgePan(let x), .edgePan(let y)): return !x.edges.intersection(y.edges).isEmpty
        case (.stroke(let x, _, _), .stroke(let y, _, _)): return !Set(x.map(\.name)).isDisjoint(with: y.map(\.name))
        case (.tap, _), (.longPress, _), (.pan, _), (.swipe, _), (.pinch, _), (.rotation, _), (.edgePan, _), (.stroke, _): return false
        }
    }

    /// Touchpad bindings that take the same gesture: in one profile, or among the `match: any`
    /// profiles; the first in the file takes it.
    static func sameBindings(_ file: ProfileFile) -> [Conflict] {
        var groups: [(String?, [(TouchpadBinding, String)])] = [(nil, [])]
        for p in file.profiles {
            let bindings = p.touchpad.map { ($0, p.name) }
            if case .any = p.match { groups[0].1 += bindings } else { groups.append((p.name, bindings)) }
        }
        var found: [Conflict] = []
        for (_, bindings) in groups {
            for i in bindings.indices {
                for j in bindings.indices where j > i {
                    let (a, _) = bindings[i], (b, profile) = bindings[j]
                    guard a.kind == b.kind, a.fingers == b.fingers, a.modifiers == b.modifiers else { continue }
                    let same: Bool
                    switch a.kind {
                    case .swipe: same = a.direction == nil || b.direction == nil || a.direction == b.direction
                    case .pinch: same = a.pinchDirection == .any || b.pinchDirection == .any || a.pinchDirection == b.pinchDirection
                    }
                    guard same else { continue }
                    found.append(Conflict(
                        kind: .cannotBothFire(other: a.name, otherLocation: a.location), gesture: b.name, profile: profile, location: b.location,
                        message: "\(Words.quoted(b.name)) (\(GestureWords.hand(b).lowercasedFirst)) takes the same touchpad gesture as \(Words.quoted(a.name)), which comes first in the file: \(Words.quoted(b.name)) never fires"))
                }
            }
        }
        return found
    }

    // MARK: Keys

    static func missingKeys(_ file: ProfileFile, canType: (String) -> Bool) -> [Conflict] {
        var found: [Conflict] = []
        func check(_ name: String, _ profile: String, _ location: SourceLocation, _ actions: [ActionSpec], _ hold: HoldSpec?) {
            var combos: [KeyCombo] = hold.map { [$0.keys] } ?? []
            func collect(_ a: ActionSpec) {
                switch a {
                case .keys(let k): combos.append(k)
                case .sequence(let list): list.forEach(collect)
                case .command, .shell, .click, .window, .desktop, .scroll, .log: break
                }
            }
            actions.forEach(collect)
            var reported: [String] = []
            for combo in combos {
                for k in combo.keys where !canType(k) && !reported.contains(k) {
                    reported.append(k)
                    found.append(Conflict(
                        kind: .keyNotInLayout(k), gesture: name, profile: profile, location: location,
                        message: "\(Words.quoted(name)) presses \(Words.keys(combo)), and the keyboard layout has no key for \(Words.key(k)): Tactus lends it a spare key while it presses it, which programs that read shortcuts by key rather than by character may not take"))
                }
            }
        }
        for p in file.profiles {
            for g in p.gestures + p.regions.flatMap(\.gestures) { check(g.name, p.name, g.location, g.actions, g.hold) }
            for r in p.regions { check(r.name, p.name, r.location, r.action.map { [$0] } ?? [], nil) }
            for b in p.touchpad { check(b.name, p.name, b.location, b.actions, b.hold) }
        }
        return found
    }
}
