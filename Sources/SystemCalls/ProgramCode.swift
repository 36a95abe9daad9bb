#if canImport(Glibc)
import Glibc
#endif

/// The program's own file as the kernel maps it: its code, read-only data and data.
package enum ProgramCode {
    /// Unmaps the pages of the executable that start-up brought in and left unchanged:
    /// argument parsing, loading YAML, building the profiles ran code and read tables that
    /// the idle loop never touches again. Such a page is the file's own (in the page cache,
    /// shared, reclaimable); a page needed again is mapped back by a minor fault.
    ///
    /// Only unchanged pages go: the code, and the pages of the data mappings that nobody
    /// wrote. A page the loader relocated or the program wrote is private memory and must
    /// stay; it is told apart through /proc/self/pagemap, which marks a page still backed by
    /// the file. Without pagemap only the code mappings, which are never written, are
    /// released. Called by the one thread that runs the daemon, before it sleeps.
    /// Returns how many pages were released.
    @discardableResult
    package static func releaseStartupPages() -> Int {
        guard let exe = executablePath(), let bytes = read("/proc/self/maps") else { return 0 }
        let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let pagemap = try? FileDescriptor.open("/proc/self/pagemap", .readOnly)
        defer { pagemap?.close() }
        var released = 0
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            // start-end perms offset device inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].drop(while: { $0 == " " }) == exe else { continue }
            let perms = fields[1]
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16), end > start,
                  perms.hasSuffix("p") else { continue }
            if let pagemap {
                released += discardUnchanged(start, end, pageSize: pageSize, pagemap: pagemap)
            } else if perms == "r-xp" {
                // Code is never written (a debugger's breakpoint aside).
                released += discard(start, end, pageSize: pageSize)
            }
        }
        return released
    }

    /// Discards the pages of `start..<end` that are present and still the file's
    /// (pagemap: bit 63 present, bit 61 file page), in runs.
    private static func discardUnchanged(_ start: UInt, _ end: UInt, pageSize: UInt, pagemap: FileDescriptor) -> Int {
        let count = Int((end - start) / pageSize)
        guard let bytes = pagemap.read(upTo: count * 8, at: Int(start / pageSize) * 8), bytes.count == count * 8 else { return 0 }
        let entries = bytes.withUnsafeBytes { raw in (0..<count).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) } }
        var released = 0, runStart: Int?
        for i in 0...count {
            let unchanged = i < count && entries[i] >> 63 & 1 == 1 && entries[i] >> 61 & 1 == 1
            if unchanged, runStart == nil { runStart = i }
            if !unchanged, let first = runStart {
                released += discard(start + UInt(first) * pageSize, start + UInt(i) * pageSize, pageSize: pageSize)
                runStart = nil
            }
        }
        return released
    }

    private static func discard(_ start: UInt, _ end: UInt, pageSize: UInt) -> Int {
        guard let address = UnsafeMutableRawPointer(bitPattern: start),
              madvise(address, Int(end - start), MADV_DONTNEED) == 0 else { return 0 }
        return Int((end - start) / pageSize)
    }

    /// The process's resident memory in kilobytes (/proc/self/statm), nil without /proc.
    package static func residentKilobytes() -> Int? {
        guard let bytes = read("/proc/self/statm") else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    private static func read(_ path: String) -> [UInt8]? {
        FileDescriptor.contents(ofFile: path, limit: 1 << 20)
    }

    /// The executable's path as /proc shows it in the maps.
    private static func executablePath() -> Substring? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return Substring(String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
