/// The window switcher the hold tests share (profiles, the X seam, Xvfb): three fingers right
/// step forward (Tab), left back (Shift+Tab), one step per 30 px, Alt held throughout; and
/// the three fingers' landing points. The same gesture everywhere, so that each layer's test
/// speaks of the same keys.
public enum WindowSwitcher {
    /// The profile; `extra` adds keys to the gesture (hooks), one per line, unindented.
    public static func profile(adding extra: [String] = []) -> String {
        """
        version: 1
        profiles:
          - name: desktop
            match: any
            gestures:
              - name: switcher
                pan: { touches: 3, direction: right }
                hold: { keys: alt }
                repeat: { every: 30, action: { keys: Tab }, reverse: { keys: shift+Tab } }
        """ + extra.map { "\n        " + $0 }.joined()
    }

    public static let fingers: [(Int64, Double, Double)] = [(1, 800, 600), (2, 860, 590), (3, 920, 605)]
}
