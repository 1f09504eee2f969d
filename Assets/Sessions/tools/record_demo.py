#!/usr/bin/env python3
"""Records Assets/Sessions/demo.jsonl through the real window and the mouse-wheel pressure
emulator: xdotool (XTest) presses, drags and turns the wheel in `forcecanvas run --record`.

    DISPLAY=:99 python3 Assets/Sessions/tools/record_demo.py .build/release/forcecanvas

The drawing is a signature: a looping line whose pressure rises notch by notch through the loops
and falls toward the end, then an underline swoosh that swells and thins."""
import math
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STEP = 0.012  # seconds between pointer moves (about 80 Hz from XTest)


def xdotool(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True)


def window_id(pid):
    # The window's title names its scene ("Canvas — ForceCanvas"); its process is ours.
    for _ in range(100):
        r = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                           capture_output=True, text=True)
        if r.returncode == 0 and r.stdout.strip():
            return r.stdout.split()[0]
        time.sleep(0.1)
    sys.exit("record_demo: the ForceCanvas window did not appear")


def stroke(win, points, wheel):
    """Draws through `points`; `wheel[i]` = notches (+ up, - down) turned after point i."""
    x, y = points[0]
    xdotool("mousemove", "--window", win, round(x), round(y), "mousedown", "1")
    chain = []
    for i, (x, y) in enumerate(points[1:], start=1):
        chain += ["mousemove", "--window", win, round(x), round(y), "sleep", STEP]
        notches = wheel.get(i, 0)
        if notches:
            chain += ["click", "--repeat", abs(notches), "--delay", 30, 4 if notches > 0 else 5]
    xdotool(*chain, "mouseup", "1")


def signature():
    # A loop-de-loop across the page: x advances while a circle turns, so the line loops.
    pts = []
    for i in range(0, 361):
        u = i / 360
        a = 2 * math.pi * 4.5 * u
        pts.append((170 + 880 * u + 55 * math.sin(a), 330 - 90 * math.sin(math.pi * u) - 60 * math.cos(a)))
    # Light at the start (0.2), a notch up every 25 points to full force mid-way, then down
    # a notch every 25 points to a light finish.
    wheel = {3: -3}
    wheel.update({i: 1 for i in range(25, 226, 25)})
    wheel.update({i: -1 for i in range(250, 360, 25)})
    return pts, wheel


def underline():
    pts = [(200 + 820 * (i / 140), 500 + 28 * math.sin(math.pi * i / 140) - 10 * (i / 140)) for i in range(141)]
    wheel = {10: -2, 40: 2, 60: 2, 80: 1, 100: -2, 120: -2}
    return pts, wheel


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/forcecanvas"
    out = os.path.join(HERE, "demo.jsonl")
    # A state and settings folder of its own: nothing of the user's canvas, settings or
    # remembered window is restored into the recording (the settings are the defaults a
    # session written today carries: the wheel's notches ease in over 80 ms).
    home = tempfile.mkdtemp(prefix="record-demo-")
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(home, "state"), XDG_CONFIG_HOME=os.path.join(home, "config"))
    app = subprocess.Popen([binary, "run", "--size", "1280x720", "--record", out, "--overwrite"], env=env)
    try:
        win = window_id(app.pid)
        time.sleep(0.5)
        for pts, wheel in (signature(), underline()):
            stroke(win, pts, wheel)
            time.sleep(0.3)
        time.sleep(0.5)
    finally:
        app.terminate()
        app.wait()
    print("recorded", out)


if __name__ == "__main__":
    main()
