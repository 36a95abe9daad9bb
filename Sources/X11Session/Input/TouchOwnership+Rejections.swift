import GestureEngine
import Logging

/// What becomes of a rejection: the rejections of pointer-emulating touches that wait (for the
/// pointer to be free of another client's grab, for an older touch to be decided, for the
/// window manager to have read what the last replay or relay sent it), touches on decorations
/// relayed to the window manager instead, and touches whose window was destroyed accepted
/// instead. See ``TouchOwnership``.
extension TouchOwnership {
    /// A touch released on a window manager's decorations is accepted and given to the window
    /// manager as pointer input through XTest: a press where it landed, motion to where it is,
    /// then its moves and its lift as they come.
    ///
    /// Xorg 21.1.7 (dix/events.c `ActivateImplicitGrab`) stamps the implicit grab of a
    /// replayed press with the server's time when the rejection arrives, later than the
    /// press's own time; a window manager that then grabs the pointer with the press's time
    /// (xfwm4 moving a window, or tracking a frame button) is refused with GrabInvalidTime,
    /// and the title bar does nothing. XTest events carry the server's time, so its grab holds.
    func relayToWindowManager(_ key: Key, _ tracked: Tracked) {
        var t = tracked
        server.allowTouch(device: t.device, touch: key.touch, window: t.grabWindow, accept: true)
        server.fakeMotion(to: t.landedAt)
        server.fakeButton(1, pressed: true)
        server.fakeMotion(to: t.lastLocation)
        if t.ended {
            server.fakeButton(1, pressed: false)
            rejections.relayReleasedUnread = true
        }
        logger.debug("touch \(t.id): landed on the window manager's decorations: accepted and given to it as pointer input")
        t.state = .relayed
        touches[key] = t
        forgetIfDone(key)
    }

    /// A client window was destroyed. Touches held that landed on it (on top where they
    /// landed) are accepted rather than rejected when they are let go; those over a window
    /// destroyed below the one they landed on are replayed as ever (that window's grabs are
    /// not among their listeners: soak, an older window closed under a newer one).
    ///
    /// Xorg 21.1.7 (dix/touch.c) copies every passive grab under a touch into its listeners
    /// when it begins, each copy pointing at its window, and nothing removes them when that
    /// window is destroyed: a rejection then activates a copy on the freed window and the
    /// server crashes (`IsParent` via `ActivatePointerGrab`; seen under xfwm4). An
    /// acceptance replays nothing, and the application whose window it was is gone.
    ///
    /// A touch still down is accepted at once: its fate no longer depends on the gestures, and
    /// a pointer-emulating touch accepted after its end leaves the server's touch button count
    /// raised (button 1 down for the presses replayed after it, which then reach no window).
    func windowDestroyed(_ window: UInt64) {
        topLevels[window] = nil
        grabbedTopLevels.remove(XWindowID(window))
        for (key, var t) in touches where t.state.awaitsAnswer && t.landedOnWindow == window {
            t.landedOnDestroyedWindow = true
            touches[key] = t
            if !t.ended {
                // Sent before the finger can lift: the log line says it has gone to the server.
                send(key, t, accept: true)
                server.flush()
                logger.debug("touch \(t.id): the window it landed on was destroyed while it was down: accepted now, not replayed into what is left of it")
            }
        }
        // A rejection waiting for one of them to be decided first may go now.
        if !rejections.waiting.isEmpty { rejectWhenThePointerIsFree(at: timeline.now) }
    }

    /// Sends the waiting rejections, oldest first, while no other client holds the pointer.
    ///
    /// Xorg 21.1.7 (dix/events.c, dix/touch.c): a rejection processed while a window
    /// manager's synchronous click-to-focus grab has the pointer frozen is queued behind the
    /// freeze; played later, it activates that grab again stamped with the rejection's time,
    /// not the press's, so the window manager's `XAllowEvents(ReplayPointer, press time)` is
    /// ignored and the pointer — every touch and the mouse — stays frozen for good. Only the
    /// pointer-emulating touch reaches pointer grabs, so only its rejection waits (and those
    /// decided after it, to keep their order), at most ``longestRejectWait``.
    func rejectWhenThePointerIsFree(at now: Instant) {
        rejections.nextRetry = nil
        while let (key, since) = rejections.waiting.first {
            guard let t = touches[key], case .rejectionWaiting = t.state else {
                rejections.waiting.removeFirst()
                rejections.headWaitingSince = nil
                continue
            }
            if t.emulatesPointer {
                // An older pointer-emulating touch still undecided (a tap waiting to know it is
                // no double tap) goes first: replayed presses must reach a window manager's
                // grab in the order of their times. Replayed out of order, an older press
                // activates the grab with an older time, and the manager's late ungrab for the
                // newer one (xfwm4, openbox, fluxbox: stamped with that press's time) ends it
                // without resolving the touch; the server keeps it as the oldest
                // pointer-emulating touch for good and no press reaches any window after it
                // (dix/touch.c TouchRemovePointerGrab is an empty FIXME).
                if let older = touches.values.first(where: { $0.emulatesPointer && $0.state.isUndecided && $0.id < t.id }),
                   now < since + RejectionQueue.longestOrderWait {
                    if rejections.olderWaitNoted != t.id {
                        rejections.olderWaitNoted = t.id
                        logger.debug("touch \(t.id): rejection waits for touch \(older.id), which began before it and drives the pointer too, to be decided")
                    }
                    rejections.nextRetry = since + RejectionQueue.longestOrderWait
                    return
                }
                if waitsForTheWindowManager(t, at: now) { return }
            }
            let waited = rejections.headWaitingSince.map { now - $0 } ?? 0
            let longest = rejections.grabFromOurReplay ? RejectionQueue.longestReplayGrabWait : RejectionQueue.longestRejectWait
            // The probe goes in the rejection's own round trip: the replay waits for it.
            let probe = t.emulatesPointer && waited < longest
            let answer = sendRejection(key, t, unlessPointerHeldAt: probe ? serverTime(at: now) : nil)
            if answer == .pointerHeld {
                if rejections.headWaitingSince == nil {
                    rejections.headWaitingSince = now
                    logger.debug("touch \(t.id): rejection waits: another client holds the pointer\(rejections.grabFromOurReplay ? " (a grab the last replay activated: the pointer is frozen until its client answers)" : "")")
                }
                rejections.nextRetry = now + RejectionQueue.rejectRetry
                return
            }
            if t.emulatesPointer && waited >= longest {
                logger.debug("touch \(t.id): another client held the pointer for \(Int(longest * 1000)) ms: rejected anyway")
            }
            rejections.waiting.removeFirst()
            rejections.headWaitingSince = nil
            let replayed = answer == .replayed
            // Whether its replay activated a grab (asked at once: the server activates a
            // passive grab while it processes the rejection).
            if t.emulatesPointer && replayed {
                rejections.grabFromOurReplay = pointerHeld(by: t, at: now)
                rejections.lastEmulatingReplayBegan = t.beganAt
            }
        }
    }

