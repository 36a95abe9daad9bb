/// This process's memory, as /proc tells it.
package enum ProcessMemory {
    /// Resident anonymous memory (heap, stacks: `RssAnon` of /proc/self/status), in KiB: what
    /// the process costs, unlike its code and libraries, which are shared file pages.
    package static func anonymousKilobytes() -> Int? {
        guard let bytes = FileDescriptor.contents(ofFile: "/proc/self/status", limit: 1 << 16) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("RssAnon:") {
            return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }
}
