#!/usr/bin/env bash
# ForceCanvas setup, run and test.
#
#   ./run.sh            install what is missing, build (release), open the window; without a
#                       display, render the demo session headlessly to out/demo/
#   ./run.sh test       install, build, install into a temporary prefix and build the .deb (the
#                       install tests read them), start a private Xvfb, run every test, check the bundled
#                       sessions' checkpoints against Tests/Goldens (forcecanvas check), install the .deb
#                       in a debootstrapped Debian and check them there, then a fuzz
#                       smoke (each libFuzzer target for FUZZ_SMOKE_SECONDS, 30 s, so about a minute)
#   ./run.sh check [ARGS...]
#                       build, check the bundled sessions against Tests/Goldens; ARGS go to
#                       `forcecanvas check` (e.g. --update changed, after looking at the report)
#   ./run.sh fuzz [S]   build the libFuzzer targets in Fuzz/ and run each for S seconds (300)
#   ./run.sh bench      install, build (release), print the performance figures (forcecanvas-bench;
#                       without a DISPLAY, under a private 3840x2160 Xvfb)
#   ./run.sh install [PREFIX]
#                       build (release) and install into PREFIX (/usr/local; DESTDIR is honoured):
#                       the program, its data (share/forcecanvas), the desktop file, the icons,
#                       the man pages and the bash, zsh and fish completions
#   ./run.sh uninstall [PREFIX]
#                       remove what install put there (its list: share/forcecanvas/installed-files)
#   ./run.sh deb        build out/forcecanvas_VERSION_ARCH.deb with dpkg-deb
#   ./run.sh ARGS...    any other arguments go to `forcecanvas` (run, render, check, --help)
set -euo pipefail
cd "$(dirname "$0")"

# Debian packages: the C libraries (-dev; libgraphviz-dev: dot lays out the state diagrams;
# libpoppler-glib-dev: the PDF under an annotated Xournal++ document's pages; libturbojpeg0-dev:
# JPEG image backgrounds), the fonts Assets/Fonts/fonts.txt pins (DejaVu, and
# WenQuanYi Micro Hei for Chinese), ffmpeg (render --video
# pipes frames to it; its ffprobe checks the videos in the tests), and the test tools.
# OpenGL for the GL presenter: the GL headers (libgl-dev: GL/glcorearb.h; nothing links libGL,
# SDL loads it), Mesa's drivers (libgl1-mesa-dri: llvmpipe under Xvfb), EGL and GLES for the
# GLES 3.0 fallback (libegl1, libgles2).
# gettext: msgfmt builds the interface's translations (po/*.po) into .build/locale.
PACKAGES=(pkg-config libsdl2-dev libcairo2-dev libpango1.0-dev libxi-dev libx11-dev zlib1g-dev libgraphviz-dev libpoppler-glib-dev libturbojpeg0-dev fonts-dejavu-core fonts-wqy-microhei ffmpeg
    libgl-dev libgl1-mesa-dri libegl1 libgles2 gettext)
# chromium: the check report is opened in a real headless browser by the tests; x11-xserver-utils:
# xmodmap gives spare keys Chinese characters (a caption typed in Chinese); x11-utils: xprop
# reads the window's class, icon and title back; x11-xkb-utils: setxkbmap gives the display a
# French or German keyboard; openbox: a window manager that honours
# fullscreen (F11) and gives a window its size back.
TEST_PACKAGES=(xvfb xdotool x11-utils x11-xserver-utils x11-xkb-utils matchbox-window-manager openbox xournalpp chromium
    desktop-file-utils man-db zsh fish bash-completion dpkg-dev lintian debootstrap)
# What install and deb use beyond PACKAGES: strip (binutils), dpkg-shlibdeps (dpkg-dev).
INSTALL_PACKAGES=(binutils dpkg-dev)

say() { printf 'run.sh: %s\n' "$*" >&2; }

