import GestureProfiles
import Logging

/// `settings.touchscreens` applied to the server: each configured touchscreen's "Coordinate
/// Transformation Matrix" maps its surface onto its monitor, as `xinput map-to-output` does,
/// again whenever the monitors or the devices change. Tactus restores only what it set: a
/// device whose mapping no longer applies (its monitor is gone, the profile dropped it, the
/// daemon stops) gets back the matrix it had before, and only if it still has ours.
final class TouchscreenMapper {
    private let server: InputDevices & DeviceSettings
    private let logger: Logger
    /// The devices Tactus mapped: the matrix each had before, and the one set.
    private var mapped: [Int32: (original: [Double], set: [Double])] = [:]

    init(server: InputDevices & DeviceSettings, logger: Logger) {
        self.server = server
        self.logger = logger
    }

    /// Maps each configured device present onto its monitor. Returns whether a matrix changed.
    @discardableResult
    func apply(_ mappings: [TouchscreenMapping], monitors: [XMonitor], screen: (width: Double, height: Double)) -> Bool {
        var wanted: [Int32: (matrix: [Double], why: String)] = [:]
        if !mappings.isEmpty {
            let devices = server.devices().filter { $0.use == .slavePointer || $0.use == .floating }
            for mapping in mappings {
                let matching = devices.filter { $0.name == mapping.device }
                if matching.isEmpty {
                    logger.debug("settings.touchscreens: no device \"\(mapping.device)\" (tactus devices lists them)")
                    continue
                }
                guard let monitor = monitors.filter({ $0.isNamed(mapping.monitor) }).min(by: { $0.width * $0.height < $1.width * $1.height }) else {
                    let names = monitors.map(\.name).joined(separator: ", ")
                    logger.warning("settings.touchscreens: \"\(mapping.device)\" is to be mapped onto \(mapping.monitor), which is not there (monitors: \(names.isEmpty ? "none" : names))")
                    continue
                }
                let why = "\(monitor.name) (\(Int(monitor.width))x\(Int(monitor.height))+\(Int(monitor.x))+\(Int(monitor.y)))"
                for d in matching where wanted[d.id] == nil {
                    wanted[d.id] = (TouchscreenPlacement.matrix(onto: monitor, screen: screen), why)
                }
            }
        }
        var changed = false
        for id in mapped.keys.sorted() where wanted[id] == nil {
            changed = restore(id) || changed
        }
        for id in wanted.keys.sorted() {
            let (matrix, why) = wanted[id]!
            guard let current = server.transformationMatrix(device: id) else {
                logger.warning("settings.touchscreens: device \(id) has no Coordinate Transformation Matrix: it cannot be mapped")
                continue
            }
            if TouchscreenPlacement.same(current, matrix) { continue }
            server.setTransformationMatrix(device: id, matrix)
            mapped[id] = (mapped[id]?.original ?? current, matrix)
            changed = true
            logger.info("touchscreen \(id) mapped onto \(why)")
        }
        if changed { server.flush() }
        return changed
    }

    /// The daemon stops: every device still mapped by Tactus gets its matrix back.
    func restoreAll() {
        for id in mapped.keys.sorted() { restore(id) }
        server.flush()
    }

    /// Puts back the matrix a device had before Tactus mapped it, if it still has Tactus's.
    @discardableResult
    private func restore(_ id: Int32) -> Bool {
        guard let m = mapped.removeValue(forKey: id) else { return false }
        guard let current = server.transformationMatrix(device: id), TouchscreenPlacement.same(current, m.set) else { return false }
        server.setTransformationMatrix(device: id, m.original)
        logger.info("touchscreen \(id): mapping removed, its matrix restored")
        return true
    }
}
