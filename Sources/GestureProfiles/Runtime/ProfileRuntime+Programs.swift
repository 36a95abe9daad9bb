import GestureEngine

/// Programs without touch (semantics.md §12): a `match: { touch: … }` profile is a layer of
/// screen gestures that see only the touches starting on a window whose program handles
/// touch that way. The window's own profile's gestures sit deeper and come first; its
/// `touch:` overrides what the server said.
extension ProfileRuntime {
    /// What the program of the window at `p` does with touches, and who says so (nil: no
    /// window there, the desktop).
    public func programTouch(at p: Point) -> (window: WindowInfo, verdict: ProgramTouchVerdict)? {
        guard let w = window(at: p) else { return nil }
        return (w, programTouch(for: w))
    }

    /// What a window's program does with touches, and who says so.
    public func programTouch(for w: WindowInfo) -> ProgramTouchVerdict {
        configuration.programTouch(for: w, on: monitors.monitor(for: w.frame))
    }

    /// Screen recognizers of a profile limited to a kind of program receive only the
    /// touchscreen's touches that start on a window of that kind (the window there when the
    /// touch starts): what the layer stands in for is the server's pointer emulation of a
    /// touchscreen, and a pointer trigger's drag is the mouse's own.
    func limit(_ recognizers: [GestureRecognizer], toPrograms kind: ProgramTouch) {
        for r in recognizers {
            r.shouldReceiveHook = { [unowned self] _, touch in
                touch.deviceKind == .touchscreen && self.programTouch(startingAt: touch) == kind
            }
        }
    }

    /// What the program under a touch's start does with touches, worked out once per touch
    /// (every recognizer of the layer asks as the touch lands).
    private func programTouch(startingAt touch: Touch) -> ProgramTouch? {
        // A touch's id may come again for a later touch: the landing time tells them apart.
        if let last = lastProgramTouch, last.touch == touch.id, last.began == touch.beganAt { return last.kind }
        let kind = programTouch(at: touch.initialLocation)?.verdict.touch
        lastProgramTouch = (touch.id, touch.beganAt, kind)
        return kind
    }
}
