import Testing
@testable import GestureEngine

/// semantics.md §7: controls take precedence over recognizers of their ancestors.
@Suite struct ControlPrecedenceTests {
    private struct Setup {
        let h = Harness()
        let win: View
        let control: View

        init(_ control: Control, frame: Rect = Rect(x: 100, y: 100, width: 200, height: 40)) {
            win = h.view("win", Rect(x: 0, y: 0, width: 800, height: 600))
            self.control = h.view("ctl", frame, in: win, control: control)
        }

        /// Actions fired by the control, with the value.
        var controlActions: [String] {
            h.recorder.observations.compactMap {
                guard case .action(let a) = $0, case .control = a.source else { return nil }
                return "ctl \(a.values.value.map { $0.compactDescription } ?? "-")"
            }
        }
    }

    @Test func buttonTakesTheOneFingerTapFromItsWindow() {
        let s = Setup(.button())
        s.win.addGestureRecognizer(TapGestureRecognizer(name: "winTap"))
        s.h.tap(1, 150, 120, at: 0)
        #expect(s.h.gestureLines == [
            "touch 1 claimed", "winTap possible->failed", "action ctl recognized", "winTap reset",
        ])
        #expect(s.h.deliveries(to: s.control) == ["touchesBegan 1", "touchesEnded 1"])
    }

    @Test func nonOverlappingGesturesStillReachTheWindow() {
        let s = Setup(.button())
        s.win.addGestureRecognizer(TapGestureRecognizer(name: "twoFinger", touches: 2))
        s.win.addGestureRecognizer(LongPressGestureRecognizer(name: "press"))
        s.h.down(1, 150, 120, at: 0); s.h.down(2, 200, 120, at: 20)
        s.h.up(1, 150, 120, at: 80); s.h.up(2, 200, 120, at: 90)
        s.h.drain()
        #expect(s.h.actions == ["action twoFinger recognized"])
        let t = Setup(.button())
        t.win.addGestureRecognizer(LongPressGestureRecognizer(name: "press"))
        t.h.tap(1, 150, 120, at: 0, holding: 700)
        #expect(t.h.actions == ["action press began", "action press ended"])
        #expect(t.controlActions == [])  // the press cancelled the button's touch
    }

    @Test func recognizerOnTheControlItselfOverridesTheDefault() {
        let s = Setup(.button())
        s.control.addGestureRecognizer(TapGestureRecognizer(name: "own"))
        s.h.tap(1, 150, 120, at: 0)
        #expect(s.h.actions == ["action own recognized"])
        #expect(s.h.deliveries(to: s.control) == ["touchesBegan 1", "touchesCancelled 1"])
    }

    @Test func switchTapTogglesAndDragSetsAlongTheAxisOnly() {
        let s = Setup(.toggle())
        s.win.addGestureRecognizer(TapGestureRecognizer(name: "winTap"))
        s.win.addGestureRecognizer(PanGestureRecognizer(name: "winPan"))
        s.h.tap(1, 150, 120, at: 0)                 // toggles on
        s.h.tap(2, 150, 120, at: 1000)              // toggles off
        // Drag the knob (left half while off) to the right: the window's pan yields, the switch is on.
        s.h.drag(3, from: Point(130, 120), to: Point(280, 120), start: 2000, duration: 200)
        #expect(s.controlActions == ["ctl 1", "ctl 0", "ctl 1"])
        #expect(!s.h.actions.contains("action winPan began"))
        // A vertical drag from the knob is not the switch's gesture: the window's pan takes it.
        s.h.drag(4, from: Point(250, 120), to: Point(250, 300), start: 3000, duration: 200)
        #expect(s.h.actions.contains("action winPan began"))
        #expect(s.controlActions == ["ctl 1", "ctl 0", "ctl 1"])
    }

    @Test func stepperTapsOnEitherHalf() {
        let s = Setup(.stepper(minimum: 0, maximum: 3, value: 1))
        s.win.addGestureRecognizer(TapGestureRecognizer(name: "winTap"))
        s.h.tap(1, 250, 120, at: 0)     // plus half
        s.h.tap(2, 250, 120, at: 1000)
        s.h.tap(3, 250, 120, at: 2000)  // already at the maximum: no change, no action
        s.h.tap(4, 120, 120, at: 3000)  // minus half
        #expect(s.controlActions == ["ctl 2", "ctl 3", "ctl 2"])
        #expect(!s.h.actions.contains("action winTap recognized"))
    }

    @Test func segmentedSelectsTheSegmentUnderTheFinger() {
        let s = Setup(.segmented(4))
        s.win.addGestureRecognizer(TapGestureRecognizer(name: "winTap"))
        s.h.tap(1, 260, 120, at: 0)     // 4 segments of 50 px from x = 100: segment 3
        s.h.tap(2, 149, 120, at: 1000)  // segment 0
        #expect(s.controlActions == ["ctl 3", "ctl 0"])
    }

    @Test func pageMovesOnePageTowardsTheTap() {
        let s = Setup(.page(5, current: 2))
        s.win.addGestureRecognizer(TapGestureRecognizer(name: "winTap"))
        s.h.tap(1, 290, 120, at: 0)     // right of the current dot
        s.h.tap(2, 110, 120, at: 1000)  // left of it
        s.h.tap(3, 110, 120, at: 2000)
        #expect(s.controlActions == ["ctl 3", "ctl 2", "ctl 1"])
    }

    @Test func sliderThumbDragBeatsTheWindowsPanAndSwipe() {
        let s = Setup(.slider(minimum: 0, maximum: 100, value: 50))  // thumb centred at x = 200
        s.win.addGestureRecognizer(PanGestureRecognizer(name: "winPan"))
        s.win.addGestureRecognizer(SwipeGestureRecognizer(name: "winSwipe", directions: [.left, .right]))
        s.h.drag(1, from: Point(200, 120), to: Point(250, 120), start: 0, duration: 100, steps: 5)
        #expect(!s.h.actions.contains { $0.hasPrefix("action win") })
        #expect(s.controlActions == ["ctl 55", "ctl 60", "ctl 65", "ctl 70", "ctl 75"])
        #expect(s.control.control?.value == 75)
    }

    @Test func sliderDragOffTheThumbOrAcrossTheAxisGoesToTheWindow() {
        let s = Setup(.slider(minimum: 0, maximum: 100, value: 50))
        s.win.addGestureRecognizer(PanGestureRecognizer(name: "winPan"))
        s.h.drag(1, from: Point(120, 120), to: Point(180, 120), start: 0, duration: 200)  // off the thumb
        s.h.drag(2, from: Point(200, 110), to: Point(205, 300), start: 1000, duration: 200)  // across
        #expect(s.h.actions.filter { $0 == "action winPan began" }.count == 2)
        #expect(s.controlActions == [])
    }

    @Test func verticalSliderRunsFromBottomToTop() {
        let s = Setup(.slider(minimum: 0, maximum: 10, value: 0, axis: .vertical), frame: Rect(x: 100, y: 100, width: 40, height: 200))
        s.h.drag(1, from: Point(120, 295), to: Point(120, 195), start: 0, duration: 100, steps: 1)
        #expect(s.controlActions == ["ctl 5"])
    }
}
