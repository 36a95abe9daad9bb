import Testing
@testable import X11Session

/// Telling a Qt widgets program (touch selected, a mouse made of it) from the rest by the
/// libraries its process maps.
@Suite struct ProgramToolkitTests {
    static func maps(_ libraries: [String]) -> String {
        libraries.enumerated().map { i, lib in "7f00\(i)000-7f00\(i)fff r-xp 00000000 08:01 \(1000 + i)  /usr/lib/x86_64-linux-gnu/\(lib)" }.joined(separator: "\n")
    }

    @Test func qtWidgetsWithoutQuickMakesAMouseOfTouches() {
        #expect(ProgramToolkit.classify(maps: Self.maps(["libQt5Core.so.5.15.8", "libQt5Gui.so.5.15.8", "libQt5Widgets.so.5.15.8"])) == .qtWidgets)
        #expect(ProgramToolkit.classify(maps: Self.maps(["libQt6Core.so.6.4.2", "libQt6Widgets.so.6.4.2"])) == .qtWidgets)
    }

    @Test func quickGtkAndOthersAreLeftToThemselves() {
        // Qt Quick (alone, or in a widgets program through QQuickWidget) may take touches.
        #expect(ProgramToolkit.classify(maps: Self.maps(["libQt5Gui.so.5", "libQt5Quick.so.5"])) == nil)
        #expect(ProgramToolkit.classify(maps: Self.maps(["libQt5Widgets.so.5", "libQt5Quick.so.5", "libQt5QuickWidgets.so.5"])) == nil)
        #expect(ProgramToolkit.classify(maps: Self.maps(["libgtk-3.so.0", "libgdk-3.so.0"])) == nil)
        #expect(ProgramToolkit.classify(maps: "") == nil)
    }

    @Test func aProcessThatIsNotThereIsNone() {
        #expect(ProgramToolkit.of(pid: 0) == nil)
        #expect(ProgramToolkit.of(pid: Int32.max) == nil)
    }
}
