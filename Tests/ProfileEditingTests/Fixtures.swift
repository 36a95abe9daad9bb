/// Files as people write them: comments everywhere, indentation of their own, flow and block
/// styles mixed.
enum Fixtures {
    static let handWritten = """
        # My touch screen.
        #   Last changed after the new laptop.
        version: 1

        settings:   # thresholds
          tap:       { maxMovement: 10, maxDuration: 0.5 }   # fat fingers
          longPress:
              minimumDuration: 0.5      # four spaces here, on purpose
              allowableMovement: 10
          target: under-touch
          feedback:
            touches: true
            actions: false   # no arrows

        # The profiles, first match wins.
        profiles:
          - name: desktop               # everywhere
            match: any
            gestures:
              # desktops
              - name: next-desktop
                swipe: { direction: left, touches: 3 }
                action: { desktop: next }

              - name: previous-desktop
                swipe: { direction: right, touches: 3 }
                action:
                  desktop: previous     # block style action

              - name: right-click
                longPress: { minimumDuration: 0.6 }
                action: { click: 3 }
                requireToFail: [previous-desktop]

          - name: browser
            match: { class: firefox }   # WM_CLASS
            gestures: [ { name: close-tab, swipe: { direction: down, touches: 1 }, action: { keys: ctrl+w } } ]
        # trailing comment
        """

    /// Indentless lists, four-space mappings, no settings, no final line break.
    static let indentless = """
        version: 1
        profiles:
        - name: desktop
          match: any
          gestures:
          - name: tap-log
            tap: {}
            action: { log: "tap at {x},{y}" }   # for testing
          - name: zoom
            pinch: { touches: 2 }
            repeat: { every: 0.1, action: { keys: ctrl+plus }, reverse: { keys: ctrl+minus } }
        - name: terminal
          match:
            class: /^(xterm|urxvt)$/
          gestures:
          - name: paste
            tap: { taps: 2, touches: 2 }
            action: { keys: ctrl+shift+v }
        """
}
