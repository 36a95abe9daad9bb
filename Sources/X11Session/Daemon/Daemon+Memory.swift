import SystemCalls

extension Daemon {
    /// How many windows closing make the heap worth trimming when the loop next goes idle.
    static let windowsClosedBeforeTrim = 64

    /// The loop is about to sleep with nothing to do: after start-up, a reload or many windows
    /// closing, the heap pages that work freed go back to the system (``HeapMemory/trim()``),
    /// so that the daemon's anonymous memory follows what it holds now, not its peak.
    ///
    /// The program's code stays mapped: letting it go (as earlier versions did after
    /// start-up) saved shared, file-backed pages, and cost the first touch after a quiet spell
    /// its code read back — from disk once the page cache had dropped it (3x the warm latency
    /// measured; the 34x).
    func giveBackFreedMemory() {
        guard heapMayShrink else { return }
        heapMayShrink = false
        windowsClosedSinceTrim = 0
        let before = logger.logLevel <= .debug ? ProcessMemory.anonymousKilobytes() : nil
        // Xlib's spare event queue elements first: a burst of events read ahead of a reply
        // (thousands of windows closing) left them at the burst's size for good.
        let elements = server.releaseEventQueueCache()
        HeapMemory.trim()
        if let before, let after = ProcessMemory.anonymousKilobytes() {
            logger.debug("freed heap given back: anonymous memory \(before) KiB → \(after) KiB (\(elements) spare Xlib event queue elements freed)")
        }
    }

    /// A window closed: enough of them, and the heap is trimmed once idle.
    func windowClosed() {
        windowsClosedSinceTrim += 1
        if windowsClosedSinceTrim >= Self.windowsClosedBeforeTrim { heapMayShrink = true }
    }
}
