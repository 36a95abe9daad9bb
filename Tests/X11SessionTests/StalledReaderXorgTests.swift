import Foundation
import Testing
@testable import GestureEngine
@testable import SystemCalls
@testable import X11Session
@testable import X11TestSupport

/// Nothing the daemon writes may hold up a touch (issue 24): a reader of the event log that
/// stops reading, one that goes away, a `tactus monitor` that lags. Real touches on Xorg +
/// inputtest reach a touch-selecting window whole while the readers stall. No window manager:
/// openbox's click-to-focus grab freezes the pointer under touches this fast (issue 23,
/// tested apart), which is not what these tests are about.
@Suite(.serialized) struct StalledReaderXorgTests {
    /// The 3-finger swipe holds each touch until it moves past the slop: every drag is
    /// decided by the daemon, then released to the window.
    static let config = DaemonConfiguration.desktop(gestures: """
        - name: desktop-swipe
          swipe: { direction: left, touches: 3 }
          action: { log: "desktop swipe" }
        """)

    /// `count` one-finger drags of 12 updates across the window, one after another.
    func drags(_ touch: InputTestDevice, in frame: Rect, count: Int, firstID: UInt32) throws {
        for k in 0..<UInt32(count) {
            let start = Point(x: frame.x + 40, y: frame.y + 40 + Double(k % 20) * 10)
            try touch.touch(.begin, id: firstID + k, at: start)
            for s in 1...12 { try touch.touch(.update, id: firstID + k, at: Point(x: start.x + Double(s) * 6, y: start.y)) }
            try touch.touch(.end, id: firstID + k, at: Point(x: start.x + 72, y: start.y))
        }
    }

    func touchEnds(_ w: XvfbSession.TestWindow) -> Int { w.output.lines.filter { $0.hasPrefix("touch end") }.count }

    @Test func aLogReaderThatStopsReadingHoldsUpNoTouch() throws {
        let (x, touch) = try XvfbSession.withTouchscreen(windowManager: nil)
        let w = try x.openWindow(class: "Plain", title: "plain", geometry: "600x400+100+100", touch: true)
        let frame = Rect(x: 100, y: 100, width: 600, height: 400)
        // The event log goes into a pipe of one page that nobody reads yet.
        let (reader, writer) = try FileDescriptor.pipe()
        _ = fcntl(writer.rawValue, 1031 /* F_SETPIPE_SZ */, 4096)
        let daemon = try x.startDaemon(config: Self.config, standardOutput: writer)
        writer.close()
        // Enough for several times the daemon's backlog of the event log.
        try drags(touch, in: frame, count: 600, firstID: 1)
        #expect(x.poll(timeout: 30) { touchEnds(w) == 600 }, "every drag reached the window while the log was not read: \(touchEnds(w)) of 600; \(daemon.output!.lines.suffix(5))")
        // Read now: the lines the pipe and the backlog kept, then the count of what was lost.
        reader.setNonBlocking()
        var bytes: [UInt8] = []
        #expect(x.poll(timeout: 10) {
            while case .success(let b) = reader.read(upTo: 1 << 16), !b.isEmpty { bytes += b }
            return String(decoding: bytes, as: UTF8.self).contains("\"kind\":\"dropped\"")
        }, "a dropped line once the reader catches up: \(bytes.count) bytes read")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        let dropped = try #require(lines.first { $0.contains("\"kind\":\"dropped\"") })
        #expect(dropped.contains("\"lines\":") && dropped.contains("the reader fell behind"), "\(dropped)")
        // And the reader goes away altogether: the daemon goes on, says so, and exits cleanly.
        reader.close()
        try drags(touch, in: frame, count: 30, firstID: 1000)
        #expect(x.poll(timeout: 20) { touchEnds(w) == 630 }, "\(touchEnds(w)) of 630")
        #expect(daemon.output!.wait { $0.contains("the event log's reader is gone") } != nil, "\(daemon.output!.lines.suffix(5))")
        #expect(daemon.stop(signal: SIGTERM) == 0)
    }

    @Test func aMonitorThatStopsReadingHoldsUpNoTouchAndIsToldWhatItMissed() throws {
        let (x, touch) = try XvfbSession.withTouchscreen(windowManager: nil)
        let w = try x.openWindow(class: "Plain", title: "plain", geometry: "600x400+100+100", touch: true)
        let frame = Rect(x: 100, y: 100, width: 600, height: 400)
        let daemon = try x.startDaemon(config: Self.config)
        // A monitor client that connects and then reads nothing, with a small receive buffer.
        let socket = try UnixSocket.connect(to: RuntimeFiles(display: x.display, environment: ["XDG_RUNTIME_DIR": daemon.runtimeDirectory!]).socketPath)
        var size: Int32 = 4096
        setsockopt(socket.rawValue, SOL_SOCKET, SO_RCVBUF, &size, 4)
        try drags(touch, in: frame, count: 1200, firstID: 1)
        #expect(x.poll(timeout: 60) { touchEnds(w) == 1200 }, "\(touchEnds(w)) of 1200; \(daemon.output!.lines.suffix(5))")
        socket.setNonBlocking()
        var bytes: [UInt8] = []
        // What was sent so far, then one more touch so that the notice goes out.
        func readAll() { while case .success(let b) = socket.read(upTo: 1 << 16), !b.isEmpty { bytes += b } }
        #expect(x.poll(timeout: 10) {
            readAll()
            if !String(decoding: bytes, as: UTF8.self).contains("\"kind\":\"dropped\"") {
                try? touch.touches([(.begin, 5000, Point(x: frame.x + 10, y: frame.y + 10)), (.end, 5000, Point(x: frame.x + 10, y: frame.y + 10))])
                return false
            }
            return true
        }, "the monitor is told it missed lines: \(bytes.count) bytes read")
        #expect(daemon.output!.lines.contains { $0.contains("running on") })
        socket.close()
        #expect(daemon.stop(signal: SIGTERM) == 0)
    }
}
