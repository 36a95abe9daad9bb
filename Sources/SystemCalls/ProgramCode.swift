#if canImport(Glibc)
import Glibc
#endif

/// The program's own machine code as the kernel maps it.
package enum ProgramCode {
    /// Unmaps the pages of the program's executable mappings (its code and read-only data,
    /// never written) that start-up brought in: argument parsing, loading YAML, building the
    /// profiles. They stay in the page cache, shared and reclaimable; a page needed again
    /// is mapped back by a minor fault. Only `r-xp` mappings of the executable are touched:
    /// writable data, and the read-only data the loader relocated (RELRO), hold private
    /// changes that must stay.
    package static func releaseStartupPages() {
        guard let exe = executablePath(), let bytes = read("/proc/self/maps") else { return }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            // start-end perms offset device inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1] == "r-xp", fields[5].drop { $0 == " " } == exe else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16), end > start,
                  let address = UnsafeMutableRawPointer(bitPattern: start) else { continue }
            _ = madvise(address, Int(end - start), MADV_DONTNEED)
        }
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
