/// Lines waiting for a reader that is slower than the writer, bounded: past `limit` bytes
/// new lines are dropped (the newest, so what is kept stays in order) and counted, and the
/// next line accepted after the backlog has room again is preceded by a notice saying how
/// many were lost. Pure bookkeeping: ``LineOutput`` and the monitor socket do the writing.
package struct LineBacklog {
    /// The most bytes kept waiting.
    package let limit: Int
    /// The notice for `n` dropped lines (without its newline).
    private let notice: (Int) -> String
    private var bytes: [UInt8] = []
    /// Where the unwritten bytes start in `bytes` (consumed bytes are compacted lazily, so
    /// that taking a few bytes at a time stays linear).
    private var start = 0
    /// Dropped since the last notice.
    private var droppedSinceNotice = 0
    /// Dropped in all.
    package private(set) var droppedTotal = 0

    package init(limit: Int, notice: @escaping (Int) -> String) {
        self.limit = limit
        self.notice = notice
    }

    /// Bytes waiting.
    package var count: Int { bytes.count - start }
    package var isEmpty: Bool { count == 0 }

    /// Queues `line` and a newline, or drops it when the backlog is full. Returns whether it
    /// was kept.
    @discardableResult
    package mutating func append(_ line: String) -> Bool {
        let size = line.utf8.count + 1
        if droppedSinceNotice > 0 {
            let text = notice(droppedSinceNotice)
            guard count + text.utf8.count + 1 + size <= limit else { return drop() }
            enqueue(text)
            droppedSinceNotice = 0
        } else if count + size > limit {
            return drop()
        }
        enqueue(line)
        return true
    }

    /// Counts a line that was not written (the reader is gone, or the backlog full).
    @discardableResult
    package mutating func drop() -> Bool {
        droppedSinceNotice += 1
        droppedTotal += 1
        return false
    }

    private mutating func enqueue(_ line: String) {
        bytes.append(contentsOf: line.utf8)
        bytes.append(0x0A)
    }

    /// Hands the waiting bytes to `write`, which returns how many it took (0: none now);
    /// repeats while it takes some. Once the reader has caught up, the notice of what was
    /// dropped goes out at once (not with the next line, which may be long in coming).
    /// Returns whether everything was written.
    @discardableResult
    package mutating func flush(_ write: (ArraySlice<UInt8>) -> Int) -> Bool {
        while true {
            if isEmpty && droppedSinceNotice > 0 {
                enqueue(notice(droppedSinceNotice))
                droppedSinceNotice = 0
            }
            guard !isEmpty else { break }
            let n = write(bytes[start...])
            guard n > 0 else { break }
            start += min(n, count)
        }
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= 64 << 10)
            start = 0
        } else if start > 64 << 10 && start * 2 > bytes.count {
            bytes.removeFirst(start)
            start = 0
        }
        return isEmpty
    }

    /// Forgets everything waiting (the reader is gone), counting it as dropped lines.
    package mutating func discard() {
        let lines = bytes[start...].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        droppedTotal += lines
        bytes = []
        start = 0
    }
}
