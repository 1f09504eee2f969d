#!/usr/bin/env python3
"""Writes the bundled lessons (Assets/Lessons/*.jsonl): one concept of the source documents
each, as a real session — the events the window records (mouse samples at 240 Hz, wheel
notches, pen samples with raw force, a touch screen without force) — with captions that explain
what happens, pause where there is something to look at and slow down where it goes fast.
Every caption is also a checkpoint, so `forcecanvas check` compares each moment a lesson talks
about with Tests/Goldens. Deterministic: run it again and the files do not change.

    python3 Assets/Lessons/tools/make_lessons.py
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Sessions", "tools"))
from screen_layout import DOCK, HEIGHT, TABS, WIDTH, home_icon, message_row  # noqa: E402
from captions_zh_hans import ZH_HANS  # noqa: E402
SCREEN_MID = DOCK + (WIDTH - DOCK) / 2
# 0.12 s: a wheel notch's force eases in over 0.08 s (pressureEasing); a caption about what the
# notch did comes once it has arrived.
SETTLED = 0.12


class Lesson:
    def __init__(self, name, title, scene="canvas", header=None, **options):
        self.name = name
        self.lines = [json.dumps({"format": "forcecanvas-session", "version": 1, "title": title,
                                  "width": WIDTH, "height": HEIGHT, "scale": 1, "scene": scene,
                                  "pressureStep": 0.1, "pressureEasing": 0.08, **(header or {}),
                                  "options": {"diagram": True, **options}}, separators=(",", ":"))]
        self.t = 0.0
        self.extra = []   # (t, fields): captions and checkpoints, merged in by time

    def ev(self, dt=0.0, **fields):
        self.t += dt
        self.lines.append(json.dumps({"t": round(self.t, 6), **fields}, separators=(",", ":")))

    def caption(self, text, at=None, pause=False, speed=None, duration=None, checkpoint=None):
        """A caption at `at` (default: now), and a checkpoint of the same moment a frame later."""
        t = self.t if at is None else at
        translated = ZH_HANS.get(text)
        fields = {"type": "caption", "text": {"en": text, "zh-Hans": translated} if translated else text}
        if duration is not None:
            fields["duration"] = duration
        if pause:
            fields["pause"] = True
        if speed is not None:
            fields["speed"] = speed
        self.extra.append((t, fields))
        if checkpoint:
            self.extra.append((t + 1 / 60, {"type": "checkpoint", "name": checkpoint}))

    def stroke(self, points, source="mouse", rate=240, force=None, **extra):
        """Samples along `points` (a list of (x, y)) at `rate` Hz; `force(u)` gives raw force 0..1."""
        n = len(points)
        for i, (x, y) in enumerate(points):
            u = i / max(1, n - 1)
            fields = {"type": "down" if i == 0 else "move", "x": round(x, 3), "y": round(y, 3), "source": source}
            if force is not None:
                fields["force"] = round(force(u), 5)
                fields["maxForce"] = 1
            fields.update(extra)
            self.ev(0 if i == 0 else 1 / rate, **fields)

    def up(self, x, y, dt=1 / 240, source="mouse", **extra):
        self.ev(dt, type="up", x=round(x, 3), y=round(y, 3), source=source, **extra)

    def write(self):
        lines = list(self.lines)
        for t, fields in sorted(self.extra, key=lambda e: (e[0], e[1]["type"] != "caption")):
            line = json.dumps({"t": round(t, 6), **fields}, separators=(",", ":"))
            at = next((k for k in range(1, len(lines)) if json.loads(lines[k])["t"] > t), len(lines))
            lines.insert(at, line)
        with open(os.path.join(HERE, self.name + ".jsonl"), "w") as f:
            f.write("\n".join(lines) + "\n")


def wave(x0, y0, length, amplitude, n, turns=1.0):
    return [(x0 + length * i / (n - 1), y0 + amplitude * math.sin(2 * math.pi * turns * i / (n - 1))) for i in range(n)]


def coalesced_and_predicted():
    s = Lesson("1-coalesced-and-predicted", "1 · Coalesced and predicted points", debug=True)
    s.ev(0.05, type="device", name="Wacom Intuos Pro M Pen stylus", kind="pen", force=True, tilt=False)
    s.caption("A pen reports about 240 samples a second; the screen draws 60 frames. Debug drawing (D) marks "
              "each point by its type, in a colour and a shape.", at=0.05, pause=True, speed=0.25, checkpoint="intro")
    s.t = 0.3
    s.caption("Four samples arrive between two frames: the last is standard (a black disc), the three before it "
              "coalesced (light-blue squares). None is dropped.", at=0.3, checkpoint="coalesced")
    pts = wave(DOCK + 90, 260, 620, 60, 216)
    s.stroke(pts, source="pen", force=lambda u: 0.35 + 0.3 * math.sin(math.pi * u))
    s.caption("At each frame the canvas predicts where the pen goes: the dark-blue rings ahead of it, drawn at half "
              "alpha, removed when the next real sample arrives.", at=0.75, pause=True, checkpoint="predicted")
    s.caption("Back to 1×. The trail (T) would show the samples of the last second, coloured by force.", at=1.05, speed=1)
    s.up(pts[-1][0], pts[-1][1], source="pen", force=0.3, maxForce=1)
    s.ev(0.6, type="move", x=DOCK + 700, y=420, source="pen", force=0, maxForce=1)
    s.caption("Finished: every sample is kept. Replay it with ← → to see each frame's points.", at=1.3,
              checkpoint="finished")
    s.write()


def estimated_properties():
    s = Lesson("2-estimated-properties", "2 · Estimated properties: needsUpdate → updated", debug=True)
    s.caption("A point whose force is still expected to change is sent at once, typed needsUpdate, and "
              "updated later.", at=0, pause=True, checkpoint="intro")
    pts = wave(DOCK + 90, 300, 300, 30, 72)
    s.t = 0.2
    s.stroke(pts)
    s.caption("Standing still, the wheel raises the force: a point at the same place, needsUpdate (amber).",
              at=s.t + 0.05, speed=0.5)
    s.ev(0.05, type="wheel", dy=2)
    s.caption("Each further change replaces its force (the same update index) until it settles.",
              at=s.t + 0.12, checkpoint="needs-update")
    s.ev(0.12, type="wheel", dy=1)
    s.caption("0.2 s without another change settles it: updated. Moving on, or lifting, settles it too.",
              at=s.t + 0.35, pause=True, checkpoint="updated")
    x, y = pts[-1]
    more = [(x + 5 * i, y - 0.5 * i) for i in range(1, 61)]
    s.t += 0.6
    for px, py in more:
        s.ev(1 / 240, type="move", x=round(px, 3), y=round(py, 3), source="mouse")
    s.ev(0.05, type="wheel", dy=1)
    s.ev(0.05, type="move", x=round(more[-1][0] + 6, 3), y=round(more[-1][1], 3), source="mouse")
    s.caption("Here the move came before 0.2 s: it settled the estimate at once.", at=s.t, checkpoint="moved-on")
    s.up(more[-1][0] + 6, more[-1][1], dt=0.3)
    s.write()


def force_is_a_move():
    s = Lesson("3-force-change-is-a-move", "3 · A force change without movement is a move", hud=True, forcePlot=True)
    s.ev(0.05, type="device", name="Wacom Intuos Pro M Pen stylus", kind="pen", force=True, tilt=False)
    s.caption("Seed 001: \u201cpressure changes fire touchesMoved even when x and y did not change.\u201d",
              at=0.05, pause=True, checkpoint="intro")
    x, y = DOCK + 300, 330
    s.t = 0.3
    s.ev(0, type="down", x=x, y=y, source="pen", force=0.1, maxForce=1)
    s.caption("The pen stands still and presses harder: 120 samples, all at the same place.", at=0.32, speed=0.5)
    for i in range(1, 121):
        s.ev(1 / 240, type="move", x=x, y=y, source="pen", force=round(0.1 + 0.85 * i / 120, 5), maxForce=1)
    s.caption("Each is a move: the HUD's Δ reads 0.0, 0.0 pt while the force plot climbs, and the ink's blob grows.",
              at=0.6, pause=True, checkpoint="standing-press")
    for i in range(1, 61):
        s.ev(1 / 240, type="move", x=x, y=y, source="pen", force=round(0.95 - 0.6 * i / 60, 5), maxForce=1)
    s.caption("Lighter again: still moves, still at the same place.", at=s.t, checkpoint="lighter")
    pts = wave(x, y, 360, 40, 120)
    for px, py in pts[1:]:
        s.ev(1 / 240, type="move", x=round(px, 3), y=round(py, 3), source="pen", force=0.35, maxForce=1)
    s.up(pts[-1][0], pts[-1][1], source="pen", force=0.35, maxForce=1)
    s.caption("Then it moves on: velocity, rate and Δ in the HUD follow each sample.", at=s.t, checkpoint="moved")
    s.ev(0.5, type="move", x=round(pts[-1][0] + 20, 3), y=round(pts[-1][1], 3), source="pen", force=0, maxForce=1)
    s.write()


def pressure_curve():
    s = Lesson("4-pressure-curve", "4 · The pressure curve: soft, linear, firm", curve=True,
               header={"pressureCurve": "soft"})
    s.ev(0.05, type="device", name="Wacom Intuos Pro M Pen stylus", kind="pen", force=True, tilt=False)
    s.caption("The same pen pressure, a ramp from 0 to 1, drawn three times through three pressure curves "
              "(xf86-input-wacom's PressCurve).", at=0.05, pause=True, checkpoint="intro")
    ramp = lambda u: 0.02 + 0.96 * u
    s.t = 0.3
    for k, (curve, y, text) in enumerate([
            ("soft", 250, "soft (0,5,95,100): a light touch already draws wide — the dot on the curve panel rises early."),
            ("0,0,100,100", 420, "linear: the force the pen reports is the force the ink gets."),
            ("firm", 590, "firm (5,0,100,95): it takes more pressure to widen the line.")]):
        if k > 0:
            s.ev(0.2, type="curve", pressureCurve=curve, minimumPressure=0.05, pressureMultiplier=1)
        start = s.t
        pts = [(DOCK + 80 + 640 * i / 239, y) for i in range(240)]
        s.stroke(pts, source="pen", force=ramp)
        s.caption(text, at=start + 0.55, speed=0.5, checkpoint=f"{curve.replace(',', '-')}-mid-stroke")
        s.up(pts[-1][0], y, source="pen", force=0.98, maxForce=1)
    s.caption("Three strokes, one hand: the curve decides how force becomes width. V cycles the presets; the "
              "panel's handles (K) drag a curve of your own.", at=s.t + 0.2, pause=True, checkpoint="three-strokes")
    s.ev(0.4, type="move", x=DOCK + 760, y=700, source="pen", force=0, maxForce=1)
    s.write()


def peek_and_pop():
    s = Lesson("5-peek-and-pop", "5 · Peek and pop: two phases, cancel on lift", scene="messages", eventLog=True)
    s.caption("UIPreviewInteraction: press a message and raise the force. The inner ring is the preview "
              "transition, the outer one the commit.", at=0, pause=True, checkpoint="intro")
    x, y = message_row(2)
    s.t = 0.2
    s.ev(0, type="move", x=x, y=y, source="mouse")
    s.ev(0.1, type="down", x=x, y=y, source="mouse")
    s.caption("Phase 1, preview: progress = force / 0.20. The list blurs as it rises.", at=0.32, speed=0.5)
    s.ev(0.1, type="wheel", dy=1)
    s.ev(0.25, type="wheel", dy=1)
    s.caption("Force 0.20: the preview ends (ended: true) — the peek. Phase 2, the commit, starts.",
              at=s.t + SETTLED, pause=True, checkpoint="peek")
    s.ev(0.35, type="wheel", dy=2)
    s.caption("The commit's progress = (force − 0.20) / (0.75 − 0.20).", at=s.t + SETTLED, checkpoint="committing")
    s.ev(0.35, type="wheel", dy=2)
    s.ev(0.3, type="wheel", dy=2)
    s.caption("0.75: pop — the message opens, the button still down. The lift after it ends quietly.",
              at=s.t + SETTLED, pause=True, checkpoint="pop")
    s.ev(0.4, type="up", x=x, y=y, source="mouse")
    s.ev(0.6, type="command", name="close-overlay")
    s.caption("Again, but lift before the pop.", at=s.t + 0.1, speed=0.5)
    x, y = message_row(4)
    s.ev(0.3, type="down", x=x, y=y, source="mouse")
    s.ev(0.1, type="wheel", dy=1)
    s.ev(0.15, type="wheel", dy=2)
    s.caption("Peeking…", at=s.t + SETTLED, checkpoint="second-peek")
    s.ev(0.4, type="up", x=x, y=y, source="mouse")
    s.caption("Lifted before the commit ended: didCancel — the peek shrinks away.", at=s.t + 0.03, pause=True,
              checkpoint="cancelled")
    s.ev(0.8, type="move", x=x, y=y + 40, source="mouse")
    s.write()


def confirm_button():
    s = Lesson("6-confirm-button", "6 · The force-confirm button, and its timed fallback", scene="confirm", eventLog=True)
    s.caption("The force-confirm button (seed 004): press the red bar, press harder until the ring is full, "
              "slide into it, release.", at=0, pause=True, checkpoint="intro")
    bx, by = SCREEN_MID, 770
    s.t = 0.2
    s.ev(0, type="down", x=bx, y=by, source="mouse")
    s.caption("updating: the ring, 100 pt above the press, fills with intention = min(force, 3) / min(max, 3).",
              at=0.25, speed=0.5)
    for _ in range(5):
        s.ev(0.1, type="wheel", dy=1)
    s.caption("Intention 0.5: still updating.", at=s.t + SETTLED, checkpoint="updating")
    s.ev(0.3, type="wheel", dy=5)
    s.caption("Intention > 0.97 outside the ring: selected (red, CONFIRM).", at=s.t + SETTLED, pause=True,
              checkpoint="selected")
    s.t += 0.2
    for i in range(1, 6):
        s.ev(0.05, type="move", x=bx, y=by - 20 * i, source="mouse")
    s.caption("Inside the ring: confirmed (green, OK). Release here fires.", at=s.t + 0.03, pause=True,
              checkpoint="confirmed")
    s.ev(0.3, type="up", x=bx, y=by - 100, source="mouse")
    s.caption("Fired: the event is deleted, the DELETED pill fades in over 1 s.", at=s.t + 0.4, checkpoint="deleted")
    s.ev(1.4, type="command", name="undo")
    s.ev(0.3, type="device", name="Touch screen", kind="touch", force=False)
    s.caption("A touch screen has no force: the timed fallback fills the intention by 0.1 every 0.1 s "
              "while the finger stays down.", at=s.t + 0.05, pause=True, speed=0.5, checkpoint="no-force")
    s.ev(0.3, type="down", x=bx - 120, y=by, source="finger")
    s.ev(0.55, type="move", x=bx - 120, y=by - 1, source="finger")
    s.caption("Half way after 0.5 s…", at=s.t, checkpoint="fallback-half")
    s.ev(0.55, type="move", x=bx - 120, y=by - 2, source="finger")
    s.caption("…full after about 1 s: selected. Slide in and lift, as with force.", at=s.t + 0.02, checkpoint="fallback-full")
    for i in range(1, 6):
        s.ev(0.06, type="move", x=bx - 120, y=by - 2 - 19.6 * i, source="finger")
    s.ev(0.3, type="up", x=bx - 120, y=by - 100, source="finger")
    s.caption("Deleted again, without any force.", at=s.t + 0.5, checkpoint="fallback-deleted")
    s.ev(1.2, type="command", name="undo")
    s.write()


def quick_actions():
    s = Lesson("7-quick-actions", "7 · Quick actions: static plus dynamic, four at most", scene="home", eventLog=True)
    s.caption("Home-screen quick actions: a force press on an icon opens its menu — at most four items.",
              at=0, pause=True, checkpoint="intro")
    x, y = home_icon(4)   # Maps: four items, the most a menu shows
    s.t = 0.2
    s.ev(0, type="move", x=x, y=y, source="mouse")
    s.ev(0.1, type="down", x=x, y=y, source="mouse")
    s.caption("The ring round the icon fills toward the peek threshold, 0.20.", at=0.32, speed=0.5)
    s.ev(0.15, type="wheel", dy=1)
    s.ev(0.25, type="wheel", dy=1)
    s.caption("Maps declares four items: the most iOS shows.", at=s.t + SETTLED, pause=True, checkpoint="maps-four")
    s.ev(0.4, type="up", x=x, y=y, source="mouse")
    s.ev(0.4, type="down", x=1240, y=720, source="mouse")
    s.ev(0.05, type="up", x=1240, y=720, source="mouse")
    x, y = home_icon(0)   # ForceCanvas: the Info.plist's static items
    s.caption("ForceCanvas's own icon: its static items come from Info.plist (UIApplicationShortcutItems)…",
              at=s.t + 0.2, speed=0.5)
    s.ev(0.3, type="down", x=x, y=y, source="mouse")
    s.ev(0.15, type="wheel", dy=1)
    s.ev(0.25, type="wheel", dy=1)
    s.caption("…New Canvas, Peek Demo, Confirm Demo. Dynamic items, registered at run time after a first launch, "
              "fill what is left: a Ctrl+S export adds Open Recent as the fourth.", at=s.t + SETTLED, pause=True,
              checkpoint="static-items")
    s.t += 0.2
    for i in range(1, 7):
        s.ev(0.05, type="move", x=x + 10 * i, y=y + 25 * i, source="mouse")
    s.caption("Slide to an item and lift: performActionFor shortcutItem — here Peek Demo opens Messages.",
              at=s.t + 0.02, checkpoint="slide-to-item")
    s.ev(0.3, type="up", x=x + 60, y=y + 150, source="mouse")
    s.caption("Performed.", at=s.t + 0.3, checkpoint="performed")
    s.ev(0.8, type="move", x=x + 80, y=y + 170, source="mouse")
    s.write()


def edge_protection():
    s = Lesson("8-edge-protection", "8 · Edge protection, and the catch with home-indicator auto-hide", eventLog=True)
    s.caption("Edge protection: the canvas's ink view defers the top and bottom edges, so a stroke near them "
              "is not taken by the system.", at=0, pause=True, checkpoint="intro")
    x = SCREEN_MID
    s.t = 0.2

    def swipe_up(dt):
        s.ev(dt, type="down", x=x, y=792, source="mouse")
        for i in range(1, 6):
            s.ev(0.02, type="move", x=x, y=792 - 15 * i, source="mouse")
        s.ev(0.02, type="up", x=x, y=717, source="mouse")

    swipe_up(0)
    s.caption("The first swipe up goes to the canvas (it draws); a small arrow says the system waits.",
              at=s.t + 0.05, speed=0.5, checkpoint="deferred")
    swipe_up(0.5)
    # The home swipe follows the finger and lands (FollowedDrag: under 0.3 s) before the caption.
    s.caption("The same swipe again within 1.5 s is the system's: Home.", at=s.t + 0.35, pause=True,
              checkpoint="second-swipe-home")
    s.ev(0.6, type="command", name="scene-canvas")
    s.ev(0.3, type="command", name="toggle-indicator-auto-hide")
    s.caption("Now prefersHomeIndicatorAutoHidden (I): the indicator will fade after 2 s without a tap…",
              at=s.t + 0.05, speed=1, checkpoint="auto-hide-on")
    swipe_up(0.6)
    s.caption("…and the catch: with auto-hide on, deferral does not take effect. One swipe, and the system "
              "takes it.", at=s.t + 0.35, pause=True, checkpoint="the-catch")
    s.ev(0.4, type="command", name="scene-canvas")
    s.caption("2 s without a tap: the indicator fades to nearly transparent. Its gesture still works.",
              at=s.t + 2.4, checkpoint="faded")
    s.ev(2.6, type="down", x=x - 200, y=400, source="mouse")
    s.ev(0.08, type="up", x=x - 200, y=400, source="mouse")
    s.caption("A tap (not a drag) shows it again, for another 2 s.", at=s.t + 0.35, checkpoint="tap-shows")
    s.ev(0.6, type="move", x=x - 180, y=420, source="mouse")
    s.write()


if __name__ == "__main__":
    coalesced_and_predicted()
    estimated_properties()
    force_is_a_move()
    pressure_curve()
    peek_and_pop()
    confirm_button()
    quick_actions()
    edge_protection()
