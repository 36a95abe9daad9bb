import SystemCalls
import GestureProfiles

/// A trace's bytes, read a chunk at a time from a file or standard input (or taken from text
/// in memory), so that reading a trace of any length holds only the line being read.
final class TraceInput {
    /// For errors: the path, or "<stdin>".
    let name: String
    private let fd: FileDescriptor?
    private let closesDescriptor: Bool
    private var buffer: [UInt8]
    /// Where the unread bytes start in `buffer`.
    private var start = 0
    private var atEnd: Bool
    /// The number of the last line `nextLine` returned (1-based).
    private(set) var lineNumber = 0
    /// An error met while libyaml was reading (it only learns that reading failed).
    var readError: TraceError?
    /// Called before a read that would wait (nothing more to read for now).
    var beforeWaiting: (() -> Void)?

    /// A line longer than this is refused (its newline may never come).
    static let maximumLineLength = 1 << 20
    private static let chunkSize = 1 << 16

    /// Opens `path`; `-` is standard input.
    init(path: String) throws(TraceError) {
        if path == "-" {
            name = "<stdin>"
            fd = FileDescriptor(rawValue: 0)
            closesDescriptor = false
        } else {
            name = path
            do {
                fd = try FileDescriptor.open(path, .readOnly)
            } catch {
                throw TraceError(file: path, line: 0, message: "\(unreadableReason(path)) (tactus record FILE writes a trace; evemu-record and libinput record files are read too)")
            }
            closesDescriptor = true
        }
        buffer = []
        atEnd = false
    }

    convenience init(text: String, name: String) {
        self.init(bytes: Array(text.utf8), name: name)
    }

    init(bytes: [UInt8], name: String) {
        self.name = name
        fd = nil
        closesDescriptor = false
        buffer = bytes
        atEnd = true
    }

    deinit { if closesDescriptor { fd?.close() } }

    /// Reads one more chunk into the buffer; false at the end of the input.
    private func fill() throws(TraceError) -> Bool {
        guard !atEnd, let fd else { return false }
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        if let beforeWaiting, !fd.hasDataReady() { beforeWaiting() }
        while true {
            switch fd.read(upTo: Self.chunkSize) {
            case .success(let chunk) where chunk.isEmpty:
                atEnd = true
                return false
            case .success(let chunk):
                buffer += chunk
                return true
            case .failure(.interrupted):
                continue
            case .failure(.isADirectory):
                throw TraceError(file: name, line: 0, message: "a directory, not a file")
            case .failure(let error):
                throw TraceError(file: name, line: lineNumber, message: "cannot read: \(error)")
            }
        }
    }

    /// The first bytes of the input, left unread: read until `enough` says so of them, or
    /// there are `count`, or the input ends.
    func peek(upTo count: Int, until enough: (ArraySlice<UInt8>) -> Bool) throws(TraceError) -> ArraySlice<UInt8> {
        while buffer.count - start < count, !enough(buffer[start...]), try fill() {}
        return buffer[start..<min(buffer.count, start + count)]
    }

    /// The next line without its newline, nil at the end of the input.
    func nextLine() throws(TraceError) -> Substring? {
        var searched = start
        while true {
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                return try take(upTo: newline, skipping: 1)
            }
            searched = buffer.count
            if buffer.count - start > Self.maximumLineLength {
                throw TraceError(file: name, line: lineNumber + 1, message: "a line longer than \(Self.maximumLineLength) bytes")
            }
            let before = start
            guard try fill() else {
                return buffer.count > start ? try take(upTo: buffer.count, skipping: 0) : nil
            }
            searched -= before - start
        }
    }

    private func take(upTo end: Int, skipping: Int) throws(TraceError) -> Substring {
        lineNumber += 1
        let bytes = buffer[start..<end]
        start = end + skipping
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw TraceError(file: name, line: lineNumber, message: "not UTF-8 text")
        }
        return Substring(line)
    }

    /// Copies up to `capacity` unread bytes to `destination` (libyaml's read handler): the
    /// number copied, 0 at the end; nil on an error (kept in `readError`).
    func read(into destination: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
        do {
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                guard try fill() else { return 0 }
            }
        } catch {
            readError = error
            return nil
        }
        let n = min(capacity, buffer.count - start)
        buffer.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + start, count: n)
        }
        start += n
        return n
    }
}
