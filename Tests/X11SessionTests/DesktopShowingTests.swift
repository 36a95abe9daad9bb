import Testing
@testable import GestureEngine
@testable import X11Session

/// A window manager as far as ``DesktopShowing`` sees it: frames stacked under the root, each
/// holding its client; `WM_CHANGE_STATE` Iconic minimizes, `_NET_ACTIVE_WINDOW` de-iconifies,
/// raises and focuses (what fluxbox does). With `supportsShowingDesktop`, it has a
/// showing-desktop mode of its own.
private final class FakeWindowManager: WindowQueries, WindowManagerRequests, ServerClock {
    struct Client {
        var desktop: UInt
        var iconic = false
        var type: String?
    }

    let root: XWindowID = 1
    var supportsShowingDesktop = false
    var showingDesktop = false
    var currentDesktop = 0
    var active: XWindowID?
    /// Clients by id; their frames are `id + frameOffset`.
    var clients: [XWindowID: Client] = [:]
    /// Client ids, bottom of the stack first.
    var stack: [XWindowID] = []
    /// `_NET_CLIENT_LIST`: the order windows were created in (not the stacking).
    var creationOrder: [XWindowID] = []
    /// The requests received, as "TYPE 0xWINDOW data…".
    var requests: [String] = []
    /// Timestamps of the `_NET_ACTIVE_WINDOW` requests.
    var activationTimes: [Int] = []
    private var clock: XTime = 1000
    private var atoms: [String] = ["", "WM_STATE"]
    private let frameOffset: XWindowID = 0x1000

    func add(_ id: XWindowID, desktop: UInt = 0, iconic: Bool = false, type: String? = nil) {
        clients[id] = Client(desktop: desktop, iconic: iconic, type: type)
        stack.append(id)
        creationOrder.insert(id, at: 0)  // deliberately unlike the stacking
    }

    func close(_ id: XWindowID) {
        clients[id] = nil
        stack.removeAll { $0 == id }
        creationOrder.removeAll { $0 == id }
    }

    func isVisible(_ id: XWindowID) -> Bool {
        guard let c = clients[id] else { return false }
        if showingDesktop && c.type != "DOCK" { return false }
        return !c.iconic && (c.desktop == 0xFFFF_FFFF || Int(c.desktop) == currentDesktop)
    }

    /// What a user does in a taskbar: de-iconify and raise.
    func restoreByHand(_ id: XWindowID) {
        clients[id]?.iconic = false
        stack.removeAll { $0 == id }
        stack.append(id)
    }

    func flush() {}
    func sync() {}

    func atom(_ name: String) -> UInt {
        if let i = atoms.firstIndex(of: name) { return UInt(i) }
        atoms.append(name)
        return UInt(atoms.count - 1)
    }

    func atomName(_ atom: UInt) -> String? { Int(atom) < atoms.count ? atoms[Int(atom)] : nil }

    func numbers(_ window: XWindowID, _ property: String) -> [UInt]? {
        if window == root {
            switch property {
            case "_NET_CLIENT_LIST": return creationOrder
            case "_NET_CURRENT_DESKTOP": return [UInt(currentDesktop)]
            case "_NET_ACTIVE_WINDOW": return [active ?? 0]
            case "_NET_SUPPORTING_WM_CHECK": return [99]
            case "_NET_SUPPORTED": return supportsShowingDesktop ? [atom("_NET_ACTIVE_WINDOW"), atom("_NET_SHOWING_DESKTOP")] : [atom("_NET_ACTIVE_WINDOW")]
            case "_NET_SHOWING_DESKTOP": return supportsShowingDesktop ? [showingDesktop ? 1 : 0] : nil
            default: return nil
            }
        }
        guard let c = clients[window] else { return nil }
        switch property {
        case "WM_STATE": return [c.iconic ? 3 : 1, 0]
        case "_NET_WM_DESKTOP": return [c.desktop]
        case "_NET_WM_STATE": return c.iconic ? [atom("_NET_WM_STATE_HIDDEN")] : []
        case "_NET_WM_WINDOW_TYPE": return c.type.map { [atom("_NET_WM_WINDOW_TYPE_" + $0)] }
        default: return nil
        }
    }

