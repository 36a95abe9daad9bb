import GestureTraces

/// i3's answer to RUN_COMMAND: one result per command of the list, each
/// `{"success":true}` or `{"success":false,"error":"…"}`. A command whose criteria match no
/// window succeeds too (`[id=12345] fullscreen toggle` on a window i3 does not manage), so a
/// success says i3 understood, not that it did: what it did is read back from the server.
struct I3CommandOutcome: Equatable {
    /// The errors of the commands that failed (empty: all succeeded).
    var errors: [String]

    var succeeded: Bool { errors.isEmpty }

    init(errors: [String]) { self.errors = errors }

    init(reply payload: [UInt8]) throws(I3IPCError) {
        guard case .array(let results) = try I3Reply.json(payload), !results.isEmpty else {
            throw .unexpectedReply("a command's reply is a list of results")
        }
        var errors: [String] = []
        for result in results {
            guard case .object(let o) = result, case .bool(let success)? = o["success"] else {
                throw .unexpectedReply("a command's result has no \"success\"")
            }
            if success { continue }
            if case .string(let error)? = o["error"] { errors.append(error) } else { errors.append("failed (i3 gave no reason)") }
        }
        self.errors = errors
    }
}

/// One workspace of GET_WORKSPACES.
struct I3Workspace: Equatable {
    /// The number in its name ("3: mail" is 3), -1 for a name without one.
    var num: Int
    var name: String
    var focused: Bool
    var visible: Bool
    var output: String

    init(num: Int, name: String, focused: Bool = false, visible: Bool = false, output: String = "screen") {
        (self.num, self.name, self.focused, self.visible, self.output) = (num, name, focused, visible, output)
    }

    static func list(reply payload: [UInt8]) throws(I3IPCError) -> [I3Workspace] {
        guard case .array(let items) = try I3Reply.json(payload) else { throw .unexpectedReply("the workspaces' reply is a list") }
        var workspaces: [I3Workspace] = []
        for item in items {
            guard case .object(let o) = item, case .string(let name)? = o["name"], case .number(let num)? = o["num"],
                  num.rounded() == num, abs(num) < 1e9 else {
                throw .unexpectedReply("a workspace without a name or a whole number")
            }
            func flag(_ key: String) -> Bool { if case .bool(let b)? = o[key] { return b } else { return false } }
            var output = ""
            if case .string(let s)? = o["output"] { output = s }
            workspaces.append(I3Workspace(num: Int(num), name: name, focused: flag("focused"), visible: flag("visible"), output: output))
        }
        return workspaces
    }
}

/// GET_VERSION's answer.
struct I3Version: Equatable {
    /// "4.22 (2023-01-02)".
    var humanReadable: String

    init(humanReadable: String) { self.humanReadable = humanReadable }

    init(reply payload: [UInt8]) throws(I3IPCError) {
        guard case .object(let o) = try I3Reply.json(payload), case .string(let text)? = o["human_readable"] else {
            throw .unexpectedReply("the version's reply has no \"human_readable\"")
        }
        humanReadable = text
    }

    /// "4.22", the version without its date.
    var short: String { String(humanReadable.prefix { $0 != " " }) }
}

enum I3Reply {
    /// A reply's payload as JSON (already bounded by ``I3Message/largestReply``).
    static func json(_ payload: [UInt8]) throws(I3IPCError) -> JSONValue {
        do {
            return try JSONValue.parse(Substring(String(decoding: payload, as: UTF8.self)))
        } catch let e as JSONValue.ParseError {
            throw .badJSON(e.message)
        } catch {
            throw .badJSON("\(error)")
        }
    }
}
