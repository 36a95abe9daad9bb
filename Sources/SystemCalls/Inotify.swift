#if canImport(Glibc)
import Glibc
#endif

/// Folders watched with inotify: one descriptor, any number of watches, the events read
/// without waiting.
package final class Inotify {
    package let fd: FileDescriptor

    /// What happened (a subset of inotify's mask bits).
    package struct Change: OptionSet, Sendable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }
        /// A file in the folder was written to (it may still be being written).
        package static let modified = Change(rawValue: UInt32(IN_MODIFY))
        /// A file opened for writing was closed.
        package static let closedAfterWriting = Change(rawValue: UInt32(IN_CLOSE_WRITE))
        package static let created = Change(rawValue: UInt32(IN_CREATE))
        package static let deleted = Change(rawValue: UInt32(IN_DELETE))
        package static let movedIn = Change(rawValue: UInt32(IN_MOVED_TO))
        package static let movedOut = Change(rawValue: UInt32(IN_MOVED_FROM))
        /// The watched folder itself was deleted or moved; its watch is gone (`ignored`).
        package static let folderDeleted = Change(rawValue: UInt32(IN_DELETE_SELF))
        package static let folderMoved = Change(rawValue: UInt32(IN_MOVE_SELF))
        package static let ignored = Change(rawValue: UInt32(IN_IGNORED))
        /// Events were lost (the queue overflowed): anything may have changed.
        package static let overflow = Change(rawValue: UInt32(IN_Q_OVERFLOW))

        package static let all: Change = [.modified, .closedAfterWriting, .created, .deleted, .movedIn, .movedOut, .folderDeleted, .folderMoved]
    }

    /// One event: the watch it came from, what happened, and the name in the folder ("" for
    /// the folder itself).
    package struct Event: Sendable {
        package var watch: Int32
        package var change: Change
        package var name: String
    }

    /// A non-blocking, close-on-exec inotify descriptor with no watch yet.
    package init() throws(SystemError) {
        let raw = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard raw >= 0 else { throw .current }
        fd = FileDescriptor(rawValue: raw)
    }

    deinit { fd.close() }

    /// Watches `folder` for `changes`; the watch's number.
    package func watch(_ folder: String, for changes: Change = .all) -> Result<Int32, SystemError> {
        let wd = inotify_add_watch(fd.rawValue, folder, changes.rawValue | UInt32(IN_ONLYDIR))
        return wd >= 0 ? .success(wd) : .failure(.current)
    }

    package func removeWatch(_ watch: Int32) { _ = inotify_rm_watch(fd.rawValue, watch) }

    /// The events since the last call (without waiting).
    package func events() -> [Event] {
        var out: [Event] = []
        let header = MemoryLayout<inotify_event>.size
        let wdOffset = MemoryLayout<inotify_event>.offset(of: \inotify_event.wd)!
        let maskOffset = MemoryLayout<inotify_event>.offset(of: \inotify_event.mask)!
        let lengthOffset = MemoryLayout<inotify_event>.offset(of: \inotify_event.len)!
        while case .success(let buffer) = fd.read(upTo: 8192), !buffer.isEmpty {
            var offset = 0
            while offset + header <= buffer.count {
                let (wd, mask, length) = buffer.withUnsafeBytes {
                    ($0.loadUnaligned(fromByteOffset: offset + wdOffset, as: Int32.self),
                     $0.loadUnaligned(fromByteOffset: offset + maskOffset, as: UInt32.self),
                     Int($0.loadUnaligned(fromByteOffset: offset + lengthOffset, as: UInt32.self)))
                }
                let nameStart = offset + header
                let nameBytes = buffer[nameStart..<min(buffer.count, nameStart + length)].prefix { $0 != 0 }
                out.append(Event(watch: wd, change: Change(rawValue: mask), name: String(decoding: nameBytes, as: UTF8.self)))
                offset = nameStart + length
            }
        }
        return out
    }
}

/// What a path is, without following a last symbolic link.
package enum PathKind: Equatable, Sendable {
    case missing, directory, symbolicLink, other

    package init(of path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { self = .missing; return }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }

    /// Whether `path` is a directory, following symbolic links.
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }
}

extension FileSystem {
    /// Where the symbolic link at `path` points, as written in it; nil when it is not one.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