# What a run leaves behind is cleaned up however it ends: the private Xvfb, the test install,
# the chroot the .deb was installed in (its /proc unmounted first; nothing across a mount removed).
XVFB_PID=
INSTALLS=
CHROOT=
at_exit() {
    if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2>/dev/null || true; fi
    if [ -n "$INSTALLS" ]; then rm -rf "$INSTALLS"; fi
    if [ -n "$CHROOT" ]; then
        umount "$CHROOT/proc" 2>/dev/null || true
        mountpoint -q "$CHROOT/proc" || rm -rf --one-file-system "$CHROOT"
    fi
}
trap at_exit EXIT

# libFuzzer targets (Fuzz/Package.swift) and their seeds. New inputs the fuzzer finds go to
# .build/fuzz/corpus/TARGET; an input that crashes is saved as Fuzz/artifacts/TARGET-crash-…
FUZZ_TARGETS=(FuzzSession FuzzSettings FuzzCapture)
FUZZ_SMOKE_SECONDS=30

fuzz_seeds() {
    case "$1" in
    FuzzSession) echo Assets/Sessions Assets/Lessons Fuzz/Seeds/session Fuzz/Crashers/session ;;
    FuzzSettings) echo Fuzz/Seeds/settings Fuzz/Crashers/config Fuzz/Crashers/plist ;;
    FuzzCapture) echo Tests/Fixtures ;;
    esac
}

build_fuzz() {
    say "building the fuzz targets (-sanitize=fuzzer,address)"
    # --disable-build-manifest-caching: SwiftPM's cached build plan of a path dependency misses
    # files added to it since, and the fuzzers would be built (or fail) from a stale file list.
    # A failed build fails here; it never falls back on the binaries a previous build left.
    mkdir -p .build/fuzz
    local log=.build/fuzz/build.log
    if ! swift build --package-path Fuzz -c debug --disable-build-manifest-caching \
            -Xswiftc -sanitize=fuzzer,address >"$log" 2>&1; then
        grep -v "Cannot export local symbol" "$log" >&2
        say "the fuzz targets did not build (log: $log)"
        exit 1
    fi
    grep -v "Cannot export local symbol" "$log" || true
    for target in "${FUZZ_TARGETS[@]}"; do
        [ -x "Fuzz/.build/debug/$target" ] || { say "the fuzz target $target did not build"; exit 1; }
    done
}

# Runs every fuzz target for $1 seconds and prints what each covered; fails on any crash,
# leak of time (a 10 s input) or memory (2 GB), naming the saved input.
run_fuzz() {
    local seconds=$1 failed=0 target log corpus seeds
    mkdir -p Fuzz/artifacts .build/fuzz
    for target in "${FUZZ_TARGETS[@]}"; do
        corpus=".build/fuzz/corpus/$target"
        log=".build/fuzz/$target.log"
        mkdir -p "$corpus"
        [ "$target" = FuzzSettings ] && cp Assets/Info.plist "$corpus/Info.plist"
        read -r -a seeds <<<"$(fuzz_seeds "$target")"
        # Leak checks are off: Pango's and fontconfig's caches live until exit by design.
        if ASAN_OPTIONS=detect_leaks=0 "Fuzz/.build/debug/$target" -max_total_time="$seconds" -max_len=8192 \
            -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="Fuzz/artifacts/$target-" \
            "$corpus" "${seeds[@]}" >"$log" 2>&1; then
            local runs ft cov
            runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
            cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
            ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1)
            say "fuzz $target: $runs runs in ${seconds} s, $cov, $ft, corpus $(ls "$corpus" | wc -l) inputs: no crash"
        else
            failed=1
            say "fuzz $target FOUND A PROBLEM (log: $log):"
            grep -E "^SUMMARY|ERROR: libFuzzer|Fatal error|Test unit written to" "$log" | head -5 >&2
        fi
    done
    return $failed
}

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

