import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// Grid desktop moves and tiling on Xvfb + openbox, read back from the server: the desktop
/// the window manager switched to, and where it put the window.
@Suite(.serialized) struct DesktopGridXvfbTests {
    private func request(_ action: ResolvedAction) -> ActionRequest {
        ActionRequest(gesture: "test", state: .recognized, action: action, window: nil, values: GestureValues(), time: .zero)
    }

    /// Six desktops that a pager lays out as two rows of three (`_NET_DESKTOP_LAYOUT`
    /// 0 3 2 0, set with xprop as a pager sets it): 0 1 2 over 3 4 5.
    @Test func gridMovesFollowTheLayoutAndStopAtItsEdges() throws {
        let x = try XvfbSession()
        let tracker = WindowTracker(server: x.server)
        let performer = ActionPerformer(server: x.server)
        x.request("_NET_NUMBER_OF_DESKTOPS", about: x.server.root, [6])
        #expect(x.poll { tracker.numberOfDesktops == 6 })
        let xprop = Process()
        xprop.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
        xprop.arguments = ["-display", x.display, "-root", "-f", "_NET_DESKTOP_LAYOUT", "32c", "-set", "_NET_DESKTOP_LAYOUT", "0,3,2,0"]
        try xprop.run()
        xprop.waitUntilExit()
        #expect(x.poll { x.server.numbers(x.server.root, "_NET_DESKTOP_LAYOUT") == [0, 3, 2, 0] })
        performer.perform(request(.desktop(.number(0))))
        #expect(x.poll { tracker.currentDesktop == 0 })
        for (move, expected) in [(DesktopMove.down, 3), (.right, 4), (.upRight, 2), (.downLeft, 4), (.left, 3)] {
            performer.perform(request(.desktop(.move(move))))
            #expect(x.poll { tracker.currentDesktop == expected }, "\(move) should reach desktop \(expected), not \(String(describing: tracker.currentDesktop))")
        }
        // At the left edge a move left asks for nothing: the next move starts from here.
        performer.perform(request(.desktop(.move(.left))))
        performer.perform(request(.desktop(.move(.up))))
        #expect(x.poll { tracker.currentDesktop == 0 })
    }

