import GestureEngine
import GestureProfiles
import Logging

/// The screen as the server has it — its size and its XRandR 1.5 monitors — turned into the
/// session's input events when it changes (a monitor plugged or unplugged, a mode set,
/// `xrandr --setmonitor`), and the touchscreens mapped onto their monitors.
final class ScreenFollower {
    private let server: ScreenLayout & InputDevices & DeviceSettings
    private let logger: Logger
    let touchscreens: TouchscreenMapper
    private var size: (width: Double, height: Double)?
    private(set) var monitors: [XMonitor] = []

    init(server: ScreenLayout & InputDevices & DeviceSettings, logger: Logger) {
        self.server = server
        self.logger = logger
        touchscreens = TouchscreenMapper(server: server, logger: logger)
    }

    /// The screen's size now (as last read).
    var screenSize: (width: Double, height: Double) { size ?? server.screenSize() }

    /// Reads the screen again. Returns what changed as input events, in order: the size,
    /// then the monitors removed, then those added or changed.
    func refresh() -> [InputEvent] {
        var events: [InputEvent] = []
        let newSize = server.screenSize()
        if size.map({ $0 != newSize }) ?? true {
            logger.info("screen: \(Int(newSize.width))x\(Int(newSize.height))")
            events.append(.screen(width: newSize.width, height: newSize.height))
        }
        size = newSize
        let now = server.monitors()
        for old in monitors where !now.contains(where: { $0.name == old.name }) {
            logger.info("monitor \(old.name) removed")
            events.append(.monitorRemoved(name: old.name))
        }
        for m in now where !monitors.contains(m) {
            let verb = monitors.contains { $0.name == m.name } ? "changed" : "added"
            logger.info("monitor \(m.name) \(verb): \(Int(m.width))x\(Int(m.height))+\(Int(m.x))+\(Int(m.y))\(m.primary ? ", primary" : "")\(m.outputs.isEmpty ? "" : ", outputs " + m.outputs.joined(separator: " "))")
            events.append(.monitor(m.monitor))
        }
        monitors = now
        return events
    }

    /// Maps the configured touchscreens onto the monitors as they are; whether a matrix changed.
    @discardableResult
    func mapTouchscreens(_ mappings: [TouchscreenMapping]) -> Bool {
        touchscreens.apply(mappings, monitors: monitors, screen: screenSize)
    }
}
