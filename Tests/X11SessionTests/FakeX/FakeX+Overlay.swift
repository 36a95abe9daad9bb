@testable import X11Session

/// The feedback overlay's window: what it shows, and its requests in the server's log.
extension FakeX: OverlayWindows {
    func makeOverlay() -> OverlaySurface? {
        record("make overlay")
        return Overlay(server: self)
    }

    final class Overlay: OverlaySurface {
        let server: FakeX

        init(server: FakeX) { self.server = server }

        func show(_ shapes: [OverlayShape], opacity: Double) {
            server.overlayShapes = shapes
            server.record("show overlay \(shapes.count) \(Int((opacity * 100).rounded()))%")
        }

        func hide() {
            server.overlayShapes = []
            server.record("hide overlay")
        }

        func close() {
            server.overlayShapes = []
            server.record("close overlay")
        }
    }
}
