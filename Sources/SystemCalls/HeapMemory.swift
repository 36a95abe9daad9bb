import CSystemCalls

/// The process's heap.
package enum HeapMemory {
    /// Gives the heap pages freed so far back to the system (glibc's `malloc_trim`): free
    /// memory that malloc keeps for later counts as the daemon's own (anonymous) memory, so
    /// after start-up, a reload, or many windows closing, it is returned. Returns whether any
    /// was.
    @discardableResult
    package static func trim() -> Bool { csystem_trim_heap() != 0 }
}
