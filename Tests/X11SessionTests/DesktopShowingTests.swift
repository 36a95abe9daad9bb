import Testing
@testable import GestureEngine
@testable import X11Session

/// `desktop: show`, by hand and through the window manager's mode: which windows are hidden,
/// in what order they come back, and what is left alone when the desktop or the windows
/// changed in between.
@Suite struct DesktopShowingTests {
    private func hide(_ ids: XWindowID...) -> [String] { ids.map { "WM_CHANGE_STATE \(FakeX.hex($0)) 3" } }
    private func activate(_ ids: XWindowID...) -> [String] { ids.map { "_NET_ACTIVE_WINDOW \(FakeX.hex($0)) 2" } }
    /// The requests without their timestamps (checked on their own).
    private func untimed(_ wm: FakeX) -> [String] {
        wm.log.map { $0.hasPrefix("_NET_ACTIVE_WINDOW") ? $0.split(separator: " ").prefix(3).joined(separator: " ") : $0 }
    }

    /// Desktop 0 holds 0x10 (bottom), 0x20 (active, not on top), a sticky 0x30 and 0x40 on top;
    /// besides them a window of desktop 1, one minimized before and a dock.
    private func desktop() -> FakeX {
        let wm = FakeX()
        wm.manage(0x10)
        wm.manage(0x50, desktop: 1)
        wm.manage(0x20)
        wm.manage(0x60, iconic: true)
        wm.manage(0x70, desktop: 0xFFFF_FFFF, type: "DOCK")
        wm.manage(0x30, desktop: 0xFFFF_FFFF)
        wm.manage(0x40)
        wm.active = 0x20
        return wm
    }

    @Test func theCurrentDesktopsVisibleWindowsAreHiddenAndComeBackInTheirStackingOrder() {
        let wm = desktop()
        let fallback = DesktopShowing(server: wm)
        let first = fallback.toggle()
        #expect(first.change == .hid([0x10, 0x20, 0x30, 0x40]), "bottom first, from the tree (not _NET_CLIENT_LIST), no dock, nothing minimized or elsewhere")
        #expect(wm.log == hide(0x10, 0x20, 0x30, 0x40))
        #expect(fallback.hidden == .init(desktop: 0, windows: [0x10, 0x20, 0x30, 0x40], active: 0x20))
        #expect(wm.clients[0x60]?.iconic == true && wm.clients[0x50]?.iconic == false && wm.isVisible(0x70))

        wm.log = []
        let second = fallback.toggle()
        #expect(second.change == .restored([0x10, 0x20, 0x30, 0x40], active: 0x20, leftAlone: []))
        #expect(untimed(wm) == activate(0x10, 0x20, 0x30, 0x40), "bottom first")
        #expect(wm.stack.suffix(4) == [0x10, 0x20, 0x30, 0x40])
        // The window that was active is activated again once they are all mapped (fluxbox
        // focuses each as it maps it), whatever order the map events come in.
        wm.log = []
        for window: XWindowID in [0x40, 0x10, 0x30] { #expect(fallback.windowMappedOrGone(window) == nil) }
        #expect(fallback.windowMappedOrGone(0x50) == nil, "not one of them")
        #expect(wm.log.isEmpty)
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
        wm.log = []
        let step = fallback.toggle()
        #expect(step.forgotten == .desktopChanged(hidden: .init(desktop: 0, windows: [0x10, 0x20, 0x30, 0x40], active: 0x20)))
        #expect(step.change == .hid([0x50]), "desktop 1's own window (the sticky one is minimized already)")
        #expect(wm.log == hide(0x50), "no activation at all")
        #expect([0x10, 0x20, 0x30, 0x40].allSatisfy { wm.clients[$0]?.iconic == true })
        #expect(step.description.contains("not restored: the desktop is now 1"), "\(step.description)")

        // Back on desktop 0 with everything minimized: the old set is gone, nothing to do.
        wm.currentDesktop = 0
        wm.log = []
        let back = fallback.toggle()
        #expect(back.change == .nothingToHide && wm.log.isEmpty)
        #expect(back.forgotten == .desktopChanged(hidden: .init(desktop: 1, windows: [0x50], active: nil)))
    }

    @Test func aWindowClosedOrMovedMeanwhileIsLeftAloneAndTheOthersComeBack() {
        let wm = desktop()
        let fallback = DesktopShowing(server: wm)
        _ = fallback.toggle()
        wm.destroy(0x20)
        wm.clients[0x40]?.desktop = 1  // moved by a pager while minimized
        wm.log = []
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
        wm.log = []
        let step = fallback.toggle()
        #expect(step.forgotten == .windowsShown(hidden: .init(desktop: 0, windows: [0x10, 0x20, 0x30, 0x40], active: 0x20), shown: [0x30]))
        #expect(step.change == .hid([0x30]))
        #expect(wm.log == hide(0x30))
        wm.log = []
        #expect(fallback.toggle().change == .restored([0x30], active: nil, leftAlone: []))
        #expect(untimed(wm) == activate(0x30))
        #expect([0x10, 0x20, 0x40].allSatisfy { wm.clients[$0]?.iconic == true }, "the others stay minimized")
    }

    @Test func aDesktopWithNothingVisibleHidesNothing() {
        let wm = FakeX()
        wm.manage(0x10, iconic: true)
        wm.manage(0x20, type: "DESKTOP")
        let fallback = DesktopShowing(server: wm)
        #expect(fallback.toggle().change == .nothingToHide)
        #expect(wm.log.isEmpty && fallback.hidden == nil)
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
        wm.log = []
        _ = fallback.windowMappedOrGone(0x10)
        _ = fallback.windowMappedOrGone(0x30)  // destroyed, say
        now += DesktopShowing.mapBound - 1
        #expect(fallback.expire() == nil && wm.log.isEmpty)
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
        #expect(wm.log == ["_NET_SHOWING_DESKTOP 0x1 1"])
        #expect(wm.showingDesktop && wm.clients.filter { $0.value.iconic }.map(\.key) == [0x60], "only the window minimized before is iconic")
        wm.log = []
        #expect(showing.toggle().change == .windowManagersMode(on: false))
        #expect(wm.log == ["_NET_SHOWING_DESKTOP 0x1 0"])
    }
}
