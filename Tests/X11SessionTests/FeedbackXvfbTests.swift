import CX11
import Foundation
import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session
@testable import X11TestSupport

/// `settings.feedback` on Xvfb + openbox, judged from screenshots of the root window (`xwd`):
/// the overlay draws where it should and nowhere else, is gone when there is nothing to show,
/// never takes a click or the focus, and is ARGB when a compositing manager runs. The PNGs
/// are left in `.build/screenshots/` for people.
@Suite(.serialized) struct FeedbackXvfbTests {
    static let overlayColor = Screenshot.Color(red: 0x35, green: 0x84, blue: 0xE4)
    static let white = Screenshot.Color(red: 255, green: 255, blue: 255)

    /// A press of button 3 is a touch; a long press waiting a minute keeps it undecided.
    static let holdConfig = """
        version: 1
        settings:
          pointer: { button: 3 }
          feedback: { actions: false }
        profiles:
          - name: desktop
            match: any
            gestures:
              - name: hold
                longPress: { minimumDuration: 60 }
                action: { log: held }
        """

    /// A tap (button 3) switches desktops; the arrow stays two minutes, for the checks.
    static let tapConfig = """
        version: 1
        settings:
          pointer: { button: 3 }
          feedback: { touches: false, duration: 120 }
        profiles:
          - name: desktop
            match: any
            gestures:
              - name: next
                tap: {}
                action: { desktop: next }
        """

    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-screens-\(UUID().uuidString.prefix(8))").path
    static let keep = repositoryRoot.appendingPathComponent(".build/screenshots").path

    func screenshot(_ x: XvfbSession) throws -> Screenshot {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        return try Screenshot.take(display: x.display, file: "\(scratch)/root.xwd")
    }

    /// Screenshots until `condition` holds (the overlay is drawn by another client: its
    /// pixels are the event waited for), or 5 s pass.
    func screenshot(_ x: XvfbSession, until condition: (Screenshot) -> Bool) throws -> Screenshot {
        let deadline = Date().addingTimeInterval(5)
        var shot = try screenshot(x)
        while !condition(shot), Date() < deadline {
            usleep(20_000)
            shot = try screenshot(x)
        }
        return shot
    }

    /// The overlay window (found by its WM_CLASS), whether it is mapped, and its depth.
    func overlay(_ x: XvfbSession) -> (id: XWindowID, mapped: Bool, depth: Int)? {
        guard let id = x.server.children(of: x.server.root).first(where: { x.server.classHint($0)?.instance == "tactus-feedback" }) else { return nil }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(x.server.display, Window(id), &attributes) != 0 else { return nil }
        return (id, attributes.map_state == IsViewable, Int(attributes.depth))
    }

    func inputFocus(_ x: XvfbSession) -> XWindowID {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(x.server.display, &focus, &revert)
        return XWindowID(focus)
    }

    /// Owns `_NET_WM_CM_S0`, as a compositing manager announces itself: the daemon then gives
    /// its overlay an ARGB visual.
    func standInForACompositingManager(_ x: XvfbSession) {
        let owner = XCreateSimpleWindow(x.server.display, Window(x.server.root), 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(x.server.display, Atom(x.server.atom("_NET_WM_CM_S0")), owner, 0)
        x.server.sync()
    }

    @Test func theTouchAGestureIsDecidingAboutIsMarkedUntilItIsDecided() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Canvas", title: "canvas", geometry: "400x300+200+150")
        ActionPerformer(server: x.server).perform(ActionRequest(gesture: "t", state: .recognized, action: .window(.raise, window: UInt64(w.id)), window: nil, values: GestureValues(), time: .zero))
        #expect(w.output.wait { $0 == "focus-in" } != nil)
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.holdConfig)
        let p = Point(x: frame.x + 150, y: frame.y + 120)
        // Nothing to show yet: the window exists, unmapped.
        #expect(overlay(x)?.mapped == false)
        #expect(try screenshot(x).color(p.x, p.y) == Self.white)
        let focused = inputFocus(x)

