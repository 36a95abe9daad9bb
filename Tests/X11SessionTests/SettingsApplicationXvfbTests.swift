import Foundation
import Testing
@testable import GestureEngine
@testable import X11Session
@testable import X11TestSupport

/// The settings application as a person and a screen reader use it (issue 33): on Xvfb with
/// openbox, a session bus and the accessibility bus, driven through AT-SPI by role and name;
/// what it did is read back from the file it wrote and from what it shows.
@Suite(.serialized) struct SettingsApplicationXvfbTests {
    /// A file the person wrote, with a mistake on line 10: the window shows it at its line and
    /// column as `tactus check` does, offers nothing to save, and leaves the file as it was.
    @Test func aFileWithAnErrorIsShownWithItsLineAndColumnAndNeverWritten() throws {
        let (desk, app) = try Self.session(file: nil)
        defer { app.stop(); desk.tearDown() }
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
        #expect(!FileManager.default.fileExists(atPath: app.userFile + ".bak"), "no backup: nothing was written")
        #expect(app.isRunning, "the application survives the file")
    }
}

extension SettingsApplicationXvfbTests {
    /// A file the person wrote, comments and odd spacing included.
    static let handWritten = """
        # Tactus, my laptop.   (kept as I wrote it)
        version: 1

        settings:
          tap:   { maxMovement: 12,  maxDuration: 0.5 }    # a little more room
          feedback: false

        profiles:
          # everywhere
          - name: desktop
            match: any
            gestures:
              - name: next
                swipe: { direction: left, touches: 3 }
                action: { desktop: next }   # three fingers left

        """

    /// Xvfb with openbox, and the settings application's session on it (not started), with
    /// `file` as the person's profile file when given.
    static func session(file: String?) throws -> (XvfbSession, SettingsApplicationSession) {
        let desk = try XvfbSession()
        do {
            let app = try SettingsApplicationSession(display: desk.display)
            if let file { try file.write(toFile: app.userFile, atomically: true, encoding: .utf8) }
            return (desk, app)
        } catch {
            desk.tearDown()
            throw error
        }
    }

    /// Starts the daemon on the session's display with the user's file, where the settings
    /// window finds it (the same runtime folder: its monitor socket).
    static func startDaemon(_ desk: XvfbSession, _ app: SettingsApplicationSession) throws -> Child {
        try desk.launchDaemon(["--config", app.userFile, "--log", "json", "--verbose"], environment: ["HOME=\(app.home)"], runtime: "\(app.home)/runtime")
    }

    /// A threshold moved with its slider and saved: the file differs from the person's in
    /// that one value, comments and spacing kept everywhere else; the previous version is
    /// beside it; the running daemon reloads it.
    @Test func aThresholdMovedWithItsSliderIsSavedAsOneChangedValue() throws {
        let (desk, app) = try Self.session(file: Self.handWritten)
        defer { app.stop(); desk.tearDown() }
        let daemon = try Self.startDaemon(desk, app)
        try app.start()
        try app.select(page: "Thresholds")
        try app.setValue("slider", "Tap: Max movement", 16)
        #expect(try app.states("push button", "Save").contains("sensitive"), "Save is offered once a threshold moved")
        try app.click("push button", "Save")
        #expect(daemon.output!.wait(timeout: 10) { $0.contains("configuration reloaded") } != nil, "the daemon reloads the saved file: \(daemon.output!.lines.suffix(5))")
        let saved = try String(contentsOfFile: app.userFile, encoding: .utf8)
        let before = Self.handWritten.split(separator: "\n", omittingEmptySubsequences: false)
        let after = saved.split(separator: "\n", omittingEmptySubsequences: false)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(before.count == after.count && changed.count == 1, "one line changed:\n\(saved)")
        #expect(changed.first?.1 == "  tap:   { maxMovement: 16,  maxDuration: 0.5 }    # a little more room", "the tap line: \(changed)")
        #expect(try String(contentsOfFile: app.userFile + ".bak", encoding: .utf8) == Self.handWritten, "the previous version is kept beside the file")
        #expect(app.isRunning)
    }

