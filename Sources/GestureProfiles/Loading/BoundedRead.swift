import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads at most `limit` bytes of the file at `path` (absolute, or relative to the working
/// directory): a device such as `/dev/zero` is never read to its end. nil when the file
/// cannot be opened or read.
package func boundedRead(atPath path: String, limit: Int) -> Data? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
        let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit - count) }
        if n < 0 && errno == EINTR { continue }
        guard n >= 0 else { return nil }
        if n == 0 { break }
        count += n
    }
    return Data(bytes[..<count])
}
