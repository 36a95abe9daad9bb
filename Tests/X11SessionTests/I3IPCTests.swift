import Foundation
import SystemCalls
import Testing
@testable import X11Session

/// Bytes from "i3", as a test scripts them: what each connection answers, and what it was
/// sent and asked for.
private final class ScriptedI3: I3Transport {
    enum End { case closed, timedOut }
    var incoming: [UInt8]
    var end: End
    /// Sends fail as if i3 had closed the connection (it restarted).
    var sendsFail = false
    private(set) var sent: [[UInt8]] = []
    /// The sizes of the reads asked for: nothing beyond a header is read for a reply not believed.
    private(set) var readsAsked: [Int] = []
    private(set) var closed = false

    init(_ incoming: [UInt8], end: End = .closed) {
        self.incoming = incoming
        self.end = end
    }

    func send(_ bytes: [UInt8], by deadline: Int64) throws(DeadlineStream.Failure) {
        if sendsFail { throw .closed(transferred: 0, wanted: bytes.count) }
        sent.append(bytes)
    }

    func receive(exactly count: Int, by deadline: Int64) throws(DeadlineStream.Failure) -> [UInt8] {
        readsAsked.append(count)
        guard incoming.count >= count else {
            let have = incoming.count
            incoming = []
            throw end == .closed ? .closed(transferred: have, wanted: count) : .timedOut(transferred: have, wanted: count)
        }
        defer { incoming.removeFirst(count) }
        return Array(incoming.prefix(count))
    }

    func close() { closed = true }
}

/// A reply as i3 frames it (host byte order).
private func reply(_ type: UInt32, _ json: String, announcing length: UInt32? = nil, magic: String = "i3-ipc") -> [UInt8] {
    let body = Array(json.utf8)
    let n = length ?? UInt32(body.count)
    return Array(magic.utf8) + withUnsafeBytes(of: n) { Array($0) } + withUnsafeBytes(of: type) { Array($0) } + body
}

/// A client whose connections are the scripted ones given, in order.
private func client(_ connections: [ScriptedI3]) -> (I3Client, () -> Int) {
    nonisolated(unsafe) var queue = connections
    nonisolated(unsafe) var opened = 0
    let c = I3Client(path: "/scripted") { path throws(I3IPCError) -> I3Transport in
        guard !queue.isEmpty else { throw .cannotConnect(path: path, reason: "no more scripted connections") }
        opened += 1
        return queue.removeFirst()
    }
    return (c, { opened })
}

/// i3's IPC framing and replies, with hostile replies: each is a clear error, nothing larger
/// than a header is read for a reply announcing more than Tactus reads, and the connection is
/// closed after any failure.
@Suite struct I3IPCTests {
    @Test func aRequestIsMagicLengthTypeAndPayload() {
        let bytes = I3Message.encode(.runCommand, payload: "nop")
        #expect(bytes == Array("i3-ipc".utf8) + [3, 0, 0, 0] + [0, 0, 0, 0] + Array("nop".utf8))
        #expect(I3Message.encode(.getVersion, payload: "").count == I3Message.headerSize)
        #expect(Array(I3Message.encode(.getWorkspaces, payload: "")[10..<14]) == [1, 0, 0, 0])
    }