    /// An application added by choosing its window among the open ones: a page of its own
    /// with its name, and once saved, the running daemon gives the window that profile.
    @Test func anApplicationIsAddedByChoosingItsOpenWindow() throws {
        let (desk, app) = try Self.session(file: Self.handWritten)
        defer { app.stop(); desk.tearDown() }
        let daemon = try Self.startDaemon(desk, app)
        let window = try desk.openWindow(class: "Mousepad", title: "notes.txt - Mousepad")
        try app.start()
        try app.click("push button", "Add application…")
        try app.click("push button", "Mousepad — notes.txt - Mousepad")
        _ = try app.find("label", "Mousepad")
        try app.click("push button", "Save")
        #expect(daemon.output!.wait(timeout: 10) { $0.contains("configuration reloaded") } != nil)
        let listed = try desk.tactus(["windows"], runtime: "\(app.home)/runtime", environment: ["HOME=\(app.home)"])
        let row = listed.lines.first { $0.hasPrefix(desk.hex(window)) }
        #expect(row?.contains(" Mousepad ") == true && row?.split(separator: " ").contains { $0.lowercased() == "mousepad" } == true, "tactus windows: \(listed.lines)")
        let saved = try String(contentsOfFile: app.userFile, encoding: .utf8)
        #expect(saved.hasPrefix(Self.handWritten.trimmingCharacters(in: .newlines)), "the person's text comes first, unchanged:\n\(saved)")
        #expect(saved.contains("class: Mousepad") || saved.contains("class: mousepad"), "the new profile matches the window's class:\n\(saved)")
    }

    /// An application added by clicking on its window with the crosshair.
    @Test func anApplicationIsAddedByClickingOnItsWindow() throws {
        let (desk, app) = try Self.session(file: Self.handWritten)
        defer { app.stop(); desk.tearDown() }
        _ = try desk.openWindow(class: "XTerm", title: "user@host: ~", geometry: "300x200+900+500")
        try app.start()
        try app.click("push button", "Add application…")
        try app.click("push button", "Pick a window")
        // The crosshair's grab is taken on the application's own connection: wait for it.
        #expect(desk.poll(timeout: 10) { desk.server.pointerGrabbedByAnotherClient(device: 2, serverTime: desk.server.serverTime()) }, "the picker grabs the pointer")
        desk.pointerClick(button: 1, at: Point(x: 1000, y: 600))
        _ = try app.find("label", "XTerm")
        #expect(try app.names("label").contains("XTerm"), "a page for XTerm: \(app.tree())")
    }
}

