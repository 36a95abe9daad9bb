import CGtk
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import GestureProfiles

/// tactus-settings: the desktop settings application. It opens the profile file the daemon
/// reads (or `--config FILE`), shows its profiles, gestures and thresholds, and writes back
/// only what the person changed.

let usage = """
    usage: tactus-settings [--config FILE]

    Opens the Tactus profile file (by default the one the daemon reads:
    $XDG_CONFIG_HOME/tactus/config.yaml) to see and change its gestures and thresholds.
    """

/// A line on standard error.
func printError(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

var explicitPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--config":
        guard let path = arguments.popFirst() else {
            printError("tactus-settings: --config needs a file\n\(usage)")
            exit(2)
        }
        explicitPath = path
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        printError("tactus-settings: unknown argument '\(argument)'\n\(usage)")
        exit(2)
    }
}

let settingsApplication = MainActor.assumeIsolated { SettingsApplication(explicitPath: explicitPath) }
exit(MainActor.assumeIsolated { settingsApplication.run() })
