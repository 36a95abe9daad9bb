import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// `scroll:` steps at the X seam: which wheel button, where the pointer goes, and that it
/// comes back, and that the step leaves the connection's buffer (the fake server's pointer,
/// which XTest motion moves).
@Suite struct WheelScrollerTests {
    @Test func eachDirectionIsItsWheelButton() {
        #expect(ScrollDirection.allCases.map(WheelScroller.button(for:)) == [4, 5, 6, 7])
    }

    @Test func theStepHappensOverTheGestureAndThePointerComesBack() {
        let x = FakeX()
        x.pointer = Point(x: 900, y: 40)
        WheelScroller(server: x).scroll(.down, at: Point(x: 350.4, y: 420.6))
        #expect(x.log == ["motion 350,421", "button 5 down", "button 5 up", "motion 900,40"])
        #expect(x.unflushed.isEmpty, "flushed after the pointer came back")
        #expect(x.pointer == Point(x: 900, y: 40))
    }

    @Test func aPointerAlreadyThereIsNotMoved() {
        let x = FakeX()
        x.pointer = Point(x: 10, y: 20)
        WheelScroller(server: x).scroll(.left, at: Point(x: 10.2, y: 19.8))
        #expect(x.log == ["button 6 down", "button 6 up"])
        #expect(x.unflushed.isEmpty)
    }
}
