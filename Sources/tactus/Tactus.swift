import ArgumentParser
import Foundation
import GestureProfiles
import GestureTraces

@main
struct Tactus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactus",
        abstract: "Touch gestures for the X11 desktop, with UIKit's gesture semantics.",
        discussion: """
            Profiles live in ~/.config/tactus/config.yaml (see 'tactus check --print-default' \
            for a starting point). 'tactus replay' runs a recorded trace through the same \
            engine and profiles without an X server.
            """,
        version: "0.1.0",
        subcommands: [Check.self, Replay.self]
    )
}

/// Loads and validates a profile file, printing every problem; exits 1 when there is one.
func loadConfiguration(_ source: ConfigurationLocator.Source, quietWarnings: Bool = false) throws -> ProfileFile {
    let result = ProfileLoader.load(yaml: source.text, path: source.displayName)
    for d in result.diagnostics where !(quietWarnings && d.severity == .warning) {
        FileHandle.standardError.write(Data((d.description + "\n").utf8))
    }
    guard let file = result.file else { throw ExitCode(1) }
    return file
}

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
        let source: ConfigurationLocator.Source
        do {
            source = try ConfigurationLocator.locate(explicit: file)
        } catch {
            FileHandle.standardError.write(Data("tactus: \(error)\n".utf8))
            throw ExitCode(1)
        }
        let profiles = try loadConfiguration(source)
        let gestures = profiles.allGestures.count
        let touchpad = profiles.profiles.reduce(0) { $0 + $1.touchpad.count }
        print("\(source.displayName): OK, \(profiles.profiles.count) profiles, \(gestures) gestures, \(touchpad) touchpad bindings")
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

    @Option(help: "Log format: json (trace.md's JSON lines) or text (aligned, for people).")
    var log: LogFormat = .json

    @Option(help: "Screen size for device recordings, as WIDTHxHEIGHT.")
    var screen: String = "1920x1080"

    @Flag(help: "Run command and shell actions for real.")
    var execute = false

    @Argument(help: "The trace file.")
    var trace: String

    func run() throws {
        let parts = screen.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w < 100_000, h < 100_000 else {
            throw ValidationError("--screen must be WIDTHxHEIGHT, like 1920x1080")
        }
        let source: ConfigurationLocator.Source
        do {
            source = try ConfigurationLocator.locate(explicit: config)
        } catch {
            FileHandle.standardError.write(Data("tactus: \(error)\n".utf8))
            throw ExitCode(1)
        }
        let profiles = try loadConfiguration(source, quietWarnings: true)
        let lines: [TraceLine]
        do {
            lines = try TraceReader.read(path: trace, screen: (w, h))
        } catch let e as TraceError {
            FileHandle.standardError.write(Data("\(e)\n".utf8))
            throw ExitCode(1)
        }
        var output = ""
        output.reserveCapacity(1 << 16)
        let replayer = Replayer(configuration: profiles, screen: (w, h), format: log, execute: execute) { line in
            output += line
            output += "\n"
            if output.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output = ""
            }
        }
        replayer.run(lines)
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}

extension LogFormat: ExpressibleByArgument {}
