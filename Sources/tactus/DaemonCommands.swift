import ArgumentParser
import FoundationEssentials
import GestureProfiles
import GestureTraces
import Logging
import SystemCalls
import X11Session

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
            var h = StandardError.logHandler(label: label)
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
        FileDescriptor.standardError.writeAll(Array("tactus: \(e)\n".utf8))
        throw ExitCode(Daemon.alreadyRunningStatus)
    }
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
            let trimmed = String(name.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            guard !trimmed.isEmpty, !trimmed.contains("\n") else { throw ValidationError("--stroke needs a name, like --stroke zigzag") }
            o.strokeName = trimmed
            o.strokePath = file
        } else {
            o.recordPath = file
        }
        let daemon = try startDaemon(o, logger: logger)
        if stroke != nil { FileDescriptor.standardError.writeAll(Array("Draw the stroke \"\(stroke!)\" now: one finger (or button 1 held), then lift.\n".utf8)) }
        let status = daemon.run()
        if status != 0 { throw ExitCode(status) }
    }
}
