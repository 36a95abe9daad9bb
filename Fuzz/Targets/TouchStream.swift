import Foundation
import GestureEngine
import GestureProfiles

/// The shipped profiles (the built-in default and packaging/examples), loaded once.
enum ShippedProfiles {
    static let all: [ProfileFile] = {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("packaging/examples")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        let texts = [("<built-in>", defaultProfileYAML)] + files.map { ($0, (try? String(contentsOf: examples.appendingPathComponent($0), encoding: .utf8)) ?? "") }
        return texts.map { name, text in
            guard let file = ProfileLoader.load(yaml: text, path: name).file else { fatalError("the shipped profile \(name) does not load") }
            return file
        }
    }()
}

/// Bytes read as a stream of input events, four bytes each: what a touchscreen, windows
/// coming and going and time passing can send, in any order (a touch that moves before it
/// began, begins twice, never ends). The first byte picks the profile.
///
/// Byte 0: bits 0–1 the phase (began, moved, ended, cancelled), bits 2–4 the touch (1–8),
/// bits 5–7 what it is (0–4 a touch, 5 a window opened or changed, 6 a window closed,
/// 7 time passing: byte 1 × 100 ms). Byte 1: milliseconds since the event before. Bytes 2
/// and 3: the position (x × 8, y × 5), or a window's class and size.
struct TouchStream {
    let bytes: [UInt8]
    var profiles = ShippedProfiles.all

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = Array(bytes) }
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static let classes = ["Kiosk", "firefox", "XTerm", "Demo", "Editor", "Browser", "x", ""]

    final class NoActions: ActionSink {
        func perform(_ request: ActionRequest) {}
    }

    func run() {
        guard !profiles.isEmpty else { return }
        let profile = profiles[Int(bytes.first ?? 0) % profiles.count]
        let clock = ManualClock()
        let session = GestureSession(configuration: profile, screen: Rect(x: 0, y: 0, width: 1920, height: 1080), clock: clock)
        session.engine.trapsOnIllegalTransition = true
        let sink = NoActions()
        session.runtime.sink = sink
        var ms = 0.0
        var i = 1
        while i + 3 < bytes.count {
            let (op, dt, a, b) = (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
            i += 4
            ms += Double(dt)
            let slot = Int(op >> 2 & 7) + 1
            let event: InputEvent
            switch op >> 5 {
            case 5:
                let frame = Rect(x: Double(b & 0x0F) * 100, y: Double(b >> 4) * 60, width: Double(a) * 6 + 1, height: Double(a) * 4 + 1)
                event = .window(WindowUpdate(id: UInt64(slot), windowClass: Self.classes[Int(a) % Self.classes.count], instance: "i",
                                             title: "t\(a)", frame: frame, focused: op & 1 == 1, raise: op & 2 == 2))
            case 6:
                event = .windowClosed(UInt64(slot))
            case 7:
                ms += Double(dt) * 100
                continue
            default:
                let phase: TouchPhase = [.began, .moved, .ended, .cancelled][Int(op & 3)]
                let t = Instant(milliseconds: ms)
                event = .touches(TouchFrame(TouchPoint(id: TouchID(Int64(slot)), phase: phase, location: Point(x: Double(a) * 8, y: Double(b) * 5)), at: t))
            }
            let t = Instant(milliseconds: ms)
            clock.advance(to: t)
            session.handle(event, at: t)
        }
        // Every touch lifted, every deadline run: none may be left undecided.
        for touch in session.engine.activeTouches {
            ms += 10
            let t = Instant(milliseconds: ms)
            clock.advance(to: t)
            session.handle(.touches(TouchFrame(TouchPoint(id: touch.id, phase: .ended, location: touch.location), at: t)), at: t)
        }
        session.engine.drainDeadlines()
        precondition(session.engine.undecidedTouches.isEmpty, "touches left undecided: \(session.engine.undecidedTouches)")
    }
}
