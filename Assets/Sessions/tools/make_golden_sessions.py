#!/usr/bin/env python3
"""Writes the synthetic sessions the golden checks replay (deterministic: run it again and the
files do not change). Events are what the window would record: mouse samples at 240 Hz, wheel
notches, Shift as deep press, and tablet/finger samples with raw force. Checkpoints name the
moments `forcecanvas check` compares with Tests/Goldens (see the README)."""
import json
import math
import os

from screen_layout import DOCK, HEIGHT, TABS, WIDTH, home_icon, message_row

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Session:
    def __init__(self, width, height, header=None, **options):
        self.lines = [json.dumps({"format": "forcecanvas-session", "version": 1, "width": width,
                                  "height": height, "scale": 1, "pressureStep": 0.1, **(header or {}),
                                  "options": options}, separators=(",", ":"))]
        self.t = 0.0
        self.checkpoints = []

    def checkpoint(self, t, name):
        """A checkpoint at absolute time t: placed after every event at or before t."""
        self.checkpoints.append((t, name))

    def ev(self, dt=0.0, **fields):
        self.t += dt
        self.lines.append(json.dumps({"t": round(self.t, 6), **fields}, separators=(",", ":")))

    def wave(self, x0, y0, length, amplitude, n, source="mouse", phase="move", force=None, wheel_at=None, **extra):
        for i in range(1, n + 1):
            u = i / n
            fields = {"type": phase, "x": round(x0 + length * u, 3),
                      "y": round(y0 + amplitude * math.sin(2 * math.pi * 1.5 * u), 3), "source": source}
            if force is not None:
                fields["force"] = round(force(u), 5)
                fields["maxForce"] = 1
            fields.update({k: (v(u) if callable(v) else v) for k, v in extra.items()})
            self.ev(1 / 240, **fields)
            if wheel_at and i in wheel_at:
                self.ev(0.02, type="wheel", dy=wheel_at[i])

    def write(self, name):
        lines = list(self.lines)
        for t, checkpoint in sorted(self.checkpoints):
            line = json.dumps({"t": round(t, 6), "type": "checkpoint", "name": checkpoint}, separators=(",", ":"))
            at = next((k for k in range(1, len(lines)) if json.loads(lines[k])["t"] > t), len(lines))
            lines.insert(at, line)
        with open(os.path.join(HERE, name), "w") as f:
            f.write("\n".join(lines) + "\n")


def pressure(name="golden-pressure.jsonl", **options):
    """Light vs heavy strokes, and one whose pressure rises and falls through the wheel. No
    checkpoint: `check` compares the last frame (`end`)."""
    s = Session(900, 460, **options)
    # Light: three notches down from 0.5 to 0.2.
    s.ev(0.1, type="down", x=60, y=80, source="mouse")
    for _ in range(3):
        s.ev(0.02, type="wheel", dy=-1)
    s.wave(60, 80, 760, 30, 120)
    s.ev(0.01, type="up", x=820, y=80, source="mouse")
    # Heavy: a deep press (Shift), 1.0.
    s.ev(0.2, type="deep", down=True)
    s.ev(0.05, type="down", x=60, y=200, source="mouse")
    s.wave(60, 200, 760, 30, 120)
    s.ev(0.01, type="up", x=820, y=200, source="mouse")
    s.ev(0.05, type="deep", down=False)
    # Rising then falling: from 0.2 up to 1.0 and back, a notch every 15 samples.
    s.ev(0.2, type="down", x=60, y=310, source="mouse")
    notches = {15: 1, 30: 1, 45: 1, 60: 1, 75: 1, 90: 1, 105: 1, 120: 1}
    s.wave(60, 310, 380, 25, 120, wheel_at=notches)
    s.wave(440, 310, 380, 25, 120, wheel_at={k: -1 for k in notches})
    s.ev(0.01, type="up", x=820, y=310, source="mouse")
    s.write(name)


