import Testing
@testable import X11Session

/// Where next, previous and `desktop: N` go among i3's workspaces.
@Suite struct I3WorkspaceChoiceTests {
    /// Workspaces by name ("3: mail" is numbered 3, "mail" is not), `focused` the one with the focus.
    func workspaces(_ names: [String], focused: String) -> [I3Workspace] {
        names.map { name in
            let num = Int(name.prefix { $0.isNumber }) ?? -1
            return I3Workspace(num: num, name: name, focused: name == focused, visible: name == focused)
        }
    }

    func next(_ names: [String], _ focused: String, windows: Bool = true) -> String? {
        I3WorkspaceChoice.neighbour(.next, of: workspaces(names, focused: focused), focusedHasWindows: windows)?.argument
    }

    func previous(_ names: [String], _ focused: String, windows: Bool = true) -> String? {
        I3WorkspaceChoice.neighbour(.previous, of: workspaces(names, focused: focused), focusedHasWindows: windows)?.argument
    }

    @Test func oneWorkspace() {
        #expect(next(["1"], "1") == "number 2", "a new workspace after the only one, which has windows")
        #expect(next(["1"], "1", windows: false) == nil, "not from an empty one")
        #expect(previous(["1"], "1") == nil, "nothing below 1")
        #expect(previous(["2"], "2") == "number 1")
        #expect(previous(["2"], "2", windows: false) == nil)
        let target = I3WorkspaceChoice.neighbour(.next, of: workspaces(["1"], focused: "1"), focusedHasWindows: true)
        #expect(target == .init(argument: "number 2", name: "2", created: true, from: 0, to: 1))
    }

    /// As i3's `workspace next` and `prev`, by number whatever the order listed, named ones after.
    @Test func existingWorkspacesInI3sOrder() {
        let names = ["4", "1", "9", "3"]
        #expect(next(names, "4") == "\"9\"")
        #expect(next(names, "3") == "\"4\"")
        #expect(previous(names, "3") == "\"1\"")
        #expect(next(names, "9") == "number 10", "past the last, a new one")
        #expect(next(names, "9", windows: false) == "\"1\"", "from an empty last one, around")
        #expect(previous(names, "1") == "\"9\"", "before 1, around to the last")
        #expect(next(["1", "mail", "2: web"], "2: web") == "\"mail\"", "named ones after the numbered")
        #expect(next(["1", "mail"], "mail") == "\"1\"", "a named last one goes around")
        #expect(previous(["1", "mail"], "1") == "\"mail\"")
    }

    @Test func numberedDesktopsAreWorkspacesFromOne() {
        let list = workspaces(["1", "3: mail"], focused: "1")
        #expect(I3WorkspaceChoice.numbered(2, of: list) == .init(argument: "number 3", name: "3: mail", created: false, from: 0, to: 2))
        #expect(I3WorkspaceChoice.numbered(4, of: list) == .init(argument: "number 5", name: "5", created: true, from: 0, to: 4))
    }

    @Test func namesAreQuotedForI3sParser() {
        #expect(I3WorkspaceChoice.quoted(#"a "b" \c"#) == #""a \"b\" \\c""#)
        #expect(I3WorkspaceChoice.quoted("2: “mail”; kill") == "\"2: “mail”; kill\"")
    }
}
