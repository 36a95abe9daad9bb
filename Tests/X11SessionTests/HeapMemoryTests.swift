import Glibc
import Testing
@testable import SystemCalls

/// Issue 24: 10,000 windows opened and closed left the daemon's anonymous memory at its
/// peak (malloc keeps what is freed). Trimming gives it back.
///
/// Judged by the pages themselves (`mincore`), not by the process's total: the other tests
/// of this process allocate and free in parallel and move the total by tens of MiB.
@Suite struct HeapMemoryTests {
    /// Whether the page holding `address` is in memory.
    func resident(_ address: Int) -> Bool {
        let size = Int(sysconf(Int32(_SC_PAGESIZE)))
        let page = UnsafeMutableRawPointer(bitPattern: address & ~(size - 1))
        var vector: UInt8 = 0
        guard mincore(page, size, &vector) == 0 else { return false }
        return vector & 1 == 1
    }

    @Test func memoryFreedInSmallPiecesGoesBackWhenTheHeapIsTrimmed() throws {
        // 64 MiB in 4 KiB pieces (below mmap's threshold: from the heap, as views and strings are).
        var pieces: [UnsafeMutableRawPointer] = []
        for _ in 0..<16_384 {
            let p = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
            p.initializeMemory(as: UInt8.self, repeating: 1, count: 4096)
            pieces.append(p)
        }
        // One piece in 16 stays, as some windows stay open: the freed ones are holes of 15
        // pieces that free() alone does not give back. A page in the middle of each hole
        // (pieces 2 to 13 of it) is what must go.
        var kept: [UnsafeMutableRawPointer] = []
        var inHoles: [Int] = []
        for (i, p) in pieces.enumerated() {
            if i % 16 == 0 {
                kept.append(p)
            } else {
                if (2...13).contains(i % 16) { inHoles.append(Int(bitPattern: p) + 2048) }
                p.deallocate()
            }
        }
        defer { for p in kept { p.deallocate() } }
        pieces = []
        let freedResident = inHoles.filter(resident).count
        HeapMemory.trim()
        let trimmedResident = inHoles.filter(resident).count
        // Freed, the pages stay (malloc keeps them); trimmed, nearly all go (a few may have
        // been taken again meanwhile by another test's thread sharing the arena).
        #expect(freedResident > inHoles.count * 9 / 10, "\(freedResident) of \(inHoles.count) pages resident after free()")
        #expect(trimmedResident < inHoles.count / 10, "\(trimmedResident) of \(inHoles.count) pages still resident after the trim")
    }
}
