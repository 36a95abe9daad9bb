import ArgumentParser
import Foundation
import GestureProfiles
import GestureTraces
import Logging
import X11Session

@main
struct Tactus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactus",
        abstract: "Touch gestures for the X11 desktop, with UIKit's gesture semantics.",
        discussion: """
            Profiles live in ~/.config/tactus/config.yaml ('tactus check --print-default' prints \
            a starting point; tactus.yaml(5) describes the format). Start the daemon with \
            'tactus run' (or 'systemctl --user enable --now tactus'); watch what it sees and \
            decides with 'tactus monitor'; 'tactus devices' and 'tactus windows' show the input \
            devices and windows as Tactus sees them. 'tactus replay' runs a recorded trace \
            through the same engine and profiles without an X server. 'tactus import' converts \
            a Touchégg, libinput-gestures or fusuma configuration into a profile file.
            """,
        version: Daemon.version,
        subcommands: [Run.self, Check.self, Import.self, Monitor.self, Devices.self, Windows.self, Record.self, Replay.self]
    )
}

/// Finds the profile file (`explicit`, else the daemon's search) and loads it, printing every
/// problem; exits 1 when it cannot be read or has an error.
func loadProfiles(_ explicit: String?, quietWarnings: Bool = false) throws -> (ProfileFile, ConfigurationLocator.Source) {
    let source: ConfigurationLocator.Source
    do {
        source = try ConfigurationLocator.locate(explicit: explicit)
    } catch {
        throw fail("\(error)")
    }
    return (try loadConfiguration(source, quietWarnings: quietWarnings), source)
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

    @Argument(help: "The trace file.")
    var trace: String

    func run() throws {
        let parts = screen.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w < 100_000, h < 100_000 else {
            throw ValidationError("--screen must be WIDTHxHEIGHT, like 1920x1080")
        }
        let (profiles, _) = try loadProfiles(config, quietWarnings: true)
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

/// Options every daemon-like subcommand shares.
struct DaemonOptions: ParsableArguments {
    @Option(help: "The X display (default: $DISPLAY).")
    var display: String?

    @Option(help: "The profile file (default: ~/.config/tactus/config.yaml, else the built-in default).")
    var config: String?

    @Flag(name: .shortAndLong, help: "Log what the daemon decides and why (debug level).")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Log only warnings and errors.")
    var quiet = false

    func makeLogger() -> Logger {
        let level: Logger.Level
        if verbose {
            level = .debug
        } else if quiet {
            level = .warning
        } else if let env = ProcessInfo.processInfo.environment["TACTUS_LOG_LEVEL"], let l = Logger.Level(rawValue: env) {
            level = l
        } else {
            level = .info
        }
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler.standardError(label: label)
            h.logLevel = level
            return h
        }
        var logger = Logger(label: "tactus")
        logger.logLevel = level
        return logger
    }

    func daemonOptions() -> Daemon.Options {
        var o = Daemon.Options()
        o.display = display
        o.configPath = config
        return o
    }
}

func startDaemon(_ options: Daemon.Options, logger: Logger, autostart: Bool = false) throws -> Daemon {
    do {
        return try Daemon(options: options, logger: logger)
    } catch let e as Daemon.StartError {
        throw fail("\(e)")
    } catch let e as Daemon.AlreadyRunning {
        if autostart {
            logger.info("tactus already runs on display \(e.display) (pid \(e.pid)): leaving it to that one")
            throw ExitCode.success
        }
        FileHandle.standardError.write(Data("tactus: \(e)\n".utf8))
        throw ExitCode(Daemon.alreadyRunningStatus)
    }
}

/// Prints `message` after "tactus: " on stderr and exits 1.
func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("tactus: \(message)\n".utf8))
    return ExitCode(1)
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the gesture daemon on the X display.",
        discussion: """
            Takes touchscreen touches (a touch grab with ownership: touches no gesture wants are \
            handed back to the applications untouched), the pointer trigger of settings.pointer \
            and XI 2.4 touchpad gestures, and performs the actions of the profile matching the \
            window. Reloads the profile file on SIGHUP and when it changes (an invalid file keeps \
            the old configuration). SIGTERM or SIGINT: every undecided touch is released to the \
            applications, grabs are dropped, exit 0. One daemon per display.
            """)

    @OptionGroup var common: DaemonOptions

    @Option(help: "Print the event log live on stdout: json (one object per line, see tactus(1)) or text (aligned).")
    var log: LogFormat?

    @Flag(help: "Never grab: gestures fire, but touches also reach the applications.")
    var observe = false

    @Option(help: "Also write the trace of what the server delivered to this file (for replay).")
    var record: String?

    @Flag(help: ArgumentHelp("Started by the session's autostart: exit quietly when tactus already runs on the display, or when the systemd user unit is enabled (systemd starts it then)."))
    var autostart = false

    @Flag(help: .hidden)
    var stats = false

    func run() throws {
        let logger = common.makeLogger()
        if autostart, let unit = SystemdUserUnit.enabledPath(environment: ProcessInfo.processInfo.environment) {
            logger.info("the systemd user unit is enabled (\(unit)): systemd starts tactus, autostart leaves it")
            return
        }
        var o = common.daemonOptions()
        o.logFormat = log
        o.observeOnly = observe
        o.recordPath = record
        o.stats = stats
        let daemon = try startDaemon(o, logger: logger, autostart: autostart)
        let status = daemon.run()
        if status != 0 { throw ExitCode(status) }
    }
}

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record what the X server delivers, as a trace for 'tactus replay'.",
        discussion: """
            Writes a JSON-lines trace: the screen, the windows and their changes, \
            touches, pointer drags and touchpad gestures, without grabbing anything and without \
            performing actions (applications get their input as usual). Stop with Ctrl-C. \
            With --stroke NAME, records one stroke instead (draw it with one finger, or with \
            button 1 held) and writes its points, one "x y" per line, for a profile's stroke \
            templates: { name: NAME, file: FILE }.
            """)

    @OptionGroup var common: DaemonOptions

    @Option(help: "Record one stroke template with this name.")
    var stroke: String?

    @Argument(help: "The file to write.")
    var file: String

    func run() throws {
        let logger = common.makeLogger()
        var o = common.daemonOptions()
        o.observeOnly = true
        if let name = stroke {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.contains("\n") else { throw ValidationError("--stroke needs a name, like --stroke zigzag") }
            o.strokeName = trimmed
            o.strokePath = file
        } else {
            o.recordPath = file
        }
        let daemon = try startDaemon(o, logger: logger)
        if stroke != nil { FileHandle.standardError.write(Data("Draw the stroke \"\(stroke!)\" now: one finger (or button 1 held), then lift.\n".utf8)) }
        let status = daemon.run()
        if status != 0 { throw ExitCode(status) }
    }
}