    /// Whether the rejection of pointer-emulating touch `t` waits for the window manager to
    /// read what the last replay sent it: when `t` began in the same server millisecond as the
    /// touch replayed last (never with fingers; injected input, or two fingers lifting and
    /// landing in one frame).
    ///
    /// Xorg 21.1.7 (dix/events.c): a grab the replay activates takes the touch's begin time,
    /// and an ungrab is ignored only when it is older than the grab. Window managers answer a
    /// press on the bare root (xfwm4) or a focus click by ungrabbing with that press's time:
    /// when it reaches the server after the next replay has activated a grab of the same
    /// millisecond, it ends that grab without resolving its touch, and the server holds
    /// button 1 for good (`make xorg-touch-repro REPRO=stranded-burst`: 3 of 3 rounds;
    /// `stranded-burst-roundtrip`, which asks first: 0 of 3). So the daemon asks the window
    /// manager a question first; its answer comes after everything it was sent before.
    ///
    /// Also after a touch relayed to the window manager was lifted: fluxbox ends a move begun
    /// on its title bar with `XUngrabPointer(CurrentTime)` (Window.cc stopMoving), which ends
    /// whatever grab of its own is active when it gets there — on a loaded machine, the
    /// click-to-focus grab the next replay activated (the likely cause of button 1 held for
    /// good at round 2,930 of make soak under fluxbox at the pace of fingers on a loaded
    /// machine; that run kept no debug log to tell).
    private func waitsForTheWindowManager(_ t: Tracked, at now: Instant) -> Bool {
        let sameMillisecond = rejections.lastEmulatingReplayBegan.map { Int32(bitPattern: t.beganAt &- $0) <= 0 } ?? false
        guard sameMillisecond || rejections.relayReleasedUnread else { return false }
        if let asked = rejections.roundTripAskedAt {
            if now - asked < RejectionQueue.longestRoundTripWait {
                rejections.nextRetry = asked + RejectionQueue.longestRoundTripWait
                return true
            }
            logger.debug("touch \(t.id): the window manager did not answer in \(Int(RejectionQueue.longestRoundTripWait * 1000)) ms: rejected anyway")
            // Its late answers, if any, are not waited for: the next question counts afresh.
            rejections.roundTripsUnanswered = 0
            rejections.windowManagerCaughtUp()
            return false
        }
        guard server.askWindowManagerRoundTrip() else {
            logger.debug("touch \(t.id): no window manager answers _NET_REQUEST_FRAME_EXTENTS: rejected without asking it first")
            rejections.lastEmulatingReplayBegan = nil
            rejections.relayReleasedUnread = false
            return false
        }
        rejections.roundTripsUnanswered += 1
        rejections.roundTripAskedAt = now
        rejections.nextRetry = now + RejectionQueue.longestRoundTripWait
        logger.debug("touch \(t.id): \(sameMillisecond ? "began in the millisecond of the touch replayed last" : "follows a touch relayed to the window manager"): its rejection waits for the window manager to have read \(sameMillisecond ? "that replay" : "its lift")")
        return true
    }

    /// The window manager answered the round trip: it has read what the last replay sent it.
    func windowManagerAnswered(at now: Instant) {
        rejections.roundTripsUnanswered = max(0, rejections.roundTripsUnanswered - 1)
        guard let asked = rejections.roundTripAskedAt, rejections.roundTripsUnanswered == 0 else { return }
        logger.debug("the window manager answered in \(Int((now - asked) * 1000)) ms: it has read what it was sent before")
        rejections.windowManagerCaughtUp()
        rejectWhenThePointerIsFree(at: now)
    }

    /// Whether another client holds the pointer (``InputGrabs/pointerGrabbedByAnotherClient(device:serverTime:)``);
    /// seen free, no grab of our replay stands any more.
    private func pointerHeld(by t: Tracked, at now: Instant) -> Bool {
        let held = server.pointerGrabbedByAnotherClient(device: t.device, serverTime: serverTime(at: now))
        if !held { rejections.grabFromOurReplay = false }
        return held
    }

    /// The server's time at `now` (the probe's grab is asked for an hour after it).
    private func serverTime(at now: Instant) -> XTime { XTime(truncatingIfNeeded: now.nanoseconds / 1_000_000) }
}
