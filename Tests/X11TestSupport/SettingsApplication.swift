import Foundation
import TestSupport

/// The settings application (`tactus-settings`) on an X server, with a session bus and the
/// accessibility bus of its own, driven as a screen reader drives it: through AT-SPI, by role
/// and name (Tests/X11TestSupport/Programs/atspi-driver.py under Debian's /usr/bin/python3,
/// where pyatspi lives). Every step waits for what it names to appear; nothing waits for a
/// duration.
final class SettingsApplicationSession {
    let display: String
    /// The application's home, its XDG folders under it (its config folder is where the
    /// daemon's file is looked for).
    let home: String
    private let bus: Child
    private let busAddress: String
    private var application: Child?
    private(set) var applicationLog: String

    static let driver = repositoryRoot.appendingPathComponent("Tests/X11TestSupport/Programs/atspi-driver.py").path
    static let name = "tactus-settings"

    /// A session bus for `display` (the accessibility bus is started on it when the
    /// application asks for it, as on a desktop).
    init(display: String) throws {
        self.display = display
        home = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-settings-\(UUID().uuidString.prefix(8))").path
        for folder in ["", "/.config/tactus", "/runtime"] {
            try FileManager.default.createDirectory(atPath: home + folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        applicationLog = "\(home)/application.log"
        bus = try Child(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
                        environment: ["PATH=/usr/bin:/bin", "HOME=\(home)", "DISPLAY=\(display)", "XDG_RUNTIME_DIR=\(home)/runtime"], capture: true)
        guard let address = bus.output?.wait(timeout: 10, { $0.hasPrefix("unix:") }) else {
            bus.stop()
            throw FixtureError(description: "the session bus did not start")
        }
        busAddress = address
    }

    /// A folder searched before the system's for the programs the application runs (a test's
    /// stand-in for systemctl).
    var programs: String?

    var environment: [String] {
        ["PATH=\(programs.map { "\($0):" } ?? "")/usr/bin:/bin", "HOME=\(home)", "DISPLAY=\(display)", "XDG_RUNTIME_DIR=\(home)/runtime", "XDG_CONFIG_HOME=\(home)/.config",
         "DBUS_SESSION_BUS_ADDRESS=\(busAddress)", "GTK_A11Y=atspi", "GDK_BACKEND=x11", "LANG=C.UTF-8", "NO_AT_BRIDGE=0", "GSETTINGS_BACKEND=memory"]
    }

    /// The user's profile file, where the daemon and the application look for it.
    var userFile: String { "\(home)/.config/tactus/config.yaml" }

    /// Starts the application (`arguments` after its name) and waits for its window on the
    /// accessibility bus.
    func start(_ arguments: [String] = []) throws {
        application = try Child(["sh", "-c", "exec \"$0\" \"$@\" >\"$TACTUS_SETTINGS_LOG\" 2>&1", BuiltProducts.executable(Self.name)] + arguments,
                                environment: environment + ["TACTUS_SETTINGS_LOG=\(applicationLog)"], capture: false)
        _ = try find("frame", "Tactus Settings")
    }

    /// Runs one driver command; its output lines, or a failure saying what was not there.
    @discardableResult
    func drive(_ command: String, _ arguments: String...) throws -> [String] {
        let child = try Child(["/usr/bin/python3", Self.driver, Self.name, command] + arguments, environment: environment, capture: true, captureErrors: true)
        guard child.output!.waitUntilFinished(timeout: 30), let status = child.waitForExit(timeout: 5) else {
            child.stop(signal: SIGKILL)
            throw FixtureError(description: "atspi-driver \(command) \(arguments.joined(separator: " ")) did not finish")
        }
        let lines = child.output!.lines.filter { !$0.contains("dbind-WARNING") && !$0.isEmpty }
        guard status == 0 else {
            throw FixtureError(description: "atspi-driver \(command) \(arguments.joined(separator: " ")): \(lines.joined(separator: " / "))")
        }
        return lines
    }

    /// The object's role and name once it is there; when it never comes, the error says what
    /// the window showed instead (its labels and buttons).
    func find(_ role: String, _ name: String) throws -> String {
        do {
            return try drive("find", role, name).first ?? ""
        } catch {
            let shown = ((try? texts("label")) ?? []) + ((try? names("push button")) ?? []).map { "[\($0)]" } + ((try? names("radio button")) ?? []).map { "(\($0))" } + ((try? names("check box")) ?? []).map { "<\($0)>" }
            throw FixtureError(description: "\(error); the window shows: \(shown.joined(separator: " | "))")
        }
    }
    func click(_ role: String, _ name: String) throws {
        _ = try find(role, name)
        try drive("click", role, name)
    }
    func select(page: String) throws { try drive("select", page) }
    func names(_ role: String) throws -> [String] { try drive("names", role) }
    func texts(_ role: String) throws -> [String] { try drive("texts", role) }
    func value(_ role: String, _ name: String) throws -> Double? { try drive("value", role, name).first.flatMap(Double.init) }
    func setValue(_ role: String, _ name: String, _ value: Double) throws { try drive("set-value", role, name, String(value)) }
    func states(_ role: String, _ name: String) throws -> Set<String> { Set(try drive("states", role, name)) }
    func tree() -> String { (try? drive("tree").joined(separator: "\n")) ?? "(no tree)" }

    /// Asks `condition` of the window again until it holds, for at most ten seconds: for what
    /// the window shows as the daemon streams (each ask is one round through the driver).
    func poll(_ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try condition() { return true }
        }
        return false
    }

    /// Waits for the application to exit by itself (its window closed); its status, or nil.
    func waitForExit(timeout: Double = 10) -> Int32? { application?.waitForExit(timeout: timeout) }

    /// Whether the application is still running (it must survive what the tests give it).
    var isRunning: Bool { application?.isRunning ?? false }

    func stop() {
        application?.stop()
        bus.stop()
        try? FileManager.default.removeItem(atPath: home)
    }
}