def point_types():
    """Every TouchCanvas point type on one canvas, in debug mode: coalesced (4 samples a frame),
    predicted (captured while moving), needsUpdate/updated (a wheel notch standing still),
    finger, cancelled, and a tilted pen (whiskers and the reticle)."""
    s = Session(900, 460, debug=True)
    # A finger stroke with real force.
    s.ev(0.1, type="down", x=60, y=70, source="finger", force=0.4, maxForce=1)
    s.wave(60, 70, 360, 20, 60, source="finger", force=lambda u: 0.4 + 0.4 * u)
    s.ev(0.01, type="up", x=420, y=70, source="finger", force=0.8, maxForce=1)
    # A cancelled stroke.
    s.ev(0.1, type="down", x=480, y=70, source="mouse")
    s.wave(480, 70, 360, 20, 60)
    s.ev(0.01, type="cancel", x=840, y=70, source="mouse")
    # A tilted pen, altitude falling from upright to 30 degrees, azimuth turning.
    s.ev(0.1, type="down", x=60, y=200, source="pen", force=0.3, maxForce=1, altitude=1.5, azimuth=0.0)
    s.wave(60, 200, 780, 30, 90, source="pen", force=lambda u: 0.3 + 0.6 * u,
           altitude=lambda u: round(1.5 - 1.0 * u, 4), azimuth=lambda u: round(math.pi * u, 4))
    s.ev(0.01, type="up", x=840, y=200, source="pen", force=0.9, maxForce=1, altitude=0.5, azimuth=3.1416)
    # The live mouse stroke: moving, a wheel notch standing still, moving on; captured mid-way.
    s.ev(0.1, type="down", x=60, y=310, source="mouse")
    s.wave(60, 310, 300, 25, 50)
    s.ev(0.02, type="wheel", dy=2)
    s.wave(360, 310, 300, 25, 50)
    s.ev(0.03, type="wheel", dy=1)
    s.wave(660, 310, 150, 15, 12)
    s.ev(0.03, type="wheel", dy=1)
    s.ev(0.5, type="up", x=810, y=310, source="mouse")
    s.checkpoint(1.05, "pen-with-reticle")     # the tilted pen mid-stroke: whiskers, reticle
    s.checkpoint(1.70, "predicted")            # the mouse moving: predicted points ahead
    s.checkpoint(1.87, "awaiting-update")      # a notch standing still: needsUpdate (orange)
    s.write("golden-point-types.jsonl")


def tablet():
    """A Wacom-style pen through XInput2: raw pressure 0..65535, tilt, the firm curve, the
    curve panel open; the eraser end removes one stroke; a live tilted stroke is captured."""
    full = 65535
    # 1280x720: the HUD, the curve panel and the debug legend in the dock column on the left,
    # the strokes on the paper right of it.
    s = Session(1280, 720, header={"pressureCurve": "firm", "minimumPressure": 0.05,
                                  "pressureMultiplier": 1}, debug=True, hud=True, curve=True)
    s.ev(0.05, type="device", name="Wacom Intuos Pro M Pen stylus", kind="pen", force=True, tilt=True)
    # Two finished strokes: one pressing harder along its length, one that is erased later.
    s.ev(0.1, type="down", x=580, y=150, source="pen", force=3000, maxForce=full, altitude=1.2, azimuth=0.6)
    s.wave(580, 150, 560, 30, 80, source="pen", force=lambda u: round(3000 + 60000 * u),
           maxForce=full, altitude=1.2, azimuth=0.6)
    s.ev(0.01, type="up", x=1140, y=150, source="pen", force=full, maxForce=full, altitude=1.2, azimuth=0.6)
    s.ev(0.1, type="down", x=580, y=260, source="pen", force=20000, maxForce=full, altitude=1.0, azimuth=2.4)
    s.wave(580, 260, 560, 20, 60, source="pen", force=lambda u: 20000, maxForce=full, altitude=1.0, azimuth=2.4)
    s.ev(0.01, type="up", x=1140, y=260, source="pen", force=20000, maxForce=full, altitude=1.0, azimuth=2.4)
    # The eraser end crosses the second stroke only.
    s.ev(0.2, type="device", name="Wacom Intuos Pro M Pen eraser", kind="eraser", force=True, tilt=True)
    s.ev(0.05, type="down", x=820, y=225, source="eraser", force=30000, maxForce=full)
    for i in range(1, 11):
        s.ev(1 / 240, type="move", x=820 + i, y=225 + 8 * i, source="eraser", force=30000, maxForce=full)
    s.ev(0.01, type="up", x=830, y=305, source="eraser", force=0, maxForce=full)
    # Back to the tip: a live stroke, tilting over as it goes, captured mid-way (t ≈ 2.0).
    s.ev(0.1, type="device", name="Wacom Intuos Pro M Pen stylus", kind="pen", force=True, tilt=True)
    s.ev(0.05, type="down", x=580, y=380, source="pen", force=10000, maxForce=full, altitude=1.5, azimuth=0.0)
    s.wave(580, 380, 500, 25, 70, source="pen", force=lambda u: round(10000 + 40000 * u), maxForce=full,
           altitude=lambda u: round(1.5 - 0.9 * u, 4), azimuth=lambda u: round(-math.pi / 2 * u, 4))
    s.ev(1.0, type="up", x=1080, y=380, source="pen", force=50000, maxForce=full, altitude=0.6, azimuth=-1.5708)
    s.checkpoint(1.5, "tilted-live-stroke")    # mid-stroke: tilt, raw → curved dot, HUD
    s.write("golden-tablet.jsonl")


