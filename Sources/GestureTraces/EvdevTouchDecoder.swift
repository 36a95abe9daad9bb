import GestureEngine
import GestureProfiles

/// Turns a stream of evdev events from a touchscreen into touches, the way the kernel's
/// multitouch protocols define them (Documentation/input/multi-touch-protocol.rst):
/// protocol B (slots and tracking ids), protocol A (`SYN_MT_REPORT`, anonymous contacts
/// matched to the previous frame by nearest position), and single-touch devices
/// (`BTN_TOUCH` with `ABS_X`/`ABS_Y`). Device units are scaled onto the screen from the
/// recorded axis ranges. Touch ids are numbered 1, 2, 3… in order of appearance.
struct EvdevTouchDecoder {
    struct Range { var min: Double; var max: Double }

    static let EV_SYN = 0, EV_KEY = 1, EV_ABS = 3
    static let SYN_REPORT = 0, SYN_MT_REPORT = 2
    static let BTN_TOUCH = 0x14a
    static let ABS_X = 0, ABS_Y = 1, ABS_MT_SLOT = 0x2f, ABS_MT_POSITION_X = 0x35, ABS_MT_POSITION_Y = 0x36, ABS_MT_TRACKING_ID = 0x39

    /// A recording with more contacts at once than this (more slots, or more anonymous
    /// contacts in one frame) is refused: no touchscreen has so many, and matching the
    /// contacts of one protocol-A frame costs the square of their number.
    static let maximumContacts = 128

    /// A recording the decoder cannot follow, in words (the caller knows the file and line).
    struct Refusal: Error { var message: String }

    var ranges: [Int: Range] = [:]
    let screen: (width: Double, height: Double)
    /// Touches decoded and not yet handed on, each with its time and line.
    private var out: [(point: TouchPoint, time: Double, line: Int)] = []
    private var nextID: Int64 = 1
    private var time = 0.0
    private var sourceLine = 0

    // Protocol B
    private struct Slot {
        var tracking: Int = -1
        var x: Double?, y: Double?
        var id: TouchID?
        var lastSent: Point?
        var trackingChanged = false
    }
    private var slot = 0
    private var slots: [Int: Slot] = [:]
    private var sawSlots = false

    // Protocol A
    private var protocolA = false
    private var contactX: Double?, contactY: Double?
    private var frame: [Point] = []
    private var activeA: [(id: TouchID, at: Point)] = []

    // Single touch
    private var stX: Double?, stY: Double?
    private var stDown = false
    private var stActive: (id: TouchID, at: Point)?
    private var sawMT = false

    init(screen: (width: Double, height: Double)) { self.screen = screen }

    /// Hands the touches decoded since the last call to the frames being built: each
    /// `SYN_REPORT`'s touches share its time, so they make one frame.
    mutating func hand(to frames: TraceFrames) throws {
        defer { out.removeAll(keepingCapacity: true) }
        for t in out { try frames.touch(t.point, time: t.time, line: t.line) }
    }

    private func scaled(_ x: Double, _ y: Double, mt: Bool) -> Point {
        let rx = ranges[mt ? Self.ABS_MT_POSITION_X : Self.ABS_X] ?? ranges[Self.ABS_X] ?? ranges[Self.ABS_MT_POSITION_X]
        let ry = ranges[mt ? Self.ABS_MT_POSITION_Y : Self.ABS_Y] ?? ranges[Self.ABS_Y] ?? ranges[Self.ABS_MT_POSITION_Y]
        func s(_ v: Double, _ r: Range?, _ size: Double) -> Double {
            guard let r, r.max > r.min else { return v }
            return ((v - r.min) / (r.max - r.min) * size * 1000).rounded() / 1000
        }
        return Point(x: s(x, rx, screen.width), y: s(y, ry, screen.height))
    }

    private mutating func emit(_ phase: TouchPhase, _ id: TouchID, _ p: Point) {
        out.append((TouchPoint(id: id, phase: phase, location: p), time, sourceLine))
    }

    private mutating func newID() -> TouchID {
        defer { nextID += 1 }
        return TouchID(nextID)
    }

