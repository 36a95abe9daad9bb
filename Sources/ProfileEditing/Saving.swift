import GestureProfiles
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// Why a document was not saved. Nothing was written then, except, for `system` errors met
/// after the previous version was kept, that backup (`FILE.bak`).
public enum ProfileSaveError: Error, Sendable, CustomStringConvertible {
    /// The text does not load: its errors, as `tactus check` prints them.
    case invalid([Diagnostic])
    /// The file on disk is not the one the document was opened from (another program, or
    /// the user in an editor, changed it meanwhile): what is there now (nil: no file).
    case changedOnDisk(current: String?)
    /// The file on disk cannot be read as a profile file (not UTF-8 text, too large, a folder).
    case unreadable(path: String, reason: String)
    /// A system call failed.
    case system(operation: String, path: String, reason: String)

    public var description: String {
        switch self {
        case .invalid(let d): return "not saved: the text has errors: " + d.filter { $0.severity == .error }.map(\.description).joined(separator: "; ")
        case .changedOnDisk: return "not saved: the file changed on disk since it was opened"
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .system(let op, let path, let reason): return "\(path): \(op): \(reason)"
        }
    }
}

extension ProfileDocument {
    /// The suffix of the previous version a save keeps beside the file (`config.yaml.bak`).
    public static let backupSuffix = ".bak"

    /// Writes the text to ``path`` (or to `path`), if it loads:
    /// - the file on disk must still be the one the document was opened from (for another
    ///   `path`: no file there), unless `overwritingChanges`;
    /// - the file it replaces is kept as `FILE.bak` (written as atomically);
    /// - the new text goes to a temporary file in the same folder, is flushed to the disk
    ///   (`fsync`), and renamed over the file, so that a reader (the daemon, watching the
    ///   file) sees the old text or the new one, never a part; the folder is flushed too.
    /// A symbolic link is followed: its target is replaced, the link kept. The file keeps its
    /// permissions (a new one is `0644`).
    public mutating func save(to path: String? = nil, overwritingChanges: Bool = false) throws(ProfileSaveError) {
        let target = path ?? self.path
        let result = ProfileLoader.load(yaml: text, path: target, files: files)
        guard result.file != nil else { throw .invalid(result.diagnostics) }
        let real = FileSystem.resolvedPath(target) ?? target
        let current = try ProfileSaving.read(real)
        let expected = target == self.path ? diskText : nil
        if current != expected, !overwritingChanges { throw .changedOnDisk(current: current) }
        var permissions: UInt32 = 0o644
        if current != nil {
            if let fd = try? FileDescriptor.open(real, .readOnly), case .success(let status) = fd.status() {
                permissions = status.permissions
                fd.close()
            }
            try ProfileSaving.writeAtomically(Array(current!.utf8), to: real + Self.backupSuffix, permissions: permissions)
        }
        try ProfileSaving.writeAtomically(Array(text.utf8), to: real, permissions: permissions)
        if target != self.path { self = ProfileDocument(text: text, path: target, diskText: text, files: files) } else { diskText = text }
    }
}

enum ProfileSaving {
    /// The text of the file at `path`; nil when there is none.
    static func read(_ path: String) throws(ProfileSaveError) -> String? {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, [.readOnly, .nonBlocking])  // a FIFO does not hold the application
        } catch {
            if error.code == ENOENT { return nil }
            throw .unreadable(path: path, reason: error.description)
        }
        defer { fd.close() }
        guard case .success(let status) = fd.status(), status.kind == .regular else {
            throw .unreadable(path: path, reason: "not a regular file")
        }
        switch fd.readAll(limit: ProfileLimits.fileBytes + 1) {
        case .failure(let error): throw .unreadable(path: path, reason: error.description)
        case .success(let bytes):
            guard bytes.count <= ProfileLimits.fileBytes else {
                throw .unreadable(path: path, reason: "longer than \(ProfileLimits.fileBytes) bytes: not a profile file")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else { throw .unreadable(path: path, reason: "not UTF-8 text") }
            return text
        }
    }

    /// `bytes` to `path` through a temporary file in its folder, flushed, then renamed over it.
    static func writeAtomically(_ bytes: [UInt8], to path: String, permissions: UInt32) throws(ProfileSaveError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + "/." + name + ".tactus-save"
        FileSystem.remove(temporary)  // one left by a save that was cut short
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(temporary, [.writeOnly, .create, .exclusive, .noFollow], permissions: 0o600)
        } catch {
            throw .system(operation: "create", path: temporary, reason: error.description)
        }
        var failure: ProfileSaveError?
        if !fd.writeAll(bytes) {
            failure = .system(operation: "write", path: temporary, reason: SystemError.current.description)
        } else if case .failure(let e) = fd.setPermissions(permissions) {
            failure = .system(operation: "chmod", path: temporary, reason: e.description)
        } else if case .failure(let e) = fd.synchronize() {
            failure = .system(operation: "fsync", path: temporary, reason: e.description)
        }
        fd.close()
        if let failure {
            FileSystem.remove(temporary)
            throw failure
        }
        do {
            try FileSystem.rename(temporary, to: path)
        } catch {
            FileSystem.remove(temporary)
            throw .system(operation: "rename", path: path, reason: error.description)
        }
        // The rename itself on the disk.
        if let dir = try? FileDescriptor.open(folder, [.readOnly, .directory]) {
            _ = dir.synchronize()
            dir.close()
        }
    }
}
