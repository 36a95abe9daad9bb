#if canImport(Glibc)
import Glibc
#endif

/// A system call that failed: `errno`, and what it means in words (`strerror`).
package struct SystemError: Error, Equatable, CustomStringConvertible {
    package var code: Int32

    package init(code: Int32) { self.code = code }

    /// `errno` now.
    package static var current: SystemError { SystemError(code: errno) }

    package var description: String { String(cString: strerror(code)) }

    package static let interrupted = SystemError(code: EINTR)
    package static let wouldBlock = SystemError(code: EAGAIN)
    package static let isADirectory = SystemError(code: EISDIR)
}

/// The result of a call that returns -1 and sets `errno` on failure.
@inline(__always)
func check<T: BinaryInteger>(_ result: T) -> Result<T, SystemError> {
    result < 0 ? .failure(.current) : .success(result)
}
