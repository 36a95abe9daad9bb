import FoundationEssentials
import SystemCalls

/// Where the configuration comes from (config.md): `--config FILE`, else
/// `$XDG_CONFIG_HOME/tactus/config.yaml` (or `~/.config/…`), else each of
/// `$XDG_CONFIG_DIRS/tactus/config.yaml`, else the built-in default profile.
public enum ConfigurationLocator {
    public struct Source: Sendable {
        /// nil for the built-in default.
        public var path: String?
        public var text: String
        public var displayName: String { path ?? "<built-in>" }
    }

    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var list: [String] = []
        if let home = environment["XDG_CONFIG_HOME"], !home.isEmpty {
            list.append(home + "/tactus/config.yaml")
        } else if let home = environment["HOME"], !home.isEmpty {
            list.append(home + "/.config/tactus/config.yaml")
        }
        let dirs = (environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg").split(separator: ":")
        for d in dirs { list.append(String(d) + "/tactus/config.yaml") }
        return list
    }

    /// The explicit file (which must exist), or the first candidate that exists, or the built-in.
    public static func locate(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Source {
        if let explicit {
            guard let data = boundedContents(atPath: explicit), let text = self.text(data) else {
                let reason = boundedContents(atPath: explicit) == nil ? unreadableReason(explicit) : "not UTF-8 text"
                throw LocatorError(message: "\(explicit): \(reason) ('tactus check --print-default > FILE' writes a starting point)")
            }
            return Source(path: explicit, text: text)
        }
        for c in candidates(environment: environment) {
            if let data = boundedContents(atPath: c), let text = text(data) {
                return Source(path: c, text: text)
            }
        }
        return Source(path: nil, text: defaultProfileYAML)
    }

    /// The file's first `ProfileLimits.fileBytes` + 1 bytes at most: the loader refuses a
    /// longer file at the line where it passes the limit, and a device (`/dev/zero`) is never
    /// read to its end.
    static func boundedContents(atPath path: String) -> Data? {
        FileDescriptor.contents(ofFile: path, limit: ProfileLimits.fileBytes + 1).map { Data($0) }
    }

    /// UTF-8 text; a file cut at the limit is decoded as far as it goes (it is refused anyway).
    private static func text(_ data: Data) -> String? {
        data.count > ProfileLimits.fileBytes ? String(decoding: data, as: UTF8.self) : String(data: data, encoding: .utf8)
    }

    public struct LocatorError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

/// Why a file cannot be read, in words (no such file, permission denied, a directory).
public func unreadableReason(_ path: String) -> String {
    var isDirectory = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
    if isDirectory { return "a directory, not a file" }
    if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
    return "cannot read the file"
}
