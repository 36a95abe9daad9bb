import Testing
@testable import GestureEngine
@testable import GestureProfiles
@testable import X11Session

/// `scroll:` steps at the X seam: which wheel button, where the pointer goes, and that it
/// comes back (a fake pointer that XTest motion moves).
@Suite struct WheelScrollerTests {
    final class FakePointer: WheelScroller.Server {
        var calls: [String] = []
        var position = Point(x: 900, y: 40)
        func flush() { calls.append("flush") }
        func sync() {}
        func devices() -> [InputDevice] { [] }
        func transformationMatrix(device: Int32) -> [Double]? { nil }
        func pointerPosition() -> Point? { position }
        func fakeKey(_ keycode: UInt8, pressed: Bool) { calls.append("key \(keycode)") }
        func fakeButton(_ button: UInt32, pressed: Bool) { calls.append("button \(button) \(pressed ? "down" : "up")") }
        func fakeMotion(to point: Point) {
            position = point
            calls.append("motion \(Int(point.x)),\(Int(point.y))")
        }
    }

    @Test func eachDirectionIsItsWheelButton() {
        #expect(ScrollDirection.allCases.map(WheelScroller.button(for:)) == [4, 5, 6, 7])
    }

    @Test func theStepHappensOverTheGestureAndThePointerComesBack() {
        let fake = FakePointer()
        WheelScroller(server: fake).scroll(.down, at: Point(x: 350.4, y: 420.6))
        #expect(fake.calls == ["motion 350,421", "button 5 down", "button 5 up", "motion 900,40", "flush"])
        #expect(fake.position == Point(x: 900, y: 40))
    }

    @Test func aPointerAlreadyThereIsNotMoved() {
        let fake = FakePointer()
        fake.position = Point(x: 10, y: 20)
        WheelScroller(server: fake).scroll(.left, at: Point(x: 10.2, y: 19.8))
        #expect(fake.calls == ["button 6 down", "button 6 up", "flush"])
    }
}