    @Test func commandRepliesSayWhichFailed() throws {
        let ok = ScriptedI3(reply(0, #"[{"success":true},{"success":true}]"#))
        let (c, _) = client([ok])
        #expect(try c.run("fullscreen toggle, fullscreen toggle") == I3CommandOutcome(errors: []))
        #expect(ok.sent == [I3Message.encode(.runCommand, payload: "fullscreen toggle, fullscreen toggle")])
        #expect(!ok.closed, "the connection is kept for the next request")
        let refused = ScriptedI3(reply(0, #"[{"success":true},{"success":false,"parse_error":true,"error":"Expected one of these tokens: <end>"}]"#))
        let (c2, _) = client([refused])
        #expect(try c2.run("nop, bogus").errors == ["Expected one of these tokens: <end>"])
    }

    @Test func workspacesAndVersionAreRead() throws {
        let json = #"[{"id":1,"num":1,"name":"1","visible":false,"focused":false,"output":"screen"},{"id":2,"num":-1,"name":"mail","visible":true,"focused":true,"output":"screen"}]"#
        let (c, _) = client([ScriptedI3(reply(1, json) + reply(7, #"{"major":4,"minor":22,"patch":0,"human_readable":"4.22 (2023-01-02)"}"#))])
        #expect(try c.workspaces() == [I3Workspace(num: 1, name: "1", output: "screen"), I3Workspace(num: -1, name: "mail", focused: true, visible: true, output: "screen")])
        let version = try c.version()
        #expect(version.humanReadable == "4.22 (2023-01-02)" && version.short == "4.22")
    }

    @Test func aShortReplyIsAClearErrorAndClosesTheConnection() {
        let short = ScriptedI3(Array("i3-ipc".utf8))
        let (c, _) = client([short])
        #expect(throws: I3IPCError.truncated(part: "header", received: 6, expected: 14)) { try c.run("nop") }
        #expect(short.closed)
        #expect(I3IPCError.truncated(part: "header", received: 6, expected: 14).description == "i3 closed the connection after 6 of the 14 bytes of its reply's header")
        let cut = ScriptedI3(Array(reply(0, #"[{"success":true}]"#).dropLast(5)))
        let (c2, _) = client([cut])
        #expect(throws: I3IPCError.truncated(part: "payload", received: 13, expected: 18)) { try c2.run("nop") }
    }

    /// A header announcing 4 GiB: refused from the header alone; no read beyond it is asked.
    @Test func aHugeLengthIsRefusedWithoutReadingIt() {
        let huge = ScriptedI3(reply(0, "", announcing: .max) + [UInt8](repeating: 0x41, count: 64))
        let (c, _) = client([huge])
        #expect(throws: I3IPCError.tooLarge(announced: Int(UInt32.max), limit: I3Message.largestReply)) { try c.run("nop") }
        #expect(huge.readsAsked == [I3Message.headerSize])
        #expect(huge.closed, "what follows would be read as the next reply")
        let justOver = ScriptedI3(reply(1, "", announcing: UInt32(I3Message.largestReply + 1)))
        let (c2, _) = client([justOver])
        #expect(throws: I3IPCError.tooLarge(announced: I3Message.largestReply + 1, limit: I3Message.largestReply)) { try c2.workspaces() }
    }

    @Test func badJSONAndUnexpectedShapesAreClearErrors() {
        let cases: [(ScriptedI3, String)] = [
            (ScriptedI3(reply(0, #"[{"success":tru"#)), "i3's reply is not JSON"),
            (ScriptedI3(reply(0, "\u{0}\u{1}garbage")), "i3's reply is not JSON"),
            (ScriptedI3(reply(0, #"{"success":true}"#)), "i3's reply is not what was asked for: a command's reply is a list of results"),
            (ScriptedI3(reply(0, "[]")), "i3's reply is not what was asked for: a command's reply is a list of results"),
            (ScriptedI3(reply(0, #"[{"error":"no success"}]"#)), "i3's reply is not what was asked for: a command's result has no \"success\""),
            (ScriptedI3(reply(0, "[" + String(repeating: "[", count: 100) + "]")), "i3's reply is not JSON: JSON nested too deeply"),
        ]
        for (transport, message) in cases {
            let (c, _) = client([transport])
            do {
                _ = try c.run("nop")
                Issue.record("no error for \(message)")
            } catch {
                #expect(error.description.hasPrefix(message), "\(error)")
            }
        }
        let (w, _) = client([ScriptedI3(reply(1, #"[{"num":1.5,"name":"x"}]"#))])
        #expect(throws: I3IPCError.unexpectedReply("a workspace without a name or a whole number")) { try w.workspaces() }
    }

    @Test func anotherProgramOrAnEventIsNotTakenForTheReply() {
        let (c, _) = client([ScriptedI3(reply(0, "[]", magic: "X11-ip"))])
        #expect(throws: I3IPCError.notI3(header: Array("X11-ip".utf8))) { try c.run("nop") }
        let (c2, _) = client([ScriptedI3(reply(0x8000_0000, "{}"))])
        #expect(throws: I3IPCError.wrongType(expected: 0, received: 0x8000_0000)) { try c2.run("nop") }
    }

    @Test func noAnswerInTimeIsATimeout() {
        let silent = ScriptedI3([], end: .timedOut)
        let (c, _) = client([silent])
        #expect(throws: I3IPCError.timedOut(milliseconds: 200, while: "the reply's header")) { try c.run("nop") }
        #expect(silent.closed)
        #expect(I3IPCError.timedOut(milliseconds: 200, while: "the reply's header").description == "i3 did not answer within 200 ms (the reply's header)")
    }

    /// i3 restarted in place (`i3-msg restart`): the old connection fails on the send, before i3
    /// read anything; a new one is opened and the request sent there once.
    @Test func aConnectionClosedSinceTheLastRequestIsOpenedAgain() throws {
        let first = ScriptedI3(reply(7, #"{"human_readable":"4.22"}"#))
        let second = ScriptedI3(reply(0, #"[{"success":true}]"#))
        let (c, opened) = client([first, second])
        _ = try c.version()
        first.sendsFail = true
        #expect(try c.run("nop").succeeded)
        #expect(opened() == 2 && first.closed && second.sent.count == 1)
    }

    /// The real socket (``I3Socket``, ``DeadlineStream``) against a server that never answers, and
    /// one that announces 4 GiB: the first ends at the bound, the second at once.
    @Test func theRealSocketIsBoundedInTimeAndSize() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-i3ipc-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/ipc"
        let listener = try UnixSocket.listen(at: path)
        defer { listener.close() }
        let answers: [[UInt8]] = [[], reply(0, "", announcing: .max), reply(0, #"[{"success":true}]"#)]
        let served = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var open: [FileDescriptor] = []
            for answer in answers {
                var fds = [PollDescriptor(listener, .readable)]
                _ = poll(&fds, timeout: 5_000)
                guard let connection = UnixSocket.accept(on: listener) else { break }
                open.append(connection)
                var request = [PollDescriptor(connection, .readable)]
                _ = poll(&request, timeout: 5_000)
                _ = connection.read(upTo: 4096)
                if !answer.isEmpty { _ = connection.send(answer) }
            }
            served.wait()
            for c in open { c.close() }
        }
        let c = I3Client(path: path)
        let start = MonotonicClock.nanoseconds()
        #expect(throws: I3IPCError.timedOut(milliseconds: 200, while: "the reply's header")) { try c.run("nop") }
        let waited = (MonotonicClock.nanoseconds() - start) / 1_000_000
        #expect(waited >= 200 && waited < 1_000, "\(waited) ms")
        #expect(throws: I3IPCError.tooLarge(announced: Int(UInt32.max), limit: I3Message.largestReply)) { try c.run("nop") }
        #expect(try c.run("nop").succeeded)
        served.signal()
        #expect(throws: I3IPCError.cannotConnect(path: "\(directory)/none", reason: "No such file or directory")) { try I3Client(path: "\(directory)/none").version() }
    }
}
