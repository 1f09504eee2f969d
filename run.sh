#!/usr/bin/env bash
# ForceCanvas setup, run and test.
#
#   ./run.sh            install what is missing, build (release), open the window; without a
#                       display, render the demo session headlessly to out/demo/
#   ./run.sh test       install, build, start a private Xvfb, run every test, then check the
#                       bundled sessions' checkpoints against Tests/Goldens (forcecanvas check)
#   ./run.sh check [ARGS...]
#                       build, check the bundled sessions against Tests/Goldens; ARGS go to
#                       `forcecanvas check` (e.g. --update changed, after looking at the report)
#   ./run.sh bench      install, build (release), print the performance figures
#   ./run.sh ARGS...    any other arguments go to `forcecanvas` (run, render, bench, --help)
set -euo pipefail
cd "$(dirname "$0")"

# Debian packages: the C libraries (-dev), the font the program names, and the test tools.
PACKAGES=(pkg-config libsdl2-dev libcairo2-dev libpango1.0-dev libxi-dev libx11-dev fonts-dejavu-core)
# chromium: the check report is opened in a real headless browser by the tests.
TEST_PACKAGES=(xvfb xdotool chromium)

say() { printf 'run.sh: %s\n' "$*" >&2; }

install_missing() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        say "missing Debian packages: ${missing[*]}"
        say "install them with:  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
        exit 1
    fi
    say "installing ${missing[*]}"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

need_swift() {
    command -v swift >/dev/null 2>&1 && return 0
    [ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH" && return 0
    say "Swift 6 is not installed (https://www.swift.org/install/linux/); ForceCanvas needs swift on PATH"
    exit 1
}

# Starts a private Xvfb on a free display number and exports DISPLAY.
start_xvfb() {
    local n
    for n in $(seq 90 120); do
        [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || break
    done
    Xvfb ":$n" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
    XVFB_PID=$!
    trap 'kill $XVFB_PID 2>/dev/null || true' EXIT
    export DISPLAY=":$n"
    for _ in $(seq 1 50); do
        xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    say "Xvfb did not start on $DISPLAY"
    exit 1
}

# Checks the bundled sessions (Assets/Sessions) against their goldens (Tests/Goldens).
check_bundled() {
    .build/debug/forcecanvas check Assets/Sessions/*.jsonl --goldens Tests/Goldens "$@"
}

case "${1:-}" in
test)
    shift
    need_swift
    install_missing "${PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    swift build --build-tests
    start_xvfb
    if [ "${CI:-}" = "true" ]; then export SNAPSHOT_TESTING_RECORD=never; fi
    # XCTest only: Swift Testing has no tests here, and its "0 tests" summary would close the log.
    status=0
    swift test --skip-build --disable-swift-testing "$@" || status=$?
    if [ $# -eq 0 ]; then
        # The project's own visual regression suite: every checkpoint of the bundled sessions.
        check_bundled --report .build/check-report --junit .build/check-report/junit.xml || status=$?
    fi
    exit "$status"
    ;;
check)
    shift
    need_swift
    install_missing "${PACKAGES[@]}"
    swift build
    check_bundled "$@"
    ;;
bench)
    shift
    need_swift
    install_missing "${PACKAGES[@]}"
    swift build -c release
    .build/release/forcecanvas bench "$@"
    ;;
"")
    need_swift
    install_missing "${PACKAGES[@]}"
    swift build -c release
    if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
        exec .build/release/forcecanvas run
    fi
    say "no display (DISPLAY and WAYLAND_DISPLAY are unset): rendering the demo session headlessly into out/demo/"
    .build/release/forcecanvas render Assets/Sessions/demo.jsonl --out out/demo --at 1 2 3 4 5 6 --hud
    .build/release/forcecanvas render Assets/Sessions/demo.jsonl --out out/demo
    ;;
*)
    need_swift
    install_missing "${PACKAGES[@]}"
    swift build -c release
    exec .build/release/forcecanvas "$@"
    ;;
esac
