import Glibc
import Testing
@testable import SystemCalls

/// Output that never waits for its reader (issue 24: a log reader that stopped reading froze
/// every touch on the desktop): a stalled reader costs lines, counted and said where the gap
/// is; a reader that is gone costs nothing at all.
@Suite struct LineOutputTests {
    @Test func aBacklogKeepsLinesInOrderUpToItsLimitAndSaysHowManyItDropped() {
        var backlog = LineBacklog(limit: 40) { "dropped \($0)" }
        for i in 1...10 { backlog.append("line \(i)") }  // 7 bytes each with the newline
        #expect(backlog.count == 35, "five fit in 40 bytes")
        var out: [UInt8] = []
        backlog.flush { out += $0; return $0.count }
        backlog.append("line 11")
        backlog.flush { out += $0; return $0.count }
        #expect(String(decoding: out, as: UTF8.self) == "line 1\nline 2\nline 3\nline 4\nline 5\ndropped 5\nline 11\n")
        #expect(backlog.droppedTotal == 5)
    }

    @Test func aWriterThatTakesAFewBytesAtATimeGetsEveryByteOnce() {
        var backlog = LineBacklog(limit: 1 << 20) { "dropped \($0)" }
        var expected = ""
        for i in 0..<20_000 { backlog.append("\(i)"); expected += "\(i)\n" }
        var out: [UInt8] = []
        // Three bytes a call, and every tenth call none (the descriptor is full for now).
        var calls = 0
        while !backlog.isEmpty {
            backlog.flush { bytes in
                calls += 1
                if calls % 10 == 0 { return 0 }
                let n = min(3, bytes.count)
                out += bytes.prefix(n)
                return n
            }
        }
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    /// A pipe nobody reads: every write returns at once; what the pipe and the backlog hold
    /// is read later in order, then the notice, then what came after.
    @Test func aPipeNobodyReadsNeverBlocksTheWriter() throws {
        let (r, w) = try FileDescriptor.pipe()
        defer { r.close(); w.close() }
        _ = fcntl(w.rawValue, 1031 /* F_SETPIPE_SZ */, 4096)
        let output = LineOutput(w, limit: 8192) { "dropped \($0)" }
        let line = String(repeating: "x", count: 99)
        for _ in 0..<1_000 { output.write(line) }  // 100 kB: would block a blocking write
        #expect(output.dropped > 800)
        #expect(output.pollDescriptor != nil, "lines wait for the reader")
        r.setNonBlocking()
        var text: [UInt8] = []
        func drain() { while case .success(let b) = r.read(upTo: 65536), !b.isEmpty { text += b } }
        while output.pollDescriptor != nil { drain(); output.writeWaiting() }
        output.write("after")
        drain()
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
        let kept = lines.filter { $0 == line }.count
        #expect(lines.suffix(2) == ["dropped \(1_000 - kept)", "after"])
        #expect(kept + output.dropped == 1_000)
    }

    /// The reader goes away: writing goes on without a signal and without an error to anyone.
    @Test func aReaderThatLeftCostsNothing() throws {
        CurrentProcess.ignoreBrokenPipes()
        let (r, w) = try FileDescriptor.pipe()
        defer { w.close() }
        let output = LineOutput(w) { "dropped \($0)" }
        output.write("seen")
        r.close()
        for _ in 0..<100 { output.write("unseen") }
        #expect(output.readerGone)
        #expect(output.pollDescriptor == nil)
        #expect(output.dropped >= 100)
    }

    /// Standard output shared with the shell keeps its mode: the output writes through a
    /// description of its own.
    @Test func theSharedDescriptorStaysBlocking() throws {
        let (r, w) = try FileDescriptor.pipe()
        defer { r.close(); w.close() }
        _ = LineOutput(w) { "dropped \($0)" }
        #expect(fcntl(w.rawValue, F_GETFL) & O_NONBLOCK == 0)
    }
}
