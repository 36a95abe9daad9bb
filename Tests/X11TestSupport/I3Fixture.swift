// i3 under the tests (XvfbSession.WindowManager.i3): its configuration, and its IPC as the
// tests ask it, through the daemon's own client (`I3Client`).
import Foundation
@testable import X11Session

extension XvfbSession {
    /// The configuration file i3 is started with, in the window manager's home.
    static let i3ConfigurationFile = "i3.config"

    /// The least i3 needs: the version line (else i3 converts the file as a v3 one and adds a
    /// bar), no bar block (so no bar: the screen is the windows'), a switch to the workspace
    /// shown stays there (`workspace_auto_back_and_forth no`, i3's default, said), and the
    /// focus does not follow the test's pointer from window to window.
    static let i3Configuration = """
        # i3 config file (v4)
        font pango:monospace 8
        workspace_auto_back_and_forth no
        focus_follows_mouse no
        """

    /// A client of i3's IPC socket (`I3_SOCKET_PATH` on the root window).
    func i3Client() throws -> I3Client {
        guard let path = server.text(server.root, "I3_SOCKET_PATH") else { throw FixtureError(description: "i3 sets no I3_SOCKET_PATH on \(display)") }
        return I3Client(path: path)
    }

    /// i3 started: it answers GET_VERSION on its socket.
    func awaitI3() throws {
        var lastError = ""
        guard poll(timeout: 15, {
            do {
                _ = try i3Client().version()
                return true
            } catch {
                lastError = "\(error)"
                return false
            }
        }) else { throw FixtureError(description: "i3 does not answer on its IPC socket on \(display): \(lastError)") }
    }

    /// i3's workspaces now (GET_WORKSPACES).
    func i3Workspaces() throws -> [I3Workspace] { try i3Client().workspaces() }

    /// The workspace i3 has the focus on.
    func i3FocusedWorkspace() throws -> String? { try i3Workspaces().first { $0.focused }?.name }
}