def press_with_wheel(s, x, y, notches, dt=0.1, source="mouse"):
    """A mouse press at (x, y) whose force the wheel raises a notch (0.1) at a time."""
    s.ev(0.1, type="down", x=x, y=y, source=source)
    for _ in range(notches):
        s.ev(dt, type="wheel", dy=1)


def messages():
    """Peek and pop on the third row, the wheel raising the force 0.1 a notch from a light
    click: preview 0→1 by 0.2 (peek), commit 0→1 by 0.75 (pop, the button still down), then
    the lift and the detail view."""
    s = Session(WIDTH, HEIGHT, header={"scene": "messages"}, eventLog=True, forcePlot=True)
    x, y = message_row(2)
    s.ev(0.1, type="move", x=x, y=y, source="mouse")
    press_with_wheel(s, x, y, 1)              # t 0.3: 0.1, preview 0.5
    s.ev(0.2, type="wheel", dy=1)             # t 0.5: 0.2, the peek
    s.ev(0.3, type="wheel", dy=2)             # t 0.8: 0.4, commit 0.36
    s.ev(0.4, type="wheel", dy=2)             # t 1.2: 0.6, commit 0.73
    s.ev(0.3, type="wheel", dy=2)             # t 1.5: 0.8, pop
    s.ev(0.3, type="up", x=x, y=y, source="mouse")
    # Back to the list (a press on the title bar), then a peek of the avatar that is lifted
    # before the pop (cancel).
    s.ev(0.5, type="down", x=DOCK + 228, y=80, source="mouse")
    s.ev(0.05, type="up", x=DOCK + 228, y=80, source="mouse")
    ax, ay = message_row(1, "avatar")
    press_with_wheel(s, ax, ay, 3)
    s.ev(0.3, type="up", x=ax, y=ay, source="mouse")
    s.checkpoint(0.4, "mid-preview")
    s.checkpoint(0.7, "peek")
    s.checkpoint(1.3, "commit")
    s.checkpoint(1.65, "pop-cross-fade")     # popped at 1.5 with the button still down
    s.checkpoint(2.1, "popped")
    s.write("scene-messages.jsonl")


def confirm():
    """The force-confirm button: updating at 0.5, selected at 1.0 outside the ring,
    confirmed after sliding into it, release fires and the DELETED pill fades in."""
    s = Session(1280, 800, header={"scene": "confirm"}, eventLog=True)
    press_with_wheel(s, 640, 770, 5)          # t 0.6: intention 0.5
    s.ev(0.2, type="wheel", dy=5)             # t 0.8: 1.0, selected
    for i in range(1, 6):                     # slide up into the ring (centre y 670)
        s.ev(0.05, type="move", x=640, y=770 - 20 * i, source="mouse")
    s.ev(0.3, type="up", x=640, y=670, source="mouse")   # t 1.35: fire
    s.checkpoint(0.7, "updating")
    s.checkpoint(0.82, "selected")
    s.checkpoint(1.1, "confirmed")
    s.checkpoint(2.0, "deleted")
    s.write("scene-confirm.jsonl")


