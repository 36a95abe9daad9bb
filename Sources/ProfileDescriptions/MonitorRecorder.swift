#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import GestureProfiles
import GestureTraces

/// Splits the monitor's stream into performances while the settings window listens: the
/// lines of one gesture go together until every finger is up (every touchpad gesture ended)
/// and the next contact begins more than `pause` later, so that a double tap stays one.
/// The window also calls ``finish()`` when it stops listening (or its own timer finds the
/// hand gone for longer than `pause`).
public struct MonitorRecorder: Sendable {
    /// Seconds between two contacts of one gesture (a double tap's): the profile's
    /// `tap.maxInterval`.
    public var pause: Double
    private var lines: [String] = []
    private var open: Set<String> = []
    private var lastLift: Double?
    private var touched = false
    /// The stream's lines about the screen (monitors), kept for every gesture: a draft needs
    /// them to tell an edge.
    private var screen: [String] = []

    public init(pause: Double = GestureConfiguration.standard.tap.maxInterval) { self.pause = pause }

    /// Takes one line; the gesture before it when this line begins another one.
    public mutating func feed(_ line: String) -> RecognizedGesture? {
        guard case .object(let o)? = try? JSONValue.parse(Substring(line)) else { return nil }
        func s(_ k: String) -> String? { if case .string(let v)? = o[k] { return v }; return nil }
        let t: Double? = { if case .number(let v)? = o["t"] { return v }; return nil }()
        let kind = s("kind") ?? "", phase = s("phase") ?? ""
        if kind == "monitor" {
            screen.append(line)
            return nil
        }
        let key: String
        switch o["id"] {
        case .number(let v)?: key = "\(kind) \(formatNumber(v))"
        case .string(let v)?: key = "\(kind) \(v)"
        default: key = kind
        }
        let contact = s("verdict") == nil && ((kind == "touch" && phase == "began") || (kind == "pointer" && phase == "down") || (kind == "touchpad" && phase == "begin"))
        var done: RecognizedGesture?
        if contact, open.isEmpty, touched, let lift = lastLift, let t, t - lift > pause * 1000 {
            done = finish()
        }
        lines.append(line)
        if contact {
            open.insert(key)
            touched = true
        } else if s("verdict") == nil, (kind == "touch" && (phase == "ended" || phase == "cancelled")) || (kind == "pointer" && phase == "up") || (kind == "touchpad" && phase == "end") {
            open.remove(key)
            if open.isEmpty { lastLift = t }
        }
        return done
    }

    /// Whether a gesture was touched and every finger is up again: the window's timer then
    /// calls ``finish()`` once the hand has been gone for `pause`.
    public var handLifted: Bool { touched && open.isEmpty }

    /// The gesture so far (nil: none), and a fresh start.
    public mutating func finish() -> RecognizedGesture? {
        defer {
            lines = []
            open = []
            lastLift = nil
            touched = false
        }
        return touched ? RecognizedGesture(monitorLines: screen + lines) : nil
    }
}
