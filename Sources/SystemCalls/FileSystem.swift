#if canImport(Glibc)
import Glibc
#endif

/// File system calls that take a path.
package enum FileSystem {
    /// Creates a directory (an existing one is fine).
    package static func makeDirectory(_ path: String, permissions: mode_t) { _ = mkdir(path, permissions) }

    package static func remove(_ path: String) { _ = unlink(path) }

    /// Replaces `destination` with `source` at once (`rename`): readers see the old file or
    /// the new one, never a part. False when it could not.
    package static func rename(_ source: String, to destination: String) -> Bool { Glibc.rename(source, destination) == 0 }

    /// Runs `body` with the file creation mask set to `mask`, then restores it.
    package static func withUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
        let old = umask(mask)
        defer { umask(old) }
        return try body()
    }
}
