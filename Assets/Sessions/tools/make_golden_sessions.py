#!/usr/bin/env python3
"""Writes the synthetic sessions the golden-image tests replay (deterministic: run it again and
the files do not change). Events are what the window would record: mouse samples at 240 Hz,
wheel notches, Shift as deep press, and tablet/finger samples with raw force."""
import json
import math
import os

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Session:
    def __init__(self, width, height, header=None, **options):
        self.lines = [json.dumps({"format": "forcecanvas-session", "version": 1, "width": width,
                                  "height": height, "scale": 1, "pressureStep": 0.1, **(header or {}),
                                  "options": options}, separators=(",", ":"))]
        self.t = 0.0

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
        with open(os.path.join(HERE, name), "w") as f:
            f.write("\n".join(self.lines) + "\n")


def pressure():
    """Light vs heavy strokes, and one whose pressure rises and falls through the wheel."""
    s = Session(900, 460)
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
    s.write("golden-pressure.jsonl")


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
    s.write("golden-point-types.jsonl")


def tablet():
    """A Wacom-style pen through XInput2: raw pressure 0..65535, tilt, the firm curve, the
    curve panel open; the eraser end removes one stroke; a live tilted stroke is captured."""
    full = 65535
    s = Session(900, 460, header={"pressureCurve": "firm", "minimumPressure": 0.05,
                                  "pressureMultiplier": 1}, debug=True, hud=True, curve=True)
    s.ev(0.05, type="device", name="Wacom Intuos Pro M Pen stylus", kind="pen", force=True, tilt=True)
    # Two finished strokes: one pressing harder along its length, one that is erased later.
    s.ev(0.1, type="down", x=60, y=150, source="pen", force=3000, maxForce=full, altitude=1.2, azimuth=0.6)
    s.wave(60, 150, 560, 30, 80, source="pen", force=lambda u: round(3000 + 60000 * u),
           maxForce=full, altitude=1.2, azimuth=0.6)
    s.ev(0.01, type="up", x=620, y=150, source="pen", force=full, maxForce=full, altitude=1.2, azimuth=0.6)
    s.ev(0.1, type="down", x=60, y=260, source="pen", force=20000, maxForce=full, altitude=1.0, azimuth=2.4)
    s.wave(60, 260, 560, 20, 60, source="pen", force=lambda u: 20000, maxForce=full, altitude=1.0, azimuth=2.4)
    s.ev(0.01, type="up", x=620, y=260, source="pen", force=20000, maxForce=full, altitude=1.0, azimuth=2.4)
    # The eraser end crosses the second stroke only.
    s.ev(0.2, type="device", name="Wacom Intuos Pro M Pen eraser", kind="eraser", force=True, tilt=True)
    s.ev(0.05, type="down", x=300, y=225, source="eraser", force=30000, maxForce=full)
    for i in range(1, 11):
        s.ev(1 / 240, type="move", x=300 + i, y=225 + 8 * i, source="eraser", force=30000, maxForce=full)
    s.ev(0.01, type="up", x=310, y=305, source="eraser", force=0, maxForce=full)
    # Back to the tip: a live stroke, tilting over as it goes, captured mid-way (t ≈ 2.0).
    s.ev(0.1, type="device", name="Wacom Intuos Pro M Pen stylus", kind="pen", force=True, tilt=True)
    s.ev(0.05, type="down", x=60, y=380, source="pen", force=10000, maxForce=full, altitude=1.5, azimuth=0.0)
    s.wave(60, 380, 500, 25, 70, source="pen", force=lambda u: round(10000 + 40000 * u), maxForce=full,
           altitude=lambda u: round(1.5 - 0.9 * u, 4), azimuth=lambda u: round(-math.pi / 2 * u, 4))
    s.ev(1.0, type="up", x=560, y=380, source="pen", force=50000, maxForce=full, altitude=0.6, azimuth=-1.5708)
    s.write("golden-tablet.jsonl")


if __name__ == "__main__":
    pressure()
    point_types()
    tablet()
