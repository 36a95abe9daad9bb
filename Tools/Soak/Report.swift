import CX11
import Foundation
import GestureEngine
import SystemCalls
import TestSupport
import X11Session
@testable import X11TestSupport

// What a failed, stalled or crashed soak reports, and how it stops everything first.

// MARK: Reports

enum Outcome: Int32 {
    case failure = 1, stall = 2, crash = 3
    var title: String {
        switch self {
        case .failure: "failure"
        case .stall: "STALL"
        case .crash: "X SERVER CRASH"
        }
    }
}

/// What the report needs of the soak's state; set once each part exists (exit() releases no globals).
nonisolated(unsafe) var serverLog: String?
nonisolated(unsafe) var serverExitStatus: () -> Int32? = { nil }
nonisolated(unsafe) var stateLines: () -> [String] = { [] }
nonisolated(unsafe) var daemonLines: () -> [String] = { [] }
nonisolated(unsafe) var stopDaemon: () -> Void = {}
/// The X side of a stall: who holds the pointer, the server's grab dump (the server alive).
nonisolated(unsafe) var grabLines: (_ label: String) -> [String] = { _ in [] }
/// Stops the X server and what runs on it.
nonisolated(unsafe) var tearDownX: () -> Void = {}
/// Where the Xorg log stood once the session was set up (what the soak made it log follows).
nonisolated(unsafe) var logStart = 0
nonisolated(unsafe) var reporting: Outcome?
/// The daemon's XDG_RUNTIME_DIR (its lock and monitor socket), removed at the end.
nonisolated(unsafe) var runtimeDirectory = ""

func readLog() -> [String] {
    guard let serverLog, let text = try? String(contentsOfFile: serverLog, encoding: .utf8) else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// The lines of the server's log written since the soak's set-up but the grab dumps, at most `limit` (the last).
func logSinceStart(limit: Int) -> [String] {
    guard let serverLog, let data = FileManager.default.contents(atPath: serverLog), data.count > logStart else { return [] }
    var inDump = false
    let lines = String(decoding: data[logStart...], as: UTF8.self).split(separator: "\n").map(String.init).filter { line in
        if line.contains("Printing all currently active device grabs") { inDump = true }
        defer { if line.contains("End list of registered passive grabs") { inDump = false } }
        // The inputtest driver's debug lines: every event it injects.
        return !inDump && !line.contains("(DB) inputtest") && !line.contains("dbus-core: error connecting to system bus")
    }
    return lines.count > limit ? ["… (\(lines.count - limit) lines before)"] + lines.suffix(limit) : lines
}

/// Prints what went wrong and why as far as the soak can see, keeps the logs in its folder of .build/soak, stops everything, exits.
func report(_ outcome: Outcome, _ message: String) -> Never {
    if let already = reporting { _exit(already.rawValue) }
    // The server may have died under whatever failed.
    let exited = serverExitStatus()
    let outcome = exited != nil ? .crash : outcome
    reporting = outcome
    var lines = ["tactus-soak: \(outcome.title): \(message)"]
    if let exited {
        lines.append("the X server exited (status \(exited)\(exited > 128 ? ", signal \(exited - 128)" : "")); the end of its log:")
        let log = readLog()
        let start = (log.lastIndex { $0.contains("Backtrace:") } ?? log.lastIndex { $0.contains("Fatal server error") }).map { max(0, $0 - 3) } ?? max(0, log.count - 60)
        lines += log[start...].filter { !$0.contains("(DB) inputtest") }.prefix(80).map { "  Xorg: \($0)" }
    }
    lines += stateLines()
    if exited == nil {
        lines += grabLines("with the daemon running")
        stopDaemon()
        lines += grabLines("with the daemon stopped")
        lines.append("the server's log since the set-up, but the grab dumps (\(output)/Xorg.log has them whole):")
        lines += logSinceStart(limit: 200).map { "  Xorg: \($0)" }
    } else {
        stopDaemon()
    }
    let daemon = daemonLines()
    try? daemon.joined(separator: "\n").write(toFile: output + "/daemon.log", atomically: true, encoding: .utf8)
    lines.append("the daemon's last lines (all of them: \(output)/daemon.log):")
    lines += daemon.suffix(30).map { "  tactus: \($0)" }
    if let events = try? String(contentsOfFile: output + "/daemon-events.jsonl", encoding: .utf8) {
        lines.append("its event log's last lines (\(output)/daemon-events.jsonl):")
        lines += events.split(separator: "\n").suffix(40).map { "  event: \($0)" }
    }
    if let serverLog { try? FileManager.default.copyItem(atPath: serverLog, toPath: output + "/Xorg.log") }
    try? FileManager.default.removeItem(atPath: runtimeDirectory)
    lines.append("logs: \(output)/Xorg.log, \(output)/daemon.log")
    let text = lines.joined(separator: "\n") + "\n"
    try? text.write(toFile: output + "/report.txt", atomically: true, encoding: .utf8)
    // Everything stopped before the report is printed: a reader gone (SIGPIPE) ends nothing early.
    if exited == nil {
        tearDownX()
    } else if let serverLog {
        // Closing a connection to a dead server ends the process in Xlib: only the files go.
        try? FileManager.default.removeItem(atPath: (serverLog as NSString).deletingLastPathComponent)
    }
    FileHandle.standardError.write(Data(text.utf8))
    exit(outcome.rawValue)
}

func fail(_ message: String) -> Never { report(.failure, message) }
