import YAMLTree

/// `settings.touchscreens.<device>`.
enum TouchscreenKey: String, SectionKey { case monitor }

extension ProfileParser {
    /// `settings.touchscreens`: a mapping from device names (any text: they are XInput's
    /// names) to `{ monitor: NAME }`.
    func parseTouchscreens(_ node: Node) {
        guard case .mapping(let m) = node else {
            sink.error(node, "settings.touchscreens must be a mapping of device names to { monitor: NAME }, not \(reader.describe(node))")
            return
        }
        for (k, v) in m {
            guard let device = k.scalar?.string, !device.isEmpty else {
                sink.error(k, "settings.touchscreens: a device is named by its XInput name (tactus devices lists them)")
                continue
            }
            guard let entries = reader.entries(v, "settings.touchscreens \"\(device)\"", TouchscreenKey.self) else { continue }
            guard let entry = entries.first(where: { $0.key == .monitor }) else {
                sink.error(v, "settings.touchscreens \"\(device)\" needs a 'monitor' (a monitor's or an output's name, as xrandr --listmonitors shows)")
                continue
            }
            guard let monitor = reader.string(entry.value, "touchscreen monitor") else { continue }
            if monitor.isEmpty {
                sink.error(entry.value, "settings.touchscreens \"\(device)\": the monitor's name is empty")
                continue
            }
            settings.touchscreens.append(TouchscreenMapping(device: device, monitor: monitor))
        }
    }
}