        x.pointerPress(at: p)
        let shot = try screenshot(x) { $0.color(p.x, p.y) == Self.overlayColor }
        try shot.savePNG("\(try keepDirectory())/feedback-touch.png", cut: (Int(frame.x) - 20, Int(frame.y) - 40, 440, 360))
        // The dot under the touch and its ring 18-22 px out; between them and beyond, the window.
        #expect(shot.color(p.x, p.y) == Self.overlayColor, "\(shot.color(p.x, p.y))")
        #expect(shot.color(p.x + 20, p.y) == Self.overlayColor && shot.color(p.x, p.y - 20) == Self.overlayColor)
        #expect(shot.color(p.x + 12, p.y) == Self.white && shot.color(p.x + 30, p.y) == Self.white && shot.color(p.x - 100, p.y + 60) == Self.white)
        let o = try #require(overlay(x))
        #expect(o.mapped && o.depth == 24, "shaped and opaque without a compositor: \(o)")
        // It is no window for input: the top-level under the touch is the window's frame, and
        // the focus never moved.
        #expect(x.server.topLevelWindow(at: p) != o.id)
        #expect(inputFocus(x) == focused)
        #expect(!w.output.lines.contains("focus-out"), "\(w.output.lines)")

        // Released before the minute: the long press fails, the press goes to the window, the mark away.
        x.pointerRelease()
        #expect(daemon.output!.wait { $0.contains("\"id\":\"p3\",\"verdict\":\"released\"") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(w.output.wait { $0.hasPrefix("button-press 3") } != nil, "\(w.output.lines)")
        #expect(try screenshot(x) { $0.color(p.x, p.y) == Self.white }.color(p.x, p.y) == Self.white)
        #expect(x.poll { overlay(x)?.mapped == false }, "unmapped when it shows nothing")
    }

    @Test func aDesktopSwitchShowsAnArrowThatClicksGoThrough() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Canvas", title: "canvas", geometry: "600x400+340+200")
        // On every desktop, so that it is still under the arrow after the switch.
        x.server.sendRootMessage(about: w.id, type: "_NET_WM_DESKTOP", data: [0xFFFF_FFFF, 2])
        // (Xlib hands a CARD32 of all ones back as a sign-extended long.)
        #expect(x.poll { x.server.numbers(w.id, "_NET_WM_DESKTOP").map { $0.first.map { UInt32(truncatingIfNeeded: $0) } } == 0xFFFF_FFFF })
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.tapConfig)
        let centre = Point(x: 640, y: 400)  // the middle of the 1280x800 screen
        #expect(frame.contains(centre) && frame.contains(Point(x: 640, y: 300)))
        // Openbox names the desktop in the middle of the screen for a moment after a switch
        // (its start-up made two): wait until the window is what is there.
        let canvasFrame = try #require(x.server.topLevelWindow(at: Point(x: frame.x + 10, y: frame.y + 10)))
        let popupGone = { x.poll { x.server.topLevelWindow(at: centre) == canvasFrame } }
        #expect(popupGone())
        #expect(try screenshot(x).color(centre.x, centre.y) == Self.white)

        x.pointerPress(at: Point(x: frame.x + 30, y: frame.y + 30))
        x.pointerRelease()
        #expect(daemon.output!.wait { $0.contains("\"action\":\"desktop next\"") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { WindowTracker(server: x.server).currentDesktop == 1 })
        #expect(popupGone(), "the overlay is no window for input either")
        let shot = try screenshot(x) { $0.color(centre.x, centre.y) == Self.overlayColor }
        try shot.savePNG("\(try keepDirectory())/feedback-arrow.png", cut: (Int(frame.x) - 20, Int(frame.y) - 40, 640, 460))
        // The arrow (200 px long, pointing right) in the middle; above and below it, the window.
        #expect(shot.color(centre.x, centre.y) == Self.overlayColor, "\(shot.color(centre.x, centre.y))")
        #expect(shot.color(centre.x - 90, centre.y) == Self.overlayColor && shot.color(centre.x + 90, centre.y) == Self.overlayColor)
        #expect(shot.color(centre.x + 30, centre.y - 50) == Self.overlayColor, "the head is wider than the shaft")
        #expect(shot.color(centre.x - 60, centre.y - 50) == Self.white && shot.color(centre.x, centre.y - 100) == Self.white)
        #expect(shot.color(centre.x + 130, centre.y) == Self.white)

        // A click on the arrow reaches the window under it, at that point.
        x.pointerPress(button: 1, at: centre)
        x.pointerRelease(button: 1)
        let local = (Int(centre.x - frame.x), Int(centre.y - frame.y))
        #expect(w.output.wait { $0 == "button-press 1 \(local.0) \(local.1)" } != nil, "\(w.output.lines)")
        #expect(overlay(x)?.mapped == true, "still animating")
    }

    @Test func noOutlinePlaysAfterAWindowWasMaximized() throws {
        let x = try XvfbSession()
        let w = try x.openWindow(class: "Canvas", title: "canvas", geometry: "400x300+300+250")
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let config = Self.tapConfig.replacingOccurrences(of: "action: { desktop: next }", with: "action: { window: maximize }")
        let daemon = try x.startDaemon(config: config)
        let overlayWindow = try #require(x.poll { overlay(x) != nil } ? overlay(x) : nil)
        // Every map of the overlay is seen (StructureNotify on it), not sampled.
        XSelectInput(x.server.display, Window(overlayWindow.id), StructureNotifyMask)
        x.server.sync()
        x.pointerPress(at: Point(x: frame.midX, y: frame.midY))
        x.pointerRelease()
        #expect(daemon.output!.wait { $0.contains("\"action\":\"window maximize\"") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(x.poll { x.server.numbers(w.id, "_NET_WM_STATE")?.contains(x.server.atom("_NET_WM_STATE_MAXIMIZED_VERT")) == true })
        // The daemon has drawn what it would (it says so once it decided), and nothing was.
        #expect(daemon.output!.wait { $0.contains("feedback: nothing after window maximize") } != nil, "\(daemon.output!.lines.suffix(10))")
        x.server.sync()
        #expect(!mapEvents(x, overlayWindow.id), "the overlay was never mapped")
        let shot = try screenshot(x)
        #expect(shot.color(frame.x, frame.midY) == Self.white && shot.color(frame.x / 2, frame.midY) == Self.white,
                "no outline over the maximized window")
    }

    /// Whether a MapNotify for `window` is queued on the test's connection.
    func mapEvents(_ x: XvfbSession, _ window: XWindowID) -> Bool {
        x.server.sync()
        var event = XEvent()
        var mapped = false
        while XCheckTypedWindowEvent(x.server.display, Window(window), MapNotify, &event) != 0 { mapped = true }
        return mapped
    }

    @Test func underACompositorTheOverlayIsARGB() throws {
        let x = try XvfbSession()
        standInForACompositingManager(x)
        let w = try x.openWindow(class: "Canvas", title: "canvas", geometry: "400x300+200+150")
        let frame = try #require(WindowTracker(server: x.server).info(w.id)?.frame)
        let daemon = try x.startDaemon(config: Self.holdConfig)
        let p = Point(x: frame.x + 150, y: frame.y + 120)
        x.pointerPress(at: p)
        #expect(x.poll { overlay(x)?.mapped == true }, "\(daemon.output!.lines.suffix(10))")
        #expect(overlay(x)?.depth == 32, "an ARGB visual")
        // Only the mark is drawn: the window around it is untouched.
        let shot = try screenshot(x) { $0.color(p.x, p.y) != Self.white }
        #expect(shot.color(p.x, p.y) != Self.white)
        #expect(shot.color(p.x + 30, p.y) == Self.white && shot.color(p.x - 100, p.y + 60) == Self.white)
        x.pointerRelease()
        #expect(x.poll { overlay(x)?.mapped == false })
    }

    @Test func offThereIsNoOverlayWindow() throws {
        let x = try XvfbSession()
        let daemon = try x.startDaemon(config: Self.holdConfig.replacingOccurrences(of: "  feedback: { actions: false }\n", with: ""))
        x.pointerPress(at: Point(x: 300, y: 300))
        #expect(daemon.output!.wait { $0.contains("\"kind\":\"delivery\"") && $0.contains("p3") } != nil, "\(daemon.output!.lines.suffix(10))")
        #expect(overlay(x) == nil)
        x.pointerRelease()
    }

    func keepDirectory() throws -> String {
        try FileManager.default.createDirectory(atPath: Self.keep, withIntermediateDirectories: true)
        return Self.keep
    }
}
