/// The complete example of config.md (with the pointer and touchpad keys of its second
/// example merged in): the file the validation and mutation tests start from, and the one
/// the X session tests match real windows against.
public let configExample = #"""
version: 1

settings:                       # optional; every threshold of semantics.md §8 can be set here
  pointer: { button: 3, modifiers: [] }
  tap:       { maxMovement: 10, maxDuration: 0.5, maxInterval: 0.35 }
  longPress: { minimumDuration: 0.5, allowableMovement: 10 }
  swipe:     { minimumDistance: 50, minimumVelocity: 200, maximumAngle: 30, maximumDuration: 0.8 }
  edgePan:   { zoneWidth: 16 }
  target: under-touch           # which window a gesture belongs to: under-touch | focused

profiles:
  - name: desktop               # match: any -> the screen view; applies everywhere
    match: any
    touchpad:
      - name: tp-next
        swipe: { fingers: 3, direction: left }
        action: { desktop: next }
      - name: tp-zoom
        pinch: { fingers: 2 }
        repeat: { every: 0.1, action: { keys: ctrl+plus }, reverse: { keys: ctrl+minus } }
    gestures:
      - name: next-desktop
        swipe: { direction: left, touches: 3 }
        action: { desktop: next }
      - name: previous-desktop
        swipe: { direction: right, touches: 3 }
        action: { desktop: previous }
      - name: zoom
        pinch: { touches: 2 }
        simultaneousWith: [turn]
        repeat: { every: 0.1, action: { keys: ctrl+plus }, reverse: { keys: ctrl+minus } }
      - name: turn
        rotation: {}
        on: { ended: { log: "rotated {degrees}" } }
      - name: right-click
        longPress: { minimumDuration: 0.6 }
        action: { click: 3 }
        cancelsTouchesInView: true

  - name: browser
    match: { class: firefox }   # WM_CLASS class (case-insensitive); also instance:, title: (regex), type:
    gestures:
      - name: double-tap
        tap: { taps: 2 }
        action: { window: toggle-maximize }
      - name: tap
        tap: {}
        requireToFail: [double-tap]
        action: { log: "single tap at {x},{y}" }
      - name: back
        edgePan: { edges: [left] }
        action: { keys: alt+Left }
    regions:
      - name: tab-strip
        frame: { left: 0, right: 0, top: 0, height: 40 }   # px from the window's edges
        gestures:
          - name: close-tab
            swipe: { direction: down, touches: 1 }
            action: { keys: ctrl+w }
      - name: home
        control: button
        frame: { left: 0, top: 40, width: 48, height: 48 }
        action: { keys: alt+Home }
      - name: volume
        control: slider
        axis: vertical
        frame: { right: 0, top: 100, bottom: 100, width: 32 }
        value: { min: 0, max: 100, initial: 50 }
        action: { command: [pactl, set-sink-volume, "@DEFAULT_SINK@", "{value}%"] }
"""#
