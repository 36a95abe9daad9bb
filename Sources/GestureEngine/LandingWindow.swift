/// The client window the display server has under the point where a touch landed, found by
/// the input source as it decodes the touch (the X session asks the server, decorations
/// counting as their window; a trace does not say). The engine only carries it, so that what
/// acts on "the window the gesture was aimed at" reads data rather than asking the server
/// while gestures settle.
public enum LandingWindow: Hashable, Sendable {
    /// No client window there: the desktop, a panel, an unmanaged popup.
    case desktop
    /// The client window (its X id).
    case window(UInt64)
}

extension GestureRecognizer {
    /// The window most of its touches landed on, ties going to the earliest touch's; nil
    /// when the input source did not say for any of them (the caller then hit-tests the
    /// middle of where they landed, ``landingCentroid``). Fingers straddling two windows
    /// aim at the one that holds most of them.
    public final var landingWindow: LandingWindow? {
        var best: LandingWindow?
        var bestCount = 0
        for (i, touch) in touches.enumerated() {
            guard let window = touch.landedOn, window != best else { continue }
            var count = 0
            for other in touches[i...] where other.landedOn == window { count += 1 }
            if count > bestCount {
                best = window
                bestCount = count
            }
        }
        return best
    }
}
