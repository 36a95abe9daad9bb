#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import GestureProfiles
import GestureTraces

/// A gesture a person may add: its name, recognizer (or touchpad gesture) and action, as
/// words, a picture, and the YAML of one entry of `gestures:` (or `touchpad:`).
public struct GestureDraft: Sendable {
    /// A touchpad binding's gesture.
    public struct TouchpadGesture: Sendable, Equatable {
        public var kind: TouchpadBinding.Kind
        public var fingers: Int
        public var direction: TouchpadSwipeDirection?
        public var pinchDirection: TouchpadPinchDirection
    }

    /// Where it goes: under `gestures:` or `touchpad:`.
    public enum Section: String, Sendable { case gestures, touchpad }

    public var name = ""
    /// The touchscreen (or pointer) recognizer; nil for a touchpad binding.
    public var recognizer: RecognizerSpec?
    public var touchpad: TouchpadGesture?
    public var action: ActionSpec?
    /// The gesture of the running profile that is this very gesture (the daemon recognized it).
    public var sameAs: String?
    /// A built-in shape matched: how well (0…1).
    public var templateScore: Double?
    /// A stroke whose template is the drawing itself (`my-shape`: rename it).
    public var recordedShape = false

    init(recognizer: RecognizerSpec, sameAs: String? = nil) {
        self.recognizer = recognizer
        self.sameAs = sameAs
    }

    init(touchpad: TouchpadGesture, sameAs: String? = nil) {
        self.touchpad = touchpad
        self.sameAs = sameAs
    }

    public var section: Section { touchpad == nil ? .gestures : .touchpad }

    /// The recognizer key (`swipe`, `pinch`, …).
    public var recognizerKey: String {
        if let t = touchpad { return t.kind.rawValue }
        let line = YAMLText.recognizer(recognizer!)
        return String(line.prefix { $0 != ":" })
    }

    /// "Three fingers slide left", "Three fingers swipe up on the touchpad".
    public var hand: String {
        if let t = touchpad { return GestureWords.touchpadHand(kind: t.kind, fingers: t.fingers, direction: t.direction, pinch: t.pinchDirection, modifiers: []) }
        return GestureWords.hand(recognizer!)
    }

    public var picture: GesturePicture {
        if let t = touchpad { return GesturePicture(touchpad: t.kind, fingers: t.fingers, direction: t.direction, pinch: t.pinchDirection) }
        return GesturePicture(recognizer!)
    }

    /// One gesture as it appears under `gestures:` (or `touchpad:`), unindented:
    /// `name: …\nswipe: { direction: left, touches: 3 }\naction: { desktop: next }\n`.
    public var yaml: String {
        var text = "name: \(YAMLText.plainOrQuoted(name))\n"
        if let t = touchpad {
            text += YAMLText.touchpad(kind: t.kind, fingers: t.fingers, swipe: t.direction, pinch: t.pinchDirection) + "\n"
        } else {
            text += YAMLText.recognizer(recognizer!) + "\n"
        }
        if let action { text += "action: \(YAMLText.action(action))\n" }
        return text
    }

    /// A name from what the hand does: `three-finger-swipe-left`, `double-tap`, `draw-circle`,
    /// `touchpad-three-finger-swipe-up`.
    var suggestedName: String {
        var words = hand.lowercased()
        words = words.replacingAll("(^)", with: "")
        var out = ""
        for c in words {
            if c.isLetter || c.isNumber { out.append(c) } else if out.last != "-", !out.isEmpty { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        for filler in ["-the-", "-a-", "-an-", "-with-", "-on-"] { out = out.replacingAll(filler, with: "-") }
        if out.hasPrefix("draw-a-") { out = "draw-" + out.dropFirst(7) }
        if out.hasPrefix("draw-an-") { out = "draw-" + out.dropFirst(8) }
        if touchpad != nil, out.hasSuffix("-touchpad") { out = "touchpad-" + out.dropLast(9) }
        return out.isEmpty ? "gesture" : out
    }

    func sameGesture(as other: GestureDraft) -> Bool {
        if let a = touchpad, let b = other.touchpad { return a == b }
        if let a = recognizer, let b = other.recognizer { return a == b }
        return false
    }
}

extension String {
    /// Every `a` replaced by `b` (no Foundation).
    func replacingAll(_ a: String, with b: String) -> String {
        guard !a.isEmpty else { return self }
        var out = "", rest = Substring(self)
        while let r = rest.range(of: a) {
            out += rest[..<r.lowerBound] + b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

extension Substring {
    /// The first range of `s` (no Foundation).
    func range(of s: String) -> Range<Substring.Index>? {
        let needle = Array(s)
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            var j = i, k = 0
            while k < needle.count, j < endIndex, self[j] == needle[k] { j = index(after: j); k += 1 }
            if k == needle.count { return i..<j }
            i = index(after: i)
        }
        return nil
    }
}
