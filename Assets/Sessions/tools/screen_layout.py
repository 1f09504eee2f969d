"""Where things are in the 1280x800 window the bundled sessions and lessons are recorded in,
with a teaching panel open (ForceCore's ScreenLayout): a 472 pt dock column on the left, the
scene in the remaining 808 pt, below the 44 pt scene tabs. Shared by make_golden_sessions.py and
Assets/Lessons/tools/make_lessons.py, so both point at the same rows and icons the app draws."""

WIDTH, HEIGHT, DOCK, TABS = 1280, 800, 472, 44


def message_row(i, part="message"):
    """A point on row i of the Messages list (MessagesLayout: a 720 pt column, a 64 pt title,
    76 pt rows with a 48 pt avatar 16 pt in)."""
    column = DOCK + (WIDTH - DOCK - 720) / 2
    y = TABS + 64 + 76 * i + 38
    return (column + 40, y) if part == "avatar" else (column + 200, y)


def home_icon(i):
    """The centre of app icon i on Home (HomeLayout: four 132x128 pt cells, 76 pt icons, the
    three rows centred in the area)."""
    x0 = round(DOCK + (WIDTH - DOCK - 4 * 132) / 2)
    y0 = max(TABS + 60, round(TABS + (HEIGHT - TABS - 3 * 128) / 2))
    return (x0 + 132 * (i % 4) + 66, y0 + 128 * (i // 4) + 38)
