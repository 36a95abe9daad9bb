import GestureEngine

/// One number `settings:` can set, as a settings program shows it: its path in the file
/// (`tap.maxMovement`), the value a configuration gives it, the values it may take and its
/// unit as the docs write it.
public struct ThresholdSetting: Sendable, Equatable {
    public var path: String
    public var value: Double
    public var range: ClosedRange<Double>
    public var unit: String
    /// Its value when the file does not set it (the built-in default).
    public var standard: Double
}

extension SettingsCatalog {
    /// Every threshold with its value in `configuration`, in the order tactus.yaml(5) lists them.
    public static func thresholds(_ configuration: GestureConfiguration) -> [ThresholdSetting] {
        entries.map { path, t in
            ThresholdSetting(path: path, value: configuration[keyPath: t.setting], range: t.range, unit: t.unit,
                             standard: GestureConfiguration.standard[keyPath: t.setting])
        }
    }
}
