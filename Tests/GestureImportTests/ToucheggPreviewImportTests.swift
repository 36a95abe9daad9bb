import Foundation
import GestureEngine
@testable import GestureImport
import GestureProfiles
import Testing

/// Touchégg's `<animate>true</animate>` on touchpad gestures. In Touchégg an animated action
/// (the window and desktop actions: animated-action.h) draws its animation as the gesture
/// goes, on touchpads and touchscreens alike, and runs at the gesture's end only when its
/// percentage reached `action_execute_threshold` (animated-action.cpp, onGestureEnd); a
/// touchpad swipe's percentage counts from the start threshold to the finish threshold of the
/// touchpad's size (libinput-handler.cpp), a pinch's linearly in the scale. The import makes
/// such touchpad bindings `preview: true`, as it does touchscreen gestures.
@Suite struct ToucheggPreviewImportTests {
    static let source = """
        <touchégg>
          <settings>
            <property name="action_execute_threshold">40</property>
          </settings>
          <application name="All">
            <gesture type="SWIPE" fingers="5" direction="UP">
              <action type="FULLSCREEN_WINDOW"><animate>true</animate></action>
            </gesture>
            <gesture type="SWIPE" fingers="5" direction="DOWN">
              <action type="MINIMIZE_WINDOW"><animate>false</animate></action>
            </gesture>
            <gesture type="SWIPE" fingers="5" direction="LEFT">
              <action type="CHANGE_DESKTOP"><direction>next</direction><animate>true</animate></action>
            </gesture>
            <gesture type="SWIPE" fingers="5" direction="RIGHT">
              <action type="SEND_KEYS"><keys>Control_L+Tab</keys><animate>true</animate></action>
            </gesture>
            <gesture type="PINCH" fingers="3" direction="IN">
              <action type="MAXIMIZE_RESTORE_WINDOW"><animate>true</animate></action>
            </gesture>
            <gesture type="PINCH" fingers="3" direction="OUT">
              <action type="MAXIMIZE_RESTORE_WINDOW"><animate>true</animate></action>
            </gesture>
            <gesture type="PINCH" fingers="4" direction="IN">
              <action type="SHOW_DESKTOP"><animate>true</animate></action>
            </gesture>
            <gesture type="PINCH" fingers="4" direction="OUT">
              <action type="SHOW_DESKTOP"><animate>false</animate></action>
            </gesture>
          </application>
        </touchégg>
        """

    func imported() throws -> Imported {
        let result = try GestureImporter.importFile(Array(Self.source.utf8), path: "/home/ana/.config/touchegg/touchegg.conf")
        let text = GestureImporter.profileText(result, sourceName: "touchegg.conf")
        let loaded = ProfileLoader.load(yaml: text, path: "imported.yaml")
        #expect(loaded.errors.isEmpty, "\(loaded.errors.map(\.description))\n\(text)")
        let file = try #require(loaded.file)
        return Imported(result: result, text: text, file: file, warnings: loaded.warnings)
    }

