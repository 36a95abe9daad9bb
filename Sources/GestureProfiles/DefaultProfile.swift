/// The profile used when no file exists: useful out of the box on a touchscreen and a
/// touchpad, and careful to take nothing that applications handle themselves (one- and
/// two-finger scrolling, pinch-zoom, taps). `tactus check --print-default` prints it; copy it
/// to `~/.config/tactus/config.yaml` to start your own. docs/deciding-under-x-ownership.md's "What the defaults
/// cost" measures what each gesture holds back from the applications.
public let defaultProfileYAML: String = withThresholds(defaultProfileTemplate)

/// The built-in profile as written, with a marker where the thresholds go.
private let defaultProfileTemplate = #"""
# Tactus built-in default profile (tactus check --print-default).
# Copy it to ~/.config/tactus/config.yaml and edit; `tactus check` validates it.
#
# It leaves applications that handle touch their own input: one- and two-finger scrolling,
# pinch-zoom and press-and-hold reach them untouched (browsers and viewers do these better
# than keys can). Only three- and four-finger swipes, and edge swipes in browsers, are taken.
# Programs that know nothing of touch get a touchscreen's conventions (the last profile).
version: 1

settings:
  target: under-touch          # window actions go to the window the fingers landed on
  # Every threshold, with its built-in value (uncomment a line to change it):
  #@thresholds

