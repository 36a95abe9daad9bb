import ArgumentParser
import FoundationEssentials
import GestureProfiles
import GestureTraces
import SystemCalls

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate a profile file.",
        discussion: """
            Prints every problem as FILE:LINE:COLUMN: message and exits 1 when the file is \
            invalid, 0 when it is valid (warnings do not fail it). Without FILE, checks the file \
            the daemon would load (or the built-in default when there is none).
            """)

    @Argument(help: "The profile file (default: the one the daemon would load).")
    var file: String?

    @Flag(help: "Print the built-in default profile and exit.")
    var printDefault = false

    func run() throws {
        if printDefault {
            print(defaultProfileYAML)
            return
        }
        let (profiles, source) = try loadProfiles(file)
        let gestures = profiles.allGestures.count
        let touchpad = profiles.profiles.reduce(0) { $0 + $1.touchpad.count }
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        print("\(source.displayName): OK, \(count(profiles.profiles.count, "profile")), \(count(gestures, "gesture")), \(count(touchpad, "touchpad binding"))")
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a recorded trace through the engine and print the event log.",
        discussion: """
            Reads JSON-lines traces (tactus record), evemu-record files and libinput record \
            files (the format is detected from the content). Device units are scaled onto the \
            --screen size. Actions are logged, not performed, unless --execute is given (which \
            runs command and shell actions only).
            """)

    @Option(help: "The profile file (default: the one the daemon would load).")
    var config: String?

    @Option(help: "Log format: json (one object per line, see tactus(1)) or text (aligned, for people).")
    var log: LogFormat = .json

    @Option(help: "Screen size for device recordings, as WIDTHxHEIGHT.")
    var screen: String = "1920x1080"

    @Flag(help: "Run command and shell actions for real.")
    var execute = false

    @Argument(help: "The trace file (- reads standard input).")
    var trace: String

    func run() throws {
        let parts = screen.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w < 100_000, h < 100_000 else {
            throw ValidationError("--screen must be WIDTHxHEIGHT, like 1920x1080")
        }
        let (profiles, _) = try loadProfiles(config, quietWarnings: true)
        // The log goes out in large writes, and before every command that runs: what ran
        // is on record even if the command, or anything after it, never returns.
        var output: [UInt8] = []
        output.reserveCapacity(1 << 16)
        func flush() {
            FileDescriptor.standardOutput.writeAll(output)
            output.removeAll(keepingCapacity: true)
        }
        let replayer = Replayer(configuration: profiles, screen: (w, h), format: log, execute: execute, keepActions: false) { line in
            output += line.utf8
            output.append(0x0A)
            if output.count > 1 << 16 { flush() }
        }
        replayer.beforeCommand = flush
        do {
            // A trace from a pipe is replayed as it comes: what is at hand is logged before
            // the next read waits.
            try TraceReader.stream(path: trace, screen: (w, h), beforeWaiting: flush) { replayer.feed($0) }
        } catch let e as TraceError {
            flush()
            FileDescriptor.standardError.writeAll(Array("\(e)\n".utf8))
            throw ExitCode(1)
        }
        replayer.finish()
        flush()
    }
}