# Starts a private Xvfb on a free display number (its screen SIZE, default 1600x1000) and
# exports DISPLAY.
start_xvfb() {
    local n size="${1:-1600x1000}"
    for n in $(seq 90 120); do
        [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || break
    done
    # -noreset: without it the server resets whenever its last client leaves, and a window
    # opened in that instant finds no display (SDL then falls back to an offscreen driver).
    Xvfb ":$n" -screen 0 "${size}x24" -nolisten tcp -noreset >/dev/null 2>&1 &
    XVFB_PID=$!
    export DISPLAY=":$n"
    for _ in $(seq 1 50); do
        xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    say "Xvfb did not start on $DISPLAY"
    exit 1
}

# The release build, with the Swift runtime and Foundation linked in (--static-swift-stdlib: the
# installed program and the .deb need no Swift toolchain, only Debian's libraries), and the man
# pages: swift-argument-parser's generate-manual plugin, one page per command, written into
# MAN_PAGES from the debug build's help (the same text; the tests' build, so no second release
# build of another flavour).
MAN_PAGES=.build/plugins/GenerateManual/outputs/forcecanvas
build_release_and_manuals() {
    say "building (release, Swift runtime linked in) and writing the man pages (generate-manual)"
    mkdir -p .build
    build_translations
    swift build -c release --static-swift-stdlib --product forcecanvas
    if ! swift package plugin generate-manual --multi-page --configuration debug >.build/generate-manual.log 2>&1; then
        cat .build/generate-manual.log >&2
        say "the man pages could not be made (log: .build/generate-manual.log)"
        exit 1
    fi
    [ -x .build/release/forcecanvas ] && [ -f "$MAN_PAGES/forcecanvas.1" ] || { say "no release binary or man page was made"; exit 1; }
}

# install_tree DEST ZSH_FOLDER [gzip]: lays the release build out under DEST (DESTDIR + PREFIX),
# as relocatable as the program is (it finds share/forcecanvas beside its bin/), and lists each
# file it wrote, relative to DEST, in DEST/share/forcecanvas/installed-files (what uninstall
# removes). ZSH_FOLDER is where zsh completions go under share/ (zsh/site-functions, or Debian's
# zsh/vendor-completions); with gzip, man pages are compressed as Debian's policy wants.
install_tree() {
    local dest=$1 zsh=$2 compress=${3:-} bin=.build/release/forcecanvas work=.build/install-files f n
    local files=()
    put() { install -D -m "$1" "$2" "$dest/$3" && files+=("$3"); }
    rm -rf "$work" && mkdir -p "$work"
    put 755 "$bin" bin/forcecanvas
    strip --strip-unneeded "$dest/bin/forcecanvas"
    put 644 Assets/Info.plist share/forcecanvas/Info.plist
    for f in Assets/Lessons/*.jsonl; do put 644 "$f" "share/forcecanvas/lessons/${f##*/}"; done
    for f in Assets/Sessions/*.jsonl; do put 644 "$f" "share/forcecanvas/sessions/${f##*/}"; done
    for f in Shaders/*.vert Shaders/*.frag; do put 644 "$f" "share/forcecanvas/shaders/${f##*/}"; done
    put 644 Assets/Fonts/fonts.txt share/forcecanvas/fonts/fonts.txt
    for f in .build/locale/*/LC_MESSAGES/forcecanvas.mo; do put 644 "$f" "share/forcecanvas/${f#.build/}"; done
    put 644 Packaging/forcecanvas.desktop share/applications/forcecanvas.desktop
    # The icon as Home draws it, by the program's own painter: scalable, then the usual sizes.
    "$bin" app-icon --size 256 "$work/forcecanvas.svg"
    put 644 "$work/forcecanvas.svg" share/icons/hicolor/scalable/apps/forcecanvas.svg
    for n in 48 128 256; do
        "$bin" app-icon --size "$n" "$work/forcecanvas-$n.png"
        put 644 "$work/forcecanvas-$n.png" "share/icons/hicolor/${n}x${n}/apps/forcecanvas.png"
    done
    for f in "$MAN_PAGES"/*.1; do
        if [ -n "$compress" ]; then
            gzip -9n -c "$f" >"$work/${f##*/}.gz"
            put 644 "$work/${f##*/}.gz" "share/man/man1/${f##*/}.gz"
        else
            put 644 "$f" "share/man/man1/${f##*/}"
        fi
    done
    "$bin" --generate-completion-script bash >"$work/forcecanvas.bash"
    "$bin" --generate-completion-script zsh >"$work/_forcecanvas"
    "$bin" --generate-completion-script fish >"$work/forcecanvas.fish"
    put 644 "$work/forcecanvas.bash" share/bash-completion/completions/forcecanvas
    put 644 "$work/_forcecanvas" "share/$zsh/_forcecanvas"
    put 644 "$work/forcecanvas.fish" share/fish/vendor_completions.d/forcecanvas.fish
    files+=(share/forcecanvas/installed-files)
    printf '%s\n' "${files[@]}" >"$dest/share/forcecanvas/installed-files"
}

