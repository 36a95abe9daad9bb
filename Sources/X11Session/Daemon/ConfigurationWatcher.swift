import FoundationEssentials
import SystemCalls

/// Notices when the profile file is written, replaced, created or deleted: inotify on its
/// folder (editors replace a file by renaming another over it, which a watch on the file
/// itself would miss).
final class ConfigurationWatcher {
    private let watch: DirectoryWatch
    private let name: String

    /// Watches `path`'s folder; throws when the folder cannot be watched (it may not exist).
    init(path: String) throws(SystemError) {
        let url = URL(fileURLWithPath: path)
        name = url.lastPathComponent
        watch = try DirectoryWatch(directory: url.deletingLastPathComponent().path)
    }

    /// The folder watched (for messages).
    static func folder(of path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

    /// What to poll: readable when something in the folder changed.
    var descriptor: FileDescriptor { watch.fd }

    /// Reads what changed; true when it concerns the profile file.
    func profileChanged() -> Bool {
        watch.changedNames().contains(name)
    }
}
