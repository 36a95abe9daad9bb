import Foundation
import Testing
@testable import X11TestSupport

/// The settings application as a person and a screen reader use it (issue 33): on Xvfb with
/// openbox, a session bus and the accessibility bus, driven through AT-SPI by role and name;
/// what it did is read back from the file it wrote and from what it shows.
@Suite(.serialized) struct SettingsApplicationXvfbTests {
    /// A file the person wrote, with a mistake on line 10: the window shows it at its line and
    /// column as `tactus check` does, offers nothing to save, and leaves the file as it was.
    @Test func aFileWithAnErrorIsShownWithItsLineAndColumnAndNeverWritten() throws {
        let desk = try XvfbSession()
        defer { desk.tearDown() }
        let app = try SettingsApplicationSession(display: desk.display)
        defer { app.stop() }
        let text = """
            # my gestures
            version: 1
            settings:
              tap: { maxMovement: 12 }   # a little more room
            profiles:
              - name: desktop
                match: any
                gestures:
                  - name: next
                    swipe: { direction: sideways, touches: 3 }
                    action: { desktop: next }

            """
        try text.write(toFile: app.userFile, atomically: true, encoding: .utf8)
        try app.start()
        let errors = try app.drive("descendants", "list", "Errors in the file")
        #expect(errors.contains { $0.hasPrefix("Line 10, column ") && $0.contains("direction") }, "the errors listed: \(errors)\n\(app.tree())")
        // Moving a threshold changes nothing that can be saved: the file does not load.
        try app.select(page: "Thresholds")
        try app.setValue("slider", "Tap: Max movement", 20)
        #expect(try !app.states("push button", "Save").contains("sensitive"), "Save is offered for a file that does not load")
        try app.click("push button", "Save")
        #expect(try String(contentsOfFile: app.userFile, encoding: .utf8) == text, "the file is as the person wrote it")
        #expect(!FileManager.default.fileExists(atPath: app.userFile + "~"), "no backup: nothing was written")
        #expect(app.isRunning, "the application survives the file")
    }
}