# Removes what install_tree listed under DEST, then ForceCanvas's own folders once empty (the
# shared ones, share/man/man1 and the like, stay).
uninstall_tree() {
    local dest=$1 list="$1/share/forcecanvas/installed-files" f
    [ -f "$list" ] || { say "nothing to uninstall: $list does not exist"; exit 1; }
    while IFS= read -r f; do
        case "$f" in "" | /* | *..*) say "$list: refusing the line '$f'"; exit 1 ;; esac
        rm -f "$dest/$f"
    done <"$list"
    find "$dest/share/forcecanvas" -depth -type d -empty -delete 2>/dev/null || true
    say "removed ForceCanvas from $dest"
}

# Refreshes the desktop's caches after a real install (not into a DESTDIR staging folder).
refresh_desktop() {
    local prefix=$1
    [ -n "${DESTDIR:-}" ] && return 0
    if command -v gtk-update-icon-cache >/dev/null; then gtk-update-icon-cache -q -t -f "$prefix/share/icons/hicolor" 2>/dev/null || true; fi
    if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$prefix/share/applications" 2>/dev/null || true; fi
}

# Builds out/forcecanvas_VERSION_ARCH.deb: the install laid out under /usr, man pages gzipped,
# a control file whose Depends dpkg-shlibdeps computes from the binary's libraries (plus the
# pinned fonts), ffmpeg and OpenGL as Recommends.
build_deb() {
    local version arch root shlibs commit
    version=$(tr -d ' \n' <VERSION)
    arch=$(dpkg --print-architecture)
    commit=$(git describe --always --dirty --abbrev=12 --exclude '*' 2>/dev/null || echo unknown)
    root=.build/deb/forcecanvas_${version}_$arch
    rm -rf "$root" && mkdir -p "$root/DEBIAN" "$root/usr/share/doc/forcecanvas"
    install_tree "$root/usr" zsh/vendor-completions gzip
    # dpkg tracks the package's files; the list is for run.sh's own installs.
    rm "$root/usr/share/forcecanvas/installed-files"
    printf 'forcecanvas (%s) unstable; urgency=low\n\n  * Built by ./run.sh deb from commit %s.\n\n -- ForceCanvas <forcecanvas@example.org>  %s\n' \
        "$version" "$commit" "$(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")" |
        gzip -9n >"$root/usr/share/doc/forcecanvas/changelog.gz"
    cp Packaging/debian/copyright "$root/usr/share/doc/forcecanvas/copyright"
    # dpkg-shlibdeps reads debian/control in the folder it runs in: give it a minimal one.
    mkdir -p .build/deb/shlibdeps/debian
    printf 'Source: forcecanvas\n\nPackage: forcecanvas\nArchitecture: any\n' >.build/deb/shlibdeps/debian/control
    shlibs=$(cd .build/deb/shlibdeps && dpkg-shlibdeps -O -e "$OLDPWD/$root/usr/bin/forcecanvas" | sed -n 's/^shlibs:Depends=//p')
    [ -n "$shlibs" ] || { say "dpkg-shlibdeps found no libraries the program needs"; exit 1; }
    sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$shlibs/" \
        -e "s/@SIZE@/$(du -sk "$root/usr" | cut -f1)/" Packaging/debian/control >"$root/DEBIAN/control"
    mkdir -p out
    dpkg-deb --root-owner-group -Zxz --build "$root" "out/forcecanvas_${version}_$arch.deb" >/dev/null
    say "built out/forcecanvas_${version}_$arch.deb (Depends: $shlibs, and the pinned fonts)"
}

# check_deb_in_chroot DEB: a clean Debian of this machine's release (debootstrap, minbase, from
# the mirror this machine's apt uses), apt-get installs the package there with its Depends from
# the archive, and the installed program checks every bundled checkpoint against a copy of the
# goldens: the package alone draws CI's pixels. About two minutes.
check_deb_in_chroot() {
    local deb=$1 suite mirror
    suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
    mirror=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
    [ -n "$mirror" ] || mirror=$(sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) .*/\2/p' /etc/apt/sources.list 2>/dev/null | head -1)
    [ -n "$mirror" ] || { say "no Debian mirror in this machine's apt sources for debootstrap"; return 1; }
    CHROOT=$(mktemp -d "${TMPDIR:-/tmp}/forcecanvas-chroot-XXXXXX")
    say "the .deb in a clean $suite (debootstrap, then apt-get install ./${deb##*/})"
    debootstrap --variant=minbase "$suite" "$CHROOT" "$mirror" >"$CHROOT.log" 2>&1 ||
        { tail -5 "$CHROOT.log" >&2; say "debootstrap failed (log: $CHROOT.log)"; return 1; }
    mount -t proc proc "$CHROOT/proc"  # the Swift runtime reads its arguments from /proc
    cp "$deb" "$CHROOT/tmp/"
    cp -r Tests/Goldens "$CHROOT/tmp/goldens"
    if ! { chroot "$CHROOT" apt-get update -q && DEBIAN_FRONTEND=noninteractive chroot "$CHROOT" \
            apt-get install -y -q --no-install-recommends "/tmp/${deb##*/}"; } >>"$CHROOT.log" 2>&1; then
        tail -5 "$CHROOT.log" >&2
        say "apt-get install of the package failed (log: $CHROOT.log)"
        return 1
    fi
    chroot "$CHROOT" /bin/sh -c 'cd / && HOME=/root forcecanvas --version &&
        forcecanvas check /usr/share/forcecanvas/sessions/*.jsonl /usr/share/forcecanvas/lessons/*.jsonl --goldens /tmp/goldens' |
        tail -2
    rm -f "$CHROOT.log"
}

# The interface's translations: each po/LANG.po (zh_Hans.po: Simplified Chinese) checked and
# compiled by msgfmt into .build/locale/CATALOGUE/LC_MESSAGES/forcecanvas.mo, where the program
# finds them in the source tree (the install copies them to share/forcecanvas/locale).
build_translations() {
    local po name catalogue
    for po in po/*.po; do
        name=${po##*/}
        name=${name%.po}
        case "$name" in zh_Hans) catalogue=zh_CN ;; *) catalogue=$name ;; esac
        mkdir -p ".build/locale/$catalogue/LC_MESSAGES"
        msgfmt --check -o ".build/locale/$catalogue/LC_MESSAGES/forcecanvas.mo" "$po"
    done
}