profiles:
  - name: desktop
    match: any                 # the screen: everywhere, on top of window profiles
    gestures:
      # Three fingers sideways: switch desktops. Desktop swipes are recognized on distance,
      # however slowly the fingers move. With a preview, the overlay shows where the action
      # goes while the fingers move, and the action fires when they lift past half of
      # settings.preview.distance; bring them back, or lift short, and nothing happens.
      # (fire: at-recognition instead fires as soon as the swipe is recognized.)
      - name: next-desktop
        swipe: { direction: left, touches: 3 }
        action: { desktop: next }
        preview: true
      - name: previous-desktop
        swipe: { direction: right, touches: 3 }
        action: { desktop: previous }
        preview: true
      # Three fingers up / down: maximize or restore / minimize the window under them.
      - name: maximize
        swipe: { direction: up, touches: 3 }
        action: { window: toggle-maximize }
        preview: true
      - name: minimize
        swipe: { direction: down, touches: 3 }
        action: { window: minimize }
        preview: true
      # Four fingers down: show the desktop.
      - name: show-desktop
        swipe: { direction: down, touches: 4 }
        action: { desktop: show }
        preview: true
      # No one-finger gesture: a finger held still belongs to the application (a spin
      # button's "+" repeats, a text field places its cursor, a map drags). To make a long
      # press a right click everywhere instead, uncomment this: it takes every press-and-hold
      # from the applications, and the click comes when the finger lifts.
      # - name: right-click
      #   longPress: { minimumDuration: 0.7 }
      #   on: { began: { click: 3 } }
    touchpad:
      # Touchpad: three fingers sideways switch desktops, up maximizes, down minimizes. With
      # a preview, once the swipe has a direction the overlay shows where the action goes as
      # far as the fingers have taken it (whole at settings.preview.touchpadDistance of the
      # driver's motion), and the action fires when they lift past half of it; bring them
      # back, lift short, or turn another way, and nothing happens. (Without preview, a
      # binding fires at the lift after any swipe its way of touchpad.swipeMinimumDistance.)
      - name: touchpad-next-desktop
        swipe: { fingers: 3, direction: left }
        action: { desktop: next }
        preview: true
      - name: touchpad-previous-desktop
        swipe: { fingers: 3, direction: right }
        action: { desktop: previous }
        preview: true
      - name: touchpad-maximize
        swipe: { fingers: 3, direction: up }
        action: { window: toggle-maximize }
        preview: true
      - name: touchpad-minimize
        swipe: { fingers: 3, direction: down }
        action: { window: minimize }
        preview: true

  # Browsers: swipe in from the window's left or right edge to go back or forward. Only
  # here, where alt+Left and alt+Right mean back and forward. Firefox as Debian starts it
  # takes no touches and scrolls 114 px per wheel notch (six lines): wheelNotch makes the
  # content follow a finger there (Chromium takes touches itself and never needs it).
  - name: browser
    match: { class: "/(?i)^(firefox.*|chromium.*|google-chrome.*|brave-browser.*|vivaldi.*|librewolf|epiphany|org.gnome.epiphany|falkon|midori)$/" }
    wheelNotch: 114
    gestures:
      - name: edge-back
        edgePan: { edges: [left] }
        action: { keys: alt+Left }
      - name: edge-forward
        edgePan: { edges: [right] }
        action: { keys: alt+Right }

  # xterm scrolls five lines per wheel notch (65 px in its default font): with wheelNotch,
  # a finger's drag moves its scrollback as far as the finger goes.
  - name: xterm
    match: { class: "/^U?XTerm$/" }
    wheelNotch: 65

  # Programs that do not handle touch: xterm, Tk, GTK 2, Java, Motif, Wine, Firefox as Debian
  # starts it (`tactus windows` shows 'mouse' under TOUCH). Without Tactus the X server makes
  # the first finger the left mouse button and drops the others: a drag selects text and
  # never scrolls, two fingers do what one does, nothing right-clicks. Over their windows,
  # whatever other profile they match, these gestures give them a touchscreen's conventions
  # (Windows's for programs written before touch). A tap is still a click and a double tap a
  # double click: no gesture here takes them. To leave one program as it was, give it a
  # profile with 'touch: own'; for one that takes touches but makes a mouse of them, 'touch: mouse'.
  - name: programs-without-touch
    match: { touch: mouse }
    gestures:
      # One finger dragged: the content follows it, a wheel step each time the finger has
      # gone as far as one notch scrolls the program (its profile's wheelNotch, else 50 px);
      # the program gets wheel steps where the finger is, never a button-1 drag. Flicked, it
      # goes on and slows down (kinetic) until the next touch.
      - name: drag-scrolls
        pan: { touches: 1 }
        scroll: { kinetic: true }
      # Two fingers dragged: the same, both ways.
      - name: two-finger-scroll
        pan: { touches: 2 }
        scroll: { kinetic: true }
      # A press held still: a ring shows. Lifted there, it is a right click at the lift, and
      # nothing else of it reaches the program; moved, it is a left-button drag (select text,
      # move an icon, drag a scroll bar's thumb).
      - name: hold-right-click-or-drag
        longPress: {}
        drag: { button: 1 }
        action: { click: 3 }
      # Two fingers tapped: a right click. Two fingers on such a program can mean nothing
      # it would take (it gets only the first, as the left button), so they are claimed as
      # soon as both are down (claim: on-landing), before the tap is known: a finger claimed
      # after its lift would leave the X server's button 1 down. A third finger landing still
      # makes a desktop swipe, a drag a scroll, a spread a zoom.
      - name: two-finger-right-click
        tap: { touches: 2 }
        claim: on-landing
        action: { click: 3 }
      # Two fingers held longer than a tap: a right click at the lift if they stayed still
      # (fire: if-still; moved, they scrolled or zoomed).
      - name: two-finger-press
        longPress: { touches: 2, minimumDuration: 0.06 }
        fire: if-still
        action: { click: 3 }
        simultaneousWith: [two-finger-scroll, pinch-zoom]
      # Two fingers spread or pinched: zoom in or out, as Ctrl and the wheel do.
      - name: pinch-zoom
        pinch: {}
        hold: { keys: ctrl }
        repeat: { every: 0.15, action: { scroll: up }, reverse: { scroll: down } }
"""#

/// `template` with the marker line replaced by every threshold `settings:` can set, as
/// comments (``SettingsCatalog``): the values come from the engine's configuration, so the
/// printed profile cannot disagree with what the program does.
private func withThresholds(_ template: String) -> String {
    template.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0 == "  #@thresholds" ? SettingsCatalog.commentedSettings() : String($0) }
        .joined(separator: "\n")
}
