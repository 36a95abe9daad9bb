import CX11
import Foundation
import GestureEngine
@testable import X11TestSupport
import TestSupport

// xorg-touch-repro [SCENARIO…] (make xorg-touch-repro): what Xorg 21.1 does with a touch
// owner's rejection, shown without Tactus. Each scenario starts its own Xorg with the dummy
// video and inputtest input drivers (the X tests' fixture) and three plain Xlib clients:
//
// - an owner: a passive XI 2.2 touch grab on root (what Tactus holds); it rejects touches
//   only when the scenario says so;
// - a window manager: frames with a synchronous passive grab of button 1 on each (the
//   click-to-focus grab of openbox, fluxbox, marco); on each ButtonPress it waits `busy`
//   seconds (a window manager with other work queued, mapping windows) and answers
//   XAllowEvents(ReplayPointer, the press's time), as those window managers do;
// - an application: a window in each frame, selecting ButtonPress.
//
// The touchscreen (inputtest) sends touch A on frame 1 and touch B on frame 2 (or 1), both
// let go before the owner decides, at a finger's pace. Then, per scenario:
//
// control      the owner rejects A; once the window manager has answered A's press and no
//              client holds the pointer, it rejects B. Expected and seen: both presses
//              reach the application, the pointer is free.
// queued       the owner rejects A, and rejects B while the window manager's grab from A's
//              replay holds the pointer frozen (what a touch owner does when it stops
//              waiting for the pointer). The server queues B's rejection behind the freeze
//              and, playing it after the window manager's answer, activates the grab again
//              stamped with the rejection's time, not B's press time: the window manager's
//              XAllowEvents(ReplayPointer, B's press time) is ignored (dix/events.c
//              AllowSome: earlier than the grab) and the pointer stays frozen for good —
//              touch C, sent afterwards, never reaches the owner.
// destroyed    frame 2 (and the application's window in it) is destroyed while B, which
//              landed on it, is held; then the owner rejects B (the pointer free). The
//              server replays B into its copy of the frame's passive grab, taken at B's
//              begin (dix/touch.c TouchAddGrabListener) and never removed: it activates a
//              grab on the freed window (the window manager gets a ButtonPress for a
//              window that no longer exists), the use-after-free the Xorg crash under
//              xfwm4 came from (IsParent via ActivatePointerGrab). Repeated `rounds` times
//              in one server.
// queued-destroyed  B's rejection is queued behind the freeze as in `queued`, and frame 2 is
//              destroyed before the window manager answers A: the queued rejection, played
//              later, replays B into the freed frame's grab.
// accepted     as `queued`, but the owner accepts B instead of rejecting it: nothing is
//              replayed, the pointer is free again once the window manager answers A.
// destroyed-accepted  as `destroyed`, but the owner accepts B: no press for a destroyed
//              window, the pointer free.
// stranded     real xfwm4, taps back to back each rejected as it begins: a pointer-emulating
//              touch stranded, button 1 held and no press reaching a window (runStranded);
//              stranded-spaced: the same taps 2 ms apart, never stranded.
//              stranded-waited: each pointer-emulating rejection waits for the pointer to be
//              free, as the daemon's do; stranded-burst: that, with the taps answered every 6
//              once they ended (a busy daemon): stranded; stranded-burst-roundtrip and
//              stranded-roundtrip: a round trip through the window manager first when a touch
//              began in the millisecond of the last one rejected (as the daemon does): never.
//
// killed       two fingers down on frame 1, both held by the owner, and the owner's connection
//              closes without a word (what SIGKILL, or SIGABRT's default action, does to a
//              daemon). The server rejects the owner's touches for it (dix/dispatch.c
//              CloseDownClient, dix/touch.c TouchListenerGone): the first rejection hands the
//              pointer-emulating touch to the window manager's grab, whose press freezes the
//              pointer; the second rejection is queued behind the freeze (dix/events.c
//              EnqueueEvent) with the owner's id in it. The owner is freed; when the window
//              manager answers, the queued rejection is played for a client that no longer
//              exists: the TouchEnd it owes the owner goes to a null client (Xi/exevents.c
//              DeliverOneTouchEvent, XaceHook) and the server dies ("Segmentation fault at
//              address 0x70").
// killed-rejected  the owner rejects both touches and makes a round trip (XSync), then its
//              connection closes: the second rejection is queued behind the freeze as in
//              `killed`, with the owner's id in it, the same crash.
// killed-rejected-ended  the owner rejects both touches and closes only once the server has
//              sent it both TouchEnds (the rejections played): no crash.
// killed-accepted  the owner accepts both touches and makes a round trip, then its connection
//              closes: no ownership is passed, nothing freezes, no crash.
// killed-accepted-unsynced  as `killed-accepted` without the round trip: the server, woken with
//              the requests and the hang-up together, closes the client without reading them
//              (os/connection.c ClientReady: X_NOTIFY_ERROR), so the acceptances are lost and
//              the crash is that of `killed`.
//
// Each scenario prints what each client saw, who holds the pointer afterwards and the
// server's own grab dump (XF86LogGrabInfo), and whether the server is still running.

/// Printed at once (the output may be a pipe).
func say(_ line: String) {
    print(line)
    fflush(nil)
}
let busy = 0.3

func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func hex(_ w: UInt) -> String { "0x" + String(w, radix: 16) }

let scenarios: [String: Scenario] = [
    "control": Scenario(name: "control", secondFrame: false),
    "queued": Scenario(name: "queued", secondFrame: false),
    "destroyed": Scenario(name: "destroyed", secondFrame: true, rounds: Int(ProcessInfo.processInfo.environment["REPRO_ROUNDS"] ?? "") ?? 20),
    "queued-destroyed": Scenario(name: "queued-destroyed", secondFrame: true),
    "accepted": Scenario(name: "accepted", secondFrame: false),
    "destroyed-accepted": Scenario(name: "destroyed-accepted", secondFrame: true, rounds: Int(ProcessInfo.processInfo.environment["REPRO_ROUNDS"] ?? "") ?? 20),
]
nonisolated(unsafe) var deadSessions: [XvfbSession] = []

let killedRounds = Int(ProcessInfo.processInfo.environment["REPRO_ROUNDS"] ?? "") ?? 5
let killedScenarios = ["killed", "killed-rejected", "killed-rejected-ended", "killed-accepted", "killed-accepted-unsynced"]
let names = CommandLine.arguments.count > 1 ? Array(CommandLine.arguments.dropFirst()) : ["control", "queued", "queued-destroyed", "destroyed", "accepted", "destroyed-accepted"]
for name in names {
    if killedScenarios.contains(name) {
        try runKilled(name, rounds: killedRounds)
        continue
    }
    if name.hasPrefix("stranded") {
        try runStranded(name, rounds: Int(ProcessInfo.processInfo.environment["REPRO_ROUNDS"] ?? "") ?? 3)
        continue
    }
    guard let scenario = scenarios[name] else { say("no scenario \(name): \((scenarios.keys + killedScenarios).sorted())"); exit(2) }
    try run(scenario)
}
