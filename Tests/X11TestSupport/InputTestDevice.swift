// The `inputtest` input driver's device sockets (Xorg only): real touches, touchpad gestures,
// an absolute pointer and a keyboard for the X integration tests (see XvfbFixture.swift).
import Foundation
import GestureEngine

/// One connection to an `inputtest` device socket (xserver's inputtestdrv(4) protocol):
/// a version handshake, then fixed-size event structures. Each socket serves only its first
/// client for the server's lifetime, so one injector per device per server.
final class InputTestDevice {
    private let fd: Int32
    /// The screen the device's 0…65535 units are scaled onto.
    let screen: (width: Double, height: Double)

    init(path: String, screen: (width: Double, height: Double) = (1280, 800)) throws {
        self.screen = screen
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        let rc = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0 else { throw FixtureError(description: "cannot connect to \(path): \(String(cString: strerror(errno)))") }
        // xf86ITEventClientVersion: header (length, type 0), major 1, minor 1.
        var hello = Message(size: 12, type: 0)
        hello.put(UInt16(1), at: 8)
        hello.put(UInt16(1), at: 10)
        try send(hello)
        var reply = [UInt8](repeating: 0, count: 12)
        guard read(fd, &reply, 12) == 12 else { throw FixtureError(description: "\(path): no server version") }
    }

    deinit { close(fd) }

    struct Message {
        var bytes: [UInt8]
        init(size: Int, type: UInt32) {
            bytes = [UInt8](repeating: 0, count: size)
            put(UInt32(size), at: 0)
            put(type, at: 4)
        }
        mutating func put<T: FixedWidthInteger>(_ v: T, at offset: Int) {
            withUnsafeBytes(of: v.littleEndian) { for (i, b) in $0.enumerated() { bytes[offset + i] = b } }
        }
        mutating func put(_ v: Double, at offset: Int) { put(v.bitPattern, at: offset) }

        /// Valuators 0 and 1 (x and y in the device's 0…65535 units, scaled from `screen`)
        /// and their mask bits, where touch and motion events keep them.
        mutating func put(_ p: Point, scaledFrom screen: (width: Double, height: Double)) {
            bytes[20] = 0b11
            put(p.x / screen.width * 65535, at: 32)
            put(p.y / screen.height * 65535, at: 40)
        }
    }

    private func send(_ m: Message) throws {
        // MSG_NOSIGNAL: a device the server closed is an error here, not a silent SIGPIPE death.
        let n = m.bytes.withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard n == m.bytes.count else { throw FixtureError(description: "inputtest socket write failed: \(String(cString: strerror(errno)))") }
    }

    /// `m` sent, and handled by the server when this returns.
    private func sendAndSync(_ m: Message) throws {
        try send(m)
        try sync()
    }

    /// Waits until the server has processed everything sent before (XF86IT_EVENT_WAIT_FOR_SYNC).
    func sync() throws {
        try send(Message(size: 8, type: 1))
        var reply = [UInt8](repeating: 0, count: 8)
        guard read(fd, &reply, 8) == 8 else { throw FixtureError(description: "inputtest sync failed") }
    }

    enum TouchPhase: UInt32 { case begin = 18, update = 19, end = 20 }

    /// xf86ITEventTouch: touch id, XI touch type, valuators 0 and 1 in device units.
    func touch(_ phase: TouchPhase, id: UInt32, at p: Point) throws {
        try touches([(phase, id, p)])
    }

    /// Several touch events in one write, then a sync: the server reads them together, so
    /// they carry the same time whatever this process's timing (fingers landing together,
    /// a tap's down and up). `sync: false` writes them and goes on, as a touchscreen does: the
    /// server stamps them when it reads them, however busy it is with its clients (input paced
    /// by the test's clock, `CompareXorgTests`).
    func touches(_ events: [(phase: TouchPhase, id: UInt32, at: Point)], sync: Bool = true) throws {
        var all = Message(size: 8, type: 0)
        all.bytes = []
        for e in events {
            var m = Message(size: 1056, type: 6)
            m.put(e.id, at: 8)
            m.put(e.phase.rawValue, at: 12)
            m.put(e.at, scaledFrom: screen)
            all.bytes += m.bytes
        }
        try send(all)
        if sync { try self.sync() }
    }

    /// xf86ITEventMotion of an absolute pointer ("pointer"): the pointer goes to `p`.
    func motion(to p: Point) throws {
        var m = Message(size: 1056, type: 2)
        m.put(UInt32(1), at: 8)  // absolute
        m.put(p, scaledFrom: screen)
        try sendAndSync(m)
    }

    /// xf86ITEventButton: `button` pressed or released where the pointer is.
    func button(_ button: Int, pressed: Bool) throws {
        var m = Message(size: 1064, type: 4)
        m.put(Int32(button), at: 12)
        m.put(UInt32(pressed ? 1 : 0), at: 16)
        try sendAndSync(m)
    }

    /// xf86ITEventKey of a keyboard ("keyboard"): the key with X keycode `keycode` pressed or
    /// released, as a physical keyboard's key (not XTest's).
    func key(_ keycode: UInt8, pressed: Bool) throws {
        var m = Message(size: 16, type: 5)
        m.put(Int32(keycode), at: 8)
        m.put(UInt32(pressed ? 1 : 0), at: 12)
        try sendAndSync(m)
    }

    enum GesturePhase: UInt16 { case begin = 0, update = 1, end = 2 }

    /// The common part of xf86ITEventGestureSwipe and xf86ITEventGesturePinch: the XI event
    /// type (`first` + phase), finger count, flags and deltas (also as the unaccelerated ones).
    private func gesture(size: Int, type: UInt32, first: UInt16, _ phase: GesturePhase, fingers: UInt16, dx: Double, dy: Double, cancelled: Bool) -> Message {
        var m = Message(size: size, type: type)
        m.put(first + phase.rawValue, at: 8)
        m.put(fingers, at: 10)
        m.put(UInt32(cancelled ? 1 : 0), at: 12)
        m.put(dx, at: 16)
        m.put(dy, at: 24)
        m.put(dx, at: 32)
        m.put(dy, at: 40)
        return m
    }

    /// xf86ITEventGestureSwipe (XI_GestureSwipeBegin = 30 …).
    func swipe(_ phase: GesturePhase, fingers: UInt16, dx: Double = 0, dy: Double = 0, cancelled: Bool = false) throws {
        try sendAndSync(gesture(size: 48, type: 8, first: 30, phase, fingers: fingers, dx: dx, dy: dy, cancelled: cancelled))
    }

    /// xf86ITEventGesturePinch (XI_GesturePinchBegin = 27 …): `scale` absolute since the begin.
    func pinch(_ phase: GesturePhase, fingers: UInt16, scale: Double, angle: Double = 0, cancelled: Bool = false) throws {
        var m = gesture(size: 64, type: 7, first: 27, phase, fingers: fingers, dx: 0, dy: 0, cancelled: cancelled)
        m.put(scale, at: 48)
        m.put(angle, at: 56)
        try sendAndSync(m)
    }
}

extension XvfbSession {
    /// A session on Xorg with its `inputtest` devices, and the connection to its touchscreen:
    /// how the tests that touch start (the test's only one: each device socket serves one
    /// client per server).
    static func withTouchscreen(windowManager: WindowManager? = .openbox) throws -> (XvfbSession, InputTestDevice) {
        let x = try XvfbSession(backend: .xorg, windowManager: windowManager)
        return (x, try InputTestDevice(path: x.deviceSockets["touch"]!))
    }
}
