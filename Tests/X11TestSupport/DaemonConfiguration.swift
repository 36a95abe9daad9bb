// The configuration files the X tests start `tactus run` with, written as each scenario's
// profiles or gestures: the frame they all share (the version, the pointer trigger, a profile
// over the whole screen) is said once, here.

/// The text of a configuration file (the YAML that `XvfbSession.startDaemon(config:)` writes).
enum DaemonConfiguration {
    /// `version: 1`, then `profiles` (a YAML list, written at column 0). `pointerTrigger`: a
    /// held button 3 without modifiers drags as one finger (`settings.pointer`), how the tests
    /// gesture on Xvfb, which has no touchscreen.
    static func profiles(pointerTrigger: Bool = false, _ profiles: String) -> String {
        var lines = ["version: 1"]
        if pointerTrigger { lines += ["settings:", "  pointer: { button: 3, modifiers: [] }"] }
        lines += ["profiles:", indented(profiles, by: 2)]
        return lines.joined(separator: "\n")
    }

    /// One profile `desktop` that matches any window (the screen view), with `gestures` and
    /// `touchpad` bindings (YAML lists, written at column 0), before `otherProfiles` (a YAML
    /// list, as `profiles` takes it).
    static func desktop(pointerTrigger: Bool = false, gestures: String? = nil, touchpad: String? = nil, otherProfiles: String? = nil) -> String {
        var desktop = ["- name: desktop", "  match: any"]
        if let gestures { desktop += ["  gestures:", indented(gestures, by: 4)] }
        if let touchpad { desktop += ["  touchpad:", indented(touchpad, by: 4)] }
        if let otherProfiles { desktop.append(otherProfiles) }
        return profiles(pointerTrigger: pointerTrigger, desktop.joined(separator: "\n"))
    }

    private static func indented(_ yaml: String, by spaces: Int) -> String {
        let margin = String(repeating: " ", count: spaces)
        return yaml.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
    }
}
