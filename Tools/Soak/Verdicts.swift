import CX11
import Foundation
import GestureEngine
import SystemCalls
import TestSupport
import X11Session
@testable import X11TestSupport

// The daemon's verdicts, read from its monitor socket, and the watchdog that calls a touch
// without one a stall.

// MARK: Verdicts

/// The verdicts the daemon gives (one per touch), from its monitor socket, by touch id.
final class Verdicts: @unchecked Sendable {
    enum Verdict: UInt8 { case none = 0, claimed, released }
    private let lock = NSLock()
    private var seen = 0
    private var byID: [Verdict] = [.none]
    private var last: (line: String, at: Double)?
    private var greeted = false
    private var windows: Set<UInt> = []
    private var windowLines: [String] = []
    private var listsRead = 0
    /// How many times the daemon said it had read every window of the client list.
    var clientListsRead: Int { lock.lock(); defer { lock.unlock() }; return listsRead }

    var count: Int { lock.lock(); defer { lock.unlock() }; return seen }
    private var droppedLines = 0
    /// Lines the daemon did not send the soak's monitor connection (it fell behind).
    var dropped: Int { lock.lock(); defer { lock.unlock() }; return droppedLines }

    init(runtime: String, display: String) throws {
        // Read on its own thread only, from here on.
        nonisolated(unsafe) let connection = try MonitorConnection(display: display, environment: ["XDG_RUNTIME_DIR": runtime])
        Thread.detachNewThread { [self] in
            connection.forEachLine { line in
                self.lock.lock()
                if line.contains("\"verdict\"") {
                    self.seen += 1
                    self.last = (String(line), monotonic())
                    if let id = Self.number(after: "\"id\":", in: line) {
                        while self.byID.count <= id { self.byID.append(.none) }
                        self.byID[id] = line.contains("\"verdict\":\"claimed\"") ? .claimed : .released
                    }
                }
                if line.contains("\"kind\":\"dropped\""), let n = Self.number(after: "\"lines\":", in: line) { self.droppedLines += n }
                if line.contains("\"kind\":\"window") {
                    self.windowLines.append(String(line))
                    if self.windowLines.count > 100 { self.windowLines.removeFirst(50) }
                }
                if line.contains("every listed window read") { self.listsRead += 1 }
                if line.contains("\"kind\":\"window\""), line.contains("\"profile\":\"soak\""), let id = Self.number(after: "\"id\":", in: line) {
                    self.windows.insert(UInt(id))
                }
                self.greeted = true
                self.lock.unlock()
            }
        }
        // The daemon counts a client from its first line (hello) on: touches sent before it
        // accepts the connection would not be counted.
        let deadline = Date().addingTimeInterval(10)
        while !isGreeted {
            guard Date() < deadline else { fail("the daemon did not greet its monitor") }
            usleep(1_000)
        }
    }

    private static func number<S: StringProtocol>(after key: String, in line: S) -> Int? {
        guard let range = line.range(of: key) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    private var isGreeted: Bool { lock.lock(); defer { lock.unlock() }; return greeted }

    func verdict(_ id: Int) -> Verdict {
        lock.lock(); defer { lock.unlock() }
        return id < byID.count ? byID[id] : .none
    }

    /// The lowest touch id from `from` on with no verdict yet.
    func firstUndecided(from: Int) -> Int {
        lock.lock(); defer { lock.unlock() }
        var id = from
        while id < byID.count, byID[id] != .none { id += 1 }
        return id
    }

    var lastVerdict: (line: String, at: Double)? { lock.lock(); defer { lock.unlock() }; return last }

    /// Whether the daemon has matched window `id` to the soak's profile.
    func matched(_ id: UInt) -> Bool { lock.lock(); defer { lock.unlock() }; return windows.contains(id) }
    var lastWindowLines: [String] { lock.lock(); defer { lock.unlock() }; return windowLines.suffix(5) }
}


/// Whether every touch up to `id` has its verdict.
@MainActor func decided(upTo id: Int) -> Bool {
    oldestUndecided = verdicts.firstUndecided(from: oldestUndecided)
    return oldestUndecided > id
}

@MainActor func describe(_ id: Int) -> String {
    guard id > 0, id < sent.count else { return "touch \(id) (not sent)" }
    let t = sent[id]
    let verdict = verdicts.verdict(id)
    return "touch \(id): a \(t.kind.rawValue) on \(t.window.map { "window \($0)" } ?? "the screen area")\(t.emulatesPointer ? " (pointer-emulating)" : ""), last event \(t.lastPhase) at \(Int(t.lastPoint.x)),\(Int(t.lastPoint.y)) \(String(format: "%.3f", monotonic() - t.lastEvent)) s ago, verdict \(verdict == .none ? "none yet" : "\(verdict)")"
}

/// The soak stalls when a touch has no verdict `stallSeconds` after its last event; the X
/// server exiting is a crash.
@MainActor func watchdog() {
    if let status = x.serverExitStatus { report(.crash, "the X server exited with status \(status) at round \(round)") }
    guard !decided(upTo: touchesSent), oldestUndecided < sent.count else { return }
    let waited = monotonic() - sent[oldestUndecided].lastEvent
    if waited > stallSeconds {
        report(.stall, "no verdict for touch \(oldestUndecided) \(Int(waited)) s after its last event (round \(round))")
    }
}
