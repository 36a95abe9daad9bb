/// i3's IPC framing (https://i3wm.org/docs/ipc.html): a message is the magic string
/// "i3-ipc", the payload's length and the message type (two 32-bit integers in the host's
/// byte order: i3 and its clients share a machine), then the payload, JSON in replies. A
/// reply carries the type of the request it answers.
enum I3MessageType: UInt32, CustomStringConvertible {
    case runCommand = 0
    case getWorkspaces = 1
    case getVersion = 7

    var description: String {
        switch self {
        case .runCommand: "RUN_COMMAND"
        case .getWorkspaces: "GET_WORKSPACES"
        case .getVersion: "GET_VERSION"
        }
    }
}

enum I3Message {
    static let magic: [UInt8] = Array("i3-ipc".utf8)
    /// The magic, the length and the type.
    static let headerSize = 14
    /// The longest reply Tactus reads. Its replies are small — a command's is a few dozen
    /// bytes, GET_WORKSPACES about 200 bytes a workspace — so a header announcing more is not
    /// believed, and nothing of that size is ever allocated.
    static let largestReply = 1 << 20

    /// A request: header and payload.
    static func encode(_ type: I3MessageType, payload: String) -> [UInt8] {
        let body = Array(payload.utf8)
        return magic + bytes(of: UInt32(body.count)) + bytes(of: type.rawValue) + body
    }

    /// The payload's length a reply's header announces, once the header is checked: i3's
    /// magic, the type of the request it answers, and a length Tactus will read.
    static func payloadLength(ofReplyHeader header: [UInt8], answering request: I3MessageType) throws(I3IPCError) -> Int {
        guard header.count == headerSize else { throw .truncated(part: "header", received: header.count, expected: headerSize) }
        guard Array(header[0..<6]) == magic else { throw .notI3(header: Array(header[0..<6])) }
        let length = number(header, at: 6), type = number(header, at: 10)
        // A type with the high bit set is an event: Tactus subscribes to none, so none may come.
        guard type == request.rawValue else { throw .wrongType(expected: request.rawValue, received: type) }
        guard Int(length) <= largestReply else { throw .tooLarge(announced: Int(length), limit: largestReply) }
        return Int(length)
    }

    private static func bytes(of value: UInt32) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    private static func number(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        withUnsafeMutableBytes(of: &value) { raw in
            for i in 0..<4 { raw[i] = bytes[offset + i] }
        }
        return value
    }
}

/// What went wrong speaking to i3, in words for the log.
enum I3IPCError: Error, Equatable, CustomStringConvertible {
    case cannotConnect(path: String, reason: String)
    /// Writing the request or reading the reply took longer than the bound.
    case timedOut(milliseconds: Int, while: String)
    /// i3 closed the connection part way through (it restarted, or quit).
    case truncated(part: String, received: Int, expected: Int)
    case notI3(header: [UInt8])
    case wrongType(expected: UInt32, received: UInt32)
    case tooLarge(announced: Int, limit: Int)
    case badJSON(String)
    /// Valid JSON, but not what i3 answers to that request.
    case unexpectedReply(String)
    case system(String)

    var description: String {
        switch self {
        case .cannotConnect(let path, let reason): "cannot connect to i3's IPC socket \(path): \(reason)"
        case .timedOut(let ms, let what): "i3 did not answer within \(ms) ms (\(what))"
        case .truncated(let part, let received, let expected): "i3 closed the connection after \(received) of the \(expected) bytes of its reply's \(part)"
        case .notI3(let header): "the reply does not begin with \"i3-ipc\" (it begins \(header.map { String($0, radix: 16) }.joined(separator: " "))): not i3's IPC"
        case .wrongType(let expected, let received): "i3 answered with message type \(received) to a request of type \(expected)"
        case .tooLarge(let announced, let limit): "i3's reply announces \(announced) bytes, more than the \(limit) Tactus reads"
        case .badJSON(let message): "i3's reply is not JSON: \(message)"
        case .unexpectedReply(let what): "i3's reply is not what was asked for: \(what)"
        case .system(let message): "i3's IPC socket: \(message)"
        }
    }
}