# Checks the bundled sessions and lessons (Assets/Sessions, Assets/Lessons) against their goldens
# (Tests/Goldens).
check_bundled() {
    .build/debug/forcecanvas check Assets/Sessions/*.jsonl Assets/Lessons/*.jsonl --goldens Tests/Goldens "$@"
}

case "${1:-}" in
test)
    shift
    need_swift
    install_missing "${PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    swift build --build-tests
    build_translations
    # What the install tests read (InstallTests, DebPackageTests): an install into a temporary
    # prefix, moved away from where it was staged, and the .deb. Made here, since swift test
    # holds the build folder a release build needs.
    if [ $# -eq 0 ] || [[ "$*" == *Install* ]] || [[ "$*" == *Deb* ]]; then
        install_missing "${INSTALL_PACKAGES[@]}"
        build_release_and_manuals
        INSTALLS=$(mktemp -d "${TMPDIR:-/tmp}/forcecanvas-install-XXXXXX")
        install_tree "$INSTALLS/stage/opt/forcecanvas" zsh/site-functions
        mv "$INSTALLS/stage/opt/forcecanvas" "$INSTALLS/installed"
        build_deb
        export FORCECANVAS_INSTALLED="$INSTALLS/installed" FORCECANVAS_DEB
        FORCECANVAS_DEB="$PWD/$(ls -t out/forcecanvas_*.deb | head -1)"
    fi
    start_xvfb
    if [ "${CI:-}" = "true" ]; then export SNAPSHOT_TESTING_RECORD=never; fi
    # XCTest only: Swift Testing has no tests here, and its "0 tests" summary would close the log.
    status=0
    swift test --skip-build --disable-swift-testing "$@" || status=$?
    if [ $# -eq 0 ]; then
        # The project's own visual regression suite: every checkpoint of the bundled sessions.
        check_bundled --report .build/check-report --junit .build/check-report/junit.xml || status=$?
        # The .deb in a clean Debian: apt-get install, then the same checkpoints.
        check_deb_in_chroot "$FORCECANVAS_DEB" || status=$?
        # A fuzz smoke of every target (a filter given: only the tests asked for).
        build_fuzz
        run_fuzz "$FUZZ_SMOKE_SECONDS" || status=$?
    fi
    exit "$status"
    ;;
check)
    shift
    need_swift
    install_missing "${PACKAGES[@]}"
    swift build
    build_translations
    check_bundled "$@"
    ;;
fuzz)
    need_swift
    install_missing "${PACKAGES[@]}"
    build_fuzz
    run_fuzz "${2:-300}"
    ;;
install | uninstall)
    action=$1
    prefix=${2:-/usr/local}
    case "$prefix" in /*) ;; *) say "$action: PREFIX must be an absolute folder, not '$prefix'"; exit 64 ;; esac
    if [ "$action" = uninstall ]; then
        uninstall_tree "${DESTDIR:-}$prefix"
        refresh_desktop "$prefix"
        exit 0
    fi
    need_swift
    install_missing "${PACKAGES[@]}" "${INSTALL_PACKAGES[@]}"
    build_release_and_manuals
    install_tree "${DESTDIR:-}$prefix" zsh/site-functions
    refresh_desktop "$prefix"
    say "installed ForceCanvas into ${DESTDIR:-}$prefix (forcecanvas, man forcecanvas, the desktop menu's ForceCanvas)"
    ;;
deb)
    need_swift
    install_missing "${PACKAGES[@]}" "${INSTALL_PACKAGES[@]}"
    build_release_and_manuals
    build_deb
    ;;
bench)
    shift
    need_swift
    install_missing "${PACKAGES[@]}"
    # Without a display, a private Xvfb whose screen holds the 3840x2160 windows of section 15.
    if [ -z "${DISPLAY:-}" ]; then
        install_missing "${TEST_PACKAGES[@]}"
        start_xvfb 3840x2160
    fi
    swift build -c release
    .build/release/forcecanvas-bench "$@"
    ;;
"")
    need_swift
    install_missing "${PACKAGES[@]}"
    swift build -c release
    build_translations
    if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
        exec .build/release/forcecanvas run
    fi
    say "no display (DISPLAY and WAYLAND_DISPLAY are unset): rendering the demo session headlessly into out/demo/"
    .build/release/forcecanvas render Assets/Sessions/demo.jsonl --out out/demo --at 1 2 3 4 5 6 --hud --overwrite
    .build/release/forcecanvas render Assets/Sessions/demo.jsonl --out out/demo --overwrite
    ;;
*)
    need_swift
    install_missing "${PACKAGES[@]}"
    swift build -c release
    build_translations
    exec .build/release/forcecanvas "$@"
    ;;
esac
