import GestureEngine

/// Below a window manager that holds the passive touch grab on the root window (muffin and
/// mutter take it when they start: `take_touch_grab`, meta-backend-x11-cm.c): the same grab on
/// each top-level window (``TouchMode/afterWindowManager``).
///
/// Xorg 21.1 (dix/touch.c `TouchSetupListeners`) makes a touch's listeners, when it begins,
/// the passive grabs from the root down to the window under it — one a window, the first that
/// matches — then the deepest event selection: the window manager's grab on root, ours on the
/// top-level window (its frame, or an unmanaged window), then the window manager's and the
/// program's grabs and selections deeper down. With `XI_TouchOwnership` in our grab's mask a
/// listener that does not own the touch gets its events as they come
/// (Xi/exevents.c `DeliverTouchBeginEvent`), and `XI_TouchOwnership` once the listeners before
/// it reject it (`TouchPuntToNextOwner`); a finger lifted before then comes as an update
/// flagged `XITouchPendingEnd`. Its answer may come before that: a rejection takes it out of
/// the listeners at once, an acceptance is kept and made when it becomes the owner
/// (dix/touch.c `TouchListenerAcceptReject`, `TOUCH_LISTENER_EARLY_ACCEPT`). When the window
/// manager accepts a touch, every other listener gets its end (`ProcessTouchOwnershipEvent`).
///
/// muffin 5.6 and mutter 43 decide each touch in their gesture tracker
/// (src/core/meta-gesture-tracker.c): rejected at its begin when no gesture is attached to the
/// stage (muffin and mutter alone, Cinnamon 5.6), otherwise once it moves 30 px, lifts, or
/// 150 ms pass undecided, and accepted when a stage gesture begins (GNOME Shell's three-finger
/// swipes, edge drags).
extension TouchOwnership {
    /// Grabs the top-level windows there are and follows new ones; false when there are some
    /// and every grab was refused.
    func startAfterWindowManager() -> Bool {
        let windows = server.followTopLevelWindows()
        var refused = 0
        for window in windows {
            if server.grabTouchBegin(on: window) { grabbedTopLevels.insert(window) } else { refused += 1 }
        }
        if !windows.isEmpty, grabbedTopLevels.isEmpty { return false }
        let windowManager = surroundings.windowManager()
        windowManagerCheck = windowManager?.check
        let name = windowManager?.name.map { "the window manager (\($0))" } ?? "another client (a window manager?)"
        logger.info("\(name) holds the touch grab on the root window, so it sees each touch first: Tactus decides every touch it lets go of, through a touch grab on each top-level window (\(grabbedTopLevels.count) now\(refused > 0 ? ", \(refused) refused" : "")) — what a gesture claims reaches no program, as when Tactus holds the root's grab. What it costs: a touch waits for the window manager to let go of it before a program can have it, and a touch it keeps for a gesture of its own is its own (Tactus's gesture on it is cancelled); a touch on the bare root window, where no window is, is only observed")
        return true
    }

    /// A child of the root appeared (created, or reparented into the root): grabbed.
    func topLevelAdded(_ window: XWindowID) {
        guard mode == .afterWindowManager, !grabbedTopLevels.contains(window) else { return }
        if server.grabTouchBegin(on: window) {
            grabbedTopLevels.insert(window)
        } else {
            logger.debug("top-level window 0x\(String(window, radix: 16)): touch grab refused (gone already, or another client holds one there): touches on it are observed only")
        }
    }

    /// A child of the root was reparented into another window (a window manager framing it):
    /// the frame's grab comes first now, and this one would only be a second listener.
    func topLevelReparented(_ window: XWindowID) {
        guard grabbedTopLevels.remove(window) != nil else { return }
        server.ungrabTouchBegin(on: window)
    }

