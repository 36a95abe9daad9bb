/// Which i3 workspace `desktop: next`, `previous` and `N` go to.
///
/// i3's own `workspace next` and `workspace prev` only cycle through the workspaces that
/// exist (with one workspace they do nothing), and i3 creates a workspace when it is switched
/// to by number. So Tactus goes where `workspace next` / `prev` would — numbered workspaces
/// in order of number, then named ones as i3 lists them, around — except at the ends: past
/// the last (before the first) workspace a new one numbered one more (one less) is made, as
/// GNOME keeps an empty desktop after the last, when the workspace left has windows and is
/// numbered. An empty workspace is not followed by another empty one (i3 deletes the one
/// left, so the user would walk into ever higher numbers): from there it goes around.
enum I3WorkspaceChoice {
    /// Where to go: the argument of i3's `workspace` command, the name the workspace will
    /// have (to read back from `_NET_DESKTOP_NAMES`), and the desktops for the feedback's arrow.
    struct Target: Equatable {
        var argument: String
        var name: String
        var created: Bool
        var from: Int
        var to: Int
    }

    enum Step { case next, previous }

    /// The workspaces in the order `workspace next` walks them.
    static func ordered(_ workspaces: [I3Workspace]) -> [I3Workspace] {
        let numbered = workspaces.filter { $0.num >= 0 }.sorted { $0.num < $1.num }
        return numbered + workspaces.filter { $0.num < 0 }
    }

    /// The neighbour of the focused workspace; nil when there is nowhere else to go (one
    /// workspace, empty, or unnumbered), or i3 names none focused.
    static func neighbour(_ step: Step, of workspaces: [I3Workspace], focusedHasWindows: Bool) -> Target? {
        let order = ordered(workspaces)
        guard let here = order.firstIndex(where: \.focused) else { return nil }
        let current = order[here]
        let from = desktopNumber(current, at: here)
        switch step {
        case .next:
            if here + 1 < order.count { return go(to: order[here + 1], from: from, at: here + 1) }
            if current.num >= 0, focusedHasWindows, !order.contains(where: { $0.num == current.num + 1 }) {
                return Target(argument: "number \(current.num + 1)", name: String(current.num + 1), created: true, from: from, to: from + 1)
            }
            return here == 0 ? nil : go(to: order[0], from: from, at: 0)
        case .previous:
            if here > 0 { return go(to: order[here - 1], from: from, at: here - 1) }
            if current.num > 1, focusedHasWindows {
                return Target(argument: "number \(current.num - 1)", name: String(current.num - 1), created: true, from: from, to: max(0, from - 1))
            }
            return order.count == 1 ? nil : go(to: order[order.count - 1], from: from, at: order.count - 1)
        }
    }

    /// `desktop: N` (counted from 0, as EWMH desktops are) is workspace number N + 1, i3's
    /// first being 1: the existing workspace of that number ("3: mail" for 3), else a new one.
    static func numbered(_ desktop: Int, of workspaces: [I3Workspace]) -> Target {
        let number = desktop + 1
        let order = ordered(workspaces)
        let from = order.firstIndex(where: \.focused).map { desktopNumber(order[$0], at: $0) } ?? 0
        let existing = order.first { $0.num == number }
        return Target(argument: "number \(number)", name: existing?.name ?? String(number), created: existing == nil, from: from, to: desktop)
    }

    private static func go(to workspace: I3Workspace, from: Int, at index: Int) -> Target {
        Target(argument: quoted(workspace.name), name: workspace.name, created: false, from: from, to: desktopNumber(workspace, at: index))
    }

    /// The desktop the feedback counts from 0: a numbered workspace's number less one (so that
    /// `desktop: 2` on workspace 3 draws no arrow), a named one's place in the order.
    private static func desktopNumber(_ workspace: I3Workspace, at index: Int) -> Int {
        workspace.num >= 1 ? workspace.num - 1 : index
    }

    /// A workspace name as one argument of an i3 command: in double quotes, with its quotes
    /// and backslashes escaped (a name may hold anything, "2: “mail”; kill" included).
    static func quoted(_ name: String) -> String {
        var text = "\""
        for c in name {
            if c == "\"" || c == "\\" { text.append("\\") }
            text.append(c)
        }
        return text + "\""
    }
}
