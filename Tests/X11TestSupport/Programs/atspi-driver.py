#!/usr/bin/python3
"""Drives an application as a screen reader sees it, through AT-SPI: by role and name.

    atspi-driver.py APPLICATION COMMAND [ARGUMENTS...]

COMMAND (each waits up to 10 s for what it names to appear, then fails with exit status 1):
    tree                          prints every object: depth, role, name (and value, text)
    find ROLE NAME                prints the object's role and name when it is there
    absent ROLE NAME              succeeds when no such object is there (waits for it to go)
    click ROLE NAME               performs the object's first action (a button's click)
    select PAGE                   selects the sidebar row whose label is PAGE
    states ROLE NAME              prints the object's states (sensitive, checked…), one a line
    value ROLE NAME               prints the object's current value
    set-value ROLE NAME NUMBER    sets the object's value (a slider), prints it back
    names ROLE                    prints the names of every object of ROLE, one a line
    texts ROLE                    prints the text of every object of ROLE, one a line
    descendants ROLE NAME         prints the names of the object's descendants, one a line

Debian's pyatspi runs under /usr/bin/python3 only. The application is found by its name
on the accessibility bus of DBUS_SESSION_BUS_ADDRESS.
"""
import re
import subprocess
import sys
import time

import pyatspi

TIMEOUT = 10.0


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def application(name):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == name:
                return app
        time.sleep(0.05)
    fail(f"no application '{name}' on the accessibility bus")


def walk(obj, depth=0):
    yield depth, obj
    if depth > 40:
        return
    try:
        children = [c for c in obj if c is not None]
    except Exception:
        # An object going away while it is read (a dialog closing): it has no children now.
        return
    for child in children:
        yield from walk(child, depth + 1)


def showing(obj):
    try:
        states = obj.getState()
        return states.contains(pyatspi.STATE_SHOWING) or states.contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def matching(app, role, name):
    found = []
    for _, o in walk(app):
        try:
            if o.getRoleName() == role and (name is None or o.name == name):
                found.append(o)
        except Exception:
            continue
    return found


def wait_for(app_name, role, name):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = [o for o in matching(application(app_name), role, name) if showing(o)]
        if found:
            return found[0]
        time.sleep(0.05)
    fail(f"no {role} named '{name}' in {app_name}")


def text_of(obj):
    try:
        t = obj.queryText()
        return t.getText(0, t.characterCount)
    except NotImplementedError:
        return obj.name


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    app_name, command, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if command == "tree":
        for depth, o in walk(application(app_name)):
            extra = ""
            try:
                extra = f" = {o.queryValue().currentValue}"
            except NotImplementedError:
                pass
            print(f"{'  ' * depth}{o.getRoleName()} '{o.name}'{extra}")
    elif command == "find":
        o = wait_for(app_name, args[0], args[1])
        print(f"{o.getRoleName()} {o.name}")
    elif command == "absent":
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if not [o for o in matching(application(app_name), args[0], args[1]) if showing(o)]:
                return
            time.sleep(0.05)
        fail(f"the {args[0]} named '{args[1]}' is still there")
    elif command == "click":
        o = wait_for(app_name, args[0], args[1])
        try:
            action = o.queryAction()
            actions = action.nActions
        except NotImplementedError:
            actions = 0
        if actions > 0:
            action.doAction(0)
        else:
            # No action offered (GTK 4.8's check buttons): a click in its middle, as a person
            # makes it (the registry synthesizes it through XTest). GTK 4 on X11 knows places
            # only within its window: the window's place comes from the X server.
            x, y, w, h = o.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if w <= 0 or h <= 0:
                fail(f"the {args[0]} '{args[1]}' has neither an action nor a place on the screen")
            frame = o
            while frame is not None and frame.getRoleName() != "frame":
                frame = frame.parent
            if frame is None:
                fail(f"the {args[0]} '{args[1]}' is in no window")
            info = subprocess.run(["xwininfo", "-name", frame.name], capture_output=True, text=True).stdout
            place = re.search(r"Absolute upper-left X:\s+(-?\d+)\s+Absolute upper-left Y:\s+(-?\d+)", info)
            if place is None:
                fail(f"the X server knows no window named '{frame.name}'")
            pyatspi.Registry.generateMouseEvent(int(place.group(1)) + x + w // 2, int(place.group(2)) + y + h // 2, "b1c")
        print(f"clicked {o.getRoleName()} {o.name}")
    elif command == "select":
        label = wait_for(app_name, "label", args[0])
        row = label.parent
        while row is not None and row.getRoleName() != "list item":
            row = row.parent
        if row is None:
            fail(f"'{args[0]}' is not in a list")
        row.parent.querySelection().selectChild(row.getIndexInParent())
        print(f"selected {args[0]}")
    elif command == "states":
        o = wait_for(app_name, args[0], args[1])
        for state in o.getState().getStates():
            print(pyatspi.stateToString(state))
    elif command == "value":
        o = wait_for(app_name, args[0], args[1])
        print(o.queryValue().currentValue)
    elif command == "set-value":
        o = wait_for(app_name, args[0], args[1])
        v = o.queryValue()
        v.currentValue = float(args[2])
        print(v.currentValue)
    elif command == "names":
        for o in matching(application(app_name), args[0], None):
            if showing(o):
                print(o.name)
    elif command == "texts":
        for o in matching(application(app_name), args[0], None):
            if showing(o):
                print(text_of(o))
    elif command == "descendants":
        o = wait_for(app_name, args[0], args[1])
        for _, d in walk(o):
            if d is not o and d.name:
                print(d.name)
    else:
        fail(f"unknown command '{command}'\n{__doc__}")


main()
