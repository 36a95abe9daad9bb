#if canImport(Glibc)
import Glibc
#endif

/// File system calls that take a path.
package enum FileSystem {
    /// Creates a directory (an existing one is fine).
    package static func makeDirectory(_ path: String, permissions: mode_t) { _ = mkdir(path, permissions) }

    package static func remove(_ path: String) { _ = unlink(path) }

    /// Renames `from` to `to` (atomically replacing `to` when both are on one file system).
    package static func rename(_ from: String, to: String) throws(SystemError) {
        guard Glibc.rename(from, to) == 0 else { throw .current }
    }

    /// `path` with its symbolic links and `.`/`..` resolved (`realpath`); nil when it does not exist.
    package static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Runs `body` with the file creation mask set to `mask`, then restores it.
    package static func withUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
        let old = umask(mask)
        defer { umask(old) }
        return try body()
    }
}
