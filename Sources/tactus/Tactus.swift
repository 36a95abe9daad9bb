import ArgumentParser
import FoundationEssentials
import GestureProfiles
import GestureTraces
import SystemCalls
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
    if let path = source.path, let refusal = FileTrust.refusal(forProfile: path) { throw fail(refusal) }
    return (try loadConfiguration(source, quietWarnings: quietWarnings), source)
}

/// Loads and validates a profile file, printing every problem; exits 1 when there is one.
func loadConfiguration(_ source: ConfigurationLocator.Source, quietWarnings: Bool = false) throws -> ProfileFile {
    let result = ProfileLoader.load(yaml: source.text, path: source.displayName)
    for d in result.diagnostics where !(quietWarnings && d.severity == .warning) {
        FileDescriptor.standardError.writeAll(Array((d.description + "\n").utf8))
    }
    guard let file = result.file else { throw ExitCode(1) }
    return file
}

/// Prints `message` after "tactus: " on stderr and exits 1.
func fail(_ message: String) -> ExitCode {
    FileDescriptor.standardError.writeAll(Array("tactus: \(message)\n".utf8))
    return ExitCode(1)
}

extension LogFormat: ExpressibleByArgument {}