    mutating func feed(time t: Double, type: Int, code: Int, value: Int, line: Int) throws(Refusal) {
        time = t
        sourceLine = line
        switch type {
        case Self.EV_ABS:
            let v = Double(value)
            switch code {
            case Self.ABS_MT_SLOT:
                sawMT = true; sawSlots = true
                guard (0..<Self.maximumContacts).contains(value) else {
                    throw Refusal(message: "slot \(value): a touchscreen has at most \(Self.maximumContacts) slots (0 to \(Self.maximumContacts - 1))")
                }
                slot = value
            case Self.ABS_MT_TRACKING_ID:
                sawMT = true; sawSlots = true
                slots[slot, default: Slot()].tracking = value
                slots[slot]!.trackingChanged = true
            case Self.ABS_MT_POSITION_X:
                sawMT = true
                if protocolA || !sawSlots { contactX = v }
                if sawSlots { slots[slot, default: Slot()].x = v }
            case Self.ABS_MT_POSITION_Y:
                sawMT = true
                if protocolA || !sawSlots { contactY = v }
                if sawSlots { slots[slot, default: Slot()].y = v }
            case Self.ABS_X: stX = v
            case Self.ABS_Y: stY = v
            default: break
            }
        case Self.EV_KEY where code == Self.BTN_TOUCH:
            stDown = value != 0
        case Self.EV_SYN where code == Self.SYN_MT_REPORT:
            protocolA = true
            sawMT = true
            if let x = contactX, let y = contactY {
                guard frame.count < Self.maximumContacts else {
                    throw Refusal(message: "more than \(Self.maximumContacts) contacts in one frame")
                }
                frame.append(scaled(x, y, mt: true))
            }
            contactX = nil; contactY = nil
        case Self.EV_SYN where code == Self.SYN_REPORT:
            if sawSlots && !protocolA {
                syncProtocolB()
            } else if protocolA {
                syncProtocolA()
            } else if !sawMT {
                syncSingleTouch()
            }
        default:
            break
        }
    }

    private mutating func syncProtocolB() {
        for key in slots.keys.sorted() {
            var s = slots[key]!
            if s.trackingChanged {
                if let id = s.id, let last = s.lastSent {
                    emit(.ended, id, last)  // the contact left (or was replaced)
                    s.id = nil
                    s.lastSent = nil
                }
                if s.tracking >= 0, let x = s.x, let y = s.y {
                    let id = newID()
                    let p = scaled(x, y, mt: true)
                    emit(.began, id, p)
                    s.id = id
                    s.lastSent = p
                }
                s.trackingChanged = false
            } else if let id = s.id, let x = s.x, let y = s.y {
                let p = scaled(x, y, mt: true)
                if p != s.lastSent {
                    emit(.moved, id, p)
                    s.lastSent = p
                }
            } else if s.id == nil, s.tracking >= 0, let x = s.x, let y = s.y {
                // The position came after the tracking id's frame.
                let id = newID()
                let p = scaled(x, y, mt: true)
                emit(.began, id, p)
                s.id = id
                s.lastSent = p
            }
            slots[key] = s
        }
    }

    private mutating func syncProtocolA() {
        var contacts = frame
        frame = []
        var next: [(id: TouchID, at: Point)] = []
        var previous = activeA
        // Greedy nearest matching, closest pairs first.
        var pairs: [(d: Double, i: Int, j: Int)] = []
        for (i, p) in previous.enumerated() { for (j, c) in contacts.enumerated() { pairs.append((p.at.distance(to: c), i, j)) } }
        pairs.sort { $0.d < $1.d }
        var usedPrev = Set<Int>(), usedNew = Set<Int>()
        var matched: [(TouchID, Point, Point)] = []
        for pair in pairs where !usedPrev.contains(pair.i) && !usedNew.contains(pair.j) {
            usedPrev.insert(pair.i); usedNew.insert(pair.j)
            matched.append((previous[pair.i].id, previous[pair.i].at, contacts[pair.j]))
        }
        for (i, p) in previous.enumerated() where !usedPrev.contains(i) { emit(.ended, p.id, p.at) }
        for (id, old, new) in matched {
            if old != new { emit(.moved, id, new) }
            next.append((id, new))
        }
        for (j, c) in contacts.enumerated() where !usedNew.contains(j) {
            let id = newID()
            emit(.began, id, c)
            next.append((id, c))
        }
        contacts = []
        previous = []
        activeA = next.sorted { $0.id < $1.id }
    }

    private mutating func syncSingleTouch() {
        if stDown, let x = stX, let y = stY {
            let p = scaled(x, y, mt: false)
            if let active = stActive {
                if active.at != p { emit(.moved, active.id, p); stActive = (active.id, p) }
            } else {
                let id = newID()
                emit(.began, id, p)
                stActive = (id, p)
            }
        } else if !stDown, let active = stActive {
            emit(.ended, active.id, active.at)
            stActive = nil
        }
    }

    /// Contacts still down when the recording stops end there.
    mutating func finish() {
        for key in slots.keys.sorted() { if let id = slots[key]!.id, let p = slots[key]!.lastSent { emit(.ended, id, p) } }
        slots = [:]
        for a in activeA { emit(.ended, a.id, a.at) }
        activeA = []
        if let a = stActive { emit(.ended, a.id, a.at) }
        stActive = nil
    }
}
