import ArgumentParser
import FoundationEssentials
import GestureProfiles
import GestureTraces
import SystemCalls
import X11Session

func openDisplay(_ display: String?) throws -> XlibServer {
    do {
        return try Daemon.openServer(display: display, environment: ProcessInfo.processInfo.environment)
    } catch {
        throw fail("\(error)")
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// The options `devices` and `windows` share.
struct InspectionOptions: ParsableArguments {
    @Option(help: "The X display (default: $DISPLAY).")
    var display: String?

    @Option(help: "The profile file (default: the one the daemon would load).")
    var config: String?

    @Option(help: "Output: text (a table) or json (one object per line).")
    var format: OutputFormat = .text

    /// The profiles (warnings quiet: `tactus check` is where they belong) and the display.
    func open() throws -> (ProfileFile, XlibServer) {
        let (profiles, _) = try loadProfiles(config, quietWarnings: true)
        return (profiles, try openDisplay(display))
    }

    func emit(text: @autoclosure () -> String, json: @autoclosure () -> String) {
        print(format == .json ? json() : text(), terminator: "")
    }
}

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the input devices, their classes, and what Tactus uses each one for.",
        discussion: """
            Touchscreens (a direct touch class) feed touch gestures; touchpads with the XInput \
            2.4 gesture class feed the touchpad: bindings; the master pointer feeds pointer \
            gestures when settings.pointer sets a trigger. The notes at the end say what is \
            missing: no touchscreen, an X server without XInput 2.4, a touch grab held by \
            another client.
            """)

    @OptionGroup var options: InspectionOptions

    func run() throws {
        let (profiles, server) = try options.open()
        let report = DeviceReport.gather(server: server, configuration: profiles, environment: ProcessInfo.processInfo.environment)
        options.emit(text: report.text(), json: report.jsonLines())
    }
}

struct Windows: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the open windows and the profile each one matches.",
        discussion: """
            Shows every window the window manager manages, top of the stack first: its id, \
            WM_CLASS class and instance, type and title (what profiles match on), and the \
            profile whose match: it meets (the first one, as the daemon picks). A window with \
            no profile of its own gets only the screen's gestures (the match: any profiles). \
            Then the window manager Tactus found and what each window: and desktop: action \
            means under it (i3's fullscreen for maximize, a show desktop Tactus does itself…).
            """)

    @OptionGroup var options: InspectionOptions

    func run() throws {
        // The running daemon says what it has loaded; a file is read here only when asked
        // for (--config) or when no daemon answers.
        var daemonMissing = "no daemon runs"
        if options.config == nil, !(options.display ?? CurrentProcess.environment["DISPLAY"] ?? "").isEmpty {
            do {
                let connection = try MonitorConnection(display: options.display)
                if let answer = connection.ask(WindowsAnswer.request, reply: { WindowsAnswer(line: $0) }) {
                    let report = WindowReport(answer)
                    return options.emit(text: report.text(), json: report.jsonLines())
                }
                daemonMissing = "the running daemon did not answer"
            } catch {}
        }
        let (profiles, source) = try loadProfiles(options.config, quietWarnings: true)
        let server = try openDisplay(options.display)
        var report = WindowReport.gather(server: server, configuration: profiles)
        report.source = options.config != nil
            ? "profiles read from \(source.displayName) (--config), not asked of a running daemon"
            : "\(daemonMissing) on \(server.displayName): profiles read from \(source.displayName), as a daemon started now would load them"
        options.emit(text: report.text(), json: report.jsonLines())
    }
}

struct Monitor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch what the running daemon sees and decides, live.",
        discussion: """
            Connects to the tactus daemon of the display and shows, as they happen: touches \
            (with the window and the view each one landed in), pointer presses, touchpad \
            gestures, every gesture's state changes, each touch's verdict (claimed by a \
            gesture, or handed to the application), and the actions fired. Colour when the \
            output is a terminal (NO_COLOR turns it off). --log json prints the daemon's JSON \
            lines as they come, for programs. Stop with Ctrl-C; the daemon goes on.
            """)

    @Option(help: "The display whose daemon to watch (default: $DISPLAY).")
    var display: String?

    @Option(help: "Output: text (aligned columns) or json (the daemon's JSON lines).")
    var log: LogFormat = .text

    @Flag(help: "Also show each touch movement, pointer motion and touchpad update.")
    var moves = false

    @Option(help: "Colour: auto (when stdout is a terminal), always or never.")
    var color: ColourChoice = .auto

    enum ColourChoice: String, ExpressibleByArgument, CaseIterable { case auto, always, never }

    func run() throws {
        let connection: MonitorConnection
        do {
            connection = try MonitorConnection(display: display)
        } catch {
            throw fail("\(error)")
        }
        let environment = ProcessInfo.processInfo.environment
        let colour: Bool
        switch color {
        case .always: colour = true
        case .never: colour = false
        case .auto: colour = FileDescriptor.standardOutput.isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
        var renderer = MonitorRenderer(colour: colour, showMoves: moves)
        // Unbuffered lines: a monitor piped into another program must not lag behind.
        func writeLine(_ s: String) { FileDescriptor.standardOutput.writeAll(Array((s + "\n").utf8)) }
        if log == .text { writeLine(renderer.header) }
        connection.forEachLine { line in
            if log == .json {
                writeLine(String(line))
            } else if let text = renderer.render(line) {
                writeLine(text)
            }
        }
        FileDescriptor.standardError.writeAll(Array("tactus: the daemon stopped\n".utf8))
    }
}