    func text(_ window: XWindowID, _ property: String) -> String? { nil }
    func classHint(_ window: XWindowID) -> (instance: String, windowClass: String)? { nil }
    func geometry(_ window: XWindowID) -> Rect? { clients[window] == nil ? nil : Rect(x: 0, y: 0, width: 100, height: 100) }

    func isMapped(_ window: XWindowID) -> Bool {
        isVisible(window > frameOffset ? window - frameOffset : window)
    }

    func topLevelWindow(at point: Point) -> XWindowID? { nil }

    func children(of window: XWindowID) -> [XWindowID] {
        if window == root { return stack.map { $0 + frameOffset } }
        if window > frameOffset, clients[window - frameOffset] != nil { return [window - frameOffset] }
        return []
    }

    func watchWindow(_ window: XWindowID) {}

    func sendRootMessage(about window: XWindowID, type: String, data: [Int]) {
        requests.append("\(type) 0x\(String(window, radix: 16)) \(data.map(String.init).joined(separator: " "))")
        switch type {
        case "WM_CHANGE_STATE" where data.first == 3:
            clients[window]?.iconic = true
            if active == window { active = nil }
        case "_NET_SHOWING_DESKTOP" where supportsShowingDesktop:
            showingDesktop = data.first != 0
        case "_NET_ACTIVE_WINDOW":
            activationTimes.append(data.count > 1 ? data[1] : 0)
            guard clients[window] != nil else { return }
            clients[window]?.iconic = false
            stack.removeAll { $0 == window }
            stack.append(window)
            active = window
        default:
            break
        }
    }

    func serverTime() -> XTime {
        clock += 7
        return clock
    }
}

/// `desktop: show`, by hand and through the window manager's mode: which windows are hidden,
/// in what order they come back, and what is left alone when the desktop or the windows
/// changed in between.
@Suite struct DesktopShowingTests {
    private func hide(_ ids: XWindowID...) -> [String] { ids.map { "WM_CHANGE_STATE 0x\(String($0, radix: 16)) 3" } }
    private func activate(_ ids: XWindowID...) -> [String] { ids.map { "_NET_ACTIVE_WINDOW 0x\(String($0, radix: 16)) 2" } }
    /// The requests without their timestamps (checked on their own).
    private func untimed(_ wm: FakeWindowManager) -> [String] {
        wm.requests.map { $0.hasPrefix("_NET_ACTIVE_WINDOW") ? $0.split(separator: " ").prefix(3).joined(separator: " ") : $0 }
    }

    /// Desktop 0 holds 0x10 (bottom), 0x20 (active, not on top), a sticky 0x30 and 0x40 on top;
    /// besides them a window of desktop 1, one minimized before and a dock.
    private func desktop() -> FakeWindowManager {
        let wm = FakeWindowManager()
        wm.add(0x10)
        wm.add(0x50, desktop: 1)
        wm.add(0x20)
        wm.add(0x60, iconic: true)
        wm.add(0x70, desktop: 0xFFFF_FFFF, type: "DOCK")
        wm.add(0x30, desktop: 0xFFFF_FFFF)
        wm.add(0x40)
        wm.active = 0x20
        return wm
    }