extension SettingsApplicationXvfbTests {
    /// Without a daemon the window says so and offers to start it through the user unit: the
    /// button runs `systemctl --user start tactus.service` (here a stand-in that starts the
    /// real daemon as systemd would, and notes what it was asked), and the window then says
    /// it runs.
    @Test func withoutTheDaemonTheWindowOffersToStartItThroughTheUserUnit() throws {
        let (desk, app) = try Self.session(file: Self.handWritten)
        defer { app.stop(); desk.tearDown() }
        let bin = "\(app.home)/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try """
            #!/bin/sh
            echo "$@" >> "$HOME/systemctl.log"
            [ "$*" = "--user start tactus.service" ] || exit 1
            "\(desk.tactusBinary)" run > "$HOME/daemon.log" 2>&1 &
            echo $! > "$HOME/daemon.pid"
            exit 0
            """.write(toFile: "\(bin)/systemctl", atomically: true, encoding: .utf8)
        chmod("\(bin)/systemctl", 0o755)
        app.programs = bin
        defer {
            if let pid = (try? String(contentsOfFile: "\(app.home)/daemon.pid", encoding: .utf8)).flatMap({ pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
                kill(pid, SIGTERM)
            }
        }
        try app.start()
        _ = try app.find("label", "Tactus is not running: gestures do nothing until it starts.")
        try app.click("push button", "Start Tactus")
        _ = try app.find("label", "Tactus is running: what you save takes effect at once.")
        #expect(try String(contentsOfFile: "\(app.home)/systemctl.log", encoding: .utf8) == "--user start tactus.service\n")
    }

    /// Conflicts are shown before anything is saved: a two-finger pan in a window whose program
    /// scrolls with two fingers itself, and a key the keyboard's layout cannot type.
    @Test func conflictsAreShownBeforeSaving() throws {
        let (desk, app) = try Self.session(file: nil)
        defer { app.stop(); desk.tearDown() }
        _ = try desk.openWindow(class: "firefox", title: "Page — Mozilla Firefox", touch: true)
        try """
            version: 1
            profiles:
              - name: browser
                match: { class: firefox }
                gestures:
                  - name: two-finger-pan
                    pan: { touches: 2 }
                    action: { keys: ctrl+Tab }
                  - name: korean
                    swipe: { direction: down, touches: 3 }
                    action: { keys: Greek_alpha }

            """.write(toFile: app.userFile, atomically: true, encoding: .utf8)
        try app.start()
        let listed = try app.drive("descendants", "list", "Conflicts")
        #expect(listed.contains { $0.contains("two-finger-pan") || $0.lowercased().contains("two fingers") }, "the pan's conflict: \(listed)")
        #expect(listed.contains { $0.contains("α") || $0.contains("Greek_alpha") || $0.contains("alpha") }, "the key the layout lacks: \(listed)")
    }
}

extension SettingsApplicationXvfbTests {
    /// The gestures of Touchégg imported from where Touchégg keeps them: a page for their
    /// profile, and once saved the file loads with them after the person's own.
    @Test func touchEggsGesturesAreImportedFromWhereItKeepsThem() throws {
        let (desk, app) = try Self.session(file: Self.handWritten)
        defer { app.stop(); desk.tearDown() }
        try FileManager.default.createDirectory(atPath: "\(app.home)/.config/touchegg", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("Tests/GestureImportTests/Fixtures/touchegg-default-like.conf").path,
                                         toPath: "\(app.home)/.config/touchegg/touchegg.conf")
        try app.start()
        try app.click("push button", "Import…")
        try app.click("push button", "Import from Touchégg (~/.config/touchegg/touchegg.conf)")
        // Touchégg's `all` applies everywhere: its gestures join the Everywhere page.
        _ = try app.find("label", "Three fingers swipe up on the touchpad")
        _ = try app.find("label", "~/.config/tactus/config.yaml — unsaved changes")
        try app.click("push button", "Save")
        // Saved: the line under the header names the file alone again.
        _ = try app.find("label", "~/.config/tactus/config.yaml")
        let saved = try String(contentsOfFile: app.userFile, encoding: .utf8)
        #expect(saved.hasPrefix(Self.handWritten), "the person's text first, unchanged")
        #expect(saved.contains("- name: all") && saved.contains("# from touchegg.conf:15"), "\(saved)\n\((try? app.texts("label").prefix(3)) ?? [])")
        let check = try desk.tactus(["check", app.userFile])
        #expect(check.status == 0, "\(check.lines)")
    }

    /// The README's pictures of the settings window, taken here so they show what it shows
    /// now (docs/settings-*.png): the gestures everywhere, an application's, the thresholds,
    /// a file with a mistake. Each is the window's frame on a 1280×800 Xvfb with openbox.
    @Test func screenshotsOfTheMainViews() throws {
        let (desk, app) = try Self.session(file: nil)
        defer { app.stop(); desk.tearDown() }
        let example = try String(contentsOf: repositoryRoot.appendingPathComponent("packaging/examples/touchscreen-laptop.yaml"), encoding: .utf8)
        try example.write(toFile: app.userFile, atomically: true, encoding: .utf8)
        try app.start()
        let tracker = WindowTracker(server: desk.server)
        let window = try #require(tracker.clients().first { $0.title == "Tactus Settings" }, "the settings window is managed")
        let scratch = "\(app.home)/shot.xwd"
        func shoot(_ name: String) throws {
            let frame = try #require(tracker.info(XWindowID(window.id))?.frame)
            let shot = try Screenshot.take(display: desk.display, file: scratch)
            let cut = (Int(frame.x), Int(frame.y), Int(frame.width), Int(frame.height))
            try shot.savePNG(repositoryRoot.appendingPathComponent("docs/settings-\(name).png").path, cut: cut)
            // A picture of something: the window's pixels are not one colour.
            var colours = Set<String>()
            for y in stride(from: frame.y + 10, to: frame.y + frame.height - 10, by: 7) {
                for x in stride(from: frame.x + 10, to: frame.x + frame.width - 10, by: 7) { colours.insert(shot.color(x, y).description) }
            }
            #expect(colours.count > 8, "\(name): \(colours.count) colours")
        }
        _ = try app.find("list item", "Three fingers slide left: Next desktop")
        try shoot("everywhere")
        try app.select(page: try #require(try app.texts("label").first { $0.hasPrefix("Firefox") }, "a page for the browsers"))
        _ = try app.find("list item", "Swipe in from the left edge: Alt+Left")
        try shoot("application")
        try app.select(page: "Thresholds")
        _ = try app.find("slider", "Tap: Max movement")
        try shoot("thresholds")
    }
}

extension SettingsApplicationXvfbTests {
    /// Closing the window with a change not saved asks first; "Save" saves it and closes.
    @Test func closingWithUnsavedChangesAsksAndSaves() throws {
        let (desk, app) = try Self.session(file: Self.handWritten)
        defer { app.stop(); desk.tearDown() }
        try app.start()
        try app.select(page: "Thresholds")
        try app.setValue("slider", "Tap: Max movement", 18)
        _ = try app.find("label", "~/.config/tactus/config.yaml — unsaved changes")
        try app.click("push button", "Close")
        _ = try app.find("label", "Save your changes to ~/.config/tactus/config.yaml before closing?")
        #expect(app.isRunning, "the window stays until the person answers")
        try app.click("push button", "Save and close")
        #expect(app.waitForExit() == 0, "the application ends once saved")
        #expect(try String(contentsOfFile: app.userFile, encoding: .utf8).contains("{ maxMovement: 18,  maxDuration: 0.5 }"))
    }
}
