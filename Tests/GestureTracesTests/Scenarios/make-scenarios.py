#!/usr/bin/env python3
"""Writes the semantics.md §9 scenarios: a profile (NAME.yaml) and a trace (NAME.jsonl) each.
Run from this folder; `tactus replay --config NAME.yaml NAME.jsonl` replays one."""
import json, math

def header(out):
    out.append({"t": 0, "kind": "screen", "width": 1920, "height": 1080})
    out.append({"t": 0, "kind": "window", "id": 100, "class": "demo", "instance": "demo", "title": "Demo",
                "type": "normal", "frame": [0, 0, 1200, 900], "focused": True})

def touch(out, t, phase, i, x, y):
    out.append({"t": round(t, 3), "kind": "touch", "phase": phase, "id": i, "x": round(x, 3), "y": round(y, 3)})

def drag(out, i, a, b, start, duration, steps=10):
    touch(out, start, "began", i, *a)
    for k in range(1, steps + 1):
        f = k / steps
        touch(out, start + duration * f, "moved", i, a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
    touch(out, start + duration, "ended", i, *b)

def tap(out, i, x, y, t, hold=50):
    touch(out, t, "began", i, x, y)
    touch(out, t + hold, "ended", i, x, y)

def two_fingers(out, start, steps, angle_total, spread_total):
    touch(out, start, "began", 1, 400, 400)
    touch(out, start + 10, "began", 2, 600, 400)
    for k in range(1, steps + 1):
        f = k / steps
        a, r = angle_total * f, 100 + spread_total * f
        t = start + 10 + 20 * k
        touch(out, t, "moved", 1, 500 - r * math.cos(a), 400 - r * math.sin(a))
        touch(out, t + 5, "moved", 2, 500 + r * math.cos(a), 400 + r * math.sin(a))
    end = start + 20 + 20 * steps
    touch(out, end, "ended", 1, 500 - (100 + spread_total) * math.cos(angle_total), 400 - (100 + spread_total) * math.sin(angle_total))
    touch(out, end + 10, "ended", 2, 500 + (100 + spread_total) * math.cos(angle_total), 400 + (100 + spread_total) * math.sin(angle_total))

PROFILE = """version: 1
profiles:
  - name: demo
    match: {{ class: demo }}
    gestures:
{gestures}
"""

scenarios = {}

# Swipe and pan on one view.
for name, extra in [("swipe-pan", ""), ("swipe-pan-required", "        requireToFail: [swipe]\n")]:
    g = ("      - name: pan\n        pan: {}\n        on: { began: { log: \"pan began\" }, ended: { log: \"pan ended\" } }\n" + extra +
         "      - name: swipe\n        swipe: { direction: right }\n        action: { log: swipe }\n")
    out = []; header(out)
    drag(out, 1, (100, 100), (300, 100), 100, 100)         # fast flick: 2000 px/s
    drag(out, 2, (100, 300), (300, 300), 1000, 2000)       # slow drag: 100 px/s
    scenarios[name] = (g, out)

# Single and double tap.
for name, extra in [("single-double", ""), ("single-double-required", "        requireToFail: [double-tap]\n")]:
    g = ("      - name: double-tap\n        tap: { taps: 2 }\n        action: { log: double }\n"
         "      - name: tap\n        tap: {}\n" + extra + "        action: { log: \"single at {x},{y}\" }\n")
    out = []; header(out)
    tap(out, 1, 200, 200, 100); tap(out, 2, 201, 200, 300)  # a double tap
    tap(out, 3, 600, 600, 2000)                             # a lone tap
    scenarios[name] = (g, out)

# Long press then drag without lifting.
for name, extra in [("longpress-drag", ""), ("longpress-drag-simultaneous", "        simultaneousWith: [press]\n")]:
    g = ("      - name: press\n        longPress: {}\n        on: { began: { log: \"press began\" }, ended: { log: \"press ended\" } }\n"
         "      - name: pan\n        pan: {}\n" + extra + "        on: { began: { log: \"pan began\" }, ended: { log: \"pan ended\" } }\n")
    out = []; header(out)
    touch(out, 100, "began", 1, 300, 300)
    for k in range(1, 6):
        touch(out, 800 + 50 * k, "moved", 1, 300 + 30 * k, 300)
    touch(out, 1150, "ended", 1, 450, 300)
    scenarios[name] = (g, out)

# Pinch and rotation together.
for name, extra in [("pinch-rotation", ""), ("pinch-rotation-simultaneous", "        simultaneousWith: [rotation]\n")]:
    g = ("      - name: pinch\n        pinch: {}\n" + extra + "        on: { began: { log: \"pinch began\" }, ended: { log: \"pinch ended at {scale}\" } }\n"
         "      - name: rotation\n        rotation: {}\n        on: { began: { log: \"rotation began\" }, ended: { log: \"rotation ended at {degrees}\" } }\n")
    out = []; header(out)
    two_fingers(out, 100, 6, 0.3, 40)
    scenarios[name] = (g, out)

# A one-way relation: rotation may prevent pinch, pinch may not prevent rotation.
g = ("      - name: pinch\n        pinch: {}\n        preventsNot: [rotation]\n        on: { began: { log: \"pinch began\" }, cancelled: { log: \"pinch cancelled\" } }\n"
     "      - name: rotation\n        rotation: {}\n        on: { began: { log: \"rotation began\" }, ended: { log: \"rotation ended\" } }\n")
out = []; header(out)
touch(out, 100, "began", 1, 400, 400); touch(out, 110, "began", 2, 600, 400)
touch(out, 130, "moved", 1, 380, 400); touch(out, 140, "moved", 2, 620, 400)   # spread: the pinch begins
touch(out, 160, "moved", 1, 380, 430); touch(out, 170, "moved", 2, 620, 370)   # turn: the rotation begins
touch(out, 200, "ended", 1, 380, 430); touch(out, 210, "ended", 2, 620, 370)
scenarios["one-way"] = (g, out)

for name, (gestures, lines) in scenarios.items():
    with open(name + ".yaml", "w") as f:
        f.write(PROFILE.format(gestures=gestures.rstrip("\n")))
    with open(name + ".jsonl", "w") as f:
        for l in lines:
            f.write(json.dumps(l, separators=(",", ":")) + "\n")

# A screen-wide observer that allows simultaneity with everything.
with open("observer.yaml", "w") as f:
    f.write("""version: 1
profiles:
  - name: screen
    match: any
    gestures:
      - name: observer
        pan: { minimumDistance: 0 }
        simultaneousWith: all
        cancelsTouchesInView: false
        delaysTouchesEnded: false
        on: { began: { log: "observer began" }, ended: { log: "observer ended" } }
  - name: demo
    match: { class: demo }
    gestures:
      - name: tap
        tap: {}
        action: { log: "window tap" }
      - name: scroll
        pan: {}
        on: { began: { log: "window scroll began" }, ended: { log: "window scroll ended" } }
""")
out = []; header(out)
touch(out, 100, "began", 1, 300, 300); touch(out, 120, "moved", 1, 302, 300); touch(out, 140, "ended", 1, 302, 300)
drag(out, 2, (300, 500), (500, 500), 1000, 300)
with open("observer.jsonl", "w") as f:
    for l in out:
        f.write(json.dumps(l, separators=(",", ":")) + "\n")
print("scenarios:", sorted(list(scenarios) + ["observer"]))