    @Test func theCurrentDesktopsVisibleWindowsAreHiddenAndComeBackInTheirStackingOrder() {
        let wm = desktop()
        let fallback = DesktopShowing(server: wm)
        let first = fallback.toggle()
        #expect(first.change == .hid([0x10, 0x20, 0x30, 0x40]), "bottom first, from the tree (not _NET_CLIENT_LIST), no dock, nothing minimized or elsewhere")
        #expect(wm.requests == hide(0x10, 0x20, 0x30, 0x40))
        #expect(fallback.hidden == .init(desktop: 0, windows: [0x10, 0x20, 0x30, 0x40], active: 0x20))
        #expect(wm.clients[0x60]?.iconic == true && wm.clients[0x50]?.iconic == false && wm.isVisible(0x70))

        wm.requests = []
        let second = fallback.toggle()
        #expect(second.change == .restored([0x10, 0x20, 0x30, 0x40], active: 0x20, leftAlone: []))
        #expect(untimed(wm) == activate(0x10, 0x20, 0x30, 0x40), "bottom first")
        #expect(wm.stack.suffix(4) == [0x10, 0x20, 0x30, 0x40])
        // The window that was active is activated again once they are all mapped (fluxbox
        // focuses each as it maps it), whatever order the map events come in.
        wm.requests = []
        for window: XWindowID in [0x40, 0x10, 0x30] { #expect(fallback.windowMappedOrGone(window) == nil) }
        #expect(fallback.windowMappedOrGone(0x50) == nil, "not one of them")
        #expect(wm.requests.isEmpty)
        let note = fallback.windowMappedOrGone(0x20)
        #expect(note?.contains("0x20 activated again") == true, "\(String(describing: note))")
        #expect(untimed(wm) == activate(0x20))
        #expect(!wm.activationTimes.isEmpty && wm.activationTimes.allSatisfy { $0 > 1000 }, "a fresh server time, never 0: \(wm.activationTimes)")
        #expect(wm.stack.suffix(4) == [0x10, 0x30, 0x40, 0x20] && wm.active == 0x20)
        #expect(fallback.windowMappedOrGone(0x20) == nil && fallback.deadline == nil, "once")
        #expect(wm.clients[0x60]?.iconic == true, "a window minimized before stays minimized")
        #expect(fallback.hidden == nil)
        #expect(second.description.contains("0x20 to be activated again once they are mapped"), "\(second.description)")

        // A third request hides again.
        #expect(fallback.toggle().change == .hid([0x10, 0x30, 0x40, 0x20]))
    }

    /// The desktop changed in between: nothing of the other desktop is restored (fluxbox
    /// breaks a window it is asked to de-iconify there); the request hides this desktop.
    @Test func afterADesktopSwitchNothingOfTheOtherDesktopIsRestored() {
        let wm = desktop()
        let fallback = DesktopShowing(server: wm)
        _ = fallback.toggle()
        wm.currentDesktop = 1
        wm.requests = []
        let step = fallback.toggle()
        #expect(step.forgotten == .desktopChanged(hidden: .init(desktop: 0, windows: [0x10, 0x20, 0x30, 0x40], active: 0x20)))
        #expect(step.change == .hid([0x50]), "desktop 1's own window (the sticky one is minimized already)")
        #expect(wm.requests == hide(0x50), "no activation at all")
        #expect([0x10, 0x20, 0x30, 0x40].allSatisfy { wm.clients[$0]?.iconic == true })
        #expect(step.description.contains("not restored: the desktop is now 1"), "\(step.description)")

        // Back on desktop 0 with everything minimized: the old set is gone, nothing to do.
        wm.currentDesktop = 0
        wm.requests = []
        let back = fallback.toggle()
        #expect(back.change == .nothingToHide && wm.requests.isEmpty)
        #expect(back.forgotten == .desktopChanged(hidden: .init(desktop: 1, windows: [0x50], active: nil)))
    }

    @Test func aWindowClosedOrMovedMeanwhileIsLeftAloneAndTheOthersComeBack() {
        let wm = desktop()
        let fallback = DesktopShowing(server: wm)
        _ = fallback.toggle()
        wm.close(0x20)
        wm.clients[0x40]?.desktop = 1  // moved by a pager while minimized
        wm.requests = []
        let step = fallback.toggle()
        #expect(step.change == .restored([0x10, 0x30], active: nil, leftAlone: [0x20, 0x40]))
        #expect(untimed(wm) == activate(0x10, 0x30))
        #expect(wm.clients[0x40]?.iconic == true, "not de-iconified on another desktop")
    }

    /// A window shown by hand ends the showing, as a window manager's own mode ends: the
    /// next request hides what is visible instead of bringing back the rest.
    @Test func aWindowShownByHandMakesTheNextRequestHideAgain() {
        let wm = desktop()
        let fallback = DesktopShowing(server: wm)
        _ = fallback.toggle()
        wm.restoreByHand(0x30)
        wm.requests = []
        let step = fallback.toggle()
        #expect(step.forgotten == .windowsShown(hidden: .init(desktop: 0, windows: [0x10, 0x20, 0x30, 0x40], active: 0x20), shown: [0x30]))
        #expect(step.change == .hid([0x30]))
        #expect(wm.requests == hide(0x30))
        wm.requests = []
        #expect(fallback.toggle().change == .restored([0x30], active: nil, leftAlone: []))
        #expect(untimed(wm) == activate(0x30))
        #expect([0x10, 0x20, 0x40].allSatisfy { wm.clients[$0]?.iconic == true }, "the others stay minimized")
    }

    @Test func aDesktopWithNothingVisibleHidesNothing() {
        let wm = FakeWindowManager()
        wm.add(0x10, iconic: true)
        wm.add(0x20, type: "DESKTOP")
        let fallback = DesktopShowing(server: wm)
        #expect(fallback.toggle().change == .nothingToHide)
        #expect(wm.requests.isEmpty && fallback.hidden == nil)
    }

    /// A window brought back that is never seen mapped: at the deadline, the window that was
    /// active is activated anyway; a window destroyed meanwhile is no longer awaited.
    @Test func theActiveWindowIsActivatedAtTheDeadlineWhenAWindowIsNotSeenMapped() {
        let wm = desktop()
        let fallback = DesktopShowing(server: wm)
        var now: UInt64 = 5_000
        fallback.milliseconds = { now }
        _ = fallback.toggle()
        _ = fallback.toggle()
        #expect(fallback.deadline == 5_000 + DesktopShowing.mapBound)
        wm.requests = []
        _ = fallback.windowMappedOrGone(0x10)
        _ = fallback.windowMappedOrGone(0x30)  // destroyed, say
        now += DesktopShowing.mapBound - 1
        #expect(fallback.expire() == nil && wm.requests.isEmpty)
        now += 1
        let note = fallback.expire()
        #expect(note?.contains("0x20 0x40 not seen mapped within 1000 ms") == true, "\(String(describing: note))")
        #expect(untimed(wm) == activate(0x20) && fallback.deadline == nil)

        // A new request cancels the wait.
        wm.active = 0x30  // focused without being raised
        _ = fallback.toggle()
        _ = fallback.toggle()
        #expect(fallback.deadline != nil)
        _ = fallback.toggle()
        #expect(fallback.deadline == nil)
    }

    /// With `_NET_SHOWING_DESKTOP` the window manager hides and shows: Tactus only toggles it,
    /// and minimizes nothing itself.
    @Test func theWindowManagersOwnModeIsToggled() {
        let wm = desktop()
        wm.supportsShowingDesktop = true
        let showing = DesktopShowing(server: wm)
        #expect(showing.toggle() == ShowDesktopStep(byHand: false, change: .windowManagersMode(on: true), desktop: 0))
        #expect(wm.requests == ["_NET_SHOWING_DESKTOP 0x1 1"])
        #expect(wm.showingDesktop && wm.clients.filter { $0.value.iconic }.map(\.key) == [0x60], "only the window minimized before is iconic")
        wm.requests = []
        #expect(showing.toggle().change == .windowManagersMode(on: false))
        #expect(wm.requests == ["_NET_SHOWING_DESKTOP 0x1 0"])
    }
}
