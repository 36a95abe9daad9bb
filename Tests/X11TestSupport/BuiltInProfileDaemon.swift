// The daemon as a person who never wrote a profile runs it: `tactus run` with no --config.
import Foundation
import SystemCalls

extension XvfbSession {
    /// Starts `tactus run` on this display as `startDaemon` does (`--log json --verbose`, its
    /// output collected, stopped with the session), but with no `--config`: HOME,
    /// XDG_CONFIG_HOME and XDG_CONFIG_DIRS name empty folders under `folder`, so the
    /// configuration search (`ConfigurationLocator`) finds no file and the daemon runs the
    /// built-in default profile (`tactus check --print-default`). Waits until it says it loaded
    /// `<built-in>` and is running. `folder` is the caller's (it removes it when done).
    /// `asUsersRunIt`: the release build (``ReleaseDaemon``) without the event log on stdout
    /// (`--log json` writes a line per gesture state before the touch is answered: make
    /// bench-touch's deciding update at p50 0.79 ms with it, 0.61–0.65 without); its debug
    /// log on stderr, which costs nothing measurable there, stays for the tests to read.
    func startDaemonWithBuiltInProfile(in folder: String, arguments: [String] = [], asUsersRunIt: Bool = false) throws -> Child {
        let home = "\(folder)/home", configDirs = "\(folder)/xdg"
        for path in [home, configDirs] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let daemon = try launchDaemon((asUsersRunIt ? ["--verbose"] : ["--log", "json", "--verbose"]) + arguments,
                                      environment: ["HOME=\(home)", "XDG_CONFIG_HOME=\(home)/.config", "XDG_CONFIG_DIRS=\(configDirs)"],
                                      runtime: "\(folder)/runtime", binary: asUsersRunIt ? try ReleaseDaemon.current() : nil)
        guard daemon.output!.lines.contains(where: { $0.contains("configuration: <built-in>") }) else {
            throw FixtureError(description: "the daemon did not load the built-in profile: \(daemon.output!.lines.prefix(10).joined(separator: "\n"))")
        }
        return daemon
    }
}