    @Test func animatedWindowAndDesktopActionsOnTouchpadsArePreviews() throws {
        let imported = try imported()
        func at(_ marker: String) -> Int { line(of: marker, in: Self.source) }
        let touchpad = imported.bindings.filter { $0.hasPrefix("all tp-") }
        #expect(touchpad == [
            "all tp-swipe-5-up: touchpad swipe 5 up -> window toggle-fullscreen [preview] @ \(at(#"fingers="5" direction="UP""#))",
            // <animate>false</animate>: Touchégg runs it at the end whatever the percentage.
            "all tp-swipe-5-down: touchpad swipe 5 down -> window minimize @ \(at(#"fingers="5" direction="DOWN""#))",
            "all tp-swipe-5-left: touchpad swipe 5 left -> desktop next [preview] @ \(at(#"fingers="5" direction="LEFT""#))",
            // Keys have no animation Tactus can draw.
            "all tp-swipe-5-right: touchpad swipe 5 right -> window raise; keys Control_L+Tab @ \(at(#"fingers="5" direction="RIGHT""#))",
            // The same animated action in and out: one binding for any pinch, previewed.
            "all tp-pinch-3: touchpad pinch 3 -> window toggle-maximize [preview] @ \(at(#"PINCH" fingers="3" direction="IN""#)), \(at(#"PINCH" fingers="3" direction="OUT""#))",
            // The same action, animated one way only: a binding for each way.
            "all tp-pinch-4-in: touchpad pinch 4 in -> desktop show [preview] @ \(at(#"PINCH" fingers="4" direction="IN""#))",
            "all tp-pinch-4-out: touchpad pinch 4 out -> desktop show @ \(at(#"PINCH" fingers="4" direction="OUT""#))",
        ])
        // The touchscreen gestures of the same lines are previewed alike.
        #expect(imported.bindings.contains("all swipe-5-up: swipe 5 up -> window toggle-fullscreen [preview] @ \(at(#"fingers="5" direction="UP""#))"))
        // action_execute_threshold 40 %: the commit point of both.
        #expect(imported.file.settings.gestures.preview.commit == 0.4)
        let bindings = imported.file.profiles[0].touchpad
        #expect(bindings.filter(\.preview).allSatisfy { $0.firesAtLift })
        #expect(bindings.filter { !$0.preview }.allSatisfy { $0.fire == nil }, "the others fire at the end, as Touchégg runs them")
        // Touchégg's whole touchpad swipe, as the import takes it, is the preview's whole: a
        // touchpad swipe commits at 40 % of it, where Touchégg does.
        #expect(ToucheggImporter.swipeTravel == GestureConfiguration.standard.preview.touchpadDistance)
        // Pinches: Touchégg's percentage is linear in the scale (closing: whole at 0, opening:
        // at 2), Tactus's in ratios; the header says where each commits.
        #expect(imported.header.contains("A previewed touchpad pinch commits at scale 0.76 closing and 1.32 opening, where Touchégg commits at 0.6 and 1.4"), "\(imported.header)")
        // The <animate> lines that made no preview (false, or on keys) are said.
        let unpreviewed = [at(#"MINIMIZE_WINDOW"#), at(#"SEND_KEYS"#), at(#"SHOW_DESKTOP"><animate>false"#)].map(String.init).joined(separator: ", ")
        #expect(imported.notes == ["animations (animate, color, borderColor, animationPosition, animation_delay) (touchegg.conf:\(unpreviewed)) because Tactus draws its previews (imported as preview: true where <animate> is not false on a swipe or pinch of a window or desktop action) in its own colour and at once"])
    }

    @Test func theImportedPreviewFiresWhereTouchéggWouldRunTheAction() throws {
        // The imported profile made live: a 5-finger swipe up of 190 px of the driver's motion
        // (38 % of Touchégg's whole) does nothing; one of 210 px (42 %) goes fullscreen.
        let imported = try imported()
        let sink = ActionLines()
        let session = GestureSession(configuration: imported.file, screen: Rect(x: 0, y: 0, width: 1920, height: 1080), clock: ManualClock())
        session.runtime.sink = sink
        var ms = 0.0
        func swipe(up: Double) {
            for (phase, dy) in [(TouchpadEvent.Phase.begin, 0.0), (.update, -up / 2), (.update, -up / 2), (.end, 0)] {
                ms += 10
                var e = TouchpadEvent(gesture: .swipe, phase: phase, fingers: 5)
                e.dy = dy
                session.handle(.touchpad(e), at: Instant(milliseconds: ms))
            }
        }
        swipe(up: 190)
        #expect(sink.lines.isEmpty)
        swipe(up: 210)
        #expect(sink.lines == ["tp-swipe-5-up ended: window toggle-fullscreen"])
    }
}