    /// Touchégg's TILE_WINDOW: the window, maximized or not, takes the left (then right)
    /// half of its monitor, its frame included. The performer sees the server's events as
    /// the daemon's loop hands them over (``ActionPerformer/observe(_:)``).
    @Test func tilingPutsTheWindowOnAHalfOfItsMonitor() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo", geometry: "300x200+400+300")
        let tile = try Tiling(x, w)
        tile.performer.perform(request(.window(.maximize, window: UInt64(w.id))))
        #expect(tile.poll { tile.tracker.states(w.id).contains("_NET_WM_STATE_MAXIMIZED_VERT") })
        tile.performer.perform(request(.window(.tileLeft, window: UInt64(w.id))))
        #expect(tile.poll { tile.outer() == tile.left }, "\(String(describing: tile.outer())) is not the left half \(tile.left)")
        #expect(!tile.tracker.states(w.id).contains("_NET_WM_STATE_MAXIMIZED_VERT"))
        tile.performer.perform(request(.window(.tileRight, window: UInt64(w.id))))
        #expect(tile.poll { tile.outer() == tile.right }, "\(String(describing: tile.outer())) is not the right half \(tile.right)")
    }

    /// A window manager that restores the maximized window only after the tile was asked (here
    /// openbox stopped while Tactus asks, as a loaded machine delays it) gives the window its
    /// borders back after the request was counted without them: Tactus asks again with the
    /// new extents when it sees them, and the frame ends on the half.
    @Test func aTileCountedBeforeTheWindowManagerRestoredTheWindowIsAskedAgain() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Demo", title: "demo", geometry: "300x200+400+300")
        let tile = try Tiling(x, w)
        let borderedExtents = x.server.numbers(w.id, "_NET_FRAME_EXTENTS")
        tile.performer.perform(request(.window(.maximize, window: UInt64(w.id))))
        // openbox sets the state first and the extents a moment later: both, before the tile.
        #expect(tile.poll { tile.tracker.states(w.id).contains("_NET_WM_STATE_MAXIMIZED_VERT") && x.server.numbers(w.id, "_NET_FRAME_EXTENTS") != borderedExtents })
        let maximizedExtents = x.server.numbers(w.id, "_NET_FRAME_EXTENTS")
        let openbox = try #require(x.windowManagerProcessGroup)
        killpg(openbox, SIGSTOP)
        tile.performer.perform(request(.window(.tileLeft, window: UInt64(w.id))))
        killpg(openbox, SIGCONT)
        #expect(tile.poll { x.server.numbers(w.id, "_NET_FRAME_EXTENTS") != maximizedExtents }, "openbox gave the restored window no borders back")
        #expect(tile.poll { tile.outer() == tile.left }, "\(String(describing: tile.outer())) is not the left half \(tile.left)")
    }

    /// A window to tile, the performer fed the server's events, and the halves of the work area.
    private struct Tiling {
        let x: XvfbSession, window: XWindowID
        let tracker: WindowTracker, performer: ActionPerformer
        let left: Rect, right: Rect

        init(_ x: XvfbSession, _ w: XvfbSession.TestWindow) throws {
            self.x = x
            window = w.id
            tracker = WindowTracker(server: x.server)
            performer = ActionPerformer(server: x.server)
            x.server.watchWindow(w.id)
            let size = x.server.screenSize()
            let work = try #require(x.server.numbers(x.server.root, "_NET_WORKAREA")?.prefix(4).map(Double.init))
            let area = Rect(x: work[0], y: work[1], width: min(work[2], size.width), height: min(work[3], size.height))
            left = Rect(x: area.x, y: area.y, width: (area.width / 2).rounded(.down), height: area.height)
            right = Rect(x: area.x + left.width, y: area.y, width: area.width - left.width, height: area.height)
        }

        /// The outer frame: the client's geometry grown by its frame extents.
        func outer() -> Rect? {
            guard let f = tracker.info(window)?.frame, let e = x.server.numbers(window, "_NET_FRAME_EXTENTS"), e.count == 4 else { return nil }
            return Rect(x: f.x - Double(e[0]), y: f.y - Double(e[2]), width: f.width + Double(e[0] + e[1]), height: f.height + Double(e[2] + e[3]))
        }

        /// Polls `condition`, handing the server's events to the performer first, as the loop does.
        func poll(_ condition: () -> Bool) -> Bool {
            x.poll {
                while let event = x.server.nextEvent() { performer.observe(event) }
                return condition()
            }
        }
    }
}

/// `_NET_DESKTOP_LAYOUT` as EWMH defines it: orientation, columns, rows, starting corner.
@Suite struct DesktopGridTests {
    @Test func placesFollowOrientationAndStartingCorner() {
        // Rows first from the top left: 0 1 2 / 3 4 5.
        let rows = DesktopGrid(count: 6, layout: [0, 3, 2, 0])
        #expect(rows.neighbour(of: 1, .down) == 4)
        #expect(rows.neighbour(of: 2, .right) == nil)
        // Columns first: 0 2 4 / 1 3 5; rows computed from the count.
        let columns = DesktopGrid(count: 6, layout: [1, 3, 0, 0])
        #expect(columns.rows == 2)
        #expect(columns.neighbour(of: 0, .right) == 2)
        #expect(columns.neighbour(of: 0, .down) == 1)
        // Starting at the top right: 2 1 0 / 5 4 3.
        let topRight = DesktopGrid(count: 6, layout: [0, 3, 2, 1])
        #expect(topRight.neighbour(of: 0, .left) == 1)
        #expect(topRight.neighbour(of: 0, .right) == nil)
        // A last row that is not full: 0 1 2 / 3 4: nothing below 2.
        #expect(DesktopGrid(count: 5, layout: [0, 3, 2, 0]).neighbour(of: 2, .down) == nil)
        // No layout: one row, no wrapping.
        let row = DesktopGrid(count: 4, layout: nil)
        #expect(row.neighbour(of: 3, .right) == nil && row.neighbour(of: 1, .left) == 0 && row.neighbour(of: 1, .up) == nil)
    }
}
