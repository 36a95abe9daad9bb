import CX11
import Foundation
import GestureEngine
@testable import X11TestSupport
import TestSupport

// `killed` and its variants: the owner's connection closes with touches held.

/// The owner's connection closes with two touches down on frame 1 (see `killed` above); what it
/// answers first depends on the scenario. Repeated `rounds` times, each in a server of its own.
func runKilled(_ name: String, rounds: Int) throws {
    say("== \(name)")
    var crashes = 0
    for round in 1...rounds {
        let x = try XvfbSession(backend: .xorg, windowManager: nil)
        defer {
            // The fixture's own connection exits the process when it is closed on a dead
            // server (Xlib's default exit handler): a session whose server died is kept.
            if x.serverExitStatus == nil { x.tearDown() } else { deadSessions.append(x) }
        }
        let touchscreen = try InputTestDevice(path: x.deviceSockets["touch"]!)
        let owner = Owner(x.display)
        let wm = WindowManager(x.display)
        let app = Application(x.display)
        _ = app.window(in: wm.frame(x: 100, y: 100))
        var clients: [Client] = [owner, wm, app]
        let start = logSize(x)
        func pump(until condition: () -> Bool, timeout: Double) -> Bool { pumpClients(clients, of: x, until: condition, timeout: timeout) }
        let (a, b): (UInt32, UInt32) = (1, 2)
        try touchscreen.touch(.begin, id: a, at: Point(x: 250, y: 250))
        try touchscreen.touch(.begin, id: b, at: Point(x: 300, y: 250))
        guard pump(until: { owner.touches[a] != nil && owner.touches[b] != nil }, timeout: 2) else {
            say("round \(round): touches A and B did not both reach the owner within 2 s")
            continue
        }
        // `killed-accepted` and `killed-rejected`: the owner answers both touches, then makes a
        // round trip; `-unsynced`: none; `-ended`: it waits for their TouchEnds instead.
        let note: String
        switch name {
        case "killed":
            note = "both held"
        case "killed-accepted", "killed-accepted-unsynced", "killed-rejected", "killed-rejected-ended":
            let accepted = name.hasPrefix("killed-accepted")
            for id in [a, b] { if accepted { owner.accept(id) } else { owner.reject(id) } }
            let answered = "both \(accepted ? "accepted" : "rejected")"
            if name.hasSuffix("-unsynced") {
                note = "\(answered) (no round trip after)"
            } else if name.hasSuffix("-ended") {
                let ended = pump(until: { owner.touches[a]?.ended == true && owner.touches[b]?.ended == true }, timeout: 3)
                note = ended ? "\(answered), both TouchEnds received" : "\(answered), the TouchEnds NOT received within 3 s"
            } else {
                XSync(owner.display, 0)
                note = "\(answered) (a round trip after)"
            }
        default:
            fatalError("no scenario \(name)")
        }
        // What SIGKILL leaves: the requests already written, then the end of the connection.
        XFlush(owner.display)
        shutdown(XConnectionNumber(owner.display), Int32(SHUT_RDWR))
        clients.removeFirst()
        // The window manager answers its presses; then the fingers lift and a third touch comes.
        _ = pump(until: { false }, timeout: 1)
        if x.serverExitStatus == nil {
            try? touchscreen.touch(.end, id: a, at: Point(x: 250, y: 250))
            try? touchscreen.touch(.end, id: b, at: Point(x: 300, y: 250))
            try? touchscreen.touch(.begin, id: 3, at: Point(x: 250, y: 250))
            try? touchscreen.touch(.end, id: 3, at: Point(x: 250, y: 250))
            _ = pump(until: { false }, timeout: 0.5)
        }
        if let status = x.serverExitStatus {
            crashes += 1
            say("round \(round): owner \(note), connection closed: the X server EXITED (status \(status))")
            if crashes == 1 {
                for line in log(x, since: start).filter({ $0.contains("(EE)") }).suffix(30) { say("  Xorg: \(line)") }
            }
        } else {
            say("round \(round): owner \(note), connection closed: the server is running; the window manager got \(wm.presses.count) press(es), the application \(app.presses.count)")
        }
    }
    say("\(name): the server died in \(crashes) of \(rounds) rounds")
}
