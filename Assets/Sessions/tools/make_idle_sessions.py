#!/usr/bin/env python3
"""Writes the sessions with long idle gaps that check that a replay jumping over idle frames
draws exactly what stepping every frame draws (deterministic: run it again and the files do not
change). One per scene, each gap followed by input that depends on what the time did: a peek
lifted after 30 s, the timed fallback held, the home indicator faded then tapped 100 s later,
edge swipes, a live stroke with an eased force change left standing, a far end. Checkpoints
after the gaps are what `forcecanvas check` compares with Tests/Goldens."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_golden_sessions import DOCK, Session, home_icon, message_row  # noqa: E402


def at(s, t, **fields):
    """An event at absolute time t."""
    s.ev(t - s.t, **fields)


def tap(s, t, x, y, source="mouse", hold=0.05):
    at(s, t, type="down", x=x, y=y, source=source)
    at(s, t + hold, type="up", x=x, y=y, source=source)


def swipe(s, t, x, y, dx, dy, steps=5):
    """A quick swipe: press, `steps` moves 20 ms apart, lift."""
    at(s, t, type="down", x=x, y=y, source="mouse")
    for i in range(1, steps + 1):
        at(s, t + 0.02 * i, type="move", x=x + dx * i, y=y + dy * i, source="mouse")
    at(s, t + 0.02 * (steps + 1), type="up", x=x + dx * steps, y=y + dy * steps, source="mouse")


def messages():
    """A peek held 30 s then lifted (it shrinks away); a pop held 30 s (it pops while held)
    then lifted; back to the list; a force-less finger whose timed fallback peeks, held 30 s."""
    s = Session(1280, 800, header={"scene": "messages", "pressureEasing": 0.08}, eventLog=True, forcePlot=True)
    x, y = message_row(2)
    at(s, 0.1, type="move", x=x, y=y, source="mouse")
    at(s, 0.2, type="down", x=x, y=y, source="mouse")
    at(s, 0.3, type="wheel", dy=2)                          # eases to 0.2: the peek
    at(s, 30.3, type="up", x=x, y=y, source="mouse")        # cancelled: shrinks away
    at(s, 40.0, type="down", x=x, y=y, source="mouse")
    at(s, 40.1, type="wheel", dy=2)
    at(s, 40.3, type="wheel", dy=6)                         # 0.8: pops, the detail fades in
    at(s, 70.3, type="up", x=x, y=y, source="mouse")        # the lift ends it quietly
    tap(s, 100.0, DOCK + 228, 80)                           # title bar: back to the list
    at(s, 110.0, type="device", name="Touchscreen", kind="touch", force=False, tilt=False)
    at(s, 110.5, type="down", x=x, y=y, source="finger")    # timed fallback: peeks at 0.2
    at(s, 140.5, type="up", x=x, y=y, source="finger")
    s.checkpoint(30.0, "peek-held")
    s.checkpoint(70.6, "detail")
    s.checkpoint(140.0, "fallback-peek")
    s.write("idle-messages.jsonl")


def confirm():
    """A force-less finger on the bar, held 20 s (the fallback fills in 1 s), slid into the
    ring and lifted after 30 s more (fires: the pill fades in); a mouse press 70 s later,
    selected by the wheel and lifted outside the ring."""
    s = Session(1280, 800, header={"scene": "confirm", "pressureEasing": 0.08}, eventLog=True)
    at(s, 0.05, type="device", name="Touchscreen", kind="touch", force=False, tilt=False)
    at(s, 0.1, type="down", x=640, y=770, source="finger")
    for i in range(1, 6):
        at(s, 20.0 + 0.05 * i, type="move", x=640, y=770 - 20 * i, source="finger")
    at(s, 50.0, type="up", x=640, y=670, source="finger")
    at(s, 55.0, type="device", name="Mouse", kind="mouse", force=True, tilt=False)
    at(s, 120.0, type="down", x=640, y=770, source="mouse")
    at(s, 120.1, type="wheel", dy=5)
    at(s, 120.2, type="wheel", dy=5)                        # selected once the ease arrives
    at(s, 150.0, type="up", x=640, y=770, source="mouse")
    s.checkpoint(19.0, "fallback-full")
    s.checkpoint(51.5, "deleted")
    s.checkpoint(149.0, "selected")
    s.write("idle-confirm.jsonl")


def home():
    """Music's menu opened by the wheel and left open 30 s, an item tapped (its toast lasts
    2.5 s), a force-less finger whose fallback opens ForceCanvas's menu, held 30 s, a light
    tap that launches an app (another toast)."""
    s = Session(1280, 800, header={"scene": "home", "pressureEasing": 0.08}, eventLog=True)
    mx, my = home_icon(3)
    at(s, 0.1, type="down", x=mx, y=my, source="mouse")
    at(s, 0.2, type="wheel", dy=2)
    at(s, 0.5, type="up", x=mx, y=my, source="mouse")       # stays open
    tap(s, 30.5, mx - 50, my + 100)                         # an item of Music: a toast
    at(s, 60.0, type="device", name="Touchscreen", kind="touch", force=False, tilt=False)
    fx, fy = home_icon(0)
    at(s, 60.5, type="down", x=fx, y=fy, source="finger")   # the fallback opens the menu
    at(s, 90.5, type="up", x=fx, y=fy, source="finger")
    tap(s, 95.0, 1200, 700)                                 # outside: closes it
    tap(s, 130.0, mx, my, source="finger", hold=0.05)       # a light tap: launch, a toast
    s.checkpoint(30.0, "menu-open")
    s.checkpoint(90.0, "fallback-menu")
    s.checkpoint(131.0, "toast")
    s.write("idle-home.jsonl")


def system():
    """Edge protection and the home indicator on the canvas: a deferred bottom swipe, the same
    swipe 30 s later (deferred again), then within the window (home); back to the canvas; a top
    swipe twice (the shade), closed by a tap 35 s later; auto-hide on: the indicator fades after
    2 s, and a tap 100 s later shows it again."""
    s = Session(1280, 800, header={"scene": "canvas", "pressureEasing": 0.08}, eventLog=True)
    swipe(s, 0.2, 640, 792, 0, -15)                          # deferred: the arrow
    swipe(s, 30.2, 640, 792, 0, -15)                         # outside the window: deferred again
    swipe(s, 30.8, 640, 792, 0, -15)                         # inside it: home
    at(s, 40.0, type="command", name="scene-canvas")
    swipe(s, 45.0, 640, 4, 0, 15)                            # top: deferred
    swipe(s, 45.6, 640, 4, 0, 15)                            # again: the shade comes down
    tap(s, 80.0, 640, 400)                                   # a tap pushes it back up
    at(s, 90.0, type="command", name="toggle-indicator-auto-hide")
    tap(s, 190.0, DOCK + 300, 300)                           # a tap shows it again
    s.checkpoint(79.0, "shade-down")
    s.checkpoint(189.0, "faded-indicator")
    s.checkpoint(191.0, "shown-again")
    s.write("idle-system.jsonl")


def canvas():
    """A live mouse stroke in debug colours: moving, a wheel notch standing still (one point
    awaiting updates while the force eases, settled 0.2 s later), 40 s standing, moving on;
    then ] while nothing is pressed (the gauge eases) and a pen stroke after a long gap. The
    HUD, the curve panel and the debug legend share the dock column on the left."""
    s = Session(1280, 720, header={"pressureEasing": 0.08}, debug=True, hud=True, curve=True)
    x0 = DOCK + 60
    at(s, 0.1, type="down", x=x0, y=200, source="mouse")
    s.wave(x0, 200, 300, 25, 60)
    s.ev(0.02, type="wheel", dy=2)
    at(s, 40.5, type="move", x=x0 + 302, y=205, source="mouse")
    s.wave(x0 + 302, 205, 300, 25, 60)
    at(s, 41.2, type="up", x=x0 + 602, y=205, source="mouse")
    at(s, 50.0, type="command", name="pressure-up")
    at(s, 90.0, type="device", name="Wacom Intuos Pro M Pen stylus", kind="pen", force=True, tilt=True)
    at(s, 90.1, type="down", x=x0, y=350, source="pen", force=0.3, maxForce=1, altitude=1.2, azimuth=0.6)
    s.wave(x0, 350, 500, 25, 60, source="pen", force=lambda u: round(0.3 + 0.6 * u, 5), maxForce=1,
           altitude=1.2, azimuth=0.6)
    at(s, 120.0, type="up", x=x0 + 500, y=350, source="pen", force=0.9, maxForce=1, altitude=1.2, azimuth=0.6)
    s.checkpoint(40.0, "standing")
    s.checkpoint(119.0, "pen-held")
    s.write("idle-canvas.jsonl")


def far_end():
    """Three lines: a press, and its lift more than a day later."""
    s = Session(640, 400)
    at(s, 0.0, type="down", x=100, y=100, source="mouse")
    at(s, 100000.0, type="up", x=300, y=200, source="mouse")
    s.write("idle-far-end.jsonl")


if __name__ == "__main__":
    messages()
    confirm()
    home()
    system()
    canvas()
    far_end()
