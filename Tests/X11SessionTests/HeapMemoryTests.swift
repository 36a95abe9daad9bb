import Testing
@testable import SystemCalls

/// Issue 24: 10,000 windows opened and closed left the daemon's anonymous memory at its
/// peak (malloc keeps what is freed). Trimming gives it back.
@Suite struct HeapMemoryTests {
    @Test func memoryFreedInSmallPiecesGoesBackWhenTheHeapIsTrimmed() throws {
        let before = try #require(ProcessMemory.anonymousKilobytes())
        // 64 MiB in 4 KiB pieces (below mmap's threshold: from the heap, as views and strings are).
        var pieces: [UnsafeMutableRawPointer] = []
        for _ in 0..<16_384 {
            let p = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
            p.initializeMemory(as: UInt8.self, repeating: 1, count: 4096)
            pieces.append(p)
        }
        let peak = try #require(ProcessMemory.anonymousKilobytes())
        #expect(peak - before > 50_000, "\(before) → \(peak) KiB")
        // One piece in 16 stays, as some windows stay open: the freed ones are holes that
        // free() alone does not give back.
        var kept: [UnsafeMutableRawPointer] = []
        for (i, p) in pieces.enumerated() { if i % 16 == 0 { kept.append(p) } else { p.deallocate() } }
        defer { for p in kept { p.deallocate() } }
        pieces = []
        let freed = try #require(ProcessMemory.anonymousKilobytes())
        HeapMemory.trim()
        let after = try #require(ProcessMemory.anonymousKilobytes())
        #expect(peak - after > 45_000, "given back: \(peak) → \(freed) KiB freed → \(after) KiB trimmed")
    }
}
