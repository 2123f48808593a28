#!/usr/bin/env bash
# Plays the web page (`jump61 serve`) in a real headless Chromium driven over WebDriver by
# scripts/web_browser.py: a whole game by clicks, undo, redo, hint, keys, a tap on
# a phone-sized screen, the 2013 rules, save and load, Jump Snatch, each move checked against
# the command loop replaying the page's move list; the Games view, a replay and a review, with
# axe-core's accessibility checks. Installs Debian's chromium and chromium-driver (apt-get),
# selenium (pip) and axe-core (npm) when missing; skips only if they still cannot be had.
# Usage: scripts/web_browser.sh [SCREENSHOT_DIR]   (default target/web-shots)
set -euo pipefail
cd "$(dirname "$0")/.."
shots=${1:-target/web-shots}

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "web_browser: installing chromium and chromium-driver with apt-get"
        (timeout 300 apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq chromium chromium-driver) \
            >/dev/null 2>&1 || true
    fi
fi
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    echo "web_browser: chromium or chromedriver is not installed and apt-get could not install them; skipped"
    exit 0
fi

# selenium from PyPI, in a virtual environment under target/ (the system's Python stays as it
# is). Its driver manager is never used: the driver's path is given.
python=python3
if ! "$python" -c 'import selenium' >/dev/null 2>&1; then
    venv=target/web-venv
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv" >/dev/null 2>&1 || rm -rf "$venv"
    fi
    if [ -x "$venv/bin/python" ]; then
        python=$venv/bin/python
        "$python" -c 'import selenium' >/dev/null 2>&1 ||
            timeout 300 "$python" -m pip install --quiet 'selenium>=4.20,<5' >/dev/null 2>&1 || true
    else
        timeout 300 python3 -m pip install --quiet 'selenium>=4.20,<5' >/dev/null 2>&1 || true
    fi
    if ! "$python" -c 'import selenium' >/dev/null 2>&1; then
        echo "web_browser: the selenium package could not be installed with pip; skipped"
        exit 0
    fi
fi
export SE_AVOID_STATS=true

# axe-core from the npm registry, under target/, for the accessibility checks of the Games
# view (scripts/web_browser_games.py); without npm they are skipped, and say so.
axe=target/web-axe/node_modules/axe-core/axe.min.js
if [ ! -f "$axe" ] && command -v npm >/dev/null 2>&1; then
    timeout 300 npm install --prefix target/web-axe --no-audit --no-fund --silent 'axe-core@^4.10' \
        >/dev/null 2>&1 || true
fi
if [ -f "$axe" ]; then
    export JUMP61_AXE=$axe
else
    echo "web_browser: axe-core could not be installed with npm; its accessibility checks are skipped"
fi

bin=${JUMP61:-target/release/jump61}
if [ -z "${JUMP61:-}" ]; then
    cargo build --release --quiet
fi
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The server keeps its games in a database of this run's own, under a keeper that starts it
# again on the same port and file when it dies (at most 20 times): the friend part kills it
# with `kill -9` mid-game, and the pages must come back by themselves. The running server's
# pid is in $pidfile.
tmp=$(mktemp -d)
log=$tmp/serve.log
pidfile=$tmp/serve.pid
(
    for _ in $(seq 20); do
        [ -e "$tmp/stop" ] && break
        "$bin" serve --port "$port" --db "$tmp/games.sqlite" >>"$log" 2>&1 &
        echo $! >"$pidfile"
        wait $! || true
        sleep 0.2
    done
) &
server=$!
trap 'touch "$tmp/stop"; kill "$(cat "$pidfile" 2>/dev/null)" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$tmp"' EXIT
url="http://127.0.0.1:$port/"
for _ in $(seq 100); do
    if "$python" -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1], timeout=1)" "$url" 2>/dev/null; then
        break
    fi
    if ! kill -0 "$server" 2>/dev/null; then
        echo "web_browser: FAIL: jump61 serve stopped:" >&2
        cat "$log" >&2
        exit 1
    fi
    sleep 0.1
done

mkdir -p "$shots"
status=0
"$python" scripts/web_browser.py --url "$url" --jump61 "$bin" --shots "$shots" --server-pid-file "$pidfile" || status=$?
if [ "$status" -ne 0 ]; then
    echo "web_browser: the server's output:" >&2
    tail -20 "$log" >&2
fi
exit "$status"