def home():
    """Quick actions: ForceCanvas's icon (left column) opens its menu to the right; Music
    (right column) opens to the left; an item of Music is chosen by sliding and lifting."""
    s = Session(WIDTH, HEIGHT, header={"scene": "home"}, eventLog=True)
    x, y = home_icon(0)
    press_with_wheel(s, x, y, 2)              # t 0.3: 0.2, open
    s.ev(0.2, type="up", x=x, y=y, source="mouse")   # stays open
    s.ev(0.5, type="down", x=1200, y=700, source="mouse")  # a tap outside closes it
    s.ev(0.05, type="up", x=1200, y=700, source="mouse")
    x, y = home_icon(3)
    press_with_wheel(s, x, y, 2)              # t ~1.35: Music's menu
    for i in range(1, 6):
        s.ev(0.05, type="move", x=x - 10 * i, y=y + 20 * i, source="mouse")
    s.ev(0.3, type="up", x=x - 50, y=y + 100, source="mouse")
    s.checkpoint(0.25, "pressing-ring")      # 0.10 of 0.20: the force ring half way round
    s.checkpoint(0.6, "left-icon")
    s.checkpoint(1.5, "right-icon")
    s.write("scene-home.jsonl")


def system():
    """Edge protection on the canvas (its ink view defers top and bottom): a swipe up from the
    bottom edge is deferred (the arrow), the same swipe again goes home. Then auto-hide: the
    home indicator fades after 2 s."""
    s = Session(1280, 800, header={"scene": "canvas"}, eventLog=True)
    s.ev(0.2, type="down", x=640, y=792, source="mouse")
    for i in range(1, 6):
        s.ev(0.02, type="move", x=640, y=792 - 15 * i, source="mouse")
    s.ev(0.02, type="up", x=640, y=717, source="mouse")   # t ~0.34: deferred, arrow
    s.ev(0.5, type="down", x=640, y=792, source="mouse")
    for i in range(1, 6):
        s.ev(0.02, type="move", x=640, y=792 - 15 * i, source="mouse")
    s.ev(0.02, type="up", x=640, y=717, source="mouse")   # t ~0.96: home
    s.ev(0.5, type="command", name="toggle-indicator-auto-hide")  # t ~1.46
    s.checkpoint(0.4, "deferral-arrow")
    s.checkpoint(4.2, "faded-indicator")
    s.write("scene-system.jsonl")


def shade():
    """The notification shade in Confirm: pulled by a slow swipe from the top it follows the
    finger, let go past a third it settles open (opaque over the DELETE EVENT bar), Esc closes
    it, and the next press (a peek in Messages) works."""
    s = Session(WIDTH, HEIGHT, header={"scene": "confirm"})
    s.ev(0.2, type="down", x=300, y=4, source="mouse")
    for i in range(1, 41):                    # 13 pt every 20 ms: to y 524 by t 1.0
        s.ev(0.02, type="move", x=300, y=4 + 13 * i, source="mouse")
    s.ev(0.05, type="up", x=300, y=524, source="mouse")   # t 1.05: settles open
    s.ev(1.0, type="command", name="close-overlay")       # t 2.05: Esc
    s.ev(0.5, type="command", name="scene-messages")
    s.ev(0.2, type="down", x=600, y=298, source="mouse")  # t 2.75: row 2
    s.ev(0.1, type="wheel", dy=3)                          # the peek
    s.checkpoint(0.6, "following")
    s.checkpoint(1.1, "settling")
    s.checkpoint(1.6, "open")
    s.checkpoint(3.0, "next-press-after-esc")
    s.write("scene-shade.jsonl")


if __name__ == "__main__":
    messages()
    confirm()
    home()
    system()
    shade()
    pressure()
    pressure("golden-pressure-classic.jsonl", renderer="classic")
    pressure("golden-pressure-opacity.jsonl", opacity=True)
    pressure("golden-pressure-overlays.jsonl", help=True, hud=True)
    point_types()
    tablet()