    /// The focus moved or the client list changed: the grabs on the clients that are top-level
    /// windows themselves (no frame: client-side decorations, desktops, docks) are taken again.
    ///
    /// The server makes a window's first matching passive grab a touch's listener, the newest
    /// first (dix/grabs.c `AddPassiveGrabToList` prepends; dix/events.c
    /// `CheckPassiveGrabsOnWindow`), and the pointer-emulating touch matches button grabs too.
    /// muffin and mutter grab button 1 on every unfocused client
    /// (`meta_display_grab_focus_window_button`, src/core/keybindings.c) when it is managed and
    /// whenever it loses the focus; on a client without a frame that grab is on the top-level
    /// window, newer than ours: the first finger of a touch there would reach the window
    /// manager's grab, not ours. A grab taken again replaces the identical one and comes first.
    func windowManagerChangedFocus(clients: [XWindowID]) {
        guard mode == .afterWindowManager else { return }
        for window in clients where grabbedTopLevels.contains(window) {
            if !server.grabTouchBegin(on: window) { grabbedTopLevels.remove(window) }
        }
    }

    /// A TouchBegin for a touch already tracked, with its begin time.
    func sameTouchAgain(_ key: Key, _ tracked: Tracked, _ e: XTouchEvent) {
        var t = tracked
        if case .observed(let verdict) = t.state {
            // Seen raw first (its events were read apart): it is held by a grab after all.
            t.state = .held(owned: false)
            t.device = e.device
            t.grabWindow = XWindowID(e.window)
            t.emulatesPointer = e.emulatesPointer
            let topLevel = grabbedTopLevels.contains(XWindowID(e.window)) ? e.window : e.child
            t.landedInTopLevel = topLevel == 0 ? nil : XWindowID(topLevel)
            t.landedOnWindow = clientLandedOn(e, topLevel: topLevel)
            touches[key] = t
            logger.debug("touch \(t.id): its TouchBegin through the grab on window 0x\(String(e.window, radix: 16)) came after its raw begin: held")
            if let verdict { answer(t.id, verdict, at: timeline.now) }
            return
        }
        guard UInt(t.grabWindow) != e.window else { return }
        // A second grab of ours among its listeners: a window still grabbed that the window
        // manager reparented into its frame a moment ago. That copy is let go at once.
        server.allowTouch(device: e.device, touch: e.touch, window: XWindowID(e.window), accept: false)
        logger.debug("touch \(t.id) also came through the grab on window 0x\(String(e.window, radix: 16)), below the one on 0x\(String(t.grabWindow, radix: 16)): that copy rejected")
    }

    /// `XI_TouchOwnership`: the listeners before ours let go of the touch; it is ours.
    func handle(_ e: XTouchOwnershipEvent) {
        let key = Key(source: e.source, touch: e.touch)
        guard var t = touches[key], e.window == UInt(t.grabWindow), let next = t.state.becameOwned() else { return }
        let held = Int32(bitPattern: e.time &- t.beganAt)
        logger.debug("touch \(t.id): the window manager let go of it after \(held) ms: it is Tactus's\(t.state.awaitsAnswer ? "" : " (answered already)")")
        // Released on decorations meanwhile: given to the window manager now.
        if t.state == .relayWhenOwned { return relayToWindowManager(key, t) }
        t.state = next
        touches[key] = t
        forgetIfDone(key)
    }

    /// A touch's end before it was ours: the end of our own rejection, or the window manager
    /// accepted it (its gesture took it; every other listener gets an end then).
    func endedBeforeOwnership(_ key: Key, _ tracked: Tracked, at t: Instant) {
        var tracked = tracked
        guard let kept = tracked.state.endedBeforeOwnership() else { return }
        let claimed: Bool
        if case .accepted = tracked.state { claimed = true } else { claimed = false }
        server.forgetTouch(device: tracked.device, touch: key.touch)
        let wasDown = !tracked.ended
        tracked.ended = true
        tracked.state = kept
        rejections.waiting.removeAll { $0.key == key }
        touches[key] = tracked
        logger.debug("touch \(tracked.id): the window manager kept it (a gesture of its own): cancelled here\(claimed ? ", though a gesture had claimed it" : "")")
        if wasDown { feed.touch(.cancelled, tracked.id, tracked.lastLocation, at: t) }
        forgetIfDone(key)
    }
}
