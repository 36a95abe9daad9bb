/// The profile used when no file exists: useful out of the box on a touchscreen and a
/// touchpad. `tactus check --print-default` prints it; copy it to
/// `~/.config/tactus/config.yaml` to start your own.
public let defaultProfileYAML = #"""
# Tactus built-in default profile (tactus check --print-default).
# Copy it to ~/.config/tactus/config.yaml and edit; `tactus check` validates it.
version: 1

settings:
  target: under-touch          # window actions go to the window under the gesture

profiles:
  - name: desktop
    match: any                 # the screen: everywhere, on top of window profiles
    gestures:
      # Three fingers sideways: switch desktops.
      - name: next-desktop
        swipe: { direction: left, touches: 3 }
        action: { desktop: next }
      - name: previous-desktop
        swipe: { direction: right, touches: 3 }
        action: { desktop: previous }
      # Three fingers up / down: maximize or restore / minimize the window under them.
      - name: maximize
        swipe: { direction: up, touches: 3 }
        action: { window: toggle-maximize }
      - name: minimize
        swipe: { direction: down, touches: 3 }
        action: { window: minimize }
      # Four fingers down: show the desktop.
      - name: show-desktop
        swipe: { direction: down, touches: 4 }
        action: { desktop: show }
      # Pinch with two fingers: zoom in and out (ctrl+plus / ctrl+minus).
      - name: zoom
        pinch: { touches: 2 }
        repeat: { every: 0.15, action: { keys: ctrl+plus }, reverse: { keys: ctrl+minus } }
      # Hold one finger still: right click where it is.
      - name: right-click
        longPress: { minimumDuration: 0.7 }
        action: { click: 3 }
      # Swipe in from the left or right edge of the screen: back / forward.
      - name: edge-back
        edgePan: { edges: [left] }
        action: { keys: alt+Left }
      - name: edge-forward
        edgePan: { edges: [right] }
        action: { keys: alt+Right }
    touchpad:
      # Touchpad: three fingers sideways switch desktops, up maximizes, down minimizes.
      - name: touchpad-next-desktop
        swipe: { fingers: 3, direction: left }
        action: { desktop: next }
      - name: touchpad-previous-desktop
        swipe: { fingers: 3, direction: right }
        action: { desktop: previous }
      - name: touchpad-maximize
        swipe: { fingers: 3, direction: up }
        action: { window: toggle-maximize }
      - name: touchpad-minimize
        swipe: { fingers: 3, direction: down }
        action: { window: minimize }
"""#
