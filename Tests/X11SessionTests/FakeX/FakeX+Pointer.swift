@testable import GestureEngine
@testable import X11Session

/// XTest input (a key goes down and up, motion moves the pointer), the devices, and the screen.
extension FakeX: InputInjection, InputDevices, ScreenLayout {
    func fakeKey(_ keycode: UInt8, pressed: Bool) {
        record("key \(keycode) \(pressed ? "down" : "up")")
        if pressed { down.insert(keycode) } else { down.remove(keycode) }
    }

    func fakeButton(_ button: UInt32, pressed: Bool) { record("button \(button) \(pressed ? "down" : "up")") }

    func fakeMotion(to point: Point) {
        record("motion \(Int(point.x.rounded())),\(Int(point.y.rounded()))")
        pointer = Point(x: point.x.rounded(), y: point.y.rounded())
    }

    func devices() -> [InputDevice] { devicesList }
    func transformationMatrix(device: Int32) -> [Double]? { nil }
    func pointerPosition() -> Point? { pointer }

    func screenSize() -> (width: Double, height: Double) { screen }
    func monitors() -> [XMonitor] { [] }
    func watchScreenChanges() {}
}
