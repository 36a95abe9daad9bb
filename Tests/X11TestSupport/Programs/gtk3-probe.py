#!/usr/bin/python3
# gtk3-probe: a small GTK 3 program for the X integration tests that compare what an
# application does with and without Tactus (CompareXorgTests). It shows one kind of widget
# and prints, one line each, unbuffered:
#   ready X Y WIDTH HEIGHT     the widget's allocation in root coordinates, once drawn
#   value V                    the widget's value changed (the list's vertical scroll
#                              offset, the spin button's value)
#   touch begin|update|end T X Y   a touch event as GTK received it: its X server time, where
#   button-press|button-release B T
#   settled V                  nothing has moved for 300 ms since the last touch end or
#                              button release: V is where the value came to rest (the
#                              kinetic scrolling of a flick has stopped)
# Usage: gtk3-probe.py list|spin
#   list  a GtkListBox of 3000 rows in a GtkScrolledWindow (kinetic scrolling for touch)
#   spin  a GtkSpinButton from 0 to 10000, step 0.5, climb rate 1
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

QUIET_MS = 300


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Probe:
    def __init__(self, kind):
        self.window = Gtk.Window(title=f"gtk3-probe {kind}")
        self.window.connect("destroy", Gtk.main_quit)
        self.lifted = False
        self.quiet = None
        if kind == "list":
            self.window.set_default_size(400, 600)
            scrolled = Gtk.ScrolledWindow()
            scrolled.set_policy(Gtk.PolicyType.NEVER, Gtk.PolicyType.ALWAYS)
            rows = Gtk.ListBox()
            for i in range(3000):
                rows.add(Gtk.Label(label=f"row {i}", xalign=0))
            scrolled.add(rows)
            self.window.add(scrolled)
            self.widget = scrolled
            self.adjustment = scrolled.get_vadjustment()
        elif kind == "spin":
            self.window.set_default_size(300, 80)
            adjustment = Gtk.Adjustment(value=0, lower=0, upper=10000, step_increment=0.5, page_increment=10)
            spin = Gtk.SpinButton(adjustment=adjustment, climb_rate=1, digits=1)
            box = Gtk.Box(margin=20)
            box.pack_start(spin, False, False, 0)
            self.window.add(box)
            self.widget = spin
            self.adjustment = adjustment
        else:
            raise SystemExit(f"unknown kind {kind}")
        self.adjustment.connect("value-changed", self.changed)
        # Every event GDK reads, before GTK dispatches it (a widget that handles an event
        # would hide it from a signal handler on the window).
        Gdk.event_handler_set(self.event)
        self.window.connect("map-event", self.mapped)
        self.window.show_all()

    def mapped(self, *_):
        # Ready once a frame has been painted after the map.
        clock = self.window.get_frame_clock()
        self.painted = clock.connect("after-paint", self.first_paint)
        clock.request_phase(Gdk.FrameClockPhase.PAINT)
        return False

    def first_paint(self, clock):
        clock.disconnect(self.painted)
        GLib.idle_add(self.ready)

    def ready(self):
        _, ox, oy = self.window.get_window().get_origin()
        x, y = self.widget.translate_coordinates(self.window, 0, 0)
        a = self.widget.get_allocation()
        say(f"ready {ox + x} {oy + y} {a.width} {a.height}")
        return False

    def event(self, event):
        self.note(event)
        Gtk.main_do_event(event)

    def note(self, event):
        t = event.get_event_type()
        names = {Gdk.EventType.TOUCH_BEGIN: "touch begin", Gdk.EventType.TOUCH_UPDATE: "touch update",
                 Gdk.EventType.TOUCH_END: "touch end", Gdk.EventType.TOUCH_CANCEL: "touch cancel"}
        if t in names:
            _, x, y = event.get_root_coords()
            say(f"{names[t]} {event.get_time()} {x:g} {y:g}")
            if t in (Gdk.EventType.TOUCH_END, Gdk.EventType.TOUCH_CANCEL):
                self.lifted = True
                self.restart_quiet()
        elif t in (Gdk.EventType.BUTTON_PRESS, Gdk.EventType.BUTTON_RELEASE):
            _, button = event.get_button()
            say(f"{'button-press' if t == Gdk.EventType.BUTTON_PRESS else 'button-release'} {button} {event.get_time()}")
            if t == Gdk.EventType.BUTTON_RELEASE:
                self.lifted = True
                self.restart_quiet()

    def changed(self, adjustment):
        say(f"value {adjustment.get_value():g}")
        if self.lifted:
            self.restart_quiet()

    def restart_quiet(self):
        if self.quiet is not None:
            GLib.source_remove(self.quiet)
        # Below the frame clock's priority: a loop that ran late paints its due frame (and
        # moves the value) before it can call the value settled.
        self.quiet = GLib.timeout_add(QUIET_MS, self.settled, priority=GLib.PRIORITY_LOW)

    def settled(self):
        self.quiet = None
        say(f"settled {self.adjustment.get_value():g}")
        return False


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: gtk3-probe.py list|spin")
    Probe(sys.argv[1])
    Gtk.main()
