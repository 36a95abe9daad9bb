import FoundationEssentials

/// Whether the user enabled `tactus.service` (systemctl --user enable creates the link in a
/// `.wants` directory): XDG autostart then leaves the start to systemd.
public enum SystemdUserUnit {
    public static func enabledPath(environment: [String: String]) -> String? {
        var roots: [String] = []
        if let c = environment["XDG_CONFIG_HOME"], !c.isEmpty { roots.append(c + "/systemd/user") } else if let h = environment["HOME"], !h.isEmpty { roots.append(h + "/.config/systemd/user") }
        roots += ["/etc/systemd/user"]
        for root in roots {
            for target in ["graphical-session.target", "default.target"] {
                let link = "\(root)/\(target).wants/tactus.service"
                if FileManager.default.fileExists(atPath: link) { return link }
            }
        }
        return nil
    }
}
