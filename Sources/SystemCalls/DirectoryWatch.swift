#if canImport(Glibc)
import Glibc
#endif

/// A directory watched with inotify for files written, created, moved in or out, deleted
/// (editors replace files by renaming, so the directory is what to watch).
package final class DirectoryWatch {
    package let fd: FileDescriptor

    /// Watches `directory` (non-blocking, close-on-exec).
    package init(directory: String) throws(SystemError) {
        let raw = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard raw >= 0 else { throw .current }
        fd = FileDescriptor(rawValue: raw)
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        if inotify_add_watch(raw, directory, mask) < 0 {
            let error = SystemError.current
            fd.close()
            throw error
        }
    }

    deinit { fd.close() }

    /// The names of the files that changed since the last call (without waiting).
    package func changedNames() -> [String] {
        var names: [String] = []
        let header = MemoryLayout<inotify_event>.size
        let lengthOffset = MemoryLayout<inotify_event>.offset(of: \inotify_event.len)!
        while case .success(let buffer) = fd.read(upTo: 4096), !buffer.isEmpty {
            var offset = 0
            while offset + header <= buffer.count {
                let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + lengthOffset, as: UInt32.self)) }
                let nameStart = offset + header
                let nameBytes = buffer[nameStart..<min(buffer.count, nameStart + length)].prefix { $0 != 0 }
                names.append(String(decoding: nameBytes, as: UTF8.self))
                offset = nameStart + length
            }
        }
        return names
    }
}
